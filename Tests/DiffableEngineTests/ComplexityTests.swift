import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// A view that forwards to a reference view and counts the hashes and
/// equality checks made while it works: the data source's whole part of an
/// apply on the main actor happens inside these calls (switching to the new
/// snapshot in `updatingData`, answering the view's questions, making
/// cells), apart from O(1) bookkeeping.
@MainActor
final class MeasuringView: @MainActor DiffableListView {
  typealias Cell = CountingIdentifier
  typealias SupplementaryView = CountingIdentifier

  let inner = ReferenceListView<CountingIdentifier>()
  let counter: CountingIdentifier.Counter
  var hashes = 0
  var equalities = 0

  init(counting counter: CountingIdentifier.Counter) { self.counter = counter }

  private func measure(_ body: () -> Void) {
    let cost = counter.measure(body)
    hashes += cost.hashes
    equalities += cost.equalities
  }

  func connect(
    to dataSource: any DiffableListViewDataSource<CountingIdentifier, CountingIdentifier>
  ) {
    inner.connect(to: dataSource)
  }
  func reloadData() { measure { inner.reloadData() } }
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void, completion: @escaping (Bool) -> Void
  ) {
    measure {
      inner.performBatchUpdates(
        update, animatingDifferences: animatingDifferences, rowAnimation: rowAnimation,
        updatingData: updatingData, completion: completion)
    }
  }
  func reconfigureItems(at indexPaths: [IndexPath]) {
    measure { inner.reconfigureItems(at: indexPaths) }
  }
}

@MainActor
@Suite(
  "Main-actor work is proportional to the change, by counting", .serialized)
struct ComplexityTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, CountingIdentifier>

  struct Cost: Equatable {
    var cellRequests: Int
    var hashesInView: Int
    var equalitiesInView: Int
    var actorSteps: Int
  }

  /// Applies `sections` sections of `perSection` items, then one change of
  /// fixed size, and returns what the change cost on the main actor.
  func costOfChange(sections: Int, perSection: Int) async -> (Cost, totalOperations: Int) {
    let counter = CountingIdentifier.Counter()
    let view = MeasuringView(counting: counter)
    var cellRequests = 0
    let dataSource = DiffableDataSource<Int, CountingIdentifier>(view: view) { _, _, item in
      cellRequests += 1
      return item
    }
    var old = Snapshot()
    old.appendSections(Array(0..<sections))
    for s in 0..<sections {
      old.appendItems(counter.identifiers(s * perSection..<(s + 1) * perSection), toSection: s)
    }
    await dataSource.apply(old)

    // The change: in each of two sections, 5 deletes, 5 inserts, 2 moves,
    // 2 reloads and 2 reconfigures.
    var new = old
    var fresh = 10_000_000
    for s in [0, sections - 1] {
      let items = old.itemIdentifiers(inSection: s)
      new.deleteItems(Array(items[10..<15]))
      new.insertItems(counter.identifiers(fresh..<fresh + 5), beforeItem: items[20])
      fresh += 5
      new.moveItem(items[30], afterItem: items[40])
      new.moveItem(items[50], beforeItem: items[45])
      new.reloadItems([items[60], items[61]])
      new.reconfigureItems([items[70], items[71]])
    }

    view.hashes = 0
    view.equalities = 0
    cellRequests = 0
    let stepsBefore = dataSource._applyStatistics.actorSteps
    let before = counter.counts
    await dataSource.apply(new)
    let totalOperations = (counter.counts - before).total
    #expect(view.inner.cells.map { $0.map(\.value) } == sectionItems(new).map { $0.map(\.value) })
    return (
      Cost(
        cellRequests: cellRequests, hashesInView: view.hashes, equalitiesInView: view.equalities,
        actorSteps: dataSource._applyStatistics.actorSteps - stepsBefore),
      totalOperations
    )
  }

  @Test("a change of fixed size costs the same on the main actor at 1,000 and 40,000 items")
  func proportionalToChange() async {
    let (small, smallTotal) = await costOfChange(sections: 10, perSection: 100)
    let (large, largeTotal) = await costOfChange(sections: 40, perSection: 1_000)
    // 10 inserts, 4 reloads and 4 reconfigures need cells; nothing else does.
    let expected = Cost(cellRequests: 18, hashesInView: 0, equalitiesInView: 0, actorSteps: 1)
    #expect(small == expected)
    #expect(large == expected)
    // The diff hashes and compares items, but off the main actor: the totals
    // grow with the size, the main actor's share does not.
    #expect(smallTotal > 0)
    #expect(largeTotal > smallTotal)
  }

  /// Shows an outline of 10 collapsed roots, the first with 20 children and
  /// the second with `hidden` children, then expands (or, if `collapsing`,
  /// expands untimed and then collapses) the first root as the user does,
  /// and returns what that cost on the main thread.
  func costOfUserAction(hidden: Int, collapsing: Bool) async -> (
    hashesAndEqualities: Int, cellRequests: Int, actorSteps: Int
  ) {
    let counter = CountingIdentifier.Counter()
    let view = ReferenceListView<CountingIdentifier>()
    var cellRequests = 0
    let dataSource = DiffableDataSource<Int, CountingIdentifier>(view: view) { _, _, item in
      cellRequests += 1
      return item
    }
    var outline = DiffableDataSourceSectionSnapshot<CountingIdentifier>()
    outline.append(counter.identifiers(0..<10))
    outline.append(counter.identifiers(100..<120), to: counter.identifier(0))
    outline.append(counter.identifiers(1_000..<1_000 + hidden), to: counter.identifier(1))
    await dataSource.apply(outline, to: 0)
    if collapsing { await dataSource.expandItem(counter.identifier(0)) }
    cellRequests = 0
    let steps = dataSource._applyStatistics.actorSteps
    let before = counter.mainThreadCounts
    if collapsing {
      await dataSource.collapseItem(counter.identifier(0))
    } else {
      await dataSource.expandItem(counter.identifier(0))
    }
    let after = counter.mainThreadCounts
    #expect(view.cells.joined().count == (collapsing ? 10 : 30))
    return (
      (after - before).total, cellRequests, dataSource._applyStatistics.actorSteps - steps
    )
  }

  @Test(
    "a user's expand or collapse costs the main actor the same beside 1,000 or 50,000 hidden items",
    arguments: [false, true])
  func userActionProportionalToChange(collapsing: Bool) async {
    let small = await costOfUserAction(hidden: 1_000, collapsing: collapsing)
    let large = await costOfUserAction(hidden: 50_000, collapsing: collapsing)
    #expect(small == large)
    // Cells for the 20 children revealed (none when they are hidden) and the
    // reconfigured root; a few hashes to find the item; one step.
    #expect(small.cellRequests == (collapsing ? 1 : 21))
    #expect(small.hashesAndEqualities <= 4)
    #expect(small.actorSteps == 1)
  }
}
