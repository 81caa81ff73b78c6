// This file imports Diffable alone, as a user's file may: the index paths
// its API speaks in must come with it, or this file does not compile.
import Diffable
import Testing

@Suite("Importing Diffable alone")
struct ImportTests {
  @Test("gives the index paths its API uses")
  func indexPathsComeWithTheModule() {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["fruits"])
    snapshot.appendItems(["apple", "pear"])
    var next = snapshot
    next.moveItem("pear", beforeItem: "apple")
    let update = BatchUpdate(from: snapshot, to: next)
    let path: IndexPath = IndexPath(item: 1, section: 0)
    #expect(update.itemMoves.map(\.from) == [path])
  }
}
