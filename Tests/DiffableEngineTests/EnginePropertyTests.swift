import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

@MainActor
@Suite("The engine against random snapshot sequences")
struct EnginePropertyTests {
  /// The index paths, in `new`, of the cells a view must ask for when
  /// `update` takes it from `old` to `new`: every item of inserted and
  /// reloaded sections, inserted and reloaded items, and reconfigured ones.
  static func freshPaths<S, I>(
    _ update: BatchUpdate, _ old: DiffableDataSourceSnapshot<S, I>,
    _ new: DiffableDataSourceSnapshot<S, I>
  ) -> [IndexPath] {
    var paths: [IndexPath] = []
    let oldSections = old.sectionIdentifiers
    func wholeSection(_ q: Int) {
      let count = new.numberOfItems(inSection: new.sectionIdentifiers[q])
      paths += (0..<count).map { IndexPath(item: $0, section: q) }
    }
    update.sectionInserts.forEach(wholeSection)
    for p in update.sectionReloads { wholeSection(new.indexOfSection(oldSections[p])!) }
    paths += update.itemInserts
    for path in update.itemReloads {
      let item = old.itemIdentifiers(inSection: oldSections[path.section])[path.item]
      let section = new.sectionIdentifier(containingItem: item)!
      let index = new.itemIdentifiers(inSection: section).firstIndex(of: item)!
      paths.append(IndexPath(item: index, section: new.indexOfSection(section)!))
    }
    paths += update.itemReconfigures
    return paths.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
  }

  @Test("each apply shows its snapshot, performs the diff, and asks only for fresh cells, in order")
  func randomSequences() async {
    var random = SeededRandom.forTest("EnginePropertyTests.randomSequences")
    let list = TestList<Int, Int>()
    var previous = RandomSnapshots.Snapshot()
    for round in 0..<400 {
      let next =
        round % 7 == 0
        ? RandomSnapshots.snapshot(using: &random)
        : RandomSnapshots.edited(previous, using: &random)
      let serialsBefore = list.serials
      list.view.removeAllEvents()
      list.providerCalls = []
      await list.apply(next, animatingDifferences: round % 2 == 0)
      let context = "seed \(random.seed) round \(round)\nold: \(previous)\nnew: \(next)"

      #expect(list.shownItems == sectionItems(next), "\(context)")
      #expect(list.dataSource.snapshot() == next, "\(context)")
      let requested = list.view.events.flatMap(\.requestedCells).sorted {
        ($0.section, $0.item) < ($1.section, $1.item)
      }
      let fresh: [IndexPath]
      if previous.numberOfSections == 0 {
        #expect(list.view.events.map(\.kind) == [.reloadData], "\(context)")
        fresh = next.sectionIdentifiers.enumerated().flatMap { q, section in
          (0..<next.numberOfItems(inSection: section)).map { IndexPath(item: $0, section: q) }
        }
      } else {
        let update = BatchUpdate(from: previous, to: next)
        #expect(list.batches == (update.isEmpty ? [] : [update]), "\(context)")
        fresh = Self.freshPaths(update, previous, next)
      }
      #expect(requested == fresh, "\(context)")
      // Every cell not asked for again is the one the item had before.
      let freshItems = Set(fresh.map { list.view.cells[$0.section][$0.item].item })
      for cell in list.view.cells.joined() where !freshItems.contains(cell.item) {
        #expect(serialsBefore[cell.item] == cell.serial, "\(context)\n\(cell.item) lost its cell")
      }
      // The data source answers a section at a time; the calls are the
      // requests, one for one, each with the item at its index path.
      let inOrder = list.view.events.flatMap(\.requestedCells)
      #expect(list.providerCalls.map(\.indexPath) == inOrder, "\(context)")
      for call in list.providerCalls {
        #expect(sectionItems(next)[call.indexPath.section][call.indexPath.item] == call.item)
      }
      // A view whose data source answers one cell at a time asks in the
      // same order.
      if previous.numberOfSections > 0, let batch = list.batches.last {
        let view = ReferenceListView<String>()
        let arrays = ArrayDataSource(sectionItems(previous).map { $0.map(String.init) })
        view.connect(to: arrays)
        view.reloadData()
        arrays.cellRequests = []
        view.performBatchUpdates(
          batch, animatingDifferences: true, rowAnimation: .automatic,
          updatingData: { arrays.sections = sectionItems(next).map { $0.map(String.init) } },
          completion: { _ in })
        let batchRequests = list.view.events.first { event in
          if case .batchUpdate = event.kind { return true }
          return false
        }?.requestedCells
        #expect(arrays.cellRequests == batchRequests, "\(context)")
        #expect(view.cells == sectionItems(next).map { $0.map(String.init) }, "\(context)")
      }
      if list.shownItems != sectionItems(next) { return }
      previous = next
      previous._removeMarks()
    }
  }
}
