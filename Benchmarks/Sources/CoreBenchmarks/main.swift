// Benchmarks for snapshots and BatchUpdate. Every scenario runs its
// contestants interleaved and reports medians, with ratios to a floor measured
// in the same process on the same data.
//
// The floor of a diff: build one Dictionary from the old flattened items and
// look up each new item once. No identifier diff can do less hashing.

import BenchmarkSupport
@_spi(Testing) import DiffableCore
import Foundation

refuseToMeasure(ifCheckingInvariants: DiffableDataSourceSnapshot<Int, Int>._isCheckingInvariants)

var random = BenchmarkRandom()
var harness = Harness()

// MARK: - Memory, first, while the process's peak is still low

do {
  let n = sized(1_000_000)
  let ids = Array(0..<n)
  let residentBefore = residentBytes()
  let peakBefore = peakResidentBytes()
  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  snapshot.appendSections([0])
  snapshot.appendItems(ids)
  _ = snapshot.indexOfItem(0)  // builds the item index
  let peakAfter = peakResidentBytes()
  let residentAfter = residentBytes()
  harness.emit(
    "Memory of a \(n.formatted())-item snapshot with Int identifiers (one appendItems call)")
  if let before = residentBefore, let after = residentAfter {
    harness.emit(
      "  resident growth      \(format(Double(after - before) / Double(n), 1)) bytes per item")
  }
  harness.emit(
    "  peak resident growth \(format(Double(peakAfter - peakBefore) / Double(n), 1)) bytes per item"
  )
  blackHole(snapshot)
}

// MARK: - Against the peers' design (PeerScenarios.swift)

// `CORE_BENCHMARKS=peers` runs these rows alone.
let peersOnly = ProcessInfo.processInfo.environment["CORE_BENCHMARKS"] == "peers"
peerScenarios()
if peersOnly {
  harness.finish()
  exit(0)
}

// MARK: - DifferenceKit's published cases

/// DifferenceKit's benchmark shape: delete a range, insert fresh items at an
/// offset, shuffle a prefix.
@MainActor func differenceKitCase<T: Hashable>(
  count: Int, delete: Range<Int>, insert: Int, at offset: Int, shuffle: Range<Int>,
  _ make: (Int) -> T
) -> ([T], [T]) {
  let old = (0..<count).map(make)
  var new = old
  new.removeSubrange(delete)
  new.insert(contentsOf: (count..<count + insert).map(make), at: offset)
  new[shuffle].shuffle(using: &random)
  return (old, new)
}

func singleSection<T: Hashable & Sendable>(_ items: [T]) -> DiffableDataSourceSnapshot<Int, T> {
  var snapshot = DiffableDataSourceSnapshot<Int, T>()
  snapshot.appendSections([0])
  snapshot.appendItems(items)
  return snapshot
}

@inline(never)
func floorDiff<T: Hashable>(_ old: [T], _ new: [T]) -> Int {
  var index = [T: Int](minimumCapacity: old.count)
  for (i, item) in old.enumerated() { index[item] = i }
  var sum = 0
  for item in new { sum &+= index[item] ?? -1 }
  return sum
}

@MainActor func diffScenario<T: Hashable & Sendable>(
  _ title: String, _ old: [T], _ new: [T], includeStandardLibrary: Bool
) {
  let oldSnapshot = singleSection(old)
  let newSnapshot = singleSection(new)
  var contestants = [
    Contestant("floor: Dictionary of old + lookup of new") { floorDiff(old, new) },
    Contestant("BatchUpdate(from:to:)") { BatchUpdate(from: oldSnapshot, to: newSnapshot).count },
  ]
  if includeStandardLibrary {
    contestants.append(
      Contestant("CollectionDifference + inferringMoves()") {
        new.difference(from: old).inferringMoves().count
      })
  }
  harness.scenario(title, contestants)
}

