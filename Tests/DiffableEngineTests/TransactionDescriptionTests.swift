import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Printed transactions")
struct TransactionDescriptionTests {
  @Test("a drag's transaction prints its snapshots, its difference and each section's change")
  func dragAcrossSections() async throws {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    var printed: [String] = []
    dataSource.reorderingHandlers = .init(
      canReorderItem: { _ in true }, didReorder: { printed.append("\($0)") })
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems(["x"], toSection: "A")
    snapshot.appendItems(["y"], toSection: "B")
    await dataSource.apply(snapshot)
    #expect(view.interactivelyMoveItem(at: [0, 0], to: [1, 1]))
    #expect(
      printed == [
        """
        initialSnapshot: ["A": ["x"], "B": ["y"]]
        finalSnapshot: ["A": [], "B": ["y", "x"]]
        difference: [move "x" 0 -> 1]
        section "A": ["x"] -> [], [remove "x" at 0]
        section "B": ["y"] -> ["y", "x"], [insert "x" at 1]
        """
      ])
  }

  @Test("a move inside a section is one move in the section's difference")
  func moveInsideSection() {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2])
    var moved = DiffableDataSourceSectionSnapshot<Int>()
    moved.append([2, 1])
    let transaction = DiffableDataSourceSectionTransaction<String, Int>(
      sectionIdentifier: "s", initialSnapshot: outline, finalSnapshot: moved,
      difference: [2, 1].difference(from: [1, 2]).inferringMoves())
    #expect(transaction.description.hasPrefix(#"section "s": [1, 2] -> [2, 1], [move "#))
  }
}
