import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableUIKit
import Foundation
import Testing

@MainActor
@Suite("CollectionViewAdapter: a UICollectionView's calls")
struct CollectionViewAdapterTests {
  typealias List = AdaptedList<FakeCollectionView, FakeCollectionView.Adapter>

  static let start = StringSnapshot.make([("s", ["a", "b", "c", "d"]), ("t", ["x", "y"])])

  @Test("the first apply reloads the view, which asks for every cell through the adapter")
  func firstApplyReloads() async {
    let list = List()
    #expect(list.adapter.installedDataSource === list.view.questions)
    #expect(list.adapter.view === list.view)
    await list.dataSource.apply(Self.start)
    #expect(list.view.calls == ["reloadData()"])
    #expect(list.view.cellRequests == [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1]])
    #expect(list.cells == list.items)
  }

  @Test("a batch: data first, then deletes, inserts and reloads, then completion")
  func batchOrder() async {
    let list = List()
    await list.show(Self.start)
    var next = StringSnapshot.make([("s", ["a", "c", "d", "e"]), ("u", ["f"])])
    next.reloadItems(["c"])
    await list.dataSource.apply(next)
    #expect(
      list.view.calls == [
        "performBatchUpdates {",
        "deleteSections([1])",
        "deleteItems(at: [[0, 1]])",
        "insertSections([1])",
        "insertItems(at: [[0, 3]])",
        "reloadItems(at: [[0, 2]])",
        "}",
        "completion(true)",
      ])
    #expect(list.cells == [["a", "c", "d", "e"], ["f"]])
    #expect(list.view.cellRequests == [[0, 3], [0, 1], [1, 0]], "only inserted and reloaded")
  }

  @Test("moves keep their cells: moveSection and moveItem, no cell requests")
  func moves() async {
    let list = List()
    await list.show(Self.start)
    await list.dataSource.apply(.make([("t", ["y", "x"]), ("s", ["a", "b", "c", "d"])]))
    #expect(
      list.view.calls == [
        "performBatchUpdates {",
        "moveSection(0, toSection: 1)",
        "moveItem(at: [1, 1], to: [0, 0])",
        "}",
        "completion(true)",
      ])
    #expect(list.cells == list.items)
    #expect(list.view.cellRequests.isEmpty)
  }

  @Test("reconfigured items follow the batch, in one reconfigureItems(at:)")
  func reconfiguresAfterBatch() async {
    let list = List()
    await list.show(Self.start)
    var next = StringSnapshot.make([("s", ["a", "b", "c", "d", "e"]), ("t", ["x", "y"])])
    next.reconfigureItems(["b", "x"])
    await list.dataSource.apply(next)
    #expect(
      list.view.calls == [
        "performBatchUpdates {",
        "insertItems(at: [[0, 4]])",
        "}",
        "completion(true)",
        "reconfigureItems(at: [[0, 1], [1, 0]])",
      ])
    #expect(list.view.cellRequests == [[0, 4], [0, 1], [1, 0]])
  }

  @Test("without animation, the batch runs inside performWithoutAnimation(_:)")
  func withoutAnimation() async {
    let list = List()
    await list.show(Self.start)
    await list.dataSource.apply(
      .make([("s", ["a", "b", "c"]), ("t", ["x", "y"])]),
      animatingDifferences: false)
    #expect(
      list.view.calls == [
        "performBatchUpdates (without animation) {",
        "deleteItems(at: [[0, 3]])",
        "}",
        "completion(true)",
      ])
  }

  @Test(
    "expanding and collapsing an outline item: children inserted or deleted, parent reconfigured")
  func outlineDisclosure() async {
    let list = List()
    var food = DiffableDataSourceSectionSnapshot<String>()
    food.append(["Fruit", "Leek"])
    food.append(["Apple", "Pear"], to: "Fruit")
    await list.dataSource.apply(food, to: "food")
    #expect(list.view.calls == ["reloadData()"])
    #expect(list.cells == [["Fruit", "Leek"]])
    list.view.clear()

    #expect(await list.dataSource.expandItem("Fruit"))
    #expect(
      list.view.calls == [
        "performBatchUpdates {",
        "insertItems(at: [[0, 1], [0, 2]])",
        "}",
        "completion(true)",
        "reconfigureItems(at: [[0, 0]])",
      ])
    #expect(list.cells == [["Fruit", "Apple", "Pear", "Leek"]])
    list.view.clear()

    #expect(await list.dataSource.collapseItem("Fruit"))
    #expect(
      list.view.calls == [
        "performBatchUpdates {",
        "deleteItems(at: [[0, 1], [0, 2]])",
        "}",
        "completion(true)",
        "reconfigureItems(at: [[0, 0]])",
      ])
    #expect(list.cells == [["Fruit", "Leek"]])
  }

  @Test("a user's reorder reaches the data source through moveItemAt, and no batch comes back")
  func reordering() async {
    let list = List()
    await list.show(Self.start)
    #expect(!list.adapter.collectionView(list.view, canMoveItemAt: [0, 0]), "off by default")
    #expect(!list.view.userMovesItem(at: [0, 0], to: [0, 2]))
    let reorders = Shared<[[String]]>([])
    list.dataSource.reorderingHandlers = .init(
      canReorderItem: { $0 != "d" },
      didReorder: { transaction in
        reorders.withLock { $0.append(transaction.finalSnapshot.itemIdentifiers) }
      })
    #expect(!list.adapter.collectionView(list.view, canMoveItemAt: [0, 3]))
    #expect(list.view.userMovesItem(at: [0, 0], to: [0, 2]))
    #expect(list.view.calls.isEmpty, "the view already shows the move")
    #expect(list.view.cellRequests.isEmpty)
    #expect(list.items == [["b", "c", "a", "d"], ["x", "y"]])
    #expect(list.cells == list.items)
    #expect(reorders.current == [["b", "c", "a", "d", "x", "y"]])
  }

  @Test("supplementary views come from the data source's provider")
  func supplementaryViews() async {
    let list = List()
    await list.show(Self.start)
    list.dataSource.supplementaryViewProvider = .init {
      (_: FakeCollectionView.Adapter, kind, indexPath) in
      "\(kind) \(indexPath.bracketedDescription)"
    }
    #expect(
      list.adapter.collectionView(
        list.view, viewForSupplementaryElementOfKind: "header", at: [1, 0])
        == "header [1, 0]")
    #expect(list.adapter.numberOfSections(in: list.view) == 2)
    #expect(list.adapter.collectionView(list.view, numberOfItemsInSection: 0) == 4)
    #expect(list.adapter.collectionView(list.view, cellForItemAt: [1, 1]) == "y")
  }

  @Test("once the view is gone, a batch still switches the data and completes")
  func viewGone() async {
    var view: FakeCollectionView? = FakeCollectionView()
    let adapter = view!.makeAdapter()
    let dataSource = DiffableDataSource<String, String>(view: adapter) { _, _, item in item }
    await dataSource.apply(Self.start)
    view = nil
    #expect(adapter.view == nil)
    let next = StringSnapshot.make([("s", ["a"])])
    await dataSource.apply(next)
    #expect(dataSource.snapshot() == next)
  }

  @Test("random applies arrive as the engine's batches, in UIKit's order and rules")
  func randomApplies() async {
    await checkRandomApplies(
      List(), name: "CollectionViewAdapter random applies", reconfigureCall: "reconfigureItems")
  }
}
