import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableUIKit
import Foundation
import Testing

@MainActor
@Suite("TableViewAdapter: a UITableView's calls")
struct TableViewAdapterTests {
  typealias List = AdaptedList<FakeTableView, FakeTableView.Adapter>

  static let start = StringSnapshot.make([("s", ["a", "b", "c", "d"]), ("t", ["x", "y"])])

  @Test("every table call of a batch gets the data source's defaultRowAnimation")
  func defaultRowAnimation() async {
    let list = List()
    await list.show(Self.start)
    list.dataSource.defaultRowAnimation = .fade
    var next = StringSnapshot.make([("s", ["a", "c", "e", "d"]), ("u", ["f"]), ("t", ["y", "x"])])
    next.reloadItems(["c"])
    next.reconfigureItems(["a"])
    await list.dataSource.apply(next)
    #expect(
      list.view.calls == [
        "performBatchUpdates {",
        "deleteRows(at: [[0, 1]], with: fade)",
        "insertSections([1], with: fade)",
        "insertRows(at: [[0, 2]], with: fade)",
        "moveRow(at: [1, 1], to: [2, 0])",
        "reloadRows(at: [[0, 2]], with: fade)",
        "}",
        "completion(true)",
        "reconfigureRows(at: [[0, 0]])",
      ])
    #expect(list.cells == list.items)
    #expect(list.view.cellRequests == [[0, 2], [0, 1], [1, 0], [0, 0]])
  }

  @Test(
    "each DiffableRowAnimation reaches the table as the row animation of the same name",
    arguments: DiffableRowAnimation.allCases)
  func rowAnimationNames(animation: DiffableRowAnimation) async {
    let list = List()
    await list.show(Self.start)
    list.dataSource.defaultRowAnimation = animation
    await list.dataSource.apply(.make([("s", ["a", "b", "c"]), ("t", ["x", "y"])]))
    #expect(list.view.calls[1] == "deleteRows(at: [[0, 3]], with: \(animation))")
  }

  @Test("without animation, rows get .none and the batch runs inside performWithoutAnimation(_:)")
  func withoutAnimation() async {
    let list = List()
    await list.show(Self.start)
    list.dataSource.defaultRowAnimation = .left
    await list.dataSource.apply(
      .make([("s", ["a", "b", "c", "d"])]), animatingDifferences: false)
    #expect(
      list.view.calls == [
        "performBatchUpdates (without animation) {",
        "deleteSections([1], with: none)",
        "}",
        "completion(true)",
      ])
  }

  @Test("canEditRowAt and commit forRowAt reach the editing handlers, with UIKit's style mapped")
  func editing() async {
    let list = List()
    await list.show(Self.start)
    #expect(!list.adapter.tableView(list.view, canEditRowAt: [0, 0]), "off by default")
    let commits = Shared<[String]>([])
    list.dataSource.editingHandlers = .init(
      canEditItem: { $0 != "x" },
      commit: { style, item in commits.withLock { $0.append("\(style) \(item)") } })
    #expect(list.adapter.tableView(list.view, canEditRowAt: [0, 1]))
    #expect(!list.adapter.tableView(list.view, canEditRowAt: [1, 0]))
    list.adapter.tableView(list.view, commit: FakeEditingStyle.delete, forRowAt: [0, 1])
    list.adapter.tableView(list.view, commit: FakeEditingStyle.insert, forRowAt: [1, 1])
    list.adapter.tableView(list.view, commit: FakeEditingStyle.none, forRowAt: [0, 0])
    #expect(commits.current == ["delete b", "insert y", "none a"])
    #expect(list.view.calls.isEmpty)
  }

  @Test("a user's reorder reaches the data source through moveRowAt, and no batch comes back")
  func reordering() async {
    let list = List()
    await list.show(Self.start)
    list.dataSource.reorderingHandlers = .init(canReorderItem: { _ in true })
    #expect(list.adapter.tableView(list.view, canMoveRowAt: [1, 0]))
    #expect(list.view.userMovesItem(at: [1, 0], to: [0, 1]))
    #expect(list.view.calls.isEmpty)
    #expect(list.items == [["a", "x", "b", "c", "d"], ["y"]])
    #expect(list.cells == list.items)
  }

  @Test("random applies arrive as the engine's batches, in UIKit's order and rules")
  func randomApplies() async {
    await checkRandomApplies(
      List(), name: "TableViewAdapter random applies", reconfigureCall: "reconfigureRows")
  }
}
