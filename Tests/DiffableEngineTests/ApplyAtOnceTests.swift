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
    #expect(statistics.mainActorDiffs == 1, "one diff, made on the main actor as UIKit does")
    #expect(statistics.mainActorSteps == 2)
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
    #expect(statistics.mainActorDiffs == 0)
  }

  @Test("an apply from another thread is queued, and diffed off the main actor")
  func applyFromAnotherThreadIsQueued() async {
    let list = TestList<String, String>()
    await list.apply(.make([("s", ["a", "b"])]))
    let landed = Shared(false)
    await Task.detached { [dataSource = list.dataSource!] in
      dataSource.apply(.make([("s", ["b", "a"])])) { landed.withLock { $0 = true } }
    }.value
    await waitUntil("the apply landed") { landed.current }
    #expect(list.shownItems == [["b", "a"]])
    #expect(list.dataSource._applyStatistics.performedAtOnce == 0)
    #expect(list.dataSource._applyStatistics.mainActorDiffs == 0)
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
    whileTheMainActorIsBusy { [dataSource = list.dataSource!] in
      dataSource.apply(.make([("s", ["a", "b"])])) { order.withLock { $0.append("queued") } }
    }
    // The worker holds the queue until its round lands on the main actor,
    // which is busy here: this apply goes behind it.
    list.dataSource.apply(.make([("s", ["c"])])) { order.withLock { $0.append("main actor") } }
    #expect(list.shownItems == [["a"]])
    await waitUntil("both landed") { order.current.count == 2 }
    #expect(order.current == ["queued", "main actor"])
    #expect(list.shownItems == [["c"]])
    #expect(list.dataSource._applyStatistics.performedAtOnce == 0)
  }
}
