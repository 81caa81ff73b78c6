import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableUIKit
import Foundation
import Testing

/// Runs `body` on the main actor.
func onMainActor(_ body: @escaping @MainActor @Sendable () async -> Void) async {
  await Task { @MainActor in await body() }.value
}

@Suite("Adapter misuse stops with a message naming the operation")
struct AdapterMisuseTests {
  @Test("an adapter connected to a second data source")
  func connectTwice() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        let list = AdaptedList<FakeCollectionView, FakeCollectionView.Adapter>()
        _ = DiffableDataSource<String, String>(view: list.adapter) { _, _, item in item }
      }
    }
    expectMessage(
      result,
      "connect(to:): this CollectionViewAdapter already answers for a data source; "
        + "make one adapter per data source")
  }

  @Test("a question asked by a view the adapter does not drive")
  func otherView() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        let list = AdaptedList<FakeTableView, FakeTableView.Adapter>()
        _ = list.adapter.tableView(FakeTableView(), numberOfRowsInSection: 0)
      }
    }
    expectMessage(
      result,
      "tableView(_:numberOfRowsInSection:): asked by a view the adapter does not drive: "
        + "FakeTableView")
  }

  @Test("a question asked before any data source connected")
  func noDataSource() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        let view = FakeAppKitCollectionView()
        let adapter = view.makeAdapter()
        _ = adapter.numberOfSections(in: view)
      }
    }
    expectMessage(result, "numberOfSections(in:): the adapter has no data source to answer with")
  }

  // The fake views are the tests' stand-in for UIKit: they must refuse what
  // UIKit refuses, or the adapter tests would prove nothing.

  @Test("the fake view refuses a batch whose counts do not add up, as UIKit raises")
  func fakeRefusesInvalidBatch() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        let list = AdaptedList<FakeCollectionView, FakeCollectionView.Adapter>()
        await list.dataSource.apply(.make([("s", ["a"])]))
        list.view.performBatchUpdates({ list.view.insertItems(at: [[0, 1]]) }, completion: nil)
      }
    }
    expectMessage(result, "performBatchUpdates")
  }

  @Test("the fake view refuses a batch whose data changed before it began")
  func fakeRefusesDataChangedBefore() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await onMainActor {
        let view = FakeCollectionView()
        let adapter = view.makeAdapter()
        let other = ReferenceDataSource(sections: [1])
        adapter.connect(to: other)
        view.reloadData()
        other.sections = [2]
        view.performBatchUpdates({ view.insertItems(at: [[0, 1]]) }, completion: nil)
      }
    }
    expectMessage(
      result,
      "performBatchUpdates: the data source changed before the batch: the view shows [1] items, "
        + "the data source reports [2]")
  }
}

/// A data source whose counts a test sets by hand; cells are their index
/// paths.
@MainActor
final class ReferenceDataSource: @MainActor DiffableListViewDataSource {
  var sections: [Int]

  init(sections: [Int]) { self.sections = sections }

  var numberOfSections: Int { sections.count }
  func numberOfItems(inSection section: Int) -> Int { sections[section] }
  func cell(at indexPath: IndexPath) -> String { indexPath.bracketedDescription }
  func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> String { kind }
  func canMoveItem(at indexPath: IndexPath) -> Bool { false }
  func moveItem(at source: IndexPath, to destination: IndexPath) {}
  func canEditItem(at indexPath: IndexPath) -> Bool { false }
  func commit(_ editingStyle: DiffableEditingStyle, forItemAt indexPath: IndexPath) {}
}
