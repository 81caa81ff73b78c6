import DiffableCore

extension DiffableDataSourceSnapshot
where SectionIdentifierType == String, ItemIdentifierType == String {
  /// A snapshot written as a literal: `.make([("fruits", ["apple"]), ("veg", [])])`.
  public static func make(
    _ sections: [(String, [String])], reloaded: [String] = [], reconfigured: [String] = [],
    reloadedSections: [String] = []
  ) -> Self {
    var snapshot = Self()
    snapshot.appendSections(sections.map(\.0))
    for (section, items) in sections { snapshot.appendItems(items, toSection: section) }
    snapshot.reloadItems(reloaded)
    snapshot.reconfigureItems(reconfigured)
    snapshot.reloadSections(reloadedSections)
    return snapshot
  }
}

/// The snapshot type most tests use: sections and items named by strings.
public typealias StringSnapshot = DiffableDataSourceSnapshot<String, String>
