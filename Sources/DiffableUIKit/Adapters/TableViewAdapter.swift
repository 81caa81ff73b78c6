public import DiffableCore
public import DiffableEngine
// Foundation, not FoundationEssentials: `IndexSet`, which UIKit and AppKit
// take for sections, is in Foundation only on Linux.
import Foundation

/// Drives a table view, `UITableView` or any view adopting
/// ``TableViewUpdating``, for a `DiffableDataSource`, and answers the
/// view's data source questions.
///
/// Give the adapter to the data source as its view. On Apple platforms
/// `TableViewAdapter(tableView)` makes one for a `UITableView` and sets the
/// table view's `dataSource`.
///
/// ## Batches
///
/// A batch becomes one `performBatchUpdates(_:completion:)`, in the order a
/// ``CollectionViewAdapter`` uses, with table calls: the data switches first
/// thing inside the closure, then sections and rows are deleted, inserted,
/// moved and reloaded. Every call that takes an animation gets the data
/// source's `DiffableDataSource.defaultRowAnimation`; without animation,
/// they get `.none` and the batch runs inside `performWithoutAnimation(_:)`.
/// Reconfigured items follow the batch, in one `reconfigureRows(at:)`.
///
/// ## The data source questions
///
/// The methods named like `UITableViewDataSource`'s (the number of sections
/// and rows, a cell, editing and moving rows) answer from the data source.
/// A table's headers and footers come from its delegate, not its data
/// source, so the adapter has no supplementary views.
///
/// The adapter keeps its view weakly. If the view is gone, batches still
/// switch the data and complete, with `false`.
@MainActor
public final class TableViewAdapter<View: TableViewUpdating, Cell>: @MainActor DiffableListView {
  /// A table has no supplementary views through its data source.
  public typealias SupplementaryView = Never

  private var connection: _AdapterConnection<View, Cell, Never>
  private let install: @MainActor (View, TableViewAdapter) -> AnyObject

  /// Creates an adapter for `view`.
  ///
  /// - Parameters:
  ///   - view: The view to drive, kept weakly.
  ///   - installingDataSource: Called once, when the data source connects:
  ///     makes the object that answers the view's data source questions by
  ///     calling the adapter, sets it as the view's data source, and returns
  ///     it. The adapter keeps it alive.
  public init(
    _ view: View, installingDataSource: @escaping @MainActor (View, TableViewAdapter) -> AnyObject
  ) {
    connection = _AdapterConnection(view: view)
    install = installingDataSource
  }

  /// The view the adapter drives, or `nil` once it is gone.
  public var view: View? { connection.view }

  /// The object ``init(_:installingDataSource:)``'s closure installed as the
  /// view's data source, once the data source has connected.
  public var installedDataSource: AnyObject? { connection.installed }

  // MARK: DiffableListView

  /// Keeps `dataSource`, weakly, and installs the view's data source object.
  ///
  /// - Precondition: The adapter is not connected to a data source yet.
  public func connect(to dataSource: any DiffableListViewDataSource<Cell, Never>) {
    connection.connect(to: dataSource, adapter: "TableViewAdapter") { install($0, self) }
  }

  /// Calls the view's `reloadData()`.
  public func reloadData() {
    connection.view?.reloadData()
  }

