public import DiffableCore

/// A Swift Testing test that reproduces what the inspector shows: it
/// builds the two snapshots, marks included, and checks the batch: that
/// `BatchUpdate(from:to:)` computes it (unless it was edited by hand) and
/// that it validates, or, for a batch the validator refuses, that it is
/// refused with the same rule and message.
public enum BatchTestExport {
  /// The test's source: imports, then one `@Test` function named
  /// `function`, ready to paste into a test target that depends on
  /// `Diffable`.
  ///
  /// - Parameters:
  ///   - old: The snapshot before the batch.
  ///   - new: The snapshot after it.
  ///   - batch: The batch shown.
  ///   - function: The test function's name, a Swift identifier.
  public static func test(
    old: TextSnapshot, new: TextSnapshot, batch: BatchUpdate,
    function: String = "batchBetweenTheTwoSnapshots"
  ) -> String {
    var lines = ["import Diffable", "import Testing", ""]
    lines.append("@Test func \(function)() throws {")
    lines += snapshot(old, named: "old")
    lines += snapshot(new, named: "new")
    lines += declaration(of: batch)
    if batch == BatchUpdate(from: old, to: new) {
      lines.append("  #expect(BatchUpdate(from: old, to: new) == batch)")
    } else {
      lines.append("  // Edited by hand: BatchUpdate(from: old, to: new) computes another batch.")
    }
    do {
      try batch.validate(from: old, to: new)
      lines.append("  try batch.validate(from: old, to: new)")
    } catch {
      lines.append(
        "  let refusal = BatchUpdate.ValidationError(rule: \(error.rule), message: "
          + "\(String(reflecting: error.message)))")
      lines.append("  #expect(throws: refusal) { try batch.validate(from: old, to: new) }")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The statements that build `snapshot` in a variable `name`.
  static func snapshot(_ snapshot: TextSnapshot, named name: String) -> [String] {
    var lines = ["  var \(name) = DiffableDataSourceSnapshot<String, String>()"]
    let sections = snapshot.sectionIdentifiers
    if !sections.isEmpty { lines.append("  \(name).appendSections(\(literal(sections)))") }
    for section in sections where snapshot.numberOfItems(inSection: section) > 0 {
      lines.append(
        "  \(name).appendItems(\(literal(snapshot.itemIdentifiers(inSection: section))), "
          + "toSection: \(String(reflecting: section)))")
    }
    for (method, identifiers) in [
      ("reloadItems", snapshot.reloadedItemIdentifiers),
      ("reconfigureItems", snapshot.reconfiguredItemIdentifiers),
      ("reloadSections", snapshot.reloadedSectionIdentifiers),
    ] where !identifiers.isEmpty {
      lines.append("  \(name).\(method)(\(literal(identifiers)))")
    }
    return lines
  }

  /// The statement that declares `batch` as `let batch = BatchUpdate(...)`,
  /// with only the lists that are not empty.
  static func declaration(of batch: BatchUpdate) -> [String] {
    func path(_ path: IndexPath) -> String {
      "IndexPath(item: \(path.item), section: \(path.section))"
    }
    func moves<Index>(_ moves: [BatchUpdate.Move<Index>], _ text: (Index) -> String) -> String {
      "["
        + moves.map { ".init(from: \(text($0.from)), to: \(text($0.to)))" }
        .joined(separator: ", ") + "]"
    }
    let parts: [(String, String, Bool)] = [
      ("sectionDeletes", "\(batch.sectionDeletes)", batch.sectionDeletes.isEmpty),
      ("sectionInserts", "\(batch.sectionInserts)", batch.sectionInserts.isEmpty),
      ("sectionMoves", moves(batch.sectionMoves) { "\($0)" }, batch.sectionMoves.isEmpty),
      ("sectionReloads", "\(batch.sectionReloads)", batch.sectionReloads.isEmpty),
      (
        "itemDeletes", "[" + batch.itemDeletes.map(path).joined(separator: ", ") + "]",
        batch.itemDeletes.isEmpty
      ),
      (
        "itemInserts", "[" + batch.itemInserts.map(path).joined(separator: ", ") + "]",
        batch.itemInserts.isEmpty
      ),
      ("itemMoves", moves(batch.itemMoves, path), batch.itemMoves.isEmpty),
      (
        "itemReloads", "[" + batch.itemReloads.map(path).joined(separator: ", ") + "]",
        batch.itemReloads.isEmpty
      ),
      (
        "itemReconfigures", "[" + batch.itemReconfigures.map(path).joined(separator: ", ") + "]",
        batch.itemReconfigures.isEmpty
      ),
    ]
    let arguments = parts.filter { !$0.2 }.map { "    \($0.0): \($0.1)" }
    guard !arguments.isEmpty else { return ["  let batch = BatchUpdate()"] }
    return ["  let batch = BatchUpdate("] + [arguments.joined(separator: ",\n") + ")"]
  }

  /// `identifiers` as a Swift array literal of strings.
  static func literal(_ identifiers: [String]) -> String {
    "[" + identifiers.map { String(reflecting: $0) }.joined(separator: ", ") + "]"
  }
}
