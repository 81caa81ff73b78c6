import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Reordering and editing")
struct ReorderingTests {
  typealias Transaction = DiffableDataSourceTransaction<String, String>

  func makeList() async -> TestList<String, String> {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b", "c", "d"]), ("t", ["e", "f"])]))
    return list
  }

  @Test("reordering is off until canReorderItem is set, and follows what it answers")
  func canReorder() async throws {
    let list = await makeList()
    let viewDataSource = try #require(list.view.dataSource)
    #expect(!viewDataSource.canMoveItem(at: [0, 0]))
    #expect(!list.view.interactivelyMoveItem(at: [0, 0], to: [0, 2]))
    list.dataSource.reorderingHandlers.canReorderItem = { $0 != "b" }
    #expect(viewDataSource.canMoveItem(at: [0, 0]))
    #expect(!viewDataSource.canMoveItem(at: [0, 1]))
    #expect(list.shownItems == [["a", "b", "c", "d"], ["e", "f"]])
  }

  @Test("a move inside a section: the transaction, the handlers, and the new snapshot")
  func moveInsideSection() async throws {
    let list = await makeList()
    let seen = Shared<[(String, Transaction, StringSnapshot)]>([])
    let dataSource = list.dataSource!
    dataSource.reorderingHandlers = .init(
      canReorderItem: { _ in true },
      willReorder: { transaction in
        seen.withLock { $0.append(("will", transaction, dataSource.snapshot())) }
      },
      didReorder: { transaction in
        seen.withLock { $0.append(("did", transaction, dataSource.snapshot())) }
      })
    #expect(list.view.interactivelyMoveItem(at: [0, 0], to: [0, 2]))

    let initial = StringSnapshot.make([("s", ["a", "b", "c", "d"]), ("t", ["e", "f"])])
    let final = StringSnapshot.make([("s", ["b", "c", "a", "d"]), ("t", ["e", "f"])])
    let calls = seen.current
    try #require(calls.count == 2)
    #expect(calls.map(\.0) == ["will", "did"])
    #expect(calls[0].2 == initial, "willReorder sees the snapshot before the move")
    #expect(calls[1].2 == final, "didReorder sees the snapshot after the move")
    let transaction = calls[1].1
    #expect(transaction.initialSnapshot == initial)
    #expect(transaction.finalSnapshot == final)
    #expect(initial.itemIdentifiers.applying(transaction.difference) == final.itemIdentifiers)
    #expect(transaction.difference.count == 2)
    #expect(transaction.difference.inferringMoves() == transaction.difference)
    try #require(transaction.sectionTransactions.count == 1)
    let section = transaction.sectionTransactions[0]
    #expect(section.sectionIdentifier == "s")
    #expect(section.initialSnapshot.items == ["a", "b", "c", "d"])
    #expect(section.finalSnapshot.items == ["b", "c", "a", "d"])
    #expect(
      section.initialSnapshot.items.applying(section.difference) == section.finalSnapshot.items)
    #expect(dataSource.snapshot() == final)
    #expect(list.shownItems == sectionItems(final))
  }

  @Test("a move across sections: one section transaction each, in final order")
  func moveAcrossSections() async throws {
    let list = await makeList()
    let seen = Shared<Transaction?>(nil)
    list.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    list.dataSource.reorderingHandlers.didReorder = { transaction in
      seen.withLock { $0 = transaction }
    }
    #expect(list.view.interactivelyMoveItem(at: [1, 1], to: [0, 0]))
    let transaction = try #require(seen.current)
    let final = StringSnapshot.make([("s", ["f", "a", "b", "c", "d"]), ("t", ["e"])])
    #expect(transaction.finalSnapshot == final)
    #expect(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
        == final.itemIdentifiers)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["s", "t"])
    for section in transaction.sectionTransactions {
      #expect(
        section.initialSnapshot.items.applying(section.difference) == section.finalSnapshot.items)
    }
    #expect(list.shownItems == sectionItems(final))
    #expect(list.dataSource.snapshot() == final)
  }

  @Test("a move to the end of a section, and into an empty section")
  func moveToEnds() async throws {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b"]), ("empty", [])]))
    list.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    #expect(list.view.interactivelyMoveItem(at: [0, 0], to: [0, 1]))
    #expect(list.dataSource.snapshot() == .make([("s", ["b", "a"]), ("empty", [])]))
    #expect(list.view.interactivelyMoveItem(at: [0, 1], to: [1, 0]))
    #expect(list.dataSource.snapshot() == .make([("s", ["b"]), ("empty", ["a"])]))
    #expect(list.shownItems == [["b"], ["a"]])
  }

  @Test("a move to where the item already is changes nothing and calls no handler")
  func moveToSamePlace() async {
    let list = await makeList()
    let calls = Shared(0)
    list.dataSource.reorderingHandlers = .init(
      canReorderItem: { _ in true }, didReorder: { _ in calls.withLock { $0 += 1 } })
    #expect(list.view.interactivelyMoveItem(at: [0, 1], to: [0, 1]))
    #expect(calls.current == 0)
  }

  @Test("an apply queued before a reorder lands on the reordered list, and the view stays valid")
  func applyAfterReorderIsRediffed() async {
    let list = await makeList()
    list.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let done = Shared(false)
    // Queued while the data source is busy: its round is diffed off the
    // main actor while the reorder below happens, and is diffed again from
    // the reordered list.
    whileTheDataSourceIsBusy(list.dataSource) { [dataSource = list.dataSource!] in
      dataSource.apply(.make([("s", ["a", "b", "c", "d", "x"]), ("t", ["e", "f"])])) {
        done.withLock { $0 = true }
      }
    }
    #expect(list.view.interactivelyMoveItem(at: [0, 0], to: [1, 2]))
    await waitUntil("the apply landed") { done.current }
    #expect(list.dataSource._applyStatistics.staleRetries <= 1)
    #expect(list.shownItems == [["a", "b", "c", "d", "x"], ["e", "f"]])
    #expect(
      list.dataSource.snapshot() == .make([("s", ["a", "b", "c", "d", "x"]), ("t", ["e", "f"])]))
  }

  @Test("a section snapshot applied after a drag into its section starts from the drag")
  func sectionSnapshotAfterDragAcrossSections() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems(["x"], toSection: "A")
    snapshot.appendItems(["y"], toSection: "B")
    await dataSource.apply(snapshot)
    #expect(view.interactivelyMoveItem(at: IndexPath(item: 0, section: 0), to: [1, 0]))
    // "x" is in "B" now, so a section snapshot of "B" may hold it.
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["x", "y"])
    await dataSource.apply(outline, to: "B")
    #expect(view.cells == [[], ["x", "y"]])
    #expect(sectionItems(dataSource.snapshot()) == [[], ["x", "y"]])
    #expect(dataSource.snapshot(for: "B") == outline)
    #expect(dataSource._applyStatistics.staleRetries == 0)
  }

  @Test("a reorder in an apply's completion is the base of the next apply's diff")
  func reorderInCompletion() async {
    let list = await makeList()
    list.dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let moved = Shared(false)
    list.dataSource.apply(.make([("s", ["a", "b", "c", "d", "x"]), ("t", ["e", "f"])])) {
      let accepted = list.view.interactivelyMoveItem(at: [0, 0], to: [0, 1])
      moved.withLock { $0 = accepted }
    }
    await waitUntil("the first apply landed and the item moved") { moved.current }
    #expect(list.shownItems == [["b", "a", "c", "d", "x"], ["e", "f"]])
    let final = StringSnapshot.make([("s", ["a", "b", "c", "d"]), ("t", ["e", "f", "x"])])
    await list.apply(final)
    #expect(list.shownItems == sectionItems(final))
    #expect(list.dataSource.snapshot() == final)
  }

  @Test("editing is off until canEditItem is set; a committed edit reaches the handler")
  func editing() async throws {
    let list = await makeList()
    let viewDataSource = try #require(list.view.dataSource)
    #expect(!viewDataSource.canEditItem(at: [0, 0]))
    #expect(!list.view.commitEditing(.delete, forItemAt: [0, 0]))
    let dataSource = list.dataSource!
    let committed = Shared<[(DiffableEditingStyle, String)]>([])
    dataSource.editingHandlers = .init(
      canEditItem: { $0 != "a" },
      commit: { style, item in
        committed.withLock { $0.append((style, item)) }
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([item])
        dataSource.apply(snapshot)
      })
    #expect(!viewDataSource.canEditItem(at: [0, 0]))
    #expect(viewDataSource.canEditItem(at: [0, 1]))
    #expect(list.view.commitEditing(.delete, forItemAt: [0, 1]))
    #expect(committed.current.map(\.0) == [.delete])
    #expect(committed.current.map(\.1) == ["b"])
    await waitUntil("the deletion landed") { list.shownItems == [["a", "c", "d"], ["e", "f"]] }
  }

  @Test("section snapshot handlers are kept with UIKit's names")
  func sectionSnapshotHandlers() {
    let list = TestList<String, String>()
    var handlers = list.dataSource.sectionSnapshotHandlers
    #expect(handlers.shouldExpandItem == nil)
    handlers.shouldExpandItem = { _ in true }
    handlers.willExpandItem = { _ in }
    handlers.shouldCollapseItem = { _ in false }
    handlers.willCollapseItem = { _ in }
    handlers.snapshotForExpandingParent = { _, children in children }
    list.dataSource.sectionSnapshotHandlers = handlers
    #expect(list.dataSource.sectionSnapshotHandlers.shouldCollapseItem?("x") == false)
    #expect(list.dataSource.sectionSnapshotHandlers.shouldExpandItem?("x") == true)
  }
}
