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

var random = SystemRandomNumberGenerator()
var harness = Harness()

// MARK: - Memory, first, while the process's peak is still low

do {
  let n = 1_000_000
  let ids = Array(0..<n)
  let residentBefore = residentBytes()
  let peakBefore = peakResidentBytes()
  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  snapshot.appendSections([0])
  snapshot.appendItems(ids)
  let peakAfter = peakResidentBytes()
  let residentAfter = residentBytes()
  harness.emit("Memory of a 1,000,000-item snapshot with Int identifiers (one appendItems call)")
  if let before = residentBefore, let after = residentAfter {
    harness.emit(
      "  resident growth      \(format(Double(after - before) / Double(n), 1)) bytes per item")
  }
  harness.emit(
    "  peak resident growth \(format(Double(peakAfter - peakBefore) / Double(n), 1)) bytes per item"
  )
  blackHole(snapshot)
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

let uuid = { (_: Int) in UUID().uuidString }
do {
  let (old, new) = differenceKitCase(
    count: 5_000, delete: 2_000..<3_000, insert: 1_000, at: 3_000, shuffle: 0..<200, uuid)
  diffScenario(
    "Diff, 5,000 UUID strings (DifferenceKit's case)", old, new, includeStandardLibrary: true)
  let (oldInts, newInts) = differenceKitCase(
    count: 5_000, delete: 2_000..<3_000, insert: 1_000, at: 3_000, shuffle: 0..<200
  ) { $0 }
  diffScenario(
    "Diff, 5,000 Ints (DifferenceKit's case)", oldInts, newInts, includeStandardLibrary: true)
}
do {
  let (old, new) = differenceKitCase(
    count: 100_000, delete: 20_000..<30_000, insert: 10_000, at: 30_000, shuffle: 0..<2_000, uuid)
  // CollectionDifference is quadratic in the number of changes here (Myers):
  // it does not finish in reasonable time at this size, so it is left out.
  diffScenario(
    "Diff, 100,000 UUID strings (DifferenceKit's case)", old, new, includeStandardLibrary: false)
  let (oldInts, newInts) = differenceKitCase(
    count: 100_000, delete: 20_000..<30_000, insert: 10_000, at: 30_000, shuffle: 0..<2_000
  ) { $0 }
  diffScenario(
    "Diff, 100,000 Ints (DifferenceKit's case)", oldInts, newInts, includeStandardLibrary: false)
}

// MARK: - Sections

do {
  var old = DiffableDataSourceSnapshot<Int, Int>()
  old.appendSections(Array(0..<100))
  for s in 0..<100 { old.appendItems(Array(s * 1_000..<(s + 1) * 1_000), toSection: s) }
  var new = old
  new.deleteSections([10, 30, 50, 70, 90])
  var fresh = 1_000_000
  for s in 100..<105 {
    new.insertSections([s], beforeSection: new.sectionIdentifiers.randomElement(using: &random)!)
    new.appendItems(Array(fresh..<fresh + 100), toSection: s)
    fresh += 100
  }
  for _ in 0..<10 {
    let pair = new.sectionIdentifiers.shuffled(using: &random).prefix(2)
    new.moveSection(pair.first!, beforeSection: pair.last!)
  }
  for section in new.sectionIdentifiers where section < 100 {
    let items = new.itemIdentifiers(inSection: section)
    new.deleteItems(Array(items.shuffled(using: &random).prefix(20)))
    for anchor in new.itemIdentifiers(inSection: section).shuffled(using: &random).prefix(20) {
      new.insertItems([fresh], afterItem: anchor)
      fresh += 1
    }
  }
  var all = new.itemIdentifiers
  for _ in 0..<1_000 {
    let item = all.randomElement(using: &random)!
    let anchor = all.randomElement(using: &random)!
    if item != anchor { new.moveItem(item, afterItem: anchor) }
  }
  all = new.itemIdentifiers
  new.reloadItems(Array(all.shuffled(using: &random).prefix(1_000)))
  let oldItems = old.itemIdentifiers
  let newItems = new.itemIdentifiers
  let sample = BatchUpdate(from: old, to: new)
  harness.scenario(
    "Diff, 100 sections × 1,000 items: 5 deleted, 5 inserted, 10 moved, 20 items out and in per "
      + "section, 1,000 moving across, 1,000 reloads (batch of \(sample.count) operations)",
    [
      Contestant("floor: Dictionary of old + lookup of new") { floorDiff(oldItems, newItems) },
      Contestant("BatchUpdate(from:to:)") { BatchUpdate(from: old, to: new).count },
    ])
}

// MARK: - Snapshot operations

do {
  let ids = Array(0..<1_000_000)
  harness.scenario(
    "Build: 1,000,000 Int items",
    [
      Contestant("floor: Dictionary of the identifiers") {
        var index = [Int: Int](minimumCapacity: ids.count)
        for (i, id) in ids.enumerated() { index[id] = i }
        return index.count
      },
      Contestant("appendItems(_:) into one section") { singleSection(ids).numberOfItems },
    ])
}
do {
  let ids = Array(0..<100_000).shuffled(using: &random)
  let index = Dictionary(uniqueKeysWithValues: zip(ids, 0...))
  let snapshot = singleSection(ids)
  var sections = DiffableDataSourceSnapshot<Int, Int>()
  sections.appendSections(Array(0..<100))
  for s in 0..<100 { sections.appendItems(Array(ids[s * 1_000..<(s + 1) * 1_000]), toSection: s) }
  harness.scenario(
    "Lookup: the index of each of 100,000 items",
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
    "itemIdentifiers: 100 calls on 100,000 items",
    [
      Contestant("floor: 100 copies of a 100,000-element array") {
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
    "Delete half of 100,000 items, scattered (build included in both)",
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
  let children = roots.map { r in (0..<100).map { 100 + 100 * r + $0 } }
  let leaves = children.joined().map { child in (0..<99).map { 1_000_000 + 100 * child + $0 } }
  let allIdentifiers = roots + Array(children.joined()) + Array(leaves.joined())
  func buildOutline() -> DiffableDataSourceSectionSnapshot<Int> {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append(roots)
    for (r, root) in roots.enumerated() { outline.append(children[r], to: root) }
    for (c, child) in children.joined().enumerated() { outline.append(leaves[c], to: child) }
    return outline
  }
  harness.scenario(
    "Outline: build a 100,010-item tree of three levels (1,011 append calls)",
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
    "Outline: expand all 100,010 items, then collapse them all (in place)",
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
  let leaf = leaves[150][50]
  harness.scenario(
    "Outline: collapse, then expand again, one item of the expanded tree",
    [
      Contestant("floor: a leaf") {
        expandedBox.outline.collapse([leaf])
        expandedBox.outline.expand([leaf])
        return expandedBox.outline.isExpanded(leaf) ? 1 : 0
      },
      Contestant("a root with 10,000 descendants") {
        expandedBox.outline.collapse([1])
        expandedBox.outline.expand([1])
        return expandedBox.outline.isExpanded(1) ? 1 : 0
      },
    ])

  harness.scenario(
    "Outline: visibleItems of the expanded tree (100,010 visible)",
    [
      Contestant("floor: append 100,010 identifiers to an array") {
        var copy: [Int] = []
        for id in allIdentifiers { copy.append(id) }
        return copy.count
      },
      Contestant("visibleItems") { expanded.visibleItems.count },
      Contestant("visibleItems, all roots collapsed (10 visible)") { collapsed.visibleItems.count },
    ])
}

harness.finish()
