import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// What the tasks of ``ConcurrencyTests/dragsAmidApplies()`` share on the
/// main actor: fresh item identifiers, the requests in flight, and what the
/// checks found.
@MainActor
private final class DragBench {
  let view: ReferenceListView<Int>
  let dataSource: DiffableDataSource<Int, Int>
  /// Section snapshots queued and not yet on screen, by section.
  var pendingOutlines: [Int: Int] = [:]
  /// Full applies queued and not yet on screen.
  var pendingFullApplies = 0
  var nextItem = 0
  var disagreements: [String] = []
  var drags = 0
  var dragsAcrossSections = 0
  var toggles = 0

  init(view: ReferenceListView<Int>, dataSource: DiffableDataSource<Int, Int>) {
    self.view = view
    self.dataSource = dataSource
  }

  func freshItems(_ count: Int) -> [Int] {
    defer { nextItem += count }
    return Array(nextItem..<(nextItem + count))
  }

  /// Records a disagreement if the view does not show the data source's
  /// snapshot, or an outline section's visible items are not its items.
  func check(_ when: String) {
    let snapshot = dataSource.snapshot()
    if view.cells != sectionItems(snapshot) {
      disagreements.append("\(when): the view shows \(view.cells), the snapshot \(snapshot)")
    }
    for section in snapshot.sectionIdentifiers
    where dataSource.snapshot(for: section).visibleItems
      != snapshot.itemIdentifiers(inSection: section)
    {
      disagreements.append("\(when): section \(section)'s section snapshot disagrees")
    }
  }

  /// The sections a drag may take an item out of into another section: none
  /// while a full apply is in flight, and only those with no section
  /// snapshot in flight. Those were built from what the app saw before the
  /// drag, and a full apply would put the item back, or a section snapshot
  /// claim it, in a section it has left (the app's own race, not the
  /// engine's).
  var sectionsToLeave: [Int] {
    guard pendingFullApplies == 0, view.cells.count > 1 else { return [] }
    return view.cells.indices.filter {
      !view.cells[$0].isEmpty && pendingOutlines[$0, default: 0] == 0
    }
  }

  /// Drags a random item to a random place: into another section when
  /// `acrossSections` is true (the caller waits until ``sectionsToLeave``
  /// is not empty), else at random, crossing when ``sectionsToLeave``
  /// allows it.
  func drag(acrossSections: Bool = false, using random: inout SeededRandom) {
    let leavable = sectionsToLeave
    let crosses = acrossSections || (!leavable.isEmpty && Bool.random(using: &random))
    let sections = crosses ? leavable : view.cells.indices.filter { !view.cells[$0].isEmpty }
    guard let from = sections.randomElement(using: &random) else {
      Issue.record("no section to drag from (across sections: \(crosses))")
      return
    }
    let item = Int.random(in: 0..<view.cells[from].count, using: &random)
    let to =
      crosses
      ? view.cells.indices.filter { $0 != from }.randomElement(using: &random)! : from
    let room = view.cells[to].count - (to == from ? 1 : 0)
    let place = Int.random(in: 0...room, using: &random)
    #expect(view.interactivelyMoveItem(at: [from, item], to: [to, place]))
    drags += 1
    if to != from { dragsAcrossSections += 1 }
    check("after a drag")
  }

  /// Queues a full apply built from what the data source shows: a deleted
  /// item, new items, an item moved inside its section.
  func fullApply(using random: inout SeededRandom) -> Task<Void, Never> {
    var snapshot = dataSource.snapshot()
    if let victim = snapshot.itemIdentifiers.randomElement(using: &random) {
      snapshot.deleteItems([victim])
    }
    for item in freshItems(Int.random(in: 0...2, using: &random)) {
      snapshot.appendItems(
        [item], toSection: snapshot.sectionIdentifiers.randomElement(using: &random)!)
    }
    if let section = snapshot.sectionIdentifiers.randomElement(using: &random) {
      let items = snapshot.itemIdentifiers(inSection: section)
      if items.count >= 2 {
        let pair = items.shuffled(using: &random).prefix(2)
        snapshot.moveItem(pair.first!, beforeItem: pair.last!)
      }
    }
    let animated = Bool.random(using: &random)
    pendingFullApplies += 1
    return Task {
      await dataSource.apply(snapshot, animatingDifferences: animated)
      pendingFullApplies -= 1
      check("after a full apply")
    }
  }

