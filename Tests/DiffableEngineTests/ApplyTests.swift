import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("Applying snapshots")
struct ApplyTests {
  @Test("the first apply to an empty view reloads it, asking for every cell")
  func firstApplyReloads() async {
    let list = TestList<String, String>()
    await list.apply(.make([("fruits", ["apple", "pear"]), ("veg", ["leek"])]))
    #expect(list.view.events.map(\.kind) == [.reloadData])
    #expect(list.view.events[0].requestedCells == [[0, 0], [0, 1], [1, 0]])
    #expect(list.shownItems == [["apple", "pear"], ["leek"]])
    #expect(list.dataSource._applyStatistics.diffs == 0)
  }

  @Test("a later apply performs one batch: the diff against what the view shows")
  func laterApplyBatches() async {
    let list = TestList<String, String>()
    let old = StringSnapshot.make([("fruits", ["apple", "pear", "fig"]), ("veg", ["leek"])])
    let new = StringSnapshot.make([
      ("fruits", ["fig", "apple", "kiwi"]), ("veg", ["leek", "pear"]),
    ])
    await list.apply(old)
    list.view.removeAllEvents()
    await list.apply(new)
    #expect(list.batches == [BatchUpdate(from: old, to: new)])
    #expect(list.view.events.count == 1)
    #expect(list.shownItems == sectionItems(new))
    #expect(list.dataSource.snapshot() == new)
  }

