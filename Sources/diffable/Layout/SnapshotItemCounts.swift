import Diffable

// The one place where data meets layout: a compositional layout is solved for
// the number of items in each section, in section order, and that is all it
// needs to know about the data.

extension DiffableDataSourceSnapshot {
  /// The number of items in each section, in section order: what
  /// `CompositionalLayout.solve(_:itemCounts:preferredSize:)` and
  /// `SolvedLayout.updateItemCounts(_:preferredSize:)` take.
  ///
  ///     var snapshot = DiffableDataSourceSnapshot<String, Int>()
  ///     snapshot.appendSections(["a", "b"])
  ///     snapshot.appendItems([1, 2, 3], toSection: "a")
  ///     snapshot.layoutItemCounts  // [3, 0]
  ///
  /// - Complexity: O(*s*), where *s* is the number of sections.
  var layoutItemCounts: [Int] {
    sectionIdentifiers.map { numberOfItems(inSection: $0) }
  }
}
