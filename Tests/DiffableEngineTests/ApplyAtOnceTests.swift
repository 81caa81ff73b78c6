import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// UIKit's apply, called on the main queue, changes the view and the data
/// source's snapshot before it returns; code ported from UIKit relies on it
/// (`apply(snapshot)` then `indexPath(for:)`), and so does top-level code,
/// where Swift picks the completion form even after `await`.
@MainActor
@Suite("Applying on the main actor with nothing queued")
struct ApplyAtOnceTests {
  /// What UIKit code does in a synchronous method on the main queue.
  func updateLikeUIKit(
    _ list: TestList<String, String>, to snapshot: DiffableDataSourceSnapshot<String, String>
  ) {
    list.dataSource.apply(snapshot)
  }

  @Test("the completion form is performed before it returns: view, snapshot and index paths")
  func completionFormIsPerformedAtOnce() async {
    let list = TestList<String, String>()
    updateLikeUIKit(list, to: .make([("s", ["a", "b"])]))
    #expect(list.shownItems == [["a", "b"]], "the first apply reloaded the view at once")
    updateLikeUIKit(list, to: .make([("s", ["b", "c", "a"])]))
    #expect(list.shownItems == [["b", "c", "a"]])
    #expect(list.dataSource.snapshot() == .make([("s", ["b", "c", "a"])]))
    #expect(list.dataSource.indexPath(for: "c") == [0, 1])
    let statistics = list.dataSource._applyStatistics
    #expect(statistics.performedAtOnce == 2)
    #expect(statistics.actorDiffs == 1, "one diff, made on the main actor as UIKit does")
    #expect(statistics.actorSteps == 2)
  }

  @Test("the completion still runs once, after the view is done")
  func completionRunsOnce() async {
    let list = TestList<String, String>()
    let runs = Shared(0)
    list.dataSource.apply(.make([("s", ["a"])])) { runs.withLock { $0 += 1 } }
    await waitUntil("the completion ran") { runs.current == 1 }
    await list.apply(.make([("s", ["a", "b"])]))
    #expect(runs.current == 1)
  }

  @Test("applySnapshotUsingReloadData and a section snapshot apply are performed at once too")
  func otherFormsArePerformedAtOnce() async {
    let list = TestList<String, String>()
    list.dataSource.applySnapshotUsingReloadData(.make([("s", ["a"]), ("t", [])]), completion: nil)
    #expect(list.shownItems == [["a"], []])
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["x", "y"])
    list.dataSource.apply(outline, to: "t", completion: nil)
    #expect(list.shownItems == [["a"], ["x", "y"]])
    #expect(list.dataSource.snapshot(for: "t").items == ["x", "y"])
    #expect(list.dataSource._applyStatistics.performedAtOnce == 2)
  }

  @Test("the async form is always queued: its diff runs off the main actor")
  func asyncFormIsQueued() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b"])]))
    await list.apply(.make([("s", ["b", "a"])]))
    #expect(list.shownItems == [["b", "a"]])
    let statistics = list.dataSource._applyStatistics
    #expect(statistics.performedAtOnce == 0)
    #expect(statistics.diffs == 1)
    #expect(statistics.actorDiffs == 0)
  }

  /// An actor of the test's own, where a data source lives, as a web
  /// session's data sources do.
  actor Owner {
    let view = ReferenceListView<String>()
    var dataSource: DiffableDataSource<String, String>?

    /// Applies twice, at once then queued, and returns what the view showed
    /// after each, and the counters.
    func run() async -> (cells: [[[String]]], statistics: _ApplyStatistics) {
      let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
      self.dataSource = dataSource
      dataSource.apply(.make([("s", ["a", "b"])]), completion: nil)
      let first = view.cells
      await dataSource.apply(.make([("s", ["b", "a", "c"])]))
      return ([first, view.cells], dataSource._applyStatistics)
    }
  }

  @Test("a data source on an actor of its own: performed at once there, or diffed off it")
  func dataSourceOnAnotherActor() async {
    let (cells, statistics) = await Owner().run()
    #expect(cells == [[["a", "b"]], [["b", "a", "c"]]])
    #expect(statistics.performedAtOnce == 1)
    #expect(statistics.diffs == 1)
    #expect(statistics.actorDiffs == 0, "the queued apply was diffed off the actor")
  }

  @Test("an apply made inside a completion waits until the completion returns")
  func applyInsideCompletionIsQueued() async {
    let list = TestList<String, String>()
    let seenInside = Shared<DiffableDataSourceSnapshot<String, String>?>(nil)
    let landed = Shared(false)
    list.dataSource.apply(.make([("s", ["a"])])) { [dataSource = list.dataSource!] in
      dataSource.apply(.make([("s", ["a", "b"])])) { landed.withLock { $0 = true } }
      seenInside.withLock { $0 = dataSource.snapshot() }
    }
    await waitUntil("the second apply landed") { landed.current }
    #expect(seenInside.current == .make([("s", ["a"])]))
    #expect(list.shownItems == [["a", "b"]])
    #expect(list.dataSource._applyStatistics.performedAtOnce == 1)
  }

  @Test("an apply made while others are queued waits its turn, in call order")
  func applyBehindQueuedOnesWaits() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a"])]))
    let order = Shared<[String]>([])
    whileTheDataSourceIsBusy(list.dataSource) { [dataSource = list.dataSource!] in
      dataSource.apply(.make([("s", ["a", "b"])])) { order.withLock { $0.append("queued") } }
    }
    // The data source's task has not taken the queued apply yet: this one
    // goes behind it.
    list.dataSource.apply(.make([("s", ["c"])])) { order.withLock { $0.append("second") } }
    #expect(list.shownItems == [["a"]])
    await waitUntil("both landed") { order.current.count == 2 }
    #expect(order.current == ["queued", "second"])
    #expect(list.shownItems == [["c"]])
    #expect(list.dataSource._applyStatistics.performedAtOnce == 1, "only the busy-making one")
  }
}
