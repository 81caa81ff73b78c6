import DiffableCore
import DiffableEngine
import DiffableTestSupport
import Foundation
import Testing

/// `snapshot` with string identifiers (`s3`, `i12`) and its marks.
func strings(_ snapshot: RandomSnapshots.Snapshot) -> StringSnapshot {
  var result = StringSnapshot()
  result.appendSections(snapshot.sectionIdentifiers.map { "s\($0)" })
  for section in snapshot.sectionIdentifiers {
    result.appendItems(
      snapshot.itemIdentifiers(inSection: section).map { "i\($0)" }, toSection: "s\(section)")
  }
  result.reloadSections(snapshot.reloadedSectionIdentifiers.map { "s\($0)" })
  result.reloadItems(snapshot.reloadedItemIdentifiers.map { "i\($0)" })
  result.reconfigureItems(snapshot.reconfiguredItemIdentifiers.map { "i\($0)" })
  return result
}

/// The rank of a call inside a batch closure: deletes, then inserts, then
/// moves, then reloads, sections before items.
func rank(of call: String) -> Int? {
  let order = [
    ["deleteSections("], ["deleteItems(", "deleteRows("], ["insertSections("],
    ["insertItems(", "insertRows("], ["moveSection("], ["moveItem(", "moveRow("],
    ["reloadSections("], ["reloadItems(", "reloadRows("],
  ]
  return order.firstIndex { $0.contains { call.hasPrefix($0) } }
}

/// Applies random snapshots through `list`'s adapter and checks every apply:
/// the batch the view's calls carry is the engine's batch (reconfigures
/// aside), the calls come in UIKit's order inside one batch closure, the
/// reference view's cells match the snapshot (so every batch passed UIKit's
/// rules with the data switched inside the closure), the cells requested are
/// exactly those of inserted, reloaded and reconfigured items, and the
/// reconfigures come after the batch, in `reconfigureCall`.
@MainActor
func checkRandomApplies<View: FakeListView, Adapter: DiffableListView>(
  _ list: AdaptedList<View, Adapter>, name: String, reconfigureCall: String,
  steps: Int = 150
) async {
  var random = SeededRandom.forTest(name)
  var current = RandomSnapshots.snapshot(using: &random)
  await list.dataSource.apply(strings(current))
  for step in 0..<steps {
    current = RandomSnapshots.edited(current, using: &random)
    let old = list.dataSource.snapshot()
    let new = strings(current)
    list.view.clear()
    await list.dataSource.apply(new, animatingDifferences: Bool.random(using: &random))
    let context = "seed \(random.seed), step \(step)"
    #expect(list.cells == list.items, "\(context)")

    if old.numberOfSections == 0 {
      // An empty view is reloaded, not updated.
      #expect(list.view.calls == ["reloadData()"], "\(context)")
      #expect(list.view.cellRequests.count == new.numberOfItems, "\(context)")
      continue
    }
    let expected = BatchUpdate(from: old, to: new)
    var batch = expected
    batch.itemReconfigures = []
    let calls = list.view.calls
    if batch.isEmpty {
      #expect(list.view.batches.isEmpty || list.view.batches == [batch], "\(context)")
    } else {
      #expect(list.view.batches == [batch], "\(context)")
      let open = calls.firstIndex { $0.hasPrefix("performBatchUpdates") } ?? calls.endIndex
      let close = calls.firstIndex(of: "}") ?? calls.endIndex
      let ranks = calls[min(open + 1, close)..<close].map { rank(of: $0) }
      #expect(!ranks.contains(nil), "\(context): \(calls)")
      #expect(ranks.map { $0 ?? -1 } == ranks.map { $0 ?? -1 }.sorted(), "\(context): \(calls)")
      #expect(
        calls.dropFirst(close).dropFirst().first == "completion(true)", "\(context): \(calls)")
    }
    if !expected.itemReconfigures.isEmpty {
      #expect(
        calls.last == "\(reconfigureCall)(at: \(describe(expected.itemReconfigures)))",
        "\(context): \(calls)")
    }

    // The cells asked for: those of inserted and reloaded items, of every
    // item of inserted and reloaded sections, and of reconfigured items.
    let oldItems = old.sectionIdentifiers.map { old.itemIdentifiers(inSection: $0) }
    let newItems = new.sectionIdentifiers.map { new.itemIdentifiers(inSection: $0) }
    var allowed = expected.itemInserts.map { newItems[$0[0]][$0[1]] }
    allowed += expected.sectionInserts.flatMap { newItems[$0] }
    allowed += expected.itemReloads.map { oldItems[$0[0]][$0[1]] }
    allowed += expected.sectionReloads.flatMap {
      new.itemIdentifiers(inSection: old.sectionIdentifiers[$0])
    }
    allowed += expected.itemReconfigures.map { newItems[$0[0]][$0[1]] }
    let requested = list.view.cellRequests.map { newItems[$0[0]][$0[1]] }
    #expect(requested.sorted() == allowed.sorted(), "\(context)")
  }
}
