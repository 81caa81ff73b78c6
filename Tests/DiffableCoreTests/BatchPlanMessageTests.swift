import DiffableCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The structural checks that `validate(from:to:)` and the reference list
/// view share, by counts alone: every message they can give, word for word,
/// and which one comes first when a batch breaks several rules.
@Suite("Batch plan messages")
struct BatchPlanMessageTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var update: BatchUpdate
    var oldCounts: [Int]
    var newCounts: [Int]
    var rule: Int
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // Sections.
    Case(
      name: "section delete out of range", update: BatchUpdate(sectionDeletes: [5]),
      oldCounts: [1, 1], newCounts: [1], rule: 2,
      message: "attempt to delete section 5, but there are only 2 sections before the update"),
    Case(
      name: "section reload out of range", update: BatchUpdate(sectionReloads: [-1]),
      oldCounts: [1, 1], newCounts: [1, 1], rule: 2,
      message: "attempt to reload section -1, but there are only 2 sections before the update"),
    Case(
      name: "section moved from out of range",
      update: BatchUpdate(sectionMoves: [.init(from: 2, to: 0)]), oldCounts: [1, 1],
      newCounts: [1, 1], rule: 2,
      message: "attempt to move section 2, but there are only 2 sections before the update"),
    Case(
      name: "section insert out of range", update: BatchUpdate(sectionInserts: [7]),
      oldCounts: [1, 1], newCounts: [1, 1, 1], rule: 2,
      message: "attempt to insert section 7, but there are only 3 sections after the update"),
    Case(
      name: "section moved to out of range",
      update: BatchUpdate(sectionMoves: [.init(from: 0, to: 2)]), oldCounts: [1, 1],
      newCounts: [1, 1], rule: 2,
      message: "attempt to move to section 2, but there are only 2 sections after the update"),
    Case(
      name: "section deleted and reloaded",
      update: BatchUpdate(sectionDeletes: [0], sectionReloads: [0]), oldCounts: [1, 1],
      newCounts: [1], rule: 1, message: "attempt to delete and reload the same section (0)"),
    Case(
      name: "section reloaded and moved",
      update: BatchUpdate(sectionMoves: [.init(from: 1, to: 0)], sectionReloads: [1]),
      oldCounts: [1, 1], newCounts: [1, 1], rule: 1,
      message: "attempt to reload and move the same section (1)"),
    Case(
      name: "section inserted and moved to",
      update: BatchUpdate(sectionInserts: [0], sectionMoves: [.init(from: 1, to: 0)]),
      oldCounts: [1, 1], newCounts: [1, 1, 1], rule: 1,
      message: "attempt to insert and move to the same section (0)"),
    Case(
      name: "section moved to twice",
      update: BatchUpdate(sectionMoves: [.init(from: 0, to: 1), .init(from: 1, to: 1)]),
      oldCounts: [1, 1], newCounts: [1, 1], rule: 1,
      message: "attempt to move to and move to the same section (1)"),
    Case(
      name: "sections reloaded and moved in one batch",
      update: BatchUpdate(
        sectionMoves: [.init(from: 1, to: 3), .init(from: 3, to: 1)], sectionReloads: [0, 2]),
      oldCounts: [1, 1, 1, 1], newCounts: [1, 1, 1, 1], rule: 6,
      message: "cannot reload sections [0, 2] in a batch that also moves sections (1 -> 3, 3 -> 1)"
    ),
    Case(
      name: "section count", update: BatchUpdate(sectionInserts: [0]), oldCounts: [1, 1],
      newCounts: [1, 1], rule: 3,
      message: "invalid number of sections. The number of sections contained in the list view "
        + "after the update (2) must be equal to the number of sections contained in the list "
        + "view before the update (2), plus or minus the number of sections inserted or deleted "
        + "(1 inserted, 0 deleted)."),

    // Items before the update.
    Case(
      name: "index path of one index", update: BatchUpdate(itemDeletes: [IndexPath(index: 0)]),
      oldCounts: [1], newCounts: [0], rule: 2, message: "index path [0] does not have two indices"),
    Case(
      name: "item delete section out of range", update: BatchUpdate(itemDeletes: [path(9, 0)]),
      oldCounts: [1, 1], newCounts: [1, 0], rule: 2,
      message:
        "attempt to delete item 0 from section 9, but there are only 2 sections before the update"
    ),
    Case(
      name: "item reload index out of range", update: BatchUpdate(itemReloads: [path(1, 3)]),
      oldCounts: [1, 1], newCounts: [1, 1], rule: 2,
      message:
        "attempt to reload item 3 from section 1 which only contains 1 items before the update"),
    Case(
      name: "item moved from a negative index",
      update: BatchUpdate(itemMoves: [move(path(0, -1), path(0, 0))]), oldCounts: [1, 1],
      newCounts: [1, 1], rule: 2,
      message:
        "attempt to move item -1 from section 0 which only contains 1 items before the update"),
    Case(
      name: "item deleted from a deleted section",
      update: BatchUpdate(sectionDeletes: [0], itemDeletes: [path(0, 0)]), oldCounts: [1, 1],
      newCounts: [1], rule: 5,
      message: "attempt to delete item 0 from section 0, which is also being deleted"),
    Case(
      name: "item deleted from a reloaded section",
      update: BatchUpdate(sectionReloads: [1], itemDeletes: [path(1, 0)]), oldCounts: [1, 1],
      newCounts: [1, 0], rule: 5,
      message: "attempt to delete item 0 from section 1, which is also being reloaded"),
    Case(
      name: "item moved out of a moved section",
      update: BatchUpdate(
        sectionMoves: [.init(from: 1, to: 0)], itemMoves: [move(path(1, 0), path(1, 0))]),
      oldCounts: [1, 1], newCounts: [1, 1], rule: 5,
      message: "attempt to move item 0 from section 1, which is also being moved"),
    Case(
      name: "item deleted twice", update: BatchUpdate(itemDeletes: [path(0, 0), path(0, 0)]),
      oldCounts: [1], newCounts: [0], rule: 1,
      message: "attempt to delete and delete the same index path ([0, 0])"),
    Case(
      name: "item deleted and reloaded",
      update: BatchUpdate(itemDeletes: [path(0, 0)], itemReloads: [path(0, 0)]), oldCounts: [1],
      newCounts: [0], rule: 1, message: "attempt to delete and reload the same index path ([0, 0])"
    ),
    Case(
      name: "item deleted and moved",
      update: BatchUpdate(itemDeletes: [path(0, 0)], itemMoves: [move(path(0, 0), path(0, 0))]),
      oldCounts: [1], newCounts: [1], rule: 1,
      message: "attempt to delete and move the same index path ([0, 0])"),
    Case(
      name: "item reloaded and moved",
      update: BatchUpdate(itemMoves: [move(path(0, 1), path(0, 0))], itemReloads: [path(0, 1)]),
      oldCounts: [2], newCounts: [2], rule: 7,
      message: "attempt to reload and move the same index path ([0, 1])"),
    Case(
      name: "item moved from twice",
      update: BatchUpdate(itemMoves: [move(path(0, 1), path(0, 0)), move(path(0, 1), path(0, 1))]),
      oldCounts: [2], newCounts: [2], rule: 1,
      message: "attempt to move and move the same index path ([0, 1])"),

    // Items after the update.
    Case(
      name: "index path of three indices",
      update: BatchUpdate(itemInserts: [IndexPath(indexes: [0, 0, 0])]), oldCounts: [1],
      newCounts: [2], rule: 2, message: "index path [0, 0, 0] does not have two indices"),
    Case(
      name: "item insert section out of range", update: BatchUpdate(itemInserts: [path(4, 0)]),
      oldCounts: [1, 1], newCounts: [1, 1], rule: 2,
      message:
        "attempt to insert item 0 into section 4, but there are only 2 sections after the update"
    ),
    Case(
      name: "item moved to an index out of range",
      update: BatchUpdate(itemMoves: [move(path(0, 0), path(1, 5))]), oldCounts: [1, 1],
      newCounts: [0, 2], rule: 2,
      message: "attempt to move item 5 into section 1, but there are only 2 items in section 1 "
        + "after the update"),
    Case(
      name: "item inserted into an inserted section",
      update: BatchUpdate(sectionInserts: [0], itemInserts: [path(0, 0)]), oldCounts: [1],
      newCounts: [1, 1], rule: 5,
      message: "attempt to insert item 0 into section 0, which is also being inserted"),
    Case(
      name: "item moved into a moved section",
      update: BatchUpdate(
        sectionMoves: [.init(from: 1, to: 0)], itemMoves: [move(path(0, 0), path(0, 0))]),
      oldCounts: [1, 1], newCounts: [1, 1], rule: 5,
      message: "attempt to move item 0 into section 0, which is also being moved"),
    Case(
      name: "item inserted into a reloaded section",
      update: BatchUpdate(sectionReloads: [1], itemInserts: [path(1, 0)]), oldCounts: [1, 0],
      newCounts: [1, 1], rule: 5,
      message: "attempt to insert item 0 into section 1, which is also being reloaded"),
    Case(
      name: "item inserted twice", update: BatchUpdate(itemInserts: [path(0, 1), path(0, 1)]),
      oldCounts: [1], newCounts: [3], rule: 1,
      message: "attempt to insert and insert the same index path ([0, 1])"),
    Case(
      name: "item inserted and moved to",
      update: BatchUpdate(itemInserts: [path(0, 0)], itemMoves: [move(path(0, 1), path(0, 0))]),
      oldCounts: [2], newCounts: [3], rule: 1,
      message: "attempt to insert and move the same index path ([0, 0])"),
    Case(
      name: "item moved to twice",
      update: BatchUpdate(itemMoves: [move(path(0, 1), path(0, 0)), move(path(0, 0), path(0, 0))]),
      oldCounts: [2], newCounts: [2], rule: 1,
      message: "attempt to move and move the same index path ([0, 0])"),
    Case(
      name: "reconfigure out of range", update: BatchUpdate(itemReconfigures: [path(0, 4)]),
      oldCounts: [1], newCounts: [1], rule: 2,
      message: "attempt to reconfigure item at [0, 4], which is not in the new snapshot"),
    Case(
      name: "reconfigure of one index",
      update: BatchUpdate(itemReconfigures: [IndexPath(index: 0)]),
      oldCounts: [1], newCounts: [1], rule: 2,
      message: "attempt to reconfigure item at [0], which is not in the new snapshot"),
    Case(
      name: "item count, with every kind of change",
      update: BatchUpdate(
        itemDeletes: [path(0, 0)], itemInserts: [path(1, 0), path(1, 1)],
        itemMoves: [move(path(1, 0), path(0, 0))]),
      oldCounts: [2, 1], newCounts: [2, 3], rule: 4,
      message: "invalid number of items in section 1. The number of items contained in an "
        + "existing section after the update (3) must be equal to the number of items contained "
        + "in that section before the update (1), plus or minus the number of items inserted or "
        + "deleted from that section (2 inserted, 0 deleted) and plus or minus the number of "
        + "items moved into or out of that section (0 moved in, 1 moved out)."),

    // The first broken rule, in the order the operations are checked.
    Case(
      name: "a duplicate before a later range error",
      update: BatchUpdate(itemDeletes: [path(0, 0), path(0, 0)], itemInserts: [path(9, 9)]),
      oldCounts: [1], newCounts: [0], rule: 1,
      message: "attempt to delete and delete the same index path ([0, 0])"),
    Case(
      name: "a range error before a later duplicate",
      update: BatchUpdate(itemDeletes: [path(0, 5), path(0, 0), path(0, 0)]), oldCounts: [1],
      newCounts: [0], rule: 2,
      message:
        "attempt to delete item 5 from section 0 which only contains 1 items before the update"),
    Case(
      name: "an item in a changed section before the counts",
      update: BatchUpdate(sectionInserts: [0], itemInserts: [path(0, 0)]), oldCounts: [1],
      newCounts: [5, 3], rule: 5,
      message: "attempt to insert item 0 into section 0, which is also being inserted"),
  ]

  @Test("each rule's message, word for word", arguments: cases)
  func message(_ example: Case) {
    #expect(throws: BatchUpdate.ValidationError(rule: example.rule, message: example.message)) {
      _ = try _BatchPlan(
        example.update, oldItemCounts: example.oldCounts, newItemCounts: example.newCounts)
    }
  }
}