  /// Performs `update` in one `performBatchUpdates(_:completion:)` of the
  /// view, switching the data first thing inside it, animating rows with
  /// `rowAnimation` (or `.none` when not animating).
  ///
  /// - Complexity: O(*b*), where *b* is the size of the batch, plus what the
  ///   view does.
  public func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    guard
      let view = connection.view(forBatchUpdatingData: updatingData, completion: completion)
    else { return }
    let animation = View.RowAnimation(animatingDifferences ? rowAnimation : .none)
    let batch = {
      view.performBatchUpdates(
        {
          updatingData()
          if !update.sectionDeletes.isEmpty {
            view.deleteSections(IndexSet(update.sectionDeletes), with: animation)
          }
          if !update.itemDeletes.isEmpty {
            view.deleteRows(at: update.itemDeletes, with: animation)
          }
          if !update.sectionInserts.isEmpty {
            view.insertSections(IndexSet(update.sectionInserts), with: animation)
          }
          if !update.itemInserts.isEmpty {
            view.insertRows(at: update.itemInserts, with: animation)
          }
          for move in update.sectionMoves { view.moveSection(move.from, toSection: move.to) }
          for move in update.itemMoves { view.moveRow(at: move.from, to: move.to) }
          if !update.sectionReloads.isEmpty {
            view.reloadSections(IndexSet(update.sectionReloads), with: animation)
          }
          if !update.itemReloads.isEmpty {
            view.reloadRows(at: update.itemReloads, with: animation)
          }
        },
        completion: { finished in completion(finished) })
    }
    if animatingDifferences { batch() } else { View.performWithoutAnimation(batch) }
  }

  /// Calls the view's `reconfigureRows(at:)`.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    connection.view?.reconfigureRows(at: indexPaths)
  }

  // MARK: The data source questions

  /// The number of sections (`numberOfSections(in:)`).
  ///
  /// - Precondition: `tableView` is the adapter's view, and the data source
  ///   is alive.
  public func numberOfSections(in tableView: View) -> Int {
    connection.source("numberOfSections(in:)", askedBy: tableView).numberOfSections
  }

  /// The number of rows in `section` (`tableView(_:numberOfRowsInSection:)`).
  ///
  /// - Precondition: `tableView` is the adapter's view, the data source is
  ///   alive, and `section` is in range.
  public func tableView(_ tableView: View, numberOfRowsInSection section: Int) -> Int {
    connection.source("tableView(_:numberOfRowsInSection:)", askedBy: tableView)
      .numberOfItems(inSection: section)
  }

  /// The cell for the row at `indexPath`, made by the cell provider
  /// (`tableView(_:cellForRowAt:)`).
  ///
  /// - Precondition: `tableView` is the adapter's view, the data source is
  ///   alive, and `indexPath` is in range.
  public func tableView(_ tableView: View, cellForRowAt indexPath: IndexPath) -> Cell {
    connection.source("tableView(_:cellForRowAt:)", askedBy: tableView).cell(at: indexPath)
  }

  /// Whether the row at `indexPath` can be edited
  /// (`tableView(_:canEditRowAt:)`), as the data source's
  /// `DiffableDataSource.editingHandlers` say.
  ///
  /// - Precondition: `tableView` is the adapter's view, the data source is
  ///   alive, and `indexPath` is in range.
  public func tableView(_ tableView: View, canEditRowAt indexPath: IndexPath) -> Bool {
    connection.source("tableView(_:canEditRowAt:)", askedBy: tableView).canEditItem(at: indexPath)
  }

  /// Tells the data source that the user committed an edit of the row at
  /// `indexPath` (`tableView(_:commit:forRowAt:)`); `editingStyle` is a
  /// `UITableViewCell.EditingStyle` on Apple platforms.
  ///
  /// - Precondition: `tableView` is the adapter's view, the data source is
  ///   alive, and `indexPath` is in range.
  public func tableView<EditingStyle: TableViewCellEditingStyle>(
    _ tableView: View, commit editingStyle: EditingStyle, forRowAt indexPath: IndexPath
  ) {
    connection.source("tableView(_:commit:forRowAt:)", askedBy: tableView)
      .commit(editingStyle.diffableStyle, forItemAt: indexPath)
  }

  /// Whether the user may drag the row at `indexPath`
  /// (`tableView(_:canMoveRowAt:)`).
  ///
  /// - Precondition: `tableView` is the adapter's view, the data source is
  ///   alive, and `indexPath` is in range.
  public func tableView(_ tableView: View, canMoveRowAt indexPath: IndexPath) -> Bool {
    connection.source("tableView(_:canMoveRowAt:)", askedBy: tableView).canMoveItem(at: indexPath)
  }

  /// Tells the data source that the user moved a row; the table already
  /// shows it at `destinationIndexPath`, so nothing is sent back to it
  /// (`tableView(_:moveRowAt:to:)`).
  ///
  /// - Precondition: `tableView` is the adapter's view, the data source is
  ///   alive, both index paths are in range and the row can move.
  public func tableView(
    _ tableView: View, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    connection.source("tableView(_:moveRowAt:to:)", askedBy: tableView)
      .moveItem(at: sourceIndexPath, to: destinationIndexPath)
  }
}