@MainActor func uuid(_: Int) -> String { random.uuidString() }
// DifferenceKit's two sizes: 5,000 items (20% deleted, 20% inserted, the
// first 4% shuffled) and 100,000 (10%, 10%, 2%). CollectionDifference is
// quadratic in the number of changes (Myers): it does not finish in
// reasonable time at the larger size, so it runs only at the smaller one.
for (count, delete, insert, at, shuffle) in [
  (5_000, 2_000..<3_000, 1_000, 3_000, 0..<200),
  (100_000, 20_000..<30_000, 10_000, 30_000, 0..<2_000),
] {
  let scaled = (
    count: sized(count), delete: sized(delete.lowerBound)..<sized(delete.upperBound),
    insert: sized(insert), at: sized(at), shuffle: 0..<sized(shuffle.upperBound)
  )
  let includeStandardLibrary = count == 5_000
  let (old, new) = differenceKitCase(
    count: scaled.count, delete: scaled.delete, insert: scaled.insert, at: scaled.at,
    shuffle: scaled.shuffle, uuid)
  diffScenario(
    "Diff, \(scaled.count.formatted()) UUID strings (DifferenceKit's case)", old, new,
    includeStandardLibrary: includeStandardLibrary)
  let (oldInts, newInts) = differenceKitCase(
    count: scaled.count, delete: scaled.delete, insert: scaled.insert, at: scaled.at,
    shuffle: scaled.shuffle
  ) { $0 }
  diffScenario(
    "Diff, \(scaled.count.formatted()) Ints (DifferenceKit's case)", oldInts, newInts,
    includeStandardLibrary: includeStandardLibrary)
}

// MARK: - Sections

do {
  let (perSection, churn, across) = (sized(1_000), sized(20), sized(1_000))
  var old = DiffableDataSourceSnapshot<Int, Int>()
  old.appendSections(Array(0..<100))
  for s in 0..<100 {
    old.appendItems(Array(s * perSection..<(s + 1) * perSection), toSection: s)
  }
  var new = old
  new.deleteSections([10, 30, 50, 70, 90])
  var fresh = 1_000_000
  for s in 100..<105 {
    new.insertSections([s], beforeSection: new.sectionIdentifiers.randomElement(using: &random)!)
    new.appendItems(Array(fresh..<fresh + perSection / 10), toSection: s)
    fresh += perSection / 10
  }
  for _ in 0..<10 {
    let pair = new.sectionIdentifiers.shuffled(using: &random).prefix(2)
    new.moveSection(pair.first!, beforeSection: pair.last!)
  }
  for section in new.sectionIdentifiers where section < 100 {
    let items = new.itemIdentifiers(inSection: section)
    new.deleteItems(Array(items.shuffled(using: &random).prefix(churn)))
    for anchor in new.itemIdentifiers(inSection: section).shuffled(using: &random).prefix(churn) {
      new.insertItems([fresh], afterItem: anchor)
      fresh += 1
    }
  }
  var all = new.itemIdentifiers
  for _ in 0..<across {
    let item = all.randomElement(using: &random)!
    let anchor = all.randomElement(using: &random)!
    if item != anchor { new.moveItem(item, afterItem: anchor) }
  }
  all = new.itemIdentifiers
  new.reloadItems(Array(all.shuffled(using: &random).prefix(across)))
  let oldItems = old.itemIdentifiers
  let newItems = new.itemIdentifiers
  let sample = BatchUpdate(from: old, to: new)
  harness.scenario(
    "Diff, 100 sections × \(perSection.formatted()) items: 5 deleted, 5 inserted, 10 moved, "
      + "\(churn) items out and in per section, \(across.formatted()) moving across, "
      + "\(across.formatted()) reloads (batch of \(sample.count) operations)",
    [
      Contestant("floor: Dictionary of old + lookup of new") { floorDiff(oldItems, newItems) },
      Contestant("BatchUpdate(from:to:)") { BatchUpdate(from: old, to: new).count },
    ])
}

// MARK: - Snapshot operations

