import DiffableCore
import DiffableTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The plain text that describes index paths and batch updates: one
/// formatter for `[section, item]`, the summary of counts, one line per
/// operation.
@Suite("Batch update text")
struct BatchUpdateTextTests {
  @Test("an index path is written as its indices in brackets, whatever its length")
  func indexPaths() {
    #expect(IndexPath(item: 2, section: 0).bracketedDescription == "[0, 2]")
    #expect(IndexPath(index: 1).bracketedDescription == "[1]")
    #expect(IndexPath(indexes: [0, 0, 7]).bracketedDescription == "[0, 0, 7]")
    #expect(IndexPath().bracketedDescription == "[]")
  }

  @Test("the batch's description writes index paths the same way")
  func descriptionUsesTheFormatter() {
    let batch = BatchUpdate(
      itemDeletes: [path(0, 1)], itemMoves: [move(path(0, 2), path(1, 0))])
    #expect(batch.description == "itemDeletes: [[0, 1]]\nitemMoves: [[0, 2] -> [1, 0]]")
  }

  @Test("the summary counts each kind of operation, in the batch's order, singular or plural")
  func summary() {
    #expect(BatchUpdate().summary == "no changes")
    let batch = BatchUpdate(
      sectionDeletes: [1], itemDeletes: [path(0, 0), path(0, 1)], itemInserts: [path(0, 0)],
      itemReconfigures: [path(0, 1)])
    #expect(batch.summary == "1 section delete, 2 item deletes, 1 item insert, 1 item reconfigure")
  }

  @Test("each operation is a line naming its identifier, read from the snapshot of its index space")
  func operationLines() throws {
    let old = StringSnapshot.make([("fruits", ["apple", "pear"]), ("veg", ["leek"])])
    let new = StringSnapshot.make(
      [("fruits", ["apple"]), ("berries", ["pear", "kiwi"])], reconfigured: ["apple"])
    let batch = try diff(old, new)
    #expect(
      batch.operationLines(from: old, to: new) == [
        #"delete section "veg" at 1"#,
        #"insert section "berries" at 1"#,
        #"delete item "pear" at [0, 1]"#,
        #"reconfigure item "apple" at [0, 0]"#,
      ])
    let moved = StringSnapshot.make([("fruits", ["pear", "apple"])])
    let back = StringSnapshot.make([("fruits", ["apple", "pear"])])
    #expect(
      try diff(moved, back).operationLines(from: moved, to: back)
        == [#"move item "apple" from [0, 1] to [0, 0]"#])
    #expect(BatchUpdate().operationLines(from: old, to: old) == ["no changes"])
  }

  @Test("callers name identifiers their way; indices outside the snapshots are <none>")
  func customNamesAndStrayIndices() {
    var old = DiffableDataSourceSnapshot<Int, Int>()
    old.appendSections([10])
    old.appendItems([100, 101])
    let batch = BatchUpdate(sectionInserts: [4], itemDeletes: [path(0, 1), path(3, 0)])
    #expect(
      batch.operationLines(
        from: old, to: old, describeSection: { "S\($0)" }, describeItem: { "#\($0)" }) == [
          "insert section <none> at 4", "delete item #101 at [0, 1]",
          "delete item <none> at [3, 0]",
        ])
    // By default, the description, quoted.
    #expect(batch.operationLines(from: old, to: old)[1] == #"delete item "101" at [0, 1]"#)
  }

  @Test("names are quoted as JSON string literals")
  func quotedNames() {
    #expect(BatchUpdate.quotedName("kiwi") == #""kiwi""#)
    #expect(BatchUpdate.quotedName(42) == #""42""#)
    #expect(BatchUpdate.quotedName("say \"hi\"\\\n\t") == #""say \"hi\"\\\n\t""#)
    #expect(BatchUpdate.quotedName("\u{1B}é") == #""\u001bé""#)
  }
}
