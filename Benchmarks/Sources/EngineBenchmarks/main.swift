// Benchmarks for the data source engine: applying a snapshot through the
// whole pipeline (queue, diff off the main actor, one hop to the main actor,
// the reference list view performing the batch and asking for the cells it
// needs) against the bare diff it is built on, `BatchUpdate(from:to:)`,
// measured in the same process on the same snapshots.
//
// Targets: the apply takes at most 1.2× the bare diff, and the main actor's
// share of it (the data source's step: switching snapshots, the view's
// batch, the cell requests) is at most 10%.

import BenchmarkSupport
@_spi(Testing) import DiffableCore
@_spi(Testing) import DiffableEngine
import Foundation

refuseToMeasure(ifCheckingInvariants: DiffableDataSourceSnapshot<Int, Int>._isCheckingInvariants)

var harness = Harness(runs: Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 9)
var random = SystemRandomNumberGenerator()

typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

/// `old` with 1% of its items changed, spread over the whole list: 0.3%
/// deleted, 0.3% inserted, 0.2% moved inside their section, 0.2% reloaded.
@MainActor func changedByOnePercent(_ old: Snapshot) -> Snapshot {
  var new = old
  let count = old.numberOfItems
  var items = old.itemIdentifiers.shuffled(using: &random)
  let deleted = Array(items.prefix(count * 3 / 1_000))
  items.removeFirst(deleted.count)
  new.deleteItems(deleted)
  var fresh = count * 10
  for anchor in items.prefix(count * 3 / 1_000) {
    new.insertItems([fresh], beforeItem: anchor)
    fresh += 1
  }
  items.removeFirst(count * 3 / 1_000)
  for item in items.prefix(count * 2 / 1_000) {
    let section = new.sectionIdentifier(containingItem: item)!
    let siblings = new.itemIdentifiers(inSection: section)
    let anchor = siblings[Int.random(in: 0..<siblings.count, using: &random)]
    if anchor != item { new.moveItem(item, beforeItem: anchor) }
  }
  items.removeFirst(count * 2 / 1_000)
  new.reloadItems(Array(items.prefix(count * 2 / 1_000)))
  return new
}

func snapshot(sections: Int, itemsPerSection: Int) -> Snapshot {
  var snapshot = Snapshot()
  snapshot.appendSections(Array(0..<sections))
  for section in 0..<sections {
    snapshot.appendItems(
      Array(section * itemsPerSection..<(section + 1) * itemsPerSection), toSection: section)
  }
  return snapshot
}

/// A view that takes each batch and asks for nothing: what is left of an
/// apply's cost is the engine's own (queue, worker, diff, hops, switching
/// snapshots), as with a real view whose changed cells are all off screen.
@MainActor
final class TakingListView: DiffableListView {
  typealias Cell = Int
  private var dataSource: (any DiffableListViewDataSource<Int, Never>)?
  func connect(to dataSource: any DiffableListViewDataSource<Int, Never>) {
    self.dataSource = dataSource
  }
  func reloadData() {}
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void
  ) {
    updatingData()
    completion(true)
  }
  func reconfigureItems(at indexPaths: [IndexPath]) {}
}

/// The times of the applies a contestant made: the whole apply, and the
/// data source's step on the main actor.
@MainActor
final class ApplyTimes {
  var apply: [Double] = []
  var mainActor: [Double] = []

  /// The median of the main actor's share of each apply.
  var share: Double { median(zip(mainActor, apply).map { $0 / $1 }) }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// A contestant that resets `dataSource` to `old` (untimed), then applies
/// `new` and waits until the view shows it.
@MainActor
func applying(
  _ name: String, _ dataSource: DiffableDataSource<Int, Int>, from old: Snapshot,
  to new: Snapshot, recordingIn times: ApplyTimes
) -> AsyncContestant {
  AsyncContestant(name, prepare: { await dataSource.applySnapshotUsingReloadData(old) }) {
    let before = dataSource._applyStatistics.mainActorTime
    let start = ContinuousClock.now
    await dataSource.apply(new)
    times.apply.append((ContinuousClock.now - start).seconds)
    times.mainActor.append((dataSource._applyStatistics.mainActorTime - before).seconds)
    return dataSource.numberOfSections
  }
}

/// Times the apply of `new` over `old` against the bare diff, and reports
/// the main actor's share of the apply.
@MainActor
func applyScenario(_ title: String, old: Snapshot, new: Snapshot) async {
  let view = ReferenceListView<Int>()
  view.recordsEvents = false
  let dataSource = DiffableDataSource<Int, Int>(view: view) { _, _, item in item }
  let taking = DiffableDataSource<Int, Int>(view: TakingListView()) { _, _, item in item }
  let (viewTimes, takingTimes) = (ApplyTimes(), ApplyTimes())
  // A global cannot be changed across a suspension: time on a copy.
  var local = harness
  defer { harness = local }
  let medians = await local.scenario(
    title,
    [
      AsyncContestant("bare BatchUpdate(from:to:)") { BatchUpdate(from: old, to: new).count },
      applying(
        "apply through the engine to the reference view", dataSource, from: old, to: new,
        recordingIn: viewTimes),
      applying(
        "apply through the engine to a view that asks nothing", taking, from: old, to: new,
        recordingIn: takingTimes),
    ])
  precondition(
    view.cells.joined().count == new.numberOfItems, "the view does not show the new snapshot")
  for (name, times, total) in [
    ("reference view", viewTimes, medians[1]), ("view that asks nothing", takingTimes, medians[2]),
  ] {
    local.emit(
      "  \(name): apply / bare diff \(format(total / medians[0], 2))× (target ≤ 1.2×); "
        + "main actor \(format(median(times.mainActor) * 1_000, 3)) ms per apply, "
        + "\(format(times.share * 100, 1))% of it (target ≤ 10%)")
  }
  let batch = BatchUpdate(from: old, to: new)
  local.emit(
    "  the batch: \(batch.count) operations; cells asked for per apply: "
      + "\(batch.itemInserts.count + batch.itemReloads.count + batch.itemReconfigures.count)")
}

/// Applies `rounds` changes back and forth, for a profiler.
@MainActor
func profile(rounds: Int) async {
  let old = snapshot(sections: 100, itemsPerSection: 1_000)
  let new = changedByOnePercent(old)
  let view = ReferenceListView<Int>()
  view.recordsEvents = false
  let dataSource = DiffableDataSource<Int, Int>(view: view) { _, _, item in item }
  await dataSource.apply(old)
  for round in 0..<rounds { await dataSource.apply(round % 2 == 0 ? new : old) }
  print(dataSource._applyStatistics)
}

// `PROFILE=n` runs `profile(rounds: n)` and stops.
if let text = ProcessInfo.processInfo.environment["PROFILE"], let rounds = Int(text) {
  await profile(rounds: rounds)
  exit(0)
}

do {
  let old = snapshot(sections: 1, itemsPerSection: 100_000)
  await applyScenario(
    "Apply, 100,000 Ints in one section, 1% changed", old: old, new: changedByOnePercent(old))
}
do {
  let old = snapshot(sections: 100, itemsPerSection: 1_000)
  await applyScenario(
    "Apply, 100,000 Ints in 100 sections, 1% changed", old: old, new: changedByOnePercent(old))
}
harness.finish()
