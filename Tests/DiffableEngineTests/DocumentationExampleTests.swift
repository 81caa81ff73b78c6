import DiffableCore
import DiffableEngine
import DiffableTesting
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

  @Test("the overviews of the DiffableEngine and DiffableTesting modules")
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

  @Test("the README's outline example: a disclosure tap is one batch")
  func readmeOutlineExample() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    var files = DiffableDataSourceSectionSnapshot<String>()
    files.append(["Sources", "Tests"])
    files.append(["Sources/main.swift"], to: "Sources")
    await dataSource.apply(files, to: "files")
    #expect(view.cells == [["Sources", "Tests"]])
    view.removeAllEvents()
    await dataSource.toggleExpansion(of: "Sources")
    #expect(view.cells == [["Sources", "Sources/main.swift", "Tests"]])
    // One batch, then the reconfigure of the opened row that follows it.
    #expect(view.events.filter(\.kind.isBatchOrReload).count == 1)
    #expect(
      view.events.first?.kind
        == .batchUpdate(
          BatchUpdate(itemInserts: [[0, 1]], itemReconfigures: [[0, 0]]), animated: true,
          rowAnimation: .automatic))
    #expect(view.events.first?.requestedCells == [[0, 1]])
  }

  @Test("the outlines article")
  func outlinesArticle() async {
    let view = ReferenceListView<String>()
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { folder, children in
      guard children.items.isEmpty else { return children }
      var loaded = DiffableDataSourceSectionSnapshot<String>()
      loaded.append(["\(folder)/README.md", "\(folder)/main.swift"])
      return loaded
    }
    var files = DiffableDataSourceSectionSnapshot<String>()
    files.append(["Sources", "Tests"])
    await dataSource.apply(files, to: "files")
    #expect(view.cells == [["Sources", "Tests"]])

    #expect(await dataSource.expandItem("Sources"))
    #expect(view.cells == [["Sources", "Sources/README.md", "Sources/main.swift", "Tests"]])
    let batches = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdate(let update, _, _) = event.kind { return update }
      return nil
    }
    #expect(batches.last?.itemInserts == [[0, 1], [0, 2]])
    #expect(batches.last?.itemReconfigures == [[0, 0]])

    var snapshot = dataSource.snapshot()
    snapshot.deleteItems(["Sources/README.md"])
    snapshot.appendItems(["LICENSE"])
    await dataSource.apply(snapshot)
    #expect(
      dataSource.snapshot(for: "files").visualDescription()
        == "*+ Sources\n  *  Sources/main.swift\n*  Tests\n*  LICENSE\n")

    #expect(await dataSource.toggleExpansion(of: "Sources"))
    #expect(view.cells == [["Sources", "Tests", "LICENSE"]])
  }
}
