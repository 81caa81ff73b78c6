import DiffableCore
import Testing

@Suite("Snapshot basics")
struct SnapshotBasicsTests {
  @Test("the WWDC example reads back what was built")
  func example() {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["fruits", "veg"])
    snapshot.appendItems(["apple", "pear"], toSection: "fruits")
    snapshot.appendItems(["leek"])
    #expect(snapshot.sectionIdentifiers == ["fruits", "veg"])
    #expect(snapshot.itemIdentifiers == ["apple", "pear", "leek"])
    #expect(snapshot.indexOfItem("leek") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: "pear") == "fruits")
    #expect(snapshot.numberOfItems(inSection: "veg") == 1)
    #expect(snapshot.description == #"["fruits": ["apple", "pear"], "veg": ["leek"]]"#)
  }
}
