// The rows of issue 31, each against what a peer's design costs (ListKit, a
// pure-Swift clone of Apple's snapshot: per-section arrays, and one
// `Dictionary` per side for a Heckel-style diff). ListKit itself cannot be a
// dependency here; these baselines are its design's floor.

import BenchmarkSupport
import DiffableCore
import Foundation

/// With `PROFILE=row.contestant` (such as `PROFILE=0.1`), the peer rows
/// time nothing: the one contestant named runs 10 times in
/// ``profiledWork(_:)``, for `valgrind --tool=callgrind
/// --toggle-collect='*profiledWork*'`, whose instruction counts are
/// repeatable on a shared machine.
let profiled = ProcessInfo.processInfo.environment["PROFILE"].map {
  $0.split(separator: ".").compactMap { Int($0) }
}
@MainActor var peerRow = 0

@inline(never)
func profiledWork(_ work: () -> Int) -> Int {
  var sum = 0
  for _ in 0..<10 { sum &+= work() }
  return sum
}

/// Times a peer row, or profiles one of its contestants (`PROFILE`).
@MainActor func peerScenario(_ title: String, _ contestants: [Contestant]) {
  defer { peerRow += 1 }
  guard let profiled else {
    harness.scenario(title, contestants)
    return
  }
  if profiled.count == 2 && profiled[0] == peerRow {
    print("\(title): \(contestants[profiled[1]].name)", profiledWork(contestants[profiled[1]].work))
  }
}

/// A copy of `text` in storage of its own, as decoding JSON makes it: `==`
/// cannot answer from the storage's identity.
func freshCopy(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

/// The array baseline with the peers' deletion: the arrays, then the
/// deleted identifiers' `Set`, `removeAll(where:)` on each array and the
/// count.
@inline(never)
func arrayBaselineDeleting<T: Hashable>(_ chunks: [[T]], _ deleted: [T]) -> Int {
  var arrays = arrayBaselineStorage(chunks).arrays
  let set = Set(deleted)
  var count = 0
  for a in arrays.indices {
    arrays[a].removeAll(where: set.contains)
    count += arrays[a].count
  }
  return count
}

/// The rows where the issue found ListKit ahead: deleting or marking half of
/// a snapshot being built and reading its count; building in 100 sections;
/// a new snapshot of UUID strings built and diffed against the shown one,
/// and against one never read.
@MainActor func peerScenarios() {
  // Deleting or marking half, then the count.
  let ints = Array(0..<sized(10_000))
  let intChunks = chunked(ints, sections: 1)
  let half = ints.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
  peerScenario(
    "Peers: build \(ints.count.formatted()) Ints, deleteItems(_:) half, numberOfItems",
    [
      Contestant("baseline: arrays, removeAll(where:) with a Set of the deleted, count") {
        arrayBaselineDeleting(intChunks, half)
      },
      Contestant("build, deleteItems(_:), numberOfItems") {
        var snapshot = buildSnapshot(intChunks)
        snapshot.deleteItems(half)
        return snapshot.numberOfItems
      },
    ])
  peerScenario(
    "Peers: build \(ints.count.formatted()) Ints, reloadItems(_:) half, numberOfItems",
    [
      Contestant("baseline: arrays, a Set of the marked, count") {
        let storage = arrayBaselineStorage(intChunks)
        return withExtendedLifetime(storage) {
          storage.arrays.reduce(0) { $0 + $1.count } + Set(half).count
        }
      },
      Contestant("build, reloadItems(_:), numberOfItems") {
        var snapshot = buildSnapshot(intChunks)
        snapshot.reloadItems(half)
        return snapshot.numberOfItems
      },
    ])

  // Building in 100 sections.
  let sectioned = chunked(ints, sections: 100)
  peerScenario(
    "Peers: build \(ints.count.formatted()) Ints in 100 sections",
    [
      Contestant("baseline: arrays of arrays + [Section: Int]") { arrayBaseline(sectioned) },
      Contestant("appendSections + appendItems") { buildSnapshot(sectioned).numberOfSections },
    ])

  // A new 100 × 1,000 snapshot of UUID strings, 1% changed: 250 each of
  // deletes, inserts, moves across sections and reloads.
  let per = sized(1_000)
  let changes = max(1, per * 100 / 400)
  let oldChunks = (0..<100).map { _ in (0..<per).map { _ in random.uuidString() } }
  var newChunks = oldChunks.map { $0.map(freshCopy) }
  for _ in 0..<changes {
    let s = Int.random(in: 0..<100, using: &random)
    newChunks[s].remove(at: Int.random(in: 0..<newChunks[s].count, using: &random))
    let t = Int.random(in: 0..<100, using: &random)
    newChunks[t].insert(
      random.uuidString(), at: Int.random(in: 0...newChunks[t].count, using: &random))
    let (from, to) = (
      Int.random(in: 0..<100, using: &random), Int.random(in: 0..<100, using: &random)
    )
    let moved = newChunks[from].remove(
      at: Int.random(in: 0..<newChunks[from].count, using: &random))
    newChunks[to].insert(moved, at: Int.random(in: 0...newChunks[to].count, using: &random))
  }
  let survivors = Set(oldChunks.joined()).intersection(newChunks.joined())
  let reloaded = Array(survivors.shuffled(using: &random).prefix(changes)).map(freshCopy)
  let shown = buildSnapshot(oldChunks)
  _ = shown.indexOfItem(oldChunks[0][0])  // as the data source's worker does
  let oldTable = Dictionary(uniqueKeysWithValues: zip(oldChunks.joined(), 0...))
  func buildNew() -> DiffableDataSourceSnapshot<Int, String> {
    var snapshot = buildSnapshot(newChunks)
    snapshot.reloadItems(reloaded)
    return snapshot
  }
  let count = 100 * per
  peerScenario(
    "Peers: a new 100 × \(per.formatted()) snapshot of UUID strings, 1% changed, "
      + "built and diffed against the shown one",
    [
      Contestant("true floor: the new arrays + a lookup per new item in the old's table") {
        var sum = arrayBaseline(newChunks)
        for chunk in newChunks { for item in chunk { sum &+= oldTable[item] ?? -1 } }
        return sum
      },
      Contestant("build the new snapshot + BatchUpdate(from:to:)") {
        BatchUpdate(from: shown, to: buildNew()).count
      },
    ])
  peerScenario(
    "Peers: the same, against an old snapshot never read (\(count.formatted()) items each)",
    [
      Contestant("Heckel floor: both sides' arrays, a Dictionary of the old, a lookup per new") {
        var sum = arrayBaseline(oldChunks) + arrayBaseline(newChunks)
        var table = [String: Int](minimumCapacity: count)
        for (i, item) in oldChunks.joined().enumerated() { table[item] = i }
        for chunk in newChunks { for item in chunk { sum &+= table[item] ?? -1 } }
        return sum
      },
      Contestant("build both snapshots + BatchUpdate(from:to:)") {
        BatchUpdate(from: buildSnapshot(oldChunks), to: buildNew()).count
      },
    ])
}
