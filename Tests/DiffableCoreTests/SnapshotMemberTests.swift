import DiffableCore
import DiffableTestSupport
import Testing

@Suite("Snapshot members")
struct SnapshotMemberTests {
  let fruitsAndVeg = StringSnapshot.make([("fruits", ["apple", "pear"]), ("veg", ["leek"])])

  @Test("a new snapshot is empty")
  func empty() {
    let snapshot = StringSnapshot()
    #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0)
    #expect(snapshot.itemIdentifiers.isEmpty && snapshot.sectionIdentifiers.isEmpty)
    #expect(snapshot.indexOfItem("x") == nil && snapshot.indexOfSection("x") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: "x") == nil)
  }

  @Test("sections and items live in separate namespaces")
  func namespaces() {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([1])
    snapshot.appendItems([1])
    #expect(snapshot.indexOfSection(1) == 0 && snapshot.indexOfItem(1) == 0)
  }

  @Test("appendItems without a section appends to the last section")
  func appendToLast() {
    var snapshot = fruitsAndVeg
    snapshot.appendItems(["kale"])
    #expect(snapshot.itemIdentifiers(inSection: "veg") == ["leek", "kale"])
  }

  @Test("insertSections before and after place sections around the anchor")
  func insertSections() {
    var snapshot = fruitsAndVeg
    snapshot.insertSections(["nuts"], beforeSection: "veg")
    snapshot.insertSections(["herbs", "grains"], afterSection: "veg")
    #expect(snapshot.sectionIdentifiers == ["fruits", "nuts", "veg", "herbs", "grains"])
    #expect(snapshot.indexOfItem("leek") == 2)
    #expect(snapshot.indexOfSection("grains") == 4)
  }

  @Test("deleteSections removes their items, and ignores absent sections")
  func deleteSections() {
    var snapshot = fruitsAndVeg
    snapshot.deleteSections(["fruits", "absent"])
    #expect(snapshot.sectionIdentifiers == ["veg"])
    #expect(snapshot.indexOfItem("apple") == nil)
    #expect(snapshot.indexOfItem("leek") == 0)
  }

  @Test("a deleted section's slot is reused without leaking its items")
  func slotReuse() {
    var snapshot = fruitsAndVeg
    snapshot.deleteSections(["fruits"])
    snapshot.appendSections(["nuts"])
    snapshot.appendItems(["pecan"], toSection: "nuts")
    #expect(snapshot.itemIdentifiers == ["leek", "pecan"])
    #expect(snapshot.sectionIdentifier(containingItem: "pecan") == "nuts")
  }

  @Test("moveSection before and after")
  func moveSection() {
    var snapshot = StringSnapshot.make([("a", ["1"]), ("b", ["2"]), ("c", ["3"])])
    snapshot.moveSection("a", afterSection: "c")
    #expect(snapshot.sectionIdentifiers == ["b", "c", "a"])
    #expect(snapshot.itemIdentifiers == ["2", "3", "1"])
    snapshot.moveSection("a", beforeSection: "b")
    #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
    #expect(snapshot.indexOfItem("3") == 2)
  }

  @Test("insertItems before and after, in the anchor's section")
  func insertItems() {
    var snapshot = fruitsAndVeg
    snapshot.insertItems(["fig"], beforeItem: "pear")
    snapshot.insertItems(["kale", "okra"], afterItem: "leek")
    #expect(snapshot.itemIdentifiers(inSection: "fruits") == ["apple", "fig", "pear"])
    #expect(snapshot.itemIdentifiers(inSection: "veg") == ["leek", "kale", "okra"])
    #expect(snapshot.indexOfItem("okra") == 5)
  }

  @Test("deleteItems ignores absent and repeated identifiers; emptied sections stay")
  func deleteItems() {
    var snapshot = fruitsAndVeg
    snapshot.deleteItems(["leek", "absent", "leek"])
    #expect(snapshot.sectionIdentifiers == ["fruits", "veg"])
    #expect(snapshot.numberOfItems(inSection: "veg") == 0)
    #expect(snapshot.numberOfItems == 2)
  }

  @Test("deleteAllItems removes the sections too, as UIKit does")
  func deleteAllItems() {
    var snapshot = fruitsAndVeg
    snapshot.reloadItems(["apple"])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
  }

