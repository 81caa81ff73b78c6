import DiffableCore

extension DiffableDataSourceTransaction: CustomStringConvertible {
  /// The snapshots before and after, the difference, and each section's
  /// transaction, one a line:
  ///
  /// ```
  /// initialSnapshot: ["A": ["x"], "B": ["y"]]
  /// finalSnapshot: ["A": [], "B": ["x", "y"]]
  /// difference: [move "x" 0 -> 0]
  /// section "A": ["x"] -> [], [remove "x" at 0]
  /// section "B": ["y"] -> ["x", "y"], [insert "x" at 0]
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the number of items of the two
  ///   snapshots.
  public var description: String {
    ([
      "initialSnapshot: \(initialSnapshot)", "finalSnapshot: \(finalSnapshot)",
      "difference: " + _describe(difference),
    ]
      + sectionTransactions.map(\.description)).joined(separator: "\n")
  }
}

extension DiffableDataSourceSectionTransaction: CustomStringConvertible {
  /// The section, its section snapshot before and after, and the difference
  /// of its items: `section "B": ["y"] -> ["x", "y"], [insert "x" at 0]`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items of the two
  ///   section snapshots.
  public var description: String {
    "section \(String(reflecting: sectionIdentifier)): \(initialSnapshot) -> \(finalSnapshot), "
      + _describe(difference)
  }
}

/// A difference as a list of changes in offset order: `remove "x" at 0`,
/// `insert "y" at 2`, and a removal and an insertion associated with each
/// other as one `move "x" 0 -> 2`.
///
/// - Complexity: O(*c*), where *c* is the number of changes.
func _describe<Element>(_ difference: CollectionDifference<Element>) -> String {
  var parts: [String] = []
  for change in difference {
    switch change {
    case .remove(let offset, let element, let associated):
      if let associated {
        parts.append("move \(String(reflecting: element)) \(offset) -> \(associated)")
      } else {
        parts.append("remove \(String(reflecting: element)) at \(offset)")
      }
    case .insert(let offset, let element, let associated):
      if associated == nil {
        parts.append("insert \(String(reflecting: element)) at \(offset)")
      }
    }
  }
  return "[" + parts.joined(separator: ", ") + "]"
}
