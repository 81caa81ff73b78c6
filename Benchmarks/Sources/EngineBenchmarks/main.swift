// Benchmarks for the data source engine: applying a snapshot through the
// whole pipeline (queue, diff off the main actor, one hop to the main actor,
// the reference list view performing the batch and asking for the cells it
// needs) against the bare diff it is built on, `BatchUpdate(from:to:)`,
// measured in the same process on the same snapshots.
//
// Targets: the apply takes at most 1.2× the bare diff, and the main actor's
// share of it (the data source's step: switching snapshots, the view's
// batch, the cell requests) is at most 10%.
//
// Outlines: a user's expand of one item of a 100,010-item tree, through the
// engine (the handlers, the queue, the change of the kept section snapshot
// and of the section's items, the diff, the view), against the floor of any
// engine (expand the item, list the visible items, diff the flat snapshots
// made beforehand) and against an app doing it by hand with the flat API
// (expand, insert what the item reveals into a copy of the flat snapshot,
// diff).

import BenchmarkSupport
@_spi(Testing) import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTesting
import Foundation

refuseToMeasure(ifCheckingInvariants: DiffableDataSourceSnapshot<Int, Int>._isCheckingInvariants)

var harness = Harness(runs: 9)
var random = BenchmarkRandom()

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
final class TakingListView: @MainActor DiffableListView {
  typealias Cell = Int
  private var dataSource: (any DiffableListViewDataSource<Int, Never>)?
  func connect(to dataSource: any DiffableListViewDataSource<Int, Never>) {
    self.dataSource = dataSource
  }
  func reloadData() {}
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void, completion: @escaping (Bool) -> Void
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

/// A contestant that puts `dataSource` back in its starting state with
/// `prepare` (untimed), then performs `operation`, which returns when the
/// view shows its result, recording the whole time and the main actor's.
@MainActor
func timing(
  _ name: String, _ dataSource: DiffableDataSource<Int, Int>, recordingIn times: ApplyTimes,
  prepare: @escaping () async -> Void, _ operation: @escaping () async -> Void
) -> AsyncContestant {
  AsyncContestant(name, prepare: prepare) {
    let before = dataSource._applyStatistics.actorTime
    let start = ContinuousClock.now
    await operation()
    times.apply.append((ContinuousClock.now - start).seconds)
    times.mainActor.append((dataSource._applyStatistics.actorTime - before).seconds)
    return dataSource.numberOfSections
  }
}

/// Times an operation through the engine, to the reference view and to a
/// view that asks nothing, against `references` (the first is the floor), and
/// reports the ratios and the main actor's share of the operation.
///
/// - Parameters:
///   - operation: What the report calls the operation ("apply").
///   - targets: The targets printed beside the ratio to the first reference
///     and the main actor's share, if any.
///   - shownItems: How many items the view shows after the operation.
///   - contestant: Makes the contestant that performs the operation on a
///     data source and records its times.
@MainActor
func engineScenario(
  _ title: String, references: [(label: String, contestant: AsyncContestant)],
  operation: String, targets: (ratio: String, share: String)?, shownItems: Int,
  _ contestant: (String, DiffableDataSource<Int, Int>, ApplyTimes) -> AsyncContestant
) async {
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
    references.map(\.contestant) + [
      contestant("\(operation) through the engine to the reference view", dataSource, viewTimes),
      contestant(
        "\(operation) through the engine to a view that asks nothing", taking, takingTimes),
    ])
  precondition(view.cells.joined().count == shownItems, "the view does not show the result")
  let engine = medians.count - 2
  for (name, times, total) in [
    ("reference view", viewTimes, medians[engine]),
    ("view that asks nothing", takingTimes, medians[engine + 1]),
  ] {
    let ratios = references.indices.map { index in
      "\(operation) / \(references[index].label) \(format(total / medians[index], 2))×"
        + (index == 0 ? targets.map { " (target \($0.ratio))" } ?? "" : "")
    }
    local.emit(
      "  \(name): " + ratios.joined(separator: ", ") + "; main actor "
        + "\(format(median(times.mainActor) * 1_000, 3)) ms per \(operation), "
        + "\(format(times.share * 100, 1))% of it" + (targets.map { " (target \($0.share))" } ?? "")
    )
  }
}

