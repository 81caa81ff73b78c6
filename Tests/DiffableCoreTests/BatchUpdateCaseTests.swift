import DiffableCore
import DiffableTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }
func move(_ from: IndexPath, _ to: IndexPath) -> BatchUpdate.Move<IndexPath> {
  BatchUpdate.Move(from: from, to: to)
}

/// Diffs, validates, and returns the batch.
func diff(_ old: StringSnapshot, _ new: StringSnapshot) throws -> BatchUpdate {
  let update = BatchUpdate(from: old, to: new)
  try update.validate(from: old, to: new)
  return update
}

@Suite("BatchUpdate named cases")
struct BatchUpdateCaseTests {
  @Test("empty snapshots on both sides give an empty batch")
  func emptyToEmpty() throws {
    #expect(try diff(StringSnapshot(), StringSnapshot()).isEmpty)
  }

  @Test("from empty, every section is inserted and no item operation is needed")
  func fromEmpty() throws {
    let update = try diff(StringSnapshot(), .make([("a", ["1", "2"]), ("b", [])]))
    #expect(update == BatchUpdate(sectionInserts: [0, 1]))
  }

  @Test("to empty, every section is deleted")
  func toEmpty() throws {
    let update = try diff(.make([("a", ["1", "2"]), ("b", ["3"])]), StringSnapshot())
    #expect(update == BatchUpdate(sectionDeletes: [0, 1]))
  }

