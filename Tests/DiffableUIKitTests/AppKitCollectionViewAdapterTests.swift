import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableUIKit
import Foundation
import Testing

@MainActor
@Suite("AppKitCollectionViewAdapter: an NSCollectionView's calls")
struct AppKitCollectionViewAdapterTests {
  typealias List = AdaptedList<FakeAppKitCollectionView, FakeAppKitCollectionView.Adapter>

  static let start = StringSnapshot.make([("s", ["a", "b", "c", "d"]), ("t", ["x", "y"])])

  @Test("an animated batch goes through the animator proxy, with sets of index paths")
  func animatedBatch() async {
    let list = List()
    await list.show(Self.start)
    var next = StringSnapshot.make([("s", ["e", "a", "c", "f"]), ("t", ["y", "x"])])
    next.reloadItems(["a"])
    await list.dataSource.apply(next)
    #expect(
      list.view.calls == [
        "animator()",
        "performBatchUpdates {",
        "deleteItems(at: [[0, 1], [0, 3]])",
        "insertItems(at: [[0, 0], [0, 3]])",
        "moveItem(at: [1, 1], to: [1, 0])",
        "reloadItems(at: [[0, 0]])",
        "}",
        "completion(true)",
      ])
    #expect(list.cells == list.items)
    #expect(list.view.cellRequests == [[0, 0], [0, 3], [0, 1]])
  }

  @Test("without animation, the batch goes to the view itself")
  func withoutAnimation() async {
    let list = List()
    await list.show(Self.start)
    await list.dataSource.apply(.make([("t", ["x", "y"])]), animatingDifferences: false)
    #expect(
      list.view.calls == [
        "performBatchUpdates {", "deleteSections([0])", "}", "completion(true)",
      ])
  }

  @Test("reconfigured items are reloaded after the batch: AppKit has no reconfigure")
  func reconfigureReloads() async {
    let list = List()
    await list.show(Self.start)
    var next = Self.start
    next.reconfigureItems(["c", "a"])
    await list.dataSource.apply(next)
    #expect(list.view.calls.last == "reloadItems(at: [[0, 0], [0, 2]])")
    #expect(list.view.batches.allSatisfy { $0.itemReloads.isEmpty }, "outside any batch")
    #expect(Set(list.view.cellRequests) == [[0, 0], [0, 2]])
  }

  @Test("items and supplementary views come from the data source")
  func questions() async {
    let list = List()
    await list.show(Self.start)
    list.dataSource.supplementaryViewProvider = .init {
      (_: FakeAppKitCollectionView.Adapter, kind, indexPath) in
      "\(kind) \(indexPath.bracketedDescription)"
    }
    #expect(list.adapter.numberOfSections(in: list.view) == 2)
    #expect(list.adapter.collectionView(list.view, numberOfItemsInSection: 1) == 2)
    #expect(list.adapter.collectionView(list.view, itemForRepresentedObjectAt: [0, 2]) == "c")
    #expect(
      list.adapter.collectionView(
        list.view, viewForSupplementaryElementOfKind: "footer", at: [0, 0])
        == "footer [0, 0]")
  }

  @Test("random applies arrive as the engine's batches, in AppKit's order and UIKit's rules")
  func randomApplies() async {
    await checkRandomApplies(
      List(), name: "AppKitCollectionViewAdapter random applies", reconfigureCall: "reloadItems")
  }
}
