import DiffableCore
import Foundation
import Testing

@Suite("Printed moves")
struct MoveDescriptionTests {
  @Test("a move prints as BatchUpdate's description writes it: sections as numbers, items as paths")
  func moves() {
    var old = DiffableDataSourceSnapshot<String, String>()
    old.appendSections(["a", "b"])
    old.appendItems(["x", "y"], toSection: "a")
    var new = DiffableDataSourceSnapshot<String, String>()
    new.appendSections(["b", "a"])
    new.appendItems(["y", "x"], toSection: "a")
    let update = BatchUpdate(from: old, to: new)
    #expect("\(update.itemMoves)" == "[[0, 1] -> [1, 0]]")
    #expect(update.sectionMoves.map(\.description) == ["1 -> 0"])
    #expect(update.description.contains("itemMoves: [[0, 1] -> [1, 0]]"))
    #expect(
      BatchUpdate.Move(from: IndexPath(item: 3, section: 2), to: IndexPath(item: 0, section: 0))
        .description == "[2, 3] -> [0, 0]")
  }
}