  @Test("the documented example: one move, the rest stays")
  func documentedExample() throws {
    let update = try diff(
      .make([("fruits", ["apple", "pear"])]), .make([("fruits", ["pear", "apple", "fig"])]))
    #expect(
      update == BatchUpdate(itemInserts: [path(0, 2)], itemMoves: [move(path(0, 1), path(0, 0))]))
  }

  @Test("deletes use old indices and inserts new ones")
  func indexSpaces() throws {
    let update = try diff(
      .make([("s", ["a", "b", "c", "d"])]), .make([("s", ["x", "a", "c", "y"])]))
    #expect(update.itemDeletes == [path(0, 1), path(0, 3)])
    #expect(update.itemInserts == [path(0, 0), path(0, 3)])
    #expect(update.itemMoves.isEmpty)
  }

  @Test("an item crossing into an inserted section is deleted from its old section only")
  func crossingIntoInsertedSection() throws {
    let update = try diff(.make([("A", ["a", "b"])]), .make([("A", ["a"]), ("N", ["b"])]))
    #expect(update == BatchUpdate(sectionInserts: [1], itemDeletes: [path(0, 1)]))
  }

  @Test("an item crossing out of a deleted section is inserted")
  func crossingOutOfDeletedSection() throws {
    let update = try diff(.make([("A", ["a"]), ("D", ["b"])]), .make([("A", ["a", "b"])]))
    #expect(update == BatchUpdate(sectionDeletes: [1], itemInserts: [path(0, 1)]))
  }

  @Test("an item crossing into a reloaded section needs no insert: the section is fresh")
  func crossingIntoReloadedSection() throws {
    let update = try diff(
      .make([("A", ["a", "b"]), ("R", ["c"])]),
      .make([("A", ["a"]), ("R", ["c", "b"])], reloadedSections: ["R"]))
    #expect(update == BatchUpdate(sectionReloads: [1], itemDeletes: [path(0, 1)]))
  }

  @Test("an item crossing out of a reloaded section is inserted where it lands")
  func crossingOutOfReloadedSection() throws {
    let update = try diff(
      .make([("A", ["a"]), ("R", ["b", "c"])]),
      .make([("A", ["a", "b"]), ("R", ["c"])], reloadedSections: ["R"]))
    #expect(update == BatchUpdate(sectionReloads: [1], itemInserts: [path(0, 1)]))
  }

  @Test("when two changed sections swap places, the one with fewer items is replaced, not moved")
  func crossingIntoMovedSection() throws {
    let old = StringSnapshot.make([("A", ["a", "b", "g", "h"]), ("B", ["c"]), ("C", ["d"])])
    let new = StringSnapshot.make([("B", ["c", "a"]), ("A", ["b", "g", "h"]), ("C", ["d"])])
    let update = try diff(old, new)
    // A and B both changed, so neither may move (rule 5): the lighter one,
    // B, is deleted and inserted, and A keeps its items' animations.
    #expect(update.sectionMoves.isEmpty)
    #expect(update.sectionDeletes == [1])
    #expect(update.sectionInserts == [0])
    #expect(update.itemDeletes == [path(0, 0)])
  }

  @Test("a clean section moves while a changed one stays and takes item operations")
  func cleanSectionMoves() throws {
    let old = StringSnapshot.make([("A", ["a"]), ("B", ["b"]), ("C", ["c", "d"])])
    let new = StringSnapshot.make([("B", ["b"]), ("A", ["a"]), ("C", ["d", "c", "x"])])
    let update = try diff(old, new)
    #expect(update.sectionMoves.count == 1)
    #expect(update.itemInserts == [path(2, 2)])
    #expect(update.itemMoves.count == 1)
  }

  @Test("an item moving into a clean section that moves turns the move into a delete and insert")
  func itemIntoMovingSection() throws {
    let old = StringSnapshot.make([("A", ["a", "b"]), ("B", ["c"]), ("C", [])])
    let new = StringSnapshot.make([("C", []), ("A", ["a"]), ("B", ["c", "b"])])
    let update = try diff(old, new)
    #expect(update.sectionMoves == [BatchUpdate.Move(from: 2, to: 0)])
    #expect(update.itemMoves == [move(path(0, 1), path(2, 1))])
  }

  @Test("a reloaded item that also moves is deleted and inserted, never moved (rule 7)")
  func reloadOfMovedItem() throws {
    let update = try diff(
      .make([("A", ["a", "b", "c"])]), .make([("A", ["c", "a", "b"])], reloaded: ["c"]))
    #expect(update == BatchUpdate(itemDeletes: [path(0, 2)], itemInserts: [path(0, 0)]))
  }

  @Test("a reloaded item that stays is reloaded at its old index")
  func reloadInPlace() throws {
    let update = try diff(
      .make([("A", ["x", "a", "b"])]), .make([("A", ["a", "b"])], reloaded: ["b"]))
    #expect(update == BatchUpdate(itemDeletes: [path(0, 0)], itemReloads: [path(0, 2)]))
  }

  @Test("a reloaded item that crosses sections is deleted and inserted")
  func reloadAcrossSections() throws {
    let update = try diff(
      .make([("A", ["a"]), ("B", [])]), .make([("A", []), ("B", ["a"])], reloaded: ["a"]))
    #expect(update == BatchUpdate(itemDeletes: [path(0, 0)], itemInserts: [path(1, 0)]))
  }

  @Test("a section reload in a batch that moves sections becomes a delete and insert (rule 6)")
  func sectionReloadWithSectionMove() throws {
    let update = try diff(
      .make([("A", []), ("B", []), ("C", [])]),
      .make([("C", []), ("A", []), ("B", [])], reloadedSections: ["B"]))
    #expect(update.sectionReloads.isEmpty)
    #expect(update.sectionMoves.count == 1)
    #expect(update.sectionDeletes == [1])
    #expect(update.sectionInserts == [2])
  }

  @Test("a section reload without section moves stays a reload, whatever its items do")
  func sectionReloadAlone() throws {
    let update = try diff(
      .make([("A", ["a"]), ("B", ["b"])]),
      .make([("A", ["a"]), ("B", ["c", "b"])], reloadedSections: ["B"]))
    #expect(update == BatchUpdate(sectionReloads: [1]))
  }

  @Test("reconfigures use new indices, after moves, and skip fresh cells")
  func reconfigures() throws {
    let update = try diff(
      .make([("A", ["a", "b"]), ("B", ["c"])]),
      .make([("B", ["c"]), ("A", ["b", "a", "n"])], reconfigured: ["a", "c", "n"]))
    #expect(update.itemReconfigures == [path(0, 0), path(1, 1)])
    #expect(update.itemInserts == [path(1, 2)])
  }

  @Test("reconfigured items inside a moved section are reconfigured after the batch")
  func reconfigureInMovedSection() throws {
    let update = try diff(
      .make([("A", ["a"]), ("B", ["b"])]), .make([("B", ["b"]), ("A", ["a"])], reconfigured: ["a"]))
    #expect(update.sectionMoves.count == 1)
    #expect(update.itemReconfigures == [path(1, 0)])
  }

  @Test("marks on an unchanged snapshot give only reloads and reconfigures")
  func marksOnly() throws {
    let snapshot = StringSnapshot.make([("A", ["a", "b"])])
    let update = try diff(
      snapshot, .make([("A", ["a", "b"])], reloaded: ["a"], reconfigured: ["b"]))
    #expect(update == BatchUpdate(itemReloads: [path(0, 0)], itemReconfigures: [path(0, 1)]))
  }

  @Test(
    "a pure permutation moves exactly n minus the longest increasing subsequence",
    arguments: [4, 5, 6])
  func purePermutations(n: Int) throws {
    let items = (0..<n).map(String.init)
    for permutation in permutations(of: Array(0..<n)) {
      let old = StringSnapshot.make([("s", items)])
      let new = StringSnapshot.make([("s", permutation.map { items[$0] })])
      let update = try diff(old, new)
      #expect(update.itemMoves.count == n - longestIncreasingLength(permutation))
      #expect(update.itemInserts.isEmpty && update.itemDeletes.isEmpty)
    }
  }

  @Test("section permutations move exactly n minus the longest increasing subsequence")
  func sectionPermutations() throws {
    let sections = (0..<5).map { "S\($0)" }
    for permutation in permutations(of: Array(0..<5)) {
      let old = StringSnapshot.make(sections.map { ($0, [$0 + "x"]) })
      let new = StringSnapshot.make(permutation.map { (sections[$0], [sections[$0] + "x"]) })
      let update = try diff(old, new)
      #expect(update.sectionMoves.count == 5 - longestIncreasingLength(permutation))
      #expect(update.itemMoves.isEmpty)
    }
  }
}

func permutations(of values: [Int]) -> [[Int]] {
  guard values.count > 1 else { return [values] }
  return values.indices.flatMap { i in
    var rest = values
    let first = rest.remove(at: i)
    return permutations(of: rest).map { [first] + $0 }
  }
}

/// Quadratic, obviously correct.
func longestIncreasingLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
  }
  return best.max() ?? 0
}
