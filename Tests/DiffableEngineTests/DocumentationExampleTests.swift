import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// The examples in the doc comments, run as written. (The articles' and the
/// README's are generated: see Tests/DocumentationExampleTests.)
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

  // MARK: Outlines

  @Test("apply(_:to:)'s example, and snapshot(for:)'s")
  func sectionApplyExample() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Fruit", "Vegetables"])
    outline.append(["Apple", "Pear"], to: "Fruit")
    outline.expand(["Fruit"])
    await dataSource.apply(outline, to: "food")
    #expect(
      dataSource.snapshot().itemIdentifiers(inSection: "food")
        == ["Fruit", "Apple", "Pear", "Vegetables"])
    #expect(dataSource.snapshot(for: "food").isExpanded("Fruit"))

    await dataSource.apply(.make([("fruits", ["apple", "pear"])]))
    #expect(dataSource.snapshot(for: "fruits").rootItems == ["apple", "pear"])
    #expect(dataSource.snapshot(for: "none").items == [])
  }

  @Test("expandItem's example, and toggleExpansion's")
  func userActionExamples() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    await dataSource.apply(.make([("files", ["docs"])]))
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
      var loaded = DiffableDataSourceSectionSnapshot<String>()
      loaded.append(["\(parent)/a", "\(parent)/b"])
      return loaded
    }
    #expect(await dataSource.expandItem("docs"))
    #expect(
      dataSource.snapshot().itemIdentifiers(inSection: "files") == ["docs", "docs/a", "docs/b"])

    dataSource.sectionSnapshotHandlers = .init()
    var food = DiffableDataSourceSectionSnapshot<String>()
    food.append(["Fruit"])
    food.append(["Apple"], to: "Fruit")
    await dataSource.apply(food, to: "food")
    #expect(await dataSource.toggleExpansion(of: "Fruit"))
    #expect(view.cells[1] == ["Fruit", "Apple"])
    #expect(await dataSource.toggleExpansion(of: "Fruit"))
    #expect(view.cells[1] == ["Fruit"])
  }

  @Test("the section snapshot handlers' example")
  func handlersExample() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    var mail = DiffableDataSourceSectionSnapshot<String>()
    mail.append(["Inbox", "Archive"])
    mail.append(["Inbox/old"], to: "Inbox")
    mail.expand(["Inbox"])
    await dataSource.apply(mail, to: "mail")
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Inbox" }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { folder, children in
      guard children.items.isEmpty else { return children }  // loaded already
      var loaded = DiffableDataSourceSectionSnapshot<String>()
      loaded.append(["\(folder)/1", "\(folder)/2"])
      return loaded
    }
    #expect(await dataSource.collapseItem("Inbox") == false)
    #expect(await dataSource.expandItem("Archive"))
    #expect(view.cells == [["Inbox", "Inbox/old", "Archive", "Archive/1", "Archive/2"]])
  }
}
