// swift-format-ignore-file
// The tests the batch inspector exports ("Copy as a test"), as it writes
// them for its example pair, and for that pair with a batch edited by
// hand that the validator refuses. DiffableWebToolsTests checks that the
// inspector writes exactly these; `swift test` compiles and runs them.

import Diffable
import Testing

@Test func batchBetweenTheTwoSnapshots() throws {
  var old = DiffableDataSourceSnapshot<String, String>()
  old.appendSections(["fruits", "vegetables"])
  old.appendItems(["apple", "banana", "cherry", "date"], toSection: "fruits")
  old.appendItems(["leek", "kale", "okra"], toSection: "vegetables")
  var new = DiffableDataSourceSnapshot<String, String>()
  new.appendSections(["fruits", "vegetables"])
  new.appendItems(["cherry", "apple", "date", "fig"], toSection: "fruits")
  new.appendItems(["leek", "banana", "okra"], toSection: "vegetables")
  new.reloadItems(["date"])
  new.reconfigureItems(["okra"])
  let batch = BatchUpdate(
    itemDeletes: [IndexPath(item: 1, section: 1)],
    itemInserts: [IndexPath(item: 3, section: 0)],
    itemMoves: [.init(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0)), .init(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 1))],
    itemReloads: [IndexPath(item: 3, section: 0)],
    itemReconfigures: [IndexPath(item: 2, section: 1)])
  #expect(BatchUpdate(from: old, to: new) == batch)
  try batch.validate(from: old, to: new)
}
// ---
@Test func aBatchTheValidatorRefuses() throws {
  var old = DiffableDataSourceSnapshot<String, String>()
  old.appendSections(["fruits", "vegetables"])
  old.appendItems(["apple", "banana", "cherry", "date"], toSection: "fruits")
  old.appendItems(["leek", "kale", "okra"], toSection: "vegetables")
  var new = DiffableDataSourceSnapshot<String, String>()
  new.appendSections(["fruits", "vegetables"])
  new.appendItems(["cherry", "apple", "date", "fig"], toSection: "fruits")
  new.appendItems(["leek", "banana", "okra"], toSection: "vegetables")
  new.reloadItems(["date"])
  new.reconfigureItems(["okra"])
  let batch = BatchUpdate(
    itemDeletes: [IndexPath(item: 1, section: 1)],
    itemMoves: [.init(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0)), .init(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 1))],
    itemReloads: [IndexPath(item: 3, section: 0)],
    itemReconfigures: [IndexPath(item: 2, section: 1)])
  // Edited by hand: BatchUpdate(from: old, to: new) computes another batch.
  let refusal = BatchUpdate.ValidationError(rule: 4, message: "invalid number of items in section 0. The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (1 moved in, 2 moved out).")
  #expect(throws: refusal) { try batch.validate(from: old, to: new) }
}