do {
  let ids = Array(0..<sized(1_000_000))
  harness.scenario(
    "Build: \(ids.count.formatted()) Int items",
    [
      Contestant("floor: Dictionary of the identifiers") {
        var index = [Int: Int](minimumCapacity: ids.count)
        for (i, id) in ids.enumerated() { index[id] = i }
        return index.count
      },
      Contestant("appendItems(_:) into one section") { singleSection(ids).numberOfSections },
      Contestant("appendItems(_:), then the first lookup (builds the item index)") {
        singleSection(ids).indexOfItem(0)!
      },
    ])
}
do {
  let ids = Array(0..<sized(100_000)).shuffled(using: &random)
  let perSection = ids.count / 100
  let index = Dictionary(uniqueKeysWithValues: zip(ids, 0...))
  let snapshot = singleSection(ids)
  var sections = DiffableDataSourceSnapshot<Int, Int>()
  sections.appendSections(Array(0..<100))
  for s in 0..<100 {
    sections.appendItems(Array(ids[s * perSection..<(s + 1) * perSection]), toSection: s)
  }
  harness.scenario(
    "Lookup: the index of each of \(ids.count.formatted()) items",
    [
      Contestant("floor: Dictionary lookup") {
        var sum = 0
        for id in ids { sum &+= index[id]! }
        return sum
      },
      Contestant("indexOfItem(_:), one section") {
        var sum = 0
        for id in ids { sum &+= snapshot.indexOfItem(id)! }
        return sum
      },
      Contestant("indexOfItem(_:), 100 sections") {
        var sum = 0
        for id in ids { sum &+= sections.indexOfItem(id)! }
        return sum
      },
    ])
  harness.scenario(
    "itemIdentifiers: 100 calls on \(ids.count.formatted()) items",
    [
      Contestant("floor: 100 copies of a \(ids.count.formatted())-element array") {
        var sum = 0
        for round in 0..<100 {
          let copy = ids.withUnsafeBufferPointer { Array($0) }
          sum &+= copy[round]
        }
        return sum
      },
      Contestant("itemIdentifiers, one section (shared storage)") {
        var sum = 0
        for round in 0..<100 { sum &+= snapshot.itemIdentifiers[round] }
        return sum
      },
      Contestant("itemIdentifiers, 100 sections (concatenated)") {
        var sum = 0
        for round in 0..<100 { sum &+= sections.itemIdentifiers[round] }
        return sum
      },
    ])
  let half = ids.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
  harness.scenario(
    "Delete half of \(ids.count.formatted()) items, scattered (build included in both)",
    [
      Contestant("floor: build a Dictionary, remove half its keys") {
        var copy = [Int: Int](minimumCapacity: ids.count)
        for (i, id) in ids.enumerated() { copy[id] = i }
        for id in half { copy.removeValue(forKey: id) }
        return copy.count
      },
      Contestant("build a snapshot, deleteItems(_:) half") {
        var copy = singleSection(ids)
        copy.deleteItems(half)
        return copy.numberOfItems
      },
    ])
}

// MARK: - Building, against the array baseline

/// The array baseline: the same identifiers appended to per-section arrays,
/// and one dictionary from section identifier to array. All a snapshot that
/// indexes nothing and checks nothing needs.
@inline(never)
func arrayBaseline<T>(_ chunks: [[T]]) -> Int { arrayBaselineStorage(chunks).arrays.count }

/// The array baseline's storage: the arrays, and the dictionary from
/// section identifier to array.
@inline(never)
func arrayBaselineStorage<T>(_ chunks: [[T]]) -> (arrays: [[T]], sections: [Int: Int]) {
  var sectionIndex: [Int: Int] = [:]
  var arrays: [[T]] = []
  for s in chunks.indices {
    sectionIndex[s] = arrays.count
    arrays.append([])
  }
  for (s, chunk) in chunks.enumerated() { arrays[sectionIndex[s]!].append(contentsOf: chunk) }
  return (arrays, sectionIndex)
}

@inline(never)
func buildSnapshot<T: Hashable & Sendable>(_ chunks: [[T]]) -> DiffableDataSourceSnapshot<Int, T> {
  var snapshot = DiffableDataSourceSnapshot<Int, T>()
  snapshot.appendSections(Array(chunks.indices))
  for (s, chunk) in chunks.enumerated() { snapshot.appendItems(chunk, toSection: s) }
  return snapshot
}

func chunked<T>(_ items: [T], sections: Int) -> [[T]] {
  let per = items.count / sections
  return (0..<sections).map { Array(items[$0 * per..<($0 + 1) * per]) }
}

