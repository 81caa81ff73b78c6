import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

/// The simplest data source a view can have: arrays of strings, each cell
/// its item. Batches are applied by hand, as a test of a custom view would.
@MainActor
final class ArrayDataSource: @MainActor DiffableListViewDataSource {
  var sections: [[String]]
  var cellRequests: [IndexPath] = []

  init(_ sections: [[String]]) { self.sections = sections }

  var numberOfSections: Int { sections.count }
  func numberOfItems(inSection section: Int) -> Int { sections[section].count }
  func cell(at indexPath: IndexPath) -> String {
    cellRequests.append(indexPath)
    return sections[indexPath.section][indexPath.item]
  }
  func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> String { kind }
  func canMoveItem(at indexPath: IndexPath) -> Bool { false }
  func moveItem(at source: IndexPath, to destination: IndexPath) {}
  func canEditItem(at indexPath: IndexPath) -> Bool { false }
  func commit(_ editingStyle: DiffableEditingStyle, forItemAt indexPath: IndexPath) {}
}

@MainActor
@Suite("The reference list view")
struct ReferenceListViewTests {
  /// A view showing `old`, connected to an array data source.
  func makeView(_ old: [[String]]) -> (ReferenceListView<String>, ArrayDataSource) {
    let view = ReferenceListView<String>()
    let dataSource = ArrayDataSource(old)
    view.connect(to: dataSource)
    view.reloadData()
    return (view, dataSource)
  }

  @Test("reloadData asks for every section and every cell")
  func reload() {
    let (view, dataSource) = makeView([["a", "b"], [], ["c"]])
    #expect(view.cells == [["a", "b"], [], ["c"]])
    #expect(view.numberOfSections == 3)
    #expect(view.numberOfItems(inSection: 0) == 2)
    #expect(view.cell(at: [2, 0]) == "c")
    #expect(dataSource.cellRequests == [[0, 0], [0, 1], [2, 0]])
    #expect(view.events == [.init(kind: .reloadData, requestedCells: [[0, 0], [0, 1], [2, 0]])])
  }

