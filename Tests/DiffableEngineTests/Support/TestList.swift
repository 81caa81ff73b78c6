import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableTesting
import Foundation
import Testing

typealias StringDataSource = DiffableDataSource<String, String>

/// A cell of the test lists: the identifier the cell provider received, and
/// a serial number that is new for every cell made, so that tests can tell a
/// kept cell from a new one.
struct TestCell<Item: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  var item: Item
  var serial: Int

  var description: String { "\(item)#\(serial)" }
}

/// A data source driving a reference list view whose cells are
/// ``TestCell``s, with a record of every call to the cell provider.
@MainActor
final class TestList<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>

  let view = ReferenceListView<TestCell<Item>>()
  private(set) var dataSource: DiffableDataSource<Section, Item>!
  /// Every call to the cell provider: where, and the identifier it received.
  var providerCalls: [(indexPath: IndexPath, item: Item)] = []
  private var serial = 0

  init() {
    dataSource = DiffableDataSource(view: view) { [unowned self] _, indexPath, item in
      serial += 1
      providerCalls.append((indexPath, item))
      return TestCell(item: item, serial: serial)
    }
  }

  /// The items the view's cells were made for, section by section.
  var shownItems: [[Item]] { view.cells.map { $0.map(\.item) } }

  /// The cells' serial numbers, by item.
  var serials: [Item: Int] {
    Dictionary(uniqueKeysWithValues: view.cells.joined().map { ($0.item, $0.serial) })
  }

  /// Applies and waits until the view shows `snapshot`.
  func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    await dataSource.apply(snapshot, animatingDifferences: animatingDifferences)
  }

  /// The batch events the view received, in order.
  var batches: [BatchUpdate] {
    view.events.compactMap { event in
      if case .batchUpdate(let update, _, _) = event.kind { return update }
      return nil
    }
  }
}

/// The items of a snapshot, section by section.
func sectionItems<S, I>(_ snapshot: DiffableDataSourceSnapshot<S, I>) -> [[I]] {
  snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
}

/// Waits, yielding, until `condition` holds; records an issue after about
/// a minute instead of hanging.
@MainActor
func waitUntil(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: @MainActor () -> Bool
) async {
  // A deadline to catch an apply that never lands, not a slow one: in a
  // parallel test run on a loaded machine, long main-actor tests can hold
  // other tests' main-actor steps back for over a minute (seen under
  // ThreadSanitizer). It ends before the time limit CI gives a whole run.
  let deadline = ContinuousClock.now + .seconds(240)
  while !condition() {
    if ContinuousClock.now > deadline {
      Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
      return
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}

/// Runs `body` inside a completion of `dataSource`, where every `apply` is
/// queued, as one made while a round is in flight is: the data source's
/// task takes them all in its next round, once `body` returns. (An `apply`
/// made with nothing queued is performed before it returns.)
///
/// - Precondition: Nothing is queued: the completion runs before this
///   returns.
@MainActor
func whileTheDataSourceIsBusy<Section, Item>(
  _ dataSource: DiffableDataSource<Section, Item>, _ body: () -> Void
) {
  var ran = false
  withoutActuallyEscaping(body) { body in
    dataSource.apply(dataSource.snapshot()) {
      body()
      ran = true
    }
  }
  #expect(ran, "the data source was not idle: the completion did not run at once")
}