@MainActor func buildScenarios<T: Hashable & Sendable>(_ kind: String, _ items: [T]) {
  for sections in [1, 100] {
    let chunks = chunked(items, sections: sections)
    harness.scenario(
      "Build: \(items.count.formatted()) \(kind), \(sections) section(s)",
      [
        Contestant("array baseline: per-section arrays + [Section: Int]") { arrayBaseline(chunks) },
        Contestant("appendSections + appendItems") { buildSnapshot(chunks).numberOfSections },
      ])
  }
  let chunks = chunked(items, sections: 1)
  let half = items.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
  harness.scenario(
    "Build \(items.count.formatted()) \(kind), then delete or reload half",
    [
      Contestant("array baseline + a Set of the touched identifiers") {
        arrayBaseline(chunks) + Set(half).count
      },
      // A snapshot holds its items and the touched identifiers together;
      // the baseline above frees its arrays before it builds the set.
      Contestant("the same, the Set built while the arrays are alive") {
        let storage = arrayBaselineStorage(chunks)
        return withExtendedLifetime(storage) { storage.arrays.count + Set(half).count }
      },
      // The item index is pending after the build: the deletion and the
      // marks wait for the read that builds it (the diff, off the main actor,
      // in a data source). The last two contestants include that read.
      Contestant("build, deleteItems(_:) half") {
        var snapshot = buildSnapshot(chunks)
        snapshot.deleteItems(half)
        blackHole(snapshot)
        return snapshot.numberOfSections
      },
      Contestant("build, reloadItems(_:) half") {
        var snapshot = buildSnapshot(chunks)
        snapshot.reloadItems(half)
        blackHole(snapshot)
        return snapshot.numberOfSections
      },
      Contestant("build, deleteItems(_:) half, then the first lookup") {
        var snapshot = buildSnapshot(chunks)
        snapshot.deleteItems(half)
        return snapshot.indexOfItem(half[0]) ?? snapshot.numberOfItems
      },
      Contestant("build, reloadItems(_:) half, then the first lookup") {
        var snapshot = buildSnapshot(chunks)
        snapshot.reloadItems(half)
        return snapshot.indexOfItem(half[0]) ?? 0
      },
    ])
}

for n in [10_000, 50_000] {
  buildScenarios("Int items", Array(0..<sized(n)))
  buildScenarios("UUID strings", (0..<sized(n)).map(uuid))
}

/// A new snapshot of 100 sections × 1,000 items with 1% of the items changed
/// (half deleted, half inserted), built and diffed against the previous one,
/// whose item index the data source built after the previous diff.
@MainActor func rebuildScenario<T: Hashable & Sendable>(_ kind: String, _ make: (Int) -> T) {
  let per = sized(1_000)
  let oldChunks = (0..<100).map { s in (0..<per).map { make(s * per + $0) } }
  var newChunks = oldChunks
  var fresh = 100 * per
  for s in 0..<100 {
    for _ in 0..<max(1, per / 200) {
      newChunks[s].remove(at: Int.random(in: 0..<newChunks[s].count, using: &random))
      newChunks[s].insert(make(fresh), at: Int.random(in: 0..<newChunks[s].count, using: &random))
      fresh += 1
    }
  }
  let old = buildSnapshot(oldChunks)
  _ = old.indexOfItem(oldChunks[0][0])  // as the data source's worker does
  let oldItems = old.itemIdentifiers
  let newItems = Array(newChunks.joined())
  harness.scenario(
    "A new 100 × \(per.formatted()) snapshot of \(kind), 1% changed, built and diffed",
    [
      Contestant("floor: Dictionary of old + lookup of new") { floorDiff(oldItems, newItems) },
      Contestant("build the new snapshot + BatchUpdate(from:to:)") {
        BatchUpdate(from: old, to: buildSnapshot(newChunks)).count
      },
    ])
}
rebuildScenario("Int items") { $0 }
rebuildScenario("UUID strings", uuid)

do {
  let items = (0..<sized(10_000)).map(uuid)
  let chunks = chunked(items, sections: 1)
  let (left, right) = (
    buildSnapshot(chunks),
    buildSnapshot(chunks.map { $0.map { String(decoding: Array($0.utf8), as: UTF8.self) } })
  )
  let (leftItems, rightItems) = (left.itemIdentifiers, right.itemIdentifiers)
  harness.scenario(
    "Diff of two equal \(items.count.formatted())-item snapshots (UUID strings) built apart",
    [
      Contestant("floor: == of their item arrays") { leftItems == rightItems ? 1 : 0 },
      Contestant("BatchUpdate(from:to:)") { BatchUpdate(from: left, to: right).count },
    ])
}

