import DiffableCore
import DiffableTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("BatchUpdate validation")
struct BatchUpdateValidationTests {
  let old = StringSnapshot.make([("A", ["a", "b"]), ("B", ["c"]), ("C", [])])

  func error(
    _ update: BatchUpdate, from old: StringSnapshot? = nil, to new: StringSnapshot
  ) -> BatchUpdate.ValidationError? {
    do {
      try update.validate(from: old ?? self.old, to: new)
      return nil
    } catch {
      return error
    }
  }

  @Test("rule 1: the same old index path deleted twice")
  func duplicateDelete() {
    let failure = error(
      BatchUpdate(itemDeletes: [path(0, 0), path(0, 0)]),
      to: .make([("A", []), ("B", ["c"]), ("C", [])]))
    #expect(failure?.rule == 1)
    #expect(failure?.message == "attempt to delete and delete the same index path ([0, 0])")
  }

  @Test("rule 1: a section both deleted and moved")
  func sectionDeleteAndMove() {
    let failure = error(
      BatchUpdate(sectionDeletes: [1], sectionMoves: [.init(from: 1, to: 0)]),
      to: .make([("A", ["a", "b"]), ("C", [])]))
    #expect(failure?.rule == 1)
  }

  @Test("rule 2: an item index beyond its section, in UIKit's words")
  func outOfRange() {
    let failure = error(BatchUpdate(itemDeletes: [path(1, 3)]), to: old)
    #expect(failure?.rule == 2)
    #expect(
      failure?.message
        == "attempt to delete item 3 from section 1 which only contains 1 items before the update")
  }

  @Test("rule 2: a section insert beyond the new section count")
  func sectionOutOfRange() {
    let failure = error(BatchUpdate(sectionInserts: [7]), to: old)
    #expect(failure?.rule == 2)
  }

  @Test("rule 3: the section count does not add up")
  func sectionCount() {
    let failure = error(BatchUpdate(), to: .make([("A", ["a", "b"]), ("B", ["c"])]))
    #expect(failure?.rule == 3)
    #expect(failure?.message.hasPrefix("invalid number of sections.") == true)
  }

  @Test("rule 4: an item count that does not add up names the section and every count")
  func itemCount() {
    let failure = error(
      BatchUpdate(itemInserts: [path(2, 0)]),
      to: .make([("A", ["a", "b"]), ("B", ["c"]), ("C", ["d", "e"])]))
    #expect(failure?.rule == 4)
    #expect(
      failure?.message
        == "invalid number of items in section 2. The number of items contained in an existing "
        + "section after the update (2) must be equal to the number of items contained in that "
        + "section before the update (0), plus or minus the number of items inserted or deleted "
        + "from that section (1 inserted, 0 deleted) and plus or minus the number of items moved "
        + "into or out of that section (0 moved in, 0 moved out).")
  }

  @Test("rule 5: an item inserted into an inserted section")
  func itemIntoInsertedSection() {
    let failure = error(
      BatchUpdate(sectionInserts: [3], itemInserts: [path(3, 0)]),
      to: .make([("A", ["a", "b"]), ("B", ["c"]), ("C", []), ("D", ["d"])]))
    #expect(failure?.rule == 5)
    #expect(
      failure?.message == "attempt to insert item 0 into section 3, which is also being inserted")
  }

  @Test("rule 5: an item moved out of a moved section")
  func itemOutOfMovedSection() {
    let failure = error(
      BatchUpdate(sectionMoves: [.init(from: 0, to: 2)], itemMoves: [move(path(0, 0), path(0, 1))]),
      to: .make([("B", ["c", "a"]), ("C", []), ("A", ["b"])]))
    #expect(failure?.rule == 5)
  }

  @Test("rule 6: a section reload together with a section move")
  func reloadWithMove() {
    let failure = error(
      BatchUpdate(sectionMoves: [.init(from: 0, to: 1)], sectionReloads: [2]),
      to: .make([("B", ["c"]), ("A", ["a", "b"]), ("C", [])], reloadedSections: ["C"]))
    #expect(failure?.rule == 6)
  }

  @Test("rule 7: an item both reloaded and moved")
  func reloadAndMove() {
    let failure = error(
      BatchUpdate(itemMoves: [move(path(0, 0), path(0, 1))], itemReloads: [path(0, 0)]),
      to: .make([("A", ["b", "a"]), ("B", ["c"]), ("C", [])], reloaded: ["a"]))
    #expect(failure?.rule == 7)
  }

  @Test("rule 8: counts add up but identities do not")
  func identity() {
    let failure = error(BatchUpdate(), to: .make([("A", ["b", "a"]), ("B", ["c"]), ("C", [])]))
    #expect(failure?.rule == 8)
    #expect(
      failure?.message
        == #"after the update, item [0, 0] would be ["a"], but the new snapshot has ["b"]"#)
  }

  @Test("rule 8: a replay that would hold an item twice is reported, not a crash")
  func duplicateAfterReplay() {
    let failure = error(
      BatchUpdate(itemInserts: [path(2, 0)]),
      to: .make([("A", ["a", "b"]), ("B", []), ("C", ["c"])]))
    #expect(failure?.rule == 4 || failure?.rule == 8)
    // B's item is replaced by the new snapshot's "a" while A keeps its own "a".
    let twice = error(
      BatchUpdate(itemDeletes: [path(1, 0)], itemInserts: [path(1, 0)]),
      from: .make([("A", ["a"]), ("B", ["b"])]), to: .make([("A", ["b"]), ("B", ["a"])]))
    #expect(twice?.rule == 8)
    #expect(
      twice?.message
        == #"after the update, item identifier ["a"] would appear twice (again at [1, 0])"#)
  }

  @Test("rule 9: a marked item that is neither reloaded nor fresh")
  func unhonouredReload() {
    let failure = error(
      BatchUpdate(), to: .make([("A", ["a", "b"]), ("B", ["c"]), ("C", [])], reloaded: ["b"]))
    #expect(failure?.rule == 9)
  }

  @Test("rule 9: a reload the new snapshot did not ask for")
  func unaskedReload() {
    let failure = error(BatchUpdate(itemReloads: [path(0, 1)]), to: old)
    #expect(failure?.rule == 9)
  }

  @Test("the error reads like UIKit's, prefixed with the rule")
  func errorDescription() {
    let failure = BatchUpdate.ValidationError(
      rule: 4, message: "invalid number of items in section 2")
    #expect(
      failure.description == "Invalid batch update (rule 4): invalid number of items in section 2")
  }

  @Test("dropping any single operation from a generated batch makes it invalid")
  func everyOperationIsNeeded() throws {
    var random = SeededRandom.forTest("BatchUpdateValidationTests.everyOperationIsNeeded")
    for _ in 0..<2_000 {
      let old = RandomSnapshots.snapshot(using: &random)
      let new = RandomSnapshots.edited(old, using: &random)
      let update = BatchUpdate(from: old, to: new)
      for (name, variant) in update.variantsMissingOneOperation() {
        #expect(
          throws: BatchUpdate.ValidationError.self,
          "seed \(random.seed): \(name)\nold: \(old)\nnew: \(new)\n\(update)"
        ) {
          try variant.validate(from: old, to: new)
        }
      }
    }
  }
}

extension BatchUpdate {
  /// Every batch that differs from this one by a single missing operation.
  func variantsMissingOneOperation() -> [(String, BatchUpdate)] {
    var variants: [(String, BatchUpdate)] = []
    func drop<T>(_ keyPath: WritableKeyPath<BatchUpdate, [T]>, _ name: String) {
      for i in self[keyPath: keyPath].indices {
        var copy = self
        copy[keyPath: keyPath].remove(at: i)
        variants.append(("without \(name)[\(i)]", copy))
      }
    }
    drop(\.sectionDeletes, "sectionDeletes")
    drop(\.sectionInserts, "sectionInserts")
    drop(\.sectionMoves, "sectionMoves")
    drop(\.sectionReloads, "sectionReloads")
    drop(\.itemDeletes, "itemDeletes")
    drop(\.itemInserts, "itemInserts")
    drop(\.itemMoves, "itemMoves")
    drop(\.itemReloads, "itemReloads")
    drop(\.itemReconfigures, "itemReconfigures")
    return variants
  }
}
