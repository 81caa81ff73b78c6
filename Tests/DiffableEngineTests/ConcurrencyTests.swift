import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// Many producers applying to one data source at once: tasks on other
/// threads make their snapshots there and hop to the main actor, where the
/// data source lives, to apply them, while its diffs run off the main actor.
/// `.ci/run` runs this suite under ThreadSanitizer.
@MainActor
@Suite("Concurrent applies")
struct ConcurrencyTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// The first section's only item names the snapshot.
  nonisolated static let markerSection = 1_000
  nonisolated static func marker(of id: Int) -> Int { 1_000_000 + id }

  /// A random snapshot named `id`.
  nonisolated static func snapshot(_ id: Int, using random: inout SeededRandom) -> Snapshot {
    var snapshot = RandomSnapshots.edited(
      RandomSnapshots.snapshot(maxSections: 6, sectionPool: 10, itemPool: 150, using: &random),
      edits: 4, sectionPool: 10, itemPool: 150, using: &random)
    let marker = Self.marker(of: id)
    if let first = snapshot.sectionIdentifiers.first {
      snapshot.insertSections([Self.markerSection], beforeSection: first)
    } else {
      snapshot.appendSections([Self.markerSection])
    }
    snapshot.appendItems([marker], toSection: Self.markerSection)
    return snapshot
  }

  /// What a completion saw.
  struct Completion: Sendable {
    var id: Int
    /// The snapshot the view showed, by its marker's id.
    var shown: Int?
    /// Whether the view's cells were the data source's snapshot.
    var consistent: Bool
  }

  /// A generator (its seed printed, to replay a failure) whose substreams
  /// feed the producers, and a data source over a reference view that
  /// records no events, for a hammer test.
  static func hammerList(_ name: String) -> (seeds: SeededRandom, list: HammerList) {
    (SeededRandom.forTest(name), HammerList())
  }

  @Test("tasks on other threads hammering one data source: order, validity, completions")
  func hammer() async throws {
    let (seeds, list) = Self.hammerList("ConcurrencyTests.hammer")
    let completions = Shared<[Completion]>([])
    let snapshots = Shared<[Int: Snapshot]>([:])

    /// Records a completion of snapshot `id`, on the main actor.
    let complete: @MainActor @Sendable (Int) -> Void = { id in
      completions.withLock {
        $0.append(Completion(id: id, shown: list.shownID, consistent: list.isConsistent))
      }
    }

    let taskCount = 10
    let steps = 40
    let asyncReturns = Shared<[Int]>([])

    /// Applies snapshot `id` of a producer on the main actor, in one of four
    /// ways: animated, unanimated, reload-data, or with a completion that
    /// applies again. Never waits.
    let submit: @MainActor @Sendable (Int, Snapshot, Int) -> Void = { id, snapshot, way in
      snapshots.withLock { $0[id] = snapshot }
      let dataSource = list.dataSource
      switch way {
      case 0:
        dataSource.apply(snapshot) { complete(id) }
      case 1:
        dataSource.apply(snapshot, animatingDifferences: false) { complete(id) }
      case 2:
        dataSource.applySnapshotUsingReloadData(snapshot) { complete(id) }
      default:
        let followUp = id + 500
        var next = snapshot
        next.deleteItems([Self.marker(of: id)])
        next.appendItems([Self.marker(of: followUp)], toSection: Self.markerSection)
        snapshots.withLock { $0[followUp] = next }
        dataSource.apply(snapshot, animatingDifferences: id % 2 == 0) {
          complete(id)
          dataSource.apply(next) { complete(followUp) }
        }
      }
    }

    // Each producer makes its snapshots on its own thread, then hops to the
    // main actor to apply: the four ways, and the async form every fifth
    // step.
    @Sendable func produce(_ producer: Int) async {
      var random = seeds.substream(producer)
      for step in 0..<steps {
        let id = producer * 1_000 + step
        let snapshot = Self.snapshot(id, using: &random)
        if step % 5 == 3 {
          snapshots.withLock { $0[id] = snapshot }
          await list.apply(snapshot)
          asyncReturns.withLock { $0.append(id) }
        } else {
          await MainActor.run { submit(id, snapshot, step % 5 == 4 ? 3 : step % 5) }
        }
        // Pauses now and then, so that the rounds are many and varied.
        if step % 2 == 0 { try? await Task.sleep(for: .milliseconds(1)) }
      }
    }

    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<taskCount {
        group.addTask { await produce(producer) }
      }
    }

    let followUps = taskCount * (steps / 5)
    let asyncCount = taskCount * (steps / 5)
    let expected = taskCount * steps + followUps - asyncCount
    await waitUntil("every completion ran") { completions.current.count >= expected }

    let log = completions.current
    #expect(log.count == expected)
    // Each completion exactly once.
    let ids = log.map(\.id)
    #expect(Set(ids).count == ids.count, "a completion ran twice")
    #expect(
      Set(ids).union(asyncReturns.current) == Set(snapshots.current.keys),
      "a completion never ran")
    // Each producer's applies completed in the order it made them.
    for producer in 0..<taskCount {
      let own = ids.filter { $0 / 1_000 == producer && $0 % 1_000 < 500 }
      #expect(own == own.sorted(), "producer \(producer) completed out of order: \(own)")
    }
    // Every completion saw the view and the data source agree, and the view
    // showing the snapshot of a later completion of the same round: the
    // snapshots completing between them were skipped in its favour.
    let position = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
    for (index, completion) in log.enumerated() {
      #expect(completion.consistent, "completion of \(completion.id) saw the view disagree")
      guard let shown = completion.shown, snapshots.current[shown] != nil else {
        Issue.record("completion of \(completion.id) saw no known snapshot")
        continue
      }
      // A snapshot applied with the async form has no completion in the log.
      guard let shownAt = position[shown] else { continue }
      #expect(shownAt >= index, "completion of \(completion.id) saw an older snapshot")
      for later in log[index...shownAt] {
        #expect(later.shown == shown, "the view changed inside a round")
      }
    }
    #expect(asyncReturns.current.count == asyncCount)
    #expect(Set(asyncReturns.current).count == asyncCount)
    // Everything drained: the view shows the snapshot named by its marker,
    // and so does the data source; one more apply lands as the last.
    let shown = try #require(list.shownID)
    #expect(list.view.cells == sectionItems(try #require(snapshots.current[shown])))
    #expect(list.dataSource.snapshot() == snapshots.current[shown])
    var random = seeds
    let final = Self.snapshot(999_999, using: &random)
    await list.apply(final)
    #expect(list.view.cells == sectionItems(final))
    let statistics = list.dataSource._applyStatistics
    #expect(statistics.requests == expected + asyncCount + 1)
    print("concurrency hammer: \(statistics)")
  }

  @Test("interactive reorders on the main actor amid applies from other tasks")
  func reordersAmidApplies() async throws {
    let (seeds, list) = Self.hammerList("ConcurrencyTests.reordersAmidApplies")
    let view = list.view
    let dataSource = list.dataSource
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let disagreements = Shared(0)
    let completed = Shared(0)
    let producers = 4
    let steps = 50

    let background = Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for producer in 0..<producers {
          group.addTask {
            var random = seeds.substream(producer)
            for step in 0..<steps {
              let snapshot = Self.snapshot(producer * 1_000 + step, using: &random)
              await MainActor.run {
                list.dataSource.apply(snapshot) {
                  if !list.isConsistent { disagreements.withLock { $0 += 1 } }
                  completed.withLock { $0 += 1 }
                }
              }
              try? await Task.sleep(for: .milliseconds(1))
            }
          }
        }
      }
    }
    var random = seeds
    var moves = 0
    // Drag a random item of a section with at least two items, up to forty
    // times, while the producers apply (the snapshot they leave may have no
    // such section); then wait for their completions.
    while moves < 40 && completed.current < producers * steps {
      let sections = view.cells.indices.filter { view.cells[$0].count >= 2 }
      if let section = sections.randomElement(using: &random) {
        let count = view.cells[section].count
        let from = Int.random(in: 0..<count, using: &random)
        let to = Int.random(in: 0..<count, using: &random)
        view.interactivelyMoveItem(at: [section, from], to: [section, to])
        moves += 1
        #expect(view.cells == sectionItems(dataSource.snapshot()))
      }
      try await Task.sleep(for: .milliseconds(1))
    }
    await waitUntil("every completion ran") { completed.current == producers * steps }
    await background.value
    var final = Snapshot()
    final.appendSections([0, 1])
    final.appendItems([1, 2, 3], toSection: 0)
    await dataSource.apply(final)
    #expect(view.cells == [[1, 2, 3], []])
    #expect(disagreements.current == 0)
    print("reorder hammer: \(moves) moves, \(dataSource._applyStatistics)")
  }

  /// A data source over a view showing 2,000 items in section 0 and none in
  /// section 1, with reordering on.
  static func longReorderableList() async -> (ReferenceListView<Int>, DiffableDataSource<Int, Int>)
  {
    let view = ReferenceListView<Int>()
    let dataSource = DiffableDataSource<Int, Int>(view: view) { _, _, item in item }
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    var snapshot = Snapshot()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(Array(0..<2_000), toSection: 0)
    await dataSource.apply(snapshot)
    return (view, dataSource)
  }

  /// Moves the first item of section 0 to its end at every turn of the main
  /// actor until `landed`: each diff made off the main actor is stale by the
  /// time it arrives. The engine lands the apply after two stale rounds
  /// whatever the speed of the machine; the deadline (200 seconds, under
  /// CI's limit for a whole run) only ends a test that would otherwise run
  /// forever.
  static func reorderEveryTurn(_ view: ReferenceListView<Int>, until landed: Shared<Bool>) async {
    let deadline = ContinuousClock.now + .seconds(200)
    while !landed.current && ContinuousClock.now < deadline {
      view.interactivelyMoveItem(at: [0, 0], to: [0, 1_999])
      await Task.yield()
    }
  }

  @Test("an apply lands even while reorders change the snapshot faster than it can be diffed")
  func applyAmidContinuousReorders() async throws {
    let (view, dataSource) = await Self.longReorderableList()
    var snapshot = dataSource.snapshot()
    let landed = Shared(false)
    snapshot.appendItems([2_000], toSection: 0)
    dataSource.apply(snapshot) { landed.withLock { $0 = true } }
    await Self.reorderEveryTurn(view, until: landed)
    #expect(landed.current, "the apply never landed")
    let statistics = dataSource._applyStatistics
    #expect(statistics.actorDiffs <= 1)
    #expect(view.cells == sectionItems(dataSource.snapshot()))
    #expect(view.cells[0].contains(2_000))
  }

  @Test("after an apply performed on the main actor, the next one is diffed against what it showed")
  func applyAfterMainActorRound() async throws {
    let (view, dataSource) = await Self.longReorderableList()
    // A section snapshot applied to section 1 leaves section 0 as its base
    // has it: performed again on the main actor, it keeps the latest
    // reorders.
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([5_000])
    let landed = Shared(false)
    dataSource.apply(outline, to: 1) { landed.withLock { $0 = true } }
    await Self.reorderEveryTurn(view, until: landed)
    #expect(landed.current, "the apply never landed")
    let agreed = view.cells == sectionItems(dataSource.snapshot())
    #expect(agreed, "the view and the data source disagree")
    outline.append([5_001])
    await dataSource.apply(outline, to: 1)
    let agree = view.cells == sectionItems(dataSource.snapshot())
    #expect(agree, "the view and the data source disagree after the next apply")
    #expect(view.cells[1] == [5_000, 5_001])
  }

  /// A random outline of up to 40 items of `section`, numbered from
  /// `section × 1,000`.
  nonisolated static func outline(
    of section: Int, using random: inout SeededRandom
  ) -> DiffableDataSourceSectionSnapshot<Int> {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    var placed: [Int] = []
    for offset in (0..<40).shuffled(using: &random).prefix(Int.random(in: 0...40, using: &random)) {
      let item = section * 1_000 + offset
      let parent = Bool.random(using: &random) ? placed.randomElement(using: &random) : nil
      outline.append([item], to: parent)
      if Bool.random(using: &random) { outline.expand([item]) }
      placed.append(item)
    }
    return outline
  }

  @Test("section snapshots, full applies and user actions from concurrent tasks")
  func sectionSnapshotsAmidFullApplies() async throws {
    let (seeds, list) = Self.hammerList("ConcurrencyTests.sectionSnapshotsAmidFullApplies")
    let dataSource = list.dataSource
    /// Whether the view, the snapshot and every outline section agree, as
    /// seen from a completion.
    let consistent: @MainActor @Sendable () -> Bool = {
      let snapshot = list.dataSource.snapshot()
      guard list.isConsistent else { return false }
      return snapshot.sectionIdentifiers.allSatisfy { section in
        list.dataSource.snapshot(for: section).visibleItems
          == snapshot.itemIdentifiers(inSection: section)
      }
    }
    let disagreements = Shared(0)
    let completions = Shared<[Int: [Int]]>([:])
    @Sendable func complete(_ producer: Int, _ step: Int) -> @MainActor @Sendable () -> Void {
      {
        if !consistent() { disagreements.withLock { $0 += 1 } }
        completions.withLock { $0[producer, default: []].append(step) }
      }
    }
    let steps = 30
    // Sections 0 to 2 and 4 get section snapshots from a task each; section
    // 3 and the whole list get full applies built from what the data source
    // shows (so they often bring back older items of the outline sections);
    // the main actor toggles items meanwhile. Every task makes its requests
    // on its own thread and hops to the main actor to apply them.
    let producersDone = Shared(false)
    let producers = Task.detached {
      defer { producersDone.withLock { $0 = true } }
      await withTaskGroup(of: Void.self) { group in
        for section in [0, 1, 2, 4] {
          group.addTask {
            var random = seeds.substream(section)
            for step in 0..<steps {
              let outline = Self.outline(of: section, using: &random)
              if step % 4 == 3 && section != 4 {
                await list.apply(outline, to: section)
                completions.withLock { $0[section, default: []].append(step) }
              } else {
                await MainActor.run {
                  list.dataSource.apply(
                    outline, to: section, animatingDifferences: step % 2 == 0,
                    completion: complete(section, step))
                }
              }
              try? await Task.sleep(for: .milliseconds(1))
            }
          }
        }
        group.addTask {
          var random = seeds.substream(99)
          for step in 0..<steps {
            var snapshot = await MainActor.run { list.dataSource.snapshot() }
            if snapshot.indexOfSection(3) == nil { snapshot.appendSections([3]) }
            snapshot.appendItems([3_000 + step], toSection: 3)
            if let victim = snapshot.itemIdentifiers.filter({ $0 < 3_000 }).randomElement(
              using: &random)
            {
              snapshot.deleteItems([victim])
            }
            await MainActor.run {
              list.dataSource.apply(snapshot, completion: complete(3, step))
            }
            try? await Task.sleep(for: .milliseconds(1))
          }
        }
      }
    }
    var random = seeds.substream(5)
    var toggles = 0
    // At least 40 toggles, unless sections 0 to 2 show no item once every
    // producer is done (their last applies and deletions
    // can empty them): nothing would bring one back, and the loop would poll
    // forever. (It did in 3 of 40 runs on a loaded machine: see
    // Documentation/MainActorStall.md.)
    while !producersDone.current || toggles < 40 {
      if let item = dataSource.snapshot().itemIdentifiers.filter({ $0 < 3_000 }).randomElement(
        using: &random)
      {
        dataSource.toggleExpansion(of: item, completion: nil)
        toggles += 1
      } else if producersDone.current {
        print("outline hammer: nothing left to toggle after \(toggles) toggles")
        break
      }
      try await Task.sleep(for: .milliseconds(1))
      if toggles > 2_000 { break }
    }
    await producers.value
    await waitUntil("every completion ran") {
      completions.current.values.map(\.count).reduce(0, +) == 5 * steps
    }
    #expect(disagreements.current == 0)
    for (producer, order) in completions.current {
      #expect(order == order.sorted(), "producer \(producer) completed out of order: \(order)")
    }
    // One more section snapshot and one more full apply land last.
    let final = Self.outline(of: 1, using: &random)
    await dataSource.apply(final, to: 1)
    #expect(dataSource.snapshot(for: 1) == final)
    var snapshot = dataSource.snapshot()
    let shown = snapshot.itemIdentifiers(inSection: 1)
    if let first = shown.first { snapshot.deleteItems([first]) }
    await dataSource.apply(snapshot)
    #expect(consistent())
    #expect(dataSource.snapshot(for: 1).visibleItems == Array(shown.dropFirst()))
    print("outline hammer: \(toggles) toggles, \(dataSource._applyStatistics)")
  }
}

/// A data source on the main actor over a reference view that records no
/// events: the producers of a hammer test reach it from their own threads
/// by hopping to the main actor, where it lives.
@MainActor
final class HammerList {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  let view = ReferenceListView<Int>()
  let dataSource: DiffableDataSource<Int, Int>

  init() {
    view.recordsEvents = false
    dataSource = DiffableDataSource(view: view) { _, _, item in item }
  }

  /// The id of the snapshot the view shows, by its marker.
  var shownID: Int? { view.cells.first?.first.map { $0 - 1_000_000 } }

  /// Whether the view shows the data source's snapshot.
  var isConsistent: Bool { view.cells == sectionItems(dataSource.snapshot()) }

  /// Applies `snapshot` with the `async` form.
  func apply(_ snapshot: Snapshot) async {
    await dataSource.apply(snapshot)
  }

  /// Applies a section snapshot with the `async` form.
  func apply(_ outline: DiffableDataSourceSectionSnapshot<Int>, to section: Int) async {
    await dataSource.apply(outline, to: section)
  }
}