// MARK: - Section snapshots (outlines)

/// A mutable section snapshot behind a reference, so that a contestant can
/// expand and collapse in place: mutating a captured copy would copy the
/// whole tree first.
final class OutlineBox {
  var outline: DiffableDataSourceSectionSnapshot<Int>
  init(_ outline: DiffableDataSourceSectionSnapshot<Int>) { self.outline = outline }
}

do {
  // 10 roots, each with 100 children of 99 leaves: 10,001 items per root,
  // 100,010 in all. Identifiers: root r is r; child c of r is 100 + 100r + c;
  // leaf l of that child is 1,000,000 + 100 × its parent + l.
  let roots = Array(0..<10)
  let children = roots.map { r in (0..<sized(100)).map { 100 + 100 * r + $0 } }
  let leaves = children.joined().map { child in
    (0..<sized(99)).map { 1_000_000 + 100 * child + $0 }
  }
  let allIdentifiers = roots + Array(children.joined()) + Array(leaves.joined())
  let (total, rootDescendants) = (allIdentifiers.count, allIdentifiers.count / roots.count - 1)
  func buildOutline() -> DiffableDataSourceSectionSnapshot<Int> {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append(roots)
    for (r, root) in roots.enumerated() { outline.append(children[r], to: root) }
    for (c, child) in children.joined().enumerated() { outline.append(leaves[c], to: child) }
    return outline
  }
  harness.scenario(
    "Outline: build a \(total.formatted())-item tree of three levels "
      + "(\((1 + roots.count + children.joined().count).formatted()) append calls)",
    [
      // The outline cannot know its final size, so neither does the floor.
      Contestant("floor: Dictionary of the identifiers, grown as they come") {
        var index: [Int: Int] = [:]
        for (i, id) in allIdentifiers.enumerated() { index[id] = i }
        return index.count
      },
      Contestant("append(_:to:)") {
        let outline = buildOutline()
        return outline.contains(0) ? 1 : 0
      },
    ])

  let collapsed = buildOutline()
  let lookup = Dictionary(uniqueKeysWithValues: zip(allIdentifiers, 0...))
  let collapsedBox = OutlineBox(collapsed)
  harness.scenario(
    "Outline: expand all \(total.formatted()) items, then collapse them all (in place)",
    [
      Contestant("floor: look each identifier up in a Dictionary, twice") {
        var sum = 0
        for id in allIdentifiers { sum &+= lookup[id]! }
        for id in allIdentifiers { sum &+= lookup[id]! }
        return sum
      },
      Contestant("expand(_:), then collapse(_:), of every item") {
        collapsedBox.outline.expand(allIdentifiers)
        collapsedBox.outline.collapse(allIdentifiers)
        return collapsedBox.outline.isExpanded(0) ? 1 : 0
      },
    ])

  var expanded = collapsed
  expanded.expand(allIdentifiers)
  let expandedBox = OutlineBox(expanded)
  let leaf = leaves[leaves.count / 2][leaves[0].count / 2]
  harness.scenario(
    "Outline: collapse, then expand again, one item of the expanded tree",
    [
      Contestant("floor: a leaf") {
        expandedBox.outline.collapse([leaf])
        expandedBox.outline.expand([leaf])
        return expandedBox.outline.isExpanded(leaf) ? 1 : 0
      },
      Contestant("a root with \(rootDescendants.formatted()) descendants") {
        expandedBox.outline.collapse([1])
        expandedBox.outline.expand([1])
        return expandedBox.outline.isExpanded(1) ? 1 : 0
      },
    ])

  harness.scenario(
    "Outline: visibleItems of the expanded tree (\(total.formatted()) visible)",
    [
      Contestant("floor: append \(total.formatted()) identifiers to an array") {
        var copy: [Int] = []
        for id in allIdentifiers { copy.append(id) }
        return copy.count
      },
      Contestant("visibleItems") { expanded.visibleItems.count },
      Contestant("visibleItems, all roots collapsed (10 visible)") { collapsed.visibleItems.count },
    ])
}

harness.finish()