  /// Queues a section snapshot of a random section, built from the one it
  /// shows: items dropped and added, some expanded or collapsed, a new item
  /// under another.
  func outlineApply(using random: inout SeededRandom) {
    let section = Int.random(in: 0..<3, using: &random)
    var outline = dataSource.snapshot(for: section)
    if let victim = outline.items.randomElement(using: &random) {
      outline.delete([victim])
    }
    for item in freshItems(Int.random(in: 0...3, using: &random)) {
      let parent = Bool.random(using: &random) ? outline.items.randomElement(using: &random) : nil
      outline.append([item], to: parent)
    }
    for item in outline.items where Int.random(in: 0..<4, using: &random) == 0 {
      if outline.isExpanded(item) { outline.collapse([item]) } else { outline.expand([item]) }
    }
    pendingOutlines[section, default: 0] += 1
    dataSource.apply(outline, to: section, animatingDifferences: Bool.random(using: &random)) {
      [self] in
      pendingOutlines[section, default: 0] -= 1
      check("after a section snapshot")
    }
  }

  /// Expands or collapses a random item the view shows, as a tap does.
  func toggle(using random: inout SeededRandom) {
    guard let item = view.cells.joined().randomElement(using: &random) else { return }
    dataSource.toggleExpansion(of: item) { [self] in check("after a toggle") }
    toggles += 1
  }
}

extension ConcurrencyTests {
  @Test(
    "drags, full applies, section snapshots and toggles from several tasks: the view shows the snapshot"
  )
  func dragsAmidApplies() async throws {
    let (seeds, list) = Self.hammerList("ConcurrencyTests.dragsAmidApplies")
    let (view, dataSource) = (list.view, list.dataSource)
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let bench = DragBench(view: view, dataSource: dataSource)
    var first = Snapshot()
    first.appendSections([0, 1, 2])
    for section in 0..<3 { first.appendItems(bench.freshItems(6), toSection: section) }
    await dataSource.apply(first)

    let steps = 60
    // The user drags and taps; the app applies full snapshots (awaiting
    // each) and section snapshots (with completions) from two more tasks.
    // Every task runs on the main actor, where it builds and queues its
    // requests; their diffs run on other threads meanwhile.
    let user = Task {
      var random = seeds.substream(0)
      for step in 0..<steps {
        if step % 10 == 9 {
          // On a loaded machine the app's requests may be in flight at
          // every random drag; every tenth step waits for a moment when a
          // drag can cross sections, so that some always do.
          await waitUntil("a drag can cross sections") { !bench.sectionsToLeave.isEmpty }
          bench.drag(acrossSections: true, using: &random)
        } else if Int.random(in: 0..<3, using: &random) == 0 {
          bench.toggle(using: &random)
        } else {
          bench.drag(using: &random)
        }
        await Task.yield()
      }
    }
    // The app's tasks pause between requests, or the user could seldom drag
    // across sections (see `DragBench.sectionsToLeave`).
    let fullApplies = Task {
      var random = seeds.substream(1)
      for _ in 0..<steps / 3 {
        await bench.fullApply(using: &random).value
        for _ in 0..<Int.random(in: 1...4, using: &random) { await Task.yield() }
      }
    }
    let outlines = Task {
      var random = seeds.substream(2)
      for _ in 0..<steps / 2 {
        bench.outlineApply(using: &random)
        for _ in 0..<Int.random(in: 1...4, using: &random) { await Task.yield() }
      }
    }
    await user.value
    await fullApplies.value
    await outlines.value
    await waitUntil("every request landed") {
      bench.pendingFullApplies == 0 && bench.pendingOutlines.values.allSatisfy { $0 == 0 }
    }
    // One more drag across sections, then a section snapshot of where the
    // item went, holding it.
    var random = seeds.substream(3)
    var last = dataSource.snapshot()
    if last.itemIdentifiers(inSection: 0).isEmpty {
      last.appendItems(bench.freshItems(1), toSection: 0)
      await dataSource.apply(last)
    }
    #expect(view.interactivelyMoveItem(at: [0, 0], to: [1, 0]))
    let moved = view.cells[1][0]
    var outline = dataSource.snapshot(for: 1)
    outline.append(bench.freshItems(1), to: moved)
    outline.expand([moved])
    await dataSource.apply(outline, to: 1)
    bench.check("at the end")
    #expect(dataSource.snapshot(for: 1) == outline)
    bench.drag(using: &random)
    #expect(bench.disagreements.isEmpty, "\(bench.disagreements.prefix(3))")
    #expect(bench.dragsAcrossSections >= steps / 10)
    print(
      "drag hammer: \(bench.drags) drags (\(bench.dragsAcrossSections) across sections), "
        + "\(bench.toggles) toggles, \(dataSource._applyStatistics)")
  }
}