  @Test("animatingDifferences: false still diffs; the batch is just not animated")
  func unanimatedStillDiffs() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b"])]))
    let serialOfA = list.serials["a"]
    await list.apply(.make([("s", ["b", "a", "c"])]), animatingDifferences: false)
    guard case .batchUpdate(_, let animated, _) = list.view.events.last?.kind else {
      Issue.record("expected a batch, got \(list.view.events)")
      return
    }
    #expect(!animated)
    #expect(list.serials["a"] == serialOfA, "a moved cell keeps its identity")
    #expect(list.shownItems == [["b", "a", "c"]])
  }

  @Test("applySnapshotUsingReloadData reloads without diffing")
  func reloadData() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b"])]))
    await list.dataSource.applySnapshotUsingReloadData(.make([("s", ["b", "c"])]))
    #expect(list.view.events.map(\.kind) == [.reloadData, .reloadData])
    #expect(list.view.events[1].requestedCells == [[0, 0], [0, 1]])
    #expect(list.dataSource._applyStatistics.diffs == 0)
    #expect(list.shownItems == [["b", "c"]])
  }

  @Test("applySnapshotUsingReloadData with a completion runs it once the view reloaded")
  func reloadDataCompletion() async {
    let list = TestList<String, String>()
    let seen = Shared<[[String]]>([])
    let view = list.view
    list.dataSource.applySnapshotUsingReloadData(.make([("s", ["x"])])) {
      seen.withLock { $0 = view.cells.map { $0.map(\.item) } }
    }
    await waitUntil("the completion ran") { !seen.current.isEmpty }
    #expect(seen.current == [["x"]])
  }

  @Test("reload marks are consumed by the apply and absent from snapshot()")
  func marksConsumed() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b", "c"]), ("t", ["d"])]))
    let marked = StringSnapshot.make(
      [("s", ["a", "b", "c"]), ("t", ["d"])], reloaded: ["b"], reconfigured: ["c"],
      reloadedSections: ["t"])
    await list.apply(marked)
    let current = list.dataSource.snapshot()
    #expect(current.reloadedItemIdentifiers.isEmpty)
    #expect(current.reconfiguredItemIdentifiers.isEmpty)
    #expect(current.reloadedSectionIdentifiers.isEmpty)
    #expect(current == marked)
  }

  @Test("the cell provider is asked only for inserted, reloaded and reconfigured items")
  func cellProviderOnlyForFreshItems() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b", "c", "d"]), ("t", ["e", "f"])]))
    let before = list.serials
    list.providerCalls = []
    list.view.removeAllEvents()
    // a stays, b is reloaded, c is reconfigured, d moves, g is inserted,
    // e is deleted, f stays.
    await list.apply(
      .make(
        [("s", ["d", "a", "b", "c", "g"]), ("t", ["f"])], reloaded: ["b"], reconfigured: ["c"]))
    #expect(Set(list.providerCalls.map(\.item)) == ["b", "c", "g"])
    #expect(list.providerCalls.count == 3)
    let after = list.serials
    for kept in ["a", "d", "f"] { #expect(after[kept] == before[kept], "\(kept) keeps its cell") }
    for fresh in ["b", "c"] { #expect(after[fresh] != before[fresh], "\(fresh) gets a new cell") }
    // The reconfigure comes after the batch, at the new index path.
    #expect(list.view.events.last?.kind == .reconfigureItems([[0, 3]]))
    #expect(list.shownItems == [["d", "a", "b", "c", "g"], ["f"]])
  }

  @Test("a reloaded section asks for each of its cells")
  func reloadedSection() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a"]), ("t", ["b", "c"])]))
    list.providerCalls = []
    await list.apply(.make([("s", ["a"]), ("t", ["b", "c"])], reloadedSections: ["t"]))
    #expect(list.providerCalls.map(\.indexPath) == [[1, 0], [1, 1]])
  }

  /// An identifier equal by `id` alone, carrying content that is not part of
  /// its identity.
  struct Message: Hashable, Sendable {
    var id: Int
    var text: String
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  @Test("the cell provider receives the identifier stored in the current snapshot")
  func providerReceivesCurrentIdentifier() async {
    let list = TestList<Int, Message>()
    var snapshot = DiffableDataSourceSnapshot<Int, Message>()
    snapshot.appendSections([0])
    snapshot.appendItems([Message(id: 1, text: "draft"), Message(id: 2, text: "hi")])
    await list.apply(snapshot)

    var edited = DiffableDataSourceSnapshot<Int, Message>()
    edited.appendSections([0])
    edited.appendItems([Message(id: 1, text: "sent"), Message(id: 2, text: "hi")])
    edited.reconfigureItems([Message(id: 1, text: "")])
    list.providerCalls = []
    await list.apply(edited)
    #expect(list.providerCalls.map(\.item.text) == ["sent"])
    #expect(list.view.cells[0][0].item.text == "sent")
    #expect(list.dataSource.itemIdentifier(for: [0, 0])?.text == "sent")
  }

  @Test("an apply that changes nothing on screen leaves the view alone, but stores the snapshot")
  func emptyChange() async {
    let list = TestList<Int, Message>()
    var snapshot = DiffableDataSourceSnapshot<Int, Message>()
    snapshot.appendSections([0])
    snapshot.appendItems([Message(id: 1, text: "old")])
    await list.apply(snapshot)
    var same = DiffableDataSourceSnapshot<Int, Message>()
    same.appendSections([0])
    same.appendItems([Message(id: 1, text: "new")])
    await list.apply(same)
    #expect(list.view.events.count == 1)
    #expect(list.dataSource.itemIdentifier(for: [0, 0])?.text == "new")
    #expect(list.dataSource._applyStatistics.emptyApplies == 1)
  }

  @Test("applying an empty snapshot empties the view; the next apply reloads")
  func emptyThenReload() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a"])]))
    await list.apply(StringSnapshot())
    #expect(list.batches == [BatchUpdate(sectionDeletes: [0])])
    #expect(list.view.cells.isEmpty)
    await list.apply(.make([("t", ["b"])]))
    #expect(list.view.events.last?.kind == .reloadData)
    #expect(list.shownItems == [["b"]])
  }

  @Test("the data source's defaultRowAnimation reaches the view with each batch")
  func rowAnimation() async {
    let list = TestList<String, String>()
    list.dataSource.defaultRowAnimation = .fade
    await list.apply(.make([("s", ["a"])]))
    await list.apply(.make([("s", ["a", "b"])]))
    #expect(
      list.view.events.last?.kind
        == .batchUpdate(BatchUpdate(itemInserts: [[0, 1]]), animated: true, rowAnimation: .fade))
  }

  @Test("a completion runs on the main actor once the view shows its snapshot, after reconfigures")
  func completionSeesTheView() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b"])]))
    let seen = Shared<(items: [[String]], events: Int)?>(nil)
    let view = list.view
    list.dataSource.apply(.make([("s", ["b", "a", "c"])], reconfigured: ["b"])) {
      MainActor.assertIsolated()
      seen.withLock { $0 = (view.cells.map { $0.map(\.item) }, view.events.count) }
    }
    await waitUntil("the completion ran") { seen.current != nil }
    #expect(seen.current?.items == [["b", "a", "c"]])
    #expect(seen.current?.events == 3, "reload, batch and reconfigure happened before")
  }

  @Test("applies from one caller reach the view in call order; each completion runs once")
  func callOrder() async {
    let list = TestList<Int, Int>()
    let order = Shared<[Int]>([])
    for step in 0..<50 {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0])
      snapshot.appendItems(Array(0...step))
      list.dataSource.apply(snapshot) { order.withLock { $0.append(step) } }
    }
    await waitUntil("every completion ran") { order.current.count == 50 }
    #expect(order.current == Array(0..<50))
    #expect(list.shownItems == [Array(0..<50)])
  }

  @Test("snapshots queued while the data source is busy are skipped, but complete")
  func supersededSnapshotsAreSkipped() async {
    let list = TestList<Int, Int>()
    let completed = Shared<[Int]>([])
    // The data source is busy for the whole loop: the requests pile up, and
    // its task takes them in one round.
    whileTheDataSourceIsBusy(list.dataSource) { [dataSource = list.dataSource!] in
      for step in 0..<10 {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(step..<step + 5))
        dataSource.apply(snapshot) { completed.withLock { $0.append(step) } }
      }
    }
    await waitUntil("every completion ran") { completed.current.count == 10 }
    #expect(completed.current == Array(0..<10))
    #expect(list.dataSource._applyStatistics.skipped >= 8)
    #expect(list.view.events.count <= 2)
    #expect(list.shownItems == [Array(9..<14)])
  }

  @Test("a skipped snapshot's reload marks carry over to the one applied")
  func skippedMarksCarryOver() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b", "c"])]))
    let before = list.serials
    // The data source stays busy until the last apply: its task takes the
    // three requests in one round, so the marked one is skipped.
    whileTheDataSourceIsBusy(list.dataSource) { [dataSource = list.dataSource!] in
      dataSource.apply(.make([("s", ["a", "b", "c", "z"])]))
      dataSource.apply(.make([("s", ["a", "b", "c"])], reloaded: ["b"], reconfigured: ["c"]))
      dataSource.apply(.make([("s", ["a", "b", "c", "d"])]))
    }
    await list.apply(.make([("s", ["a", "b", "c", "d", "e"])]))
    #expect(list.serials["a"] == before["a"])
    #expect(list.serials["b"] != before["b"], "the reload of the skipped snapshot happened")
    #expect(list.serials["c"] != before["c"], "the reconfigure of the skipped snapshot happened")
    #expect(list.shownItems == [["a", "b", "c", "d", "e"]])
    #expect(list.dataSource._applyStatistics.skipped >= 2)
  }

  @Test("an apply from inside a completion or a cell provider is queued, not re-entered")
  func reentrantApplies() async {
    let view = ReferenceListView<String>()
    let nested = Shared(false)
    var dataSourceBox: DiffableDataSource<String, String>?
    let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in
      if item == "trigger", !nested.withLock({ $0 }) {
        nested.withLock { $0 = true }
        // Applied from inside the view's batch: it must wait its turn.
        dataSourceBox?.apply(.make([("s", ["trigger", "from cell provider"])]))
      }
      return item
    }
    dataSourceBox = dataSource
    let finished = Shared(false)
    dataSource.apply(.make([("s", ["a"])])) {
      dataSource.apply(.make([("s", ["a", "trigger"])])) {
        finished.withLock { $0 = true }
      }
    }
    await waitUntil("the nested applies landed") {
      finished.current && view.cells == [["trigger", "from cell provider"]]
    }
    #expect(view.events.map(\.kind.isBatchOrReload) == [true, true, true])
    dataSourceBox = nil
  }

  @Test("a background task applies through the data source's actor, and awaits the apply")
  func asyncFromBackground() async {
    let list = TestList<Int, Int>()
    await Task.detached {
      for step in 1...5 {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<step))
        await list.apply(snapshot)
        let count = await MainActor.run { list.dataSource.snapshot().numberOfItems }
        #expect(count == step)
      }
    }.value
    #expect(list.shownItems == [[0, 1, 2, 3, 4]])
  }
}

extension ReferenceListView.Event.Kind {
  var isBatchOrReload: Bool {
    switch self {
    case .reloadData, .batchUpdate: true
    default: false
    }
  }
}
