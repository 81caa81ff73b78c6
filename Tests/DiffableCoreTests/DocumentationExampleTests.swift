import DiffableCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The examples in the getting-started article, kept true.
@Suite("Documentation examples")
struct DocumentationExampleTests {
  enum Section: Hashable, Sendable { case favourites, all }

  @Test("the getting-started walkthrough gives the results it shows")
  func gettingStarted() {
    var snapshot = DiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections([.favourites, .all])
    snapshot.appendItems(["Kilimanjaro"], toSection: .favourites)
    snapshot.appendItems(["Denali", "Everest", "K2"], toSection: .all)
    #expect(snapshot.indexOfItem("Everest") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: "Denali") == .all)

    var next = snapshot
    next.deleteItems(["K2"])
    next.moveItem("Everest", beforeItem: "Denali")
    next.reconfigureItems(["Kilimanjaro"])
    let update = BatchUpdate(from: snapshot, to: next)
    #expect(update.itemDeletes == [IndexPath(item: 2, section: 1)])
    #expect(
      update.itemMoves
        == [
          BatchUpdate.Move(from: IndexPath(item: 1, section: 1), to: IndexPath(item: 0, section: 1))
        ])
    #expect(update.itemReconfigures == [IndexPath(item: 0, section: 0)])

    #expect {
      try BatchUpdate(itemInserts: [IndexPath(item: 0, section: 0)]).validate(
        from: snapshot, to: next)
    } throws: { error in
      "\(error)".hasPrefix("Invalid batch update (rule 4): invalid number of items in section 0.")
    }
  }
}

@Suite("README examples")
struct ReadmeExampleTests {
  @Test("the quick start gives the batch the README shows")
  func quickStart() throws {
    var old = DiffableDataSourceSnapshot<String, String>()
    old.appendSections(["fruits", "veg"])
    old.appendItems(["apple", "pear", "fig"], toSection: "fruits")
    old.appendItems(["leek", "kale"], toSection: "veg")

    var new = old
    new.moveItem("fig", beforeItem: "apple")
    new.moveItem("pear", beforeItem: "leek")
    new.appendItems(["kiwi"], toSection: "fruits")
    new.reconfigureItems(["kale"])

    let update = BatchUpdate(from: old, to: new)
    #expect(update.itemInserts == [IndexPath(item: 2, section: 0)])
    #expect(
      update.itemMoves == [
        BatchUpdate.Move(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0)),
        BatchUpdate.Move(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1)),
      ])
    #expect(update.itemReconfigures == [IndexPath(item: 2, section: 1)])
    #expect(update.itemDeletes.isEmpty && update.sectionDeletes.isEmpty)
    try update.validate(from: old, to: new)
  }
}
