import DiffableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the data source asks of its view, without knowing the view's type.
protocol _ListViewDriving: AnyObject {
  func reloadData()
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void, completion: @escaping (Bool) -> Void)
  func reconfigureItems(at indexPaths: [IndexPath])
}

/// What a list view may ask the engine in bulk, beside the one-at-a-time
/// questions of ``DiffableListViewDataSource``: the counts of every section,
/// and the cells of many items of one section. `package` access, for the
/// reference list view of `DiffableTesting`.
///
/// The answers are the same as those of the one-at-a-time questions asked in
/// order, with the same checks and messages; only the work that does not
/// depend on the item (finding the data source, reading the section's items
/// out of the snapshot) is done once per call instead of once per cell.
package protocol _BulkListViewDataSource<Cell>: AnyObject {
  associatedtype Cell

  /// The number of items of every section, in order.
  func _itemCounts() -> [Int]

  /// The cells of the items at `items` of `section`, made one by one in the
  /// order of `items`, as `cell(at:)` would make each.
  func _cells(inSection section: Int, items: [Int]) -> [Cell]
}

/// The data source behind what a list view receives in `connect(to:)`, for
/// the views of the package's own modules that read its snapshots (the
/// browser renderer's list view diffs what the page shows against them).
/// `package` access.
package protocol _DataSourceConnection: AnyObject {
  /// The `DiffableDataSource` the connection belongs to, while it exists.
  var _dataSource: AnyObject? { get }
}

/// The link between a data source and its view, typed by the view: it holds
/// the view and the cell provider (whose types depend on the view), drives
/// the view for the data source, and answers the view's questions for it.
///
/// The data source owns the connection and the connection owns the view; the
/// view may keep the connection weakly, so there is no cycle.
final class _ListViewConnection<
  S: Hashable & Sendable, I: Hashable & Sendable, View: DiffableListView
>: DiffableListViewDataSource, _BulkListViewDataSource, _DataSourceConnection, _ListViewDriving {
  typealias Cell = View.Cell
  typealias SupplementaryView = View.SupplementaryView

  let view: View
  let cellProvider: DiffableDataSource<S, I>.CellProvider<View>
  weak var owner: DiffableDataSource<S, I>?

  init(view: View, cellProvider: @escaping DiffableDataSource<S, I>.CellProvider<View>) {
    self.view = view
    self.cellProvider = cellProvider
  }

  package var _dataSource: AnyObject? { owner }

  private func requireOwner(_ operation: StaticString) -> DiffableDataSource<S, I> {
    guard let owner else {
      _diffableFailure(operation, "the view asked a data source that no longer exists")
    }
    return owner
  }

  // MARK: Driving the view

  func reloadData() { view.reloadData() }

  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void, completion: @escaping (Bool) -> Void
  ) {
    view.performBatchUpdates(
      update, animatingDifferences: animatingDifferences, rowAnimation: rowAnimation,
      updatingData: updatingData, completion: completion)
  }

  func reconfigureItems(at indexPaths: [IndexPath]) { view.reconfigureItems(at: indexPaths) }

  // MARK: Answering the view

  var numberOfSections: Int { owner?.numberOfSections ?? 0 }

  func numberOfItems(inSection section: Int) -> Int {
    requireOwner("numberOfItems(inSection:)").numberOfItems(inSection: section)
  }

  func cell(at indexPath: IndexPath) -> Cell {
    let operation: StaticString = "cell(at:)"
    let owner = requireOwner(operation)
    return makeCell(at: indexPath, for: owner._requireItem(at: indexPath, operation), operation)
  }

  func _itemCounts() -> [Int] {
    guard let owner else { return [] }
    let snapshot = owner._state.snapshot
    return (0..<snapshot.numberOfSections).map { snapshot._numberOfItems(atSection: $0) }
  }

  func _cells(inSection section: Int, items: [Int]) -> [Cell] {
    let operation: StaticString = "cell(at:)"
    let owner = requireOwner(operation)
    // The cell provider cannot change the snapshot: applies are queued, and
    // reorders are refused while the data source updates its view.
    let snapshot = owner._state.snapshot
    let identifiers =
      0 <= section && section < snapshot.numberOfSections
      ? snapshot._itemIdentifiers(atSection: section) : []
    var cells: [Cell] = []
    cells.reserveCapacity(items.count)
    for item in items {
      let indexPath = IndexPath(item: item, section: section)
      // Out of range, `_requireItem` stops with the message `cell(at:)` gives.
      let identifier =
        0 <= item && item < identifiers.count
        ? identifiers[item] : owner._requireItem(at: indexPath, operation)
      cells.append(makeCell(at: indexPath, for: identifier, operation))
    }
    return cells
  }

  /// The cell the cell provider makes for `item`, or a stop if it makes none.
  @inline(__always)
  private func makeCell(at indexPath: IndexPath, for item: I, _ operation: StaticString) -> Cell {
    guard let cell = cellProvider(view, indexPath, item) else {
      _diffableFailure(
        operation,
        "the cell provider returned nil for item identifier \(_describe([item])) at index path "
          + "\(indexPath.bracketedDescription); it must return a cell for every item")
    }
    return cell
  }

  func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> SupplementaryView {
    let operation: StaticString = "supplementaryView(ofKind:at:)"
    let owner = requireOwner(operation)
    let place = owner._describePlace(of: indexPath)
    guard let provider = owner.supplementaryViewProvider else {
      _diffableFailure(
        operation,
        "the view asked for a supplementary view of kind \(_describe([kind])) at index path "
          + "\(indexPath.bracketedDescription)\(place), but supplementaryViewProvider is nil")
    }
    guard provider.viewType == View.self else {
      _diffableFailure(
        operation,
        "supplementaryViewProvider was made for views of type \(provider.viewType), but the data "
          + "source drives a \(View.self) (kind \(_describe([kind])), index path "
          + "\(indexPath.bracketedDescription)\(place))")
    }
    guard let made = provider.make(view, kind, indexPath) else {
      _diffableFailure(
        operation,
        "supplementaryViewProvider returned nil for kind \(_describe([kind])) at index path "
          + "\(indexPath.bracketedDescription)\(place)")
    }
    return made as! SupplementaryView
  }

  func canMoveItem(at indexPath: IndexPath) -> Bool {
    requireOwner("canMoveItem(at:)")._canMoveItem(at: indexPath)
  }

  func moveItem(at source: IndexPath, to destination: IndexPath) {
    requireOwner("moveItem(at:to:)")._moveItem(at: source, to: destination)
  }

  func canEditItem(at indexPath: IndexPath) -> Bool {
    requireOwner("canEditItem(at:)")._canEditItem(at: indexPath)
  }

  func commit(_ editingStyle: DiffableEditingStyle, forItemAt indexPath: IndexPath) {
    requireOwner("commit(_:forItemAt:)")._commitEditing(editingStyle, forItemAt: indexPath)
  }
}