  @Test("a batch moves the cells it keeps and asks only for the ones it does not have")
  func batchKeepsCells() {
    let (view, dataSource) = makeView([["a", "b", "c", "d"], ["e"]])
    dataSource.cellRequests = []
    var completed: [Bool] = []
    // d moves to the front, b is deleted, x inserted at the end, c reloaded.
    let update = BatchUpdate(
      itemDeletes: [[0, 1]], itemInserts: [[0, 3]], itemMoves: [.init(from: [0, 3], to: [0, 0])],
      itemReloads: [[0, 2]])
    view.performBatchUpdates(
      update, animatingDifferences: true, rowAnimation: .automatic,
      updatingData: { dataSource.sections = [["d", "a", "C", "x"], ["e"]] },
      completion: { completed.append($0) })
    #expect(view.cells == [["d", "a", "C", "x"], ["e"]])
    #expect(dataSource.cellRequests == [[0, 3], [0, 2]])
    #expect(completed == [true])
    #expect(
      view.events.last
        == .init(
          kind: .batchUpdate(update, animated: true, rowAnimation: .automatic),
          requestedCells: [[0, 3], [0, 2]]))
  }

  @Test("a batch made by hand with unsorted lists is performed as if sorted")
  func unsortedBatch() {
    let (view, dataSource) = makeView([["a", "b", "c", "d", "e"]])
    dataSource.cellRequests = []
    // a and c deleted, x and y inserted, e and b reloaded: each list backwards.
    let update = BatchUpdate(
      itemDeletes: [[0, 2], [0, 0]], itemInserts: [[0, 2], [0, 0]],
      itemReloads: [[0, 4], [0, 1]])
    view.performBatchUpdates(
      update, animatingDifferences: true, rowAnimation: .automatic,
      updatingData: { dataSource.sections = [["x", "B", "y", "d", "E"]] }, completion: { _ in })
    #expect(view.cells == [["x", "B", "y", "d", "E"]])
    // Inserted cells first, then reloaded ones, each in index order.
    #expect(dataSource.cellRequests == [[0, 0], [0, 2], [0, 1], [0, 4]])
    #expect(view.events.last?.requestedCells == [[0, 0], [0, 2], [0, 1], [0, 4]])
  }

  @Test("sections: inserted and reloaded ones get fresh cells, moved ones keep theirs")
  func sections() {
    let (view, dataSource) = makeView([["a"], ["b", "c"], ["d"], ["e"]])
    dataSource.cellRequests = []
    let update = BatchUpdate(
      sectionDeletes: [0], sectionInserts: [1], sectionMoves: [.init(from: 3, to: 0)])
    view.performBatchUpdates(
      update, animatingDifferences: false, rowAnimation: .none,
      updatingData: { dataSource.sections = [["e"], ["new1", "new2"], ["b", "c"], ["d"]] },
      completion: { _ in })
    #expect(view.cells == [["e"], ["new1", "new2"], ["b", "c"], ["d"]])
    #expect(dataSource.cellRequests == [[1, 0], [1, 1]])

    dataSource.cellRequests = []
    view.performBatchUpdates(
      BatchUpdate(sectionReloads: [2]), animatingDifferences: true, rowAnimation: .fade,
      updatingData: { dataSource.sections = [["e"], ["new1", "new2"], ["B"], ["d"]] },
      completion: { _ in })
    #expect(view.cells == [["e"], ["new1", "new2"], ["B"], ["d"]])
    #expect(dataSource.cellRequests == [[2, 0]])
  }

  @Test("an invalid batch is refused with UIKit's message and leaves the view as it was")
  func invalidBatchRefused() {
    let (view, dataSource) = makeView([["a", "b"]])
    var errors: [BatchUpdate.ValidationError] = []
    var completed: [Bool] = []
    view.invalidBatchHandler = { errors.append($0) }
    view.performBatchUpdates(
      BatchUpdate(itemInserts: [[0, 2]]), animatingDifferences: true, rowAnimation: .automatic,
      updatingData: { dataSource.sections = [["a", "b", "c", "d"]] },
      completion: { completed.append($0) })
    #expect(view.cells == [["a", "b"]])
    #expect(completed == [false])
    #expect(errors.map(\.rule) == [4])
    #expect(
      errors.first?.message.hasPrefix(
        "invalid number of items in section 0. The number of items contained in an existing "
          + "section after the update (4) must be equal to the number of items contained in "
          + "that section before the update (2)") == true)
    #expect(
      errors.first?.message.hasSuffix(
        "(1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
      ) == true)
    #expect(view.events.count == 1, "a refused batch is not recorded")
  }

  @Test(
    "each count-checkable rule is enforced",
    arguments: [
      (BatchUpdate(itemDeletes: [[0, 0], [0, 0]]), [["b"]], 1),
      (BatchUpdate(itemDeletes: [[0, 5]]), [["a"]], 2),
      (BatchUpdate(), [["a", "b"], []], 3),
      (BatchUpdate(itemInserts: [[0, 0]]), [["x", "a"]], 4),
      (BatchUpdate(sectionReloads: [0], itemDeletes: [[0, 0]]), [["b"]], 5),
      (
        BatchUpdate(sectionMoves: [.init(from: 0, to: 0)], sectionReloads: [0]),
        [["a", "b"]], 1
      ),
      (
        BatchUpdate(itemMoves: [.init(from: [0, 0], to: [0, 1])], itemReloads: [[0, 0]]),
        [["b", "a"]], 7
      ),
    ])
  func rules(update: BatchUpdate, after: [[String]], rule: Int) {
    let (view, dataSource) = makeView([["a", "b"]])
    var errors: [BatchUpdate.ValidationError] = []
    view.invalidBatchHandler = { errors.append($0) }
    view.performBatchUpdates(
      update, animatingDifferences: true, rowAnimation: .automatic,
      updatingData: { dataSource.sections = after }, completion: { _ in })
    #expect(errors.map(\.rule) == [rule], "\(errors)")
    #expect(view.cells == [["a", "b"]])
  }

  @Test("rule 6: no section reloads beside section moves")
  func rule6() {
    let (view, dataSource) = makeView([["a"], ["b"], ["c"]])
    var errors: [BatchUpdate.ValidationError] = []
    view.invalidBatchHandler = { errors.append($0) }
    view.performBatchUpdates(
      BatchUpdate(sectionMoves: [.init(from: 0, to: 1)], sectionReloads: [2]),
      animatingDifferences: true, rowAnimation: .automatic,
      updatingData: { dataSource.sections = [["b"], ["a"], ["c"]] }, completion: { _ in })
    #expect(errors.map(\.rule) == [6])
  }

  @Test("every diff between random snapshots, performed on the view, shows the new items")
  func randomDiffs() {
    var random = SeededRandom.forTest("ReferenceListViewTests.randomDiffs")
    for round in 0..<2_000 {
      let old = RandomSnapshots.snapshot(using: &random)
      let new =
        round % 5 == 0
        ? RandomSnapshots.snapshot(using: &random) : RandomSnapshots.edited(old, using: &random)
      let oldItems = sectionItems(old).map { $0.map(String.init) }
      let newItems = sectionItems(new).map { $0.map(String.init) }
      let (view, dataSource) = makeView(oldItems)
      view.invalidBatchHandler = { error in
        Issue.record("seed \(random.seed) round \(round): \(error)\nold: \(old)\nnew: \(new)")
      }
      let update = BatchUpdate(from: old, to: new)
      view.performBatchUpdates(
        update, animatingDifferences: true, rowAnimation: .automatic,
        updatingData: { dataSource.sections = newItems }, completion: { _ in })
      if view.cells != newItems {
        let message =
          "seed \(random.seed) round \(round): cells \(view.cells), expected \(newItems)\n"
          + "old: \(old)\nnew: \(new)\nbatch:\n\(update)"
        Issue.record("\(message)")
        return
      }
    }
  }

  @Test("an interactive move moves the cell, then tells the data source")
  func interactiveMove() {
    let view = ReferenceListView<String>()
    final class Movable: @MainActor DiffableListViewDataSource {
      var moves: [(IndexPath, IndexPath)] = []
      var numberOfSections: Int { 1 }
      func numberOfItems(inSection section: Int) -> Int { 3 }
      func cell(at indexPath: IndexPath) -> String { "abc".map(String.init)[indexPath.item] }
      func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> String { kind }
      func canMoveItem(at indexPath: IndexPath) -> Bool { indexPath.item != 2 }
      func moveItem(at source: IndexPath, to destination: IndexPath) {
        moves.append((source, destination))
      }
      func canEditItem(at indexPath: IndexPath) -> Bool { false }
      func commit(_ editingStyle: DiffableEditingStyle, forItemAt indexPath: IndexPath) {}
    }
    let dataSource = Movable()
    view.connect(to: dataSource)
    view.reloadData()
    #expect(!view.interactivelyMoveItem(at: [0, 2], to: [0, 0]))
    #expect(view.interactivelyMoveItem(at: [0, 0], to: [0, 2]))
    #expect(view.cells == [["b", "c", "a"]])
    #expect(dataSource.moves.map(\.0) == [[0, 0]])
    #expect(dataSource.moves.map(\.1) == [[0, 2]])
    #expect(view.events.last?.kind == .interactiveMove(from: [0, 0], to: [0, 2]))
  }

  @Test("with recordsEvents off, nothing is recorded")
  func recordingOff() {
    let view = ReferenceListView<String>()
    view.recordsEvents = false
    let dataSource = ArrayDataSource([["a"]])
    view.connect(to: dataSource)
    view.reloadData()
    #expect(view.events.isEmpty)
    #expect(view.cells == [["a"]])
  }

  @Test("events describe themselves in one line")
  func eventDescriptions() {
    typealias Event = ReferenceListView<String>.Event
    #expect(
      Event(kind: .reloadData, requestedCells: [[0, 0]]).description == "reloadData, cells [[0, 0]]"
    )
    #expect(
      Event(
        kind: .batchUpdate(
          BatchUpdate(itemInserts: [[0, 1]]), animated: false, rowAnimation: .fade),
        requestedCells: [[0, 1]]
      ).description == "batch (not animated): itemInserts: [[0, 1]], cells [[0, 1]]")
    #expect(
      Event(kind: .interactiveMove(from: [0, 0], to: [1, 2]), requestedCells: []).description
        == "interactive move [0, 0] -> [1, 2]")
  }
}