/// Times the apply of `new` over `old` against the bare diff, and reports
/// the main actor's share of the apply.
@MainActor
func applyScenario(_ title: String, old: Snapshot, new: Snapshot) async {
  await engineScenario(
    title,
    references: [
      (
        "bare diff",
        AsyncContestant("bare BatchUpdate(from:to:)") { BatchUpdate(from: old, to: new).count }
      )
    ],
    operation: "apply", targets: ("≤ 1.2×", "≤ 10%"), shownItems: new.numberOfItems
  ) { name, dataSource, times in
    // Reset to `old`, then apply `new`.
    timing(name, dataSource, recordingIn: times) {
      await dataSource.applySnapshotUsingReloadData(old)
    } _: {
      await dataSource.apply(new)
    }
  }
  let batch = BatchUpdate(from: old, to: new)
  harness.emit(
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

// MARK: - Outlines

/// A section snapshot behind a reference, so that the floor can expand and
/// collapse in place: mutating a captured copy would copy the tree first.
final class OutlineBox {
  var outline: DiffableDataSourceSectionSnapshot<Int>
  init(_ outline: DiffableDataSourceSectionSnapshot<Int>) { self.outline = outline }
}

/// 10 roots, each with 100 children of 99 leaves: 100,010 items. Root r is
/// r; child c of r is 100 + 100r + c; leaf l of child p is 1,000,000 + 100p
/// + l. Every item is expanded if `expanded`, none otherwise.
func tree(expanded: Bool) -> DiffableDataSourceSectionSnapshot<Int> {
  var outline = DiffableDataSourceSectionSnapshot<Int>()
  let roots = Array(0..<10)
  outline.append(roots)
  for root in roots {
    let children = (0..<sized(100)).map { 100 + 100 * root + $0 }
    outline.append(children, to: root)
    for child in children {
      outline.append((0..<sized(99)).map { 1_000_000 + 100 * child + $0 }, to: child)
    }
  }
  if expanded { outline.expand(outline.items) }
  return outline
}

/// The flat snapshot of one section showing `items`.
func flat(_ items: [Int]) -> Snapshot {
  var snapshot = Snapshot()
  snapshot.appendSections([0])
  snapshot.appendItems(items)
  return snapshot
}

/// Times a user's expand of `item` in `outline` through the engine against
/// the floor and against doing it by hand, and reports the main actor's
/// share.
@MainActor
func expandScenario(
  _ title: String, _ outline: DiffableDataSourceSectionSnapshot<Int>, expanding item: Int
) async {
  var expanded = outline
  expanded.expand([item])
  let (old, new) = (flat(outline.visibleItems), flat(expanded.visibleItems))
  let box = OutlineBox(outline)
  await engineScenario(
    title,
    references: [
      (
        "floor",
        AsyncContestant("floor: expand(_:), visibleItems, bare BatchUpdate(from:to:)") {
          box.outline.expand([item])
          let shown = box.outline.visibleItems.count
          box.outline.collapse([item])
          return shown + BatchUpdate(from: old, to: new).count
        }
      ),
      (
        "by hand",
        AsyncContestant("by hand: expand(_:), insertItems(_:afterItem:), BatchUpdate") {
          box.outline.expand([item])
          let revealed = box.outline.snapshot(of: item).visibleItems
          box.outline.collapse([item])
          var shown = old
          shown.insertItems(revealed, afterItem: item)
          return BatchUpdate(from: old, to: shown).count
        }
      ),
    ],
    operation: "expandItem(_:)", targets: nil, shownItems: new.numberOfItems
  ) { name, dataSource, times in
    // Show `outline` in section 0, then expand `item` as the user does.
    timing(name, dataSource, recordingIn: times) {
      await dataSource.apply(outline, to: 0)
    } _: {
      await dataSource.expandItem(item)
    }
  }
  harness.emit(
    "  shown before \(old.numberOfItems), after \(new.numberOfItems): "
      + "\(new.numberOfItems - old.numberOfItems) cells asked for, plus the expanded item's "
      + "reconfigure")
}

/// Expands and collapses a root of the expanded tree `rounds` times, for a
/// profiler.
@MainActor
func profileOutline(rounds: Int) async {
  var outline = tree(expanded: true)
  outline.collapse([3])
  let dataSource = DiffableDataSource<Int, Int>(view: TakingListView()) { _, _, item in item }
  await dataSource.apply(outline, to: 0)
  for _ in 0..<rounds {
    await dataSource.expandItem(3)
    await dataSource.collapseItem(3)
  }
  print(dataSource._applyStatistics)
}

// `PROFILE_OUTLINE=n` runs `profileOutline(rounds: n)` and stops.
if let text = ProcessInfo.processInfo.environment["PROFILE_OUTLINE"], let rounds = Int(text) {
  await profileOutline(rounds: rounds)
  exit(0)
}

// `PROFILE=n` runs `profile(rounds: n)` and stops.
if let text = ProcessInfo.processInfo.environment["PROFILE"], let rounds = Int(text) {
  await profile(rounds: rounds)
  exit(0)
}

for sections in [1, 100] {
  let old = snapshot(sections: sections, itemsPerSection: sized(100_000) / sections)
  await applyScenario(
    "Apply, \(old.numberOfItems.formatted()) Ints in "
      + (sections == 1 ? "one section" : "\(sections) sections") + ", 1% changed",
    old: old, new: changedByOnePercent(old))
}
do {
  let outline = tree(expanded: false)
  var expanded = outline
  expanded.expand([3])
  await expandScenario(
    "Outline, \(outline.items.count.formatted()) items all collapsed: expand a root "
      + "(\(outline.visibleItems.count) shown, then \(expanded.visibleItems.count))",
    outline, expanding: 3)
}
do {
  var outline = tree(expanded: true)
  outline.collapse([3])
  let shown = outline.visibleItems.count
  let total = outline.items.count
  await expandScenario(
    "Outline, \(total.formatted()) items all expanded but a root: expand it "
      + "(\(shown.formatted()) shown, then \(total.formatted()))",
    outline, expanding: 3)
}
harness.finish()
