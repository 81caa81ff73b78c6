import DiffableCore
import DiffableEngine
import DiffableUIKit
import Foundation

/// A data source driving a fake view through its adapter; cells are the
/// item identifiers.
@MainActor
struct AdaptedList<View: FakeListView, Adapter: DiffableListView> {
  let view: View
  let adapter: Adapter
  let dataSource: DiffableDataSource<String, String>

  init(_ view: View, _ adapter: Adapter) where Adapter.Cell == String {
    self.view = view
    self.adapter = adapter
    dataSource = DiffableDataSource(view: adapter) { _, _, item in item }
  }

  /// Applies `sections` (made with `StringSnapshot.make`) and forgets what
  /// the view recorded before.
  func show(_ snapshot: DiffableDataSourceSnapshot<String, String>) async {
    await dataSource.apply(snapshot)
    view.clear()
  }

  /// The items the view's cells were made for.
  var cells: [[String]] { view.reference.cells }

  /// The items of the data source's snapshot, section by section.
  var items: [[String]] {
    let snapshot = dataSource.snapshot()
    return snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
  }
}

extension AdaptedList where View == FakeCollectionView, Adapter == FakeCollectionView.Adapter {
  init() {
    let view = FakeCollectionView()
    self.init(view, view.makeAdapter())
  }
}

extension AdaptedList where View == FakeTableView, Adapter == FakeTableView.Adapter {
  init() {
    let view = FakeTableView()
    self.init(view, view.makeAdapter())
  }
}

extension AdaptedList
where View == FakeAppKitCollectionView, Adapter == FakeAppKitCollectionView.Adapter {
  init() {
    let view = FakeAppKitCollectionView()
    self.init(view, view.makeAdapter())
  }
}