  @Test("moveItem before and after, across sections")
  func moveItem() {
    var snapshot = fruitsAndVeg
    snapshot.moveItem("apple", afterItem: "leek")
    #expect(snapshot.itemIdentifiers(inSection: "veg") == ["leek", "apple"])
    #expect(snapshot.sectionIdentifier(containingItem: "apple") == "veg")
    snapshot.moveItem("leek", beforeItem: "pear")
    #expect(snapshot.itemIdentifiers == ["leek", "pear", "apple"])
    #expect(snapshot.indexOfItem("apple") == 2)
  }

  @Test("re-appending an existing item moves it and reports a diagnostic naming it")
  func reappendMoves() {
    final class Box: @unchecked Sendable { var seen: [DiffableDiagnostic] = [] }
    let box = Box()
    var snapshot = fruitsAndVeg
    DiffableDiagnostics.withHandler({ box.seen.append($0) }) {
      snapshot.appendItems(["apple", "kiwi"], toSection: "veg")
      // The move is made at the call in debug builds, and by the first read
      // that needs the item index otherwise: the snapshot is the same.
      #expect(snapshot.numberOfItems == 4)
    }
    #expect(snapshot.itemIdentifiers(inSection: "fruits") == ["pear"])
    #expect(snapshot.itemIdentifiers(inSection: "veg") == ["leek", "apple", "kiwi"])
    #expect(box.seen.count == 1)
    #expect(box.seen.first?.operation == "appendItems(_:toSection:)")
    #expect(box.seen.first?.message.contains(#"["apple"]"#) == true)
  }

  @Test("inserting an existing item before another moves it there")
  func reinsertMoves() {
    var snapshot = fruitsAndVeg
    DiffableDiagnostics.withHandler({ _ in }) {
      snapshot.insertItems(["leek"], beforeItem: "apple")
    }
    #expect(snapshot.itemIdentifiers == ["leek", "apple", "pear"])
  }

  @Test("marks are kept in order, deduplicated, and dropped with their items")
  func marks() {
    var snapshot = fruitsAndVeg
    snapshot.reloadItems(["pear", "apple"])
    snapshot.reloadItems(["pear"])
    snapshot.reconfigureItems(["leek"])
    snapshot.reloadSections(["veg"])
    #expect(snapshot.reloadedItemIdentifiers == ["pear", "apple"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["leek"])
    #expect(snapshot.reloadedSectionIdentifiers == ["veg"])
    snapshot.deleteItems(["pear"])
    snapshot.deleteSections(["veg"])
    #expect(snapshot.reloadedItemIdentifiers == ["apple"])
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
  }

  @Test("moving a marked item keeps its mark")
  func marksSurviveMoves() {
    var snapshot = fruitsAndVeg
    snapshot.reloadItems(["apple"])
    snapshot.moveItem("apple", afterItem: "leek")
    #expect(snapshot.reloadedItemIdentifiers == ["apple"])
  }

  @Test("equality compares sections and items in order, not marks")
  func equality() {
    var marked = fruitsAndVeg
    marked.reloadItems(["apple"])
    #expect(marked == fruitsAndVeg)
    var reordered = fruitsAndVeg
    reordered.moveItem("pear", beforeItem: "apple")
    #expect(reordered != fruitsAndVeg)
    var renamed = fruitsAndVeg
    renamed.deleteSections(["veg"])
    renamed.appendSections(["greens"])
    renamed.appendItems(["leek"])
    #expect(renamed != fruitsAndVeg)
  }

  @Test("copies are independent: mutating one leaves the other unchanged")
  func copyOnWrite() {
    let original = fruitsAndVeg
    var copy = original
    copy.appendItems(["kale"])
    copy.moveSection("veg", beforeSection: "fruits")
    #expect(original.itemIdentifiers == ["apple", "pear", "leek"])
    #expect(copy.itemIdentifiers == ["leek", "kale", "apple", "pear"])
  }

  @Test("itemIdentifiers of a one-section snapshot is the section's own array")
  func itemIdentifiersSingleSection() {
    let snapshot = StringSnapshot.make([("s", ["a", "b"])])
    #expect(snapshot.itemIdentifiers == snapshot.itemIdentifiers(inSection: "s"))
  }

  @Test("description lists sections, items and marks")
  func description() {
    var snapshot = fruitsAndVeg
    snapshot.reloadItems(["pear"])
    #expect(
      snapshot.description
        == #"["fruits": ["apple", "pear"], "veg": ["leek"]] reloadedItems: ["pear"]"#)
    #expect(StringSnapshot().description == "[:]")
  }

  @Test("a snapshot can be sent across tasks")
  func sendable() async {
    let snapshot = fruitsAndVeg
    let count = await Task.detached { snapshot.numberOfItems }.value
    #expect(count == 3)
  }
}
