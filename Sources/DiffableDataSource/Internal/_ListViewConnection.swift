import DiffableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the data source asks of its view, without knowing the view's type.
@MainActor
protocol _ListViewDriving: AnyObject {
  func reloadData()
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void)
  func reconfigureItems(at indexPaths: [IndexPath])
}

/// The link between a data source and its view, typed by the view: it holds
/// the view and the cell provider (whose types depend on the view), drives
/// the view for the data source, and answers the view's questions for it.
///
/// The data source owns the connection and the connection owns the view; the
/// view may keep the connection weakly, so there is no cycle.
@MainActor
final class _ListViewConnection<
  S: Hashable & Sendable, I: Hashable & Sendable, View: DiffableListView
>: DiffableListViewDataSource, _ListViewDriving {
  typealias Cell = View.Cell
  typealias SupplementaryView = View.SupplementaryView

  let view: View
  let cellProvider: DiffableDataSource<S, I>.CellProvider<View>
  weak var owner: DiffableDataSource<S, I>?

  init(view: View, cellProvider: @escaping DiffableDataSource<S, I>.CellProvider<View>) {
    self.view = view
    self.cellProvider = cellProvider
  }

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
    updatingData: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void
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
    let item = owner._requireItem(at: indexPath, operation)
    guard let cell = cellProvider(view, indexPath, item) else {
      _diffableFailure(
        operation,
        "the cell provider returned nil for item identifier \(_describe([item])) at index path "
          + "\(_format(indexPath)); it must return a cell for every item")
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
          + "\(_format(indexPath))\(place), but supplementaryViewProvider is nil")
    }
    guard provider.viewType == View.self else {
      _diffableFailure(
        operation,
        "supplementaryViewProvider was made for views of type \(provider.viewType), but the data "
          + "source drives a \(View.self) (kind \(_describe([kind])), index path "
          + "\(_format(indexPath))\(place))")
    }
    guard let made = provider.make(view, kind, indexPath) else {
      _diffableFailure(
        operation,
        "supplementaryViewProvider returned nil for kind \(_describe([kind])) at index path "
          + "\(_format(indexPath))\(place)")
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

/// An index path as messages show it: `[section, item]`.
func _format(_ indexPath: IndexPath) -> String {
  "[" + indexPath.map(String.init).joined(separator: ", ") + "]"
}
