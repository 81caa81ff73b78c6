import DiffableCore
import DiffableEngine
import Foundation
import Testing

/// The examples in the documentation, run as written.
@MainActor
@Suite("Documentation examples")
struct DocumentationExampleTests {
  @Test("ReferenceListView's overview")
  func referenceViewOverview() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["s"])
    snapshot.appendItems(["a", "b"])
    await dataSource.apply(snapshot)
    snapshot.insertItems(["c"], beforeItem: "a")
    await dataSource.apply(snapshot)
    #expect(view.cells == [["c", "a", "b"]])
    #expect(view.events.last?.requestedCells == [[0, 0]])
  }

  @Test("the module overview")
  func moduleOverview() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["fruits"])
    snapshot.appendItems(["apple", "pear"])
    await dataSource.apply(snapshot)
    #expect(view.events.map(\.kind) == [.reloadData])
    snapshot.insertItems(["fig"], beforeItem: "apple")
    await dataSource.apply(snapshot)
    #expect(
      view.events.last?.kind
        == .batchUpdate(
          BatchUpdate(itemInserts: [[0, 0]]), animated: true, rowAnimation: .automatic))
    #expect(view.cells == [["fig", "apple", "pear"]])
  }

  @Test(
    "DiffableDataSource's overview, and the README's: a reload, then one batch that asks only for new and reloaded cells"
  )
  func dataSourceOverview() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in
      item.uppercased()
    }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["fruits"])
    snapshot.appendItems(["apple", "pear"])
    await dataSource.apply(snapshot)
    #expect(view.events.map(\.kind) == [.reloadData])
    #expect(view.cells == [["APPLE", "PEAR"]])
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "pear")

    snapshot.insertItems(["fig"], beforeItem: "apple")
    snapshot.reloadItems(["pear"])
    await dataSource.apply(snapshot)
    #expect(view.cells == [["FIG", "APPLE", "PEAR"]])
    #expect(view.events.last?.requestedCells == [[0, 0], [0, 2]])
  }

  @Test("apply's example, and the async form's")
  func applyExamples() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    await dataSource.apply(.make([("s", ["apple"])]))
    let landed = Shared(false)
    var snapshot = dataSource.snapshot()
    snapshot.appendItems(["fig"])
    dataSource.apply(snapshot) { landed.withLock { $0 = view.cells == [["apple", "fig"]] } }
    await waitUntil("the completion ran") { landed.current }
    snapshot = dataSource.snapshot()
    snapshot.appendItems(["kiwi"])
    await dataSource.apply(snapshot)
    #expect(dataSource.snapshot().itemIdentifiers.last == "kiwi")
  }

  @Test("the editing handlers' example")
  func editingExample() async throws {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    await dataSource.apply(.make([("s", ["a", "b"])]))
    dataSource.editingHandlers.canEditItem = { _ in true }
    dataSource.editingHandlers.commit = { style, item in
      guard style == .delete else { return }
      var snapshot = dataSource.snapshot()
      snapshot.deleteItems([item])
      dataSource.apply(snapshot)
    }
    #expect(view.commitEditing(.delete, forItemAt: [0, 0]))
    await waitUntil("the deletion landed") { view.cells == [["b"]] }
  }

  @Test("the reordering example: the difference updates a backing array")
  func reorderingExample() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    await dataSource.apply(.make([("s", ["a", "b", "c"])]))
    var backingStore = ["a", "b", "c"]
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.didReorder = { transaction in
      if let updated = backingStore.applying(transaction.difference) {
        backingStore = updated
      }
    }
    view.interactivelyMoveItem(at: [0, 2], to: [0, 0])
    #expect(backingStore == ["c", "a", "b"])
  }
}
