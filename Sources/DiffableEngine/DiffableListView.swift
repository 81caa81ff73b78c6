public import DiffableCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A list view that a ``DiffableDataSource`` can drive: a collection view, a
/// table view, a terminal list, or the headless `ReferenceListView` of the
/// `DiffableTesting` library.
///
/// The protocol is what a data source needs from a view, and nothing more:
/// keep a reference to the data source to ask it for counts and cells, reload
/// everything, perform one batch update, and reconfigure cells in place.
/// `UICollectionView`, `UITableView` and `NSCollectionView` are driven
/// through the adapters of the `DiffableUIKit` library, which adopt it; a
/// view of your own adopts it directly (see <doc:AdoptingTheListViewProtocol>).
///
/// ## Calls the data source makes
///
/// Every call arrives in the data source's isolation (the main actor, for
/// ``DiffableDataSource``), one at a time, never re-entered:
///
/// - ``reloadData()`` when the data source applies a snapshot without
///   diffing (the first apply to an empty view, or
///   ``DiffableDataSource/applySnapshotUsingReloadData(_:completion:isolation:)``). The
///   data source's answers have already changed.
/// - ``performBatchUpdates(_:animatingDifferences:rowAnimation:updatingData:completion:)``
///   for every other apply that changes something. The view calls
///   `updatingData` first, inside its own batch, exactly as UIKit requires
///   the data to change inside `performBatchUpdates`; from then on the data
///   source answers with the new snapshot.
/// - ``reconfigureItems(at:)`` right after a batch, for the items marked with
///   `reconfigureItems(_:)` that keep their cells, by index path in the new
///   snapshot.
///
/// ## What the view asks the data source
///
/// Through the ``DiffableListViewDataSource`` it receives in
/// ``connect(to:)``: the number of sections and of items in each, a cell for
/// an index path (the data source's cell provider makes it), supplementary
/// views, and whether an item can be moved or edited.
public protocol DiffableListView: AnyObject {
  /// What the view shows for an item, as made by the cell provider.
  associatedtype Cell
  /// What the view shows for a header, footer or other supplementary
  /// element, as made by the supplementary view provider.
  associatedtype SupplementaryView = Never

  /// Keeps `dataSource` to ask it for counts, cells and supplementary views.
  ///
  /// The ``DiffableDataSource`` initializer calls this once. The data source
  /// keeps the object alive as long as it lives itself, so the view may hold
  /// it weakly, as UIKit views hold their `dataSource`.
  func connect(to dataSource: any DiffableListViewDataSource<Cell, SupplementaryView>)

  /// Discards every cell and asks the data source for everything again.
  func reloadData()

  /// Performs one batch update.
  ///
  /// Call `updatingData` exactly once, before returning, inside the batch
  /// (in UIKit, first thing in the `performBatchUpdates` closure): until then
  /// the data source answers with the old snapshot, after it with the new
  /// one. Then delete, insert, move and reload as `update` says, in the index
  /// spaces `BatchUpdate` documents. `update.itemReconfigures` can be
  /// ignored here: ``reconfigureItems(at:)`` follows.
  ///
  /// - Parameters:
  ///   - update: The batch, valid for the old and new counts.
  ///   - animatingDifferences: Whether to animate the changes.
  ///   - rowAnimation: The data source's ``DiffableDataSource/defaultRowAnimation``,
  ///     for views that animate rows (a table view); others ignore it.
  ///   - updatingData: Switches the data source to the new snapshot.
  ///   - completion: Call exactly once when the batch is done (after its
  ///     animations, if any), with whether they finished.
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void,
    completion: @escaping (Bool) -> Void)

  /// Updates the cells at `indexPaths` in place, asking the data source for
  /// their content again without replacing them (UIKit's
  /// `reconfigureItems(at:)`).
  func reconfigureItems(at indexPaths: [IndexPath])
}

/// What a ``DiffableListView`` asks its data source, the way
/// `UICollectionView` asks its `dataSource`.
///
/// ``DiffableDataSource`` hands an object of this type to the view's
/// ``DiffableListView/connect(to:)``. Index paths are `[section, item]` in
/// the snapshot the data source currently answers with.
public protocol DiffableListViewDataSource<Cell, SupplementaryView>: AnyObject {
  /// What the view shows for an item.
  associatedtype Cell
  /// What the view shows for a supplementary element.
  associatedtype SupplementaryView

  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of items in a section.
  ///
  /// - Precondition: `section` is in range.
  func numberOfItems(inSection section: Int) -> Int

  /// A cell for the item at `indexPath`, made by the cell provider.
  ///
  /// - Precondition: `indexPath` is in range, and the cell provider returns
  ///   a cell.
  func cell(at indexPath: IndexPath) -> Cell

  /// A supplementary view (a header, footer or badge) of a kind at an index
  /// path, made by the supplementary view provider.
  ///
  /// - Precondition: A supplementary view provider is set and returns a view.
  func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> SupplementaryView

  /// Whether the user may drag the item at `indexPath` to another place.
  ///
  /// - Precondition: `indexPath` is in range.
  func canMoveItem(at indexPath: IndexPath) -> Bool

  /// Tells the data source that the user moved an item: the view already
  /// shows it at `destination` (an index path in the list after the move).
  ///
  /// - Precondition: Both index paths are in range and the item can move.
  func moveItem(at source: IndexPath, to destination: IndexPath)

  /// Whether the item at `indexPath` can be edited (deleted or inserted by a
  /// table's editing controls).
  ///
  /// - Precondition: `indexPath` is in range.
  func canEditItem(at indexPath: IndexPath) -> Bool

  /// Tells the data source that the user committed an edit of the item at
  /// `indexPath`.
  ///
  /// - Precondition: `indexPath` is in range.
  func commit(_ editingStyle: DiffableEditingStyle, forItemAt indexPath: IndexPath)
}

/// How a table-style view animates rows (UIKit's
/// `UITableView.RowAnimation`).
public enum DiffableRowAnimation: Sendable, Hashable, CaseIterable {
  /// Rows fade in as they are inserted and out as they are deleted.
  case fade
  /// Rows slide in from the right, or out to it.
  case right
  /// Rows slide in from the left, or out to it.
  case left
  /// Rows slide in from the top, or out to it.
  case top
  /// Rows slide in from the bottom, or out to it.
  case bottom
  /// No animation of its own: the view's default.
  case none
  /// The view keeps each row centred in the space it leaves or takes.
  case middle
  /// The view picks an animation for each row.
  case automatic
}

/// The edit a table-style view commits on a row (UIKit's
/// `UITableViewCell.EditingStyle`).
public enum DiffableEditingStyle: Sendable, Hashable, CaseIterable {
  /// No edit: the row stays as it is.
  case none
  /// The user deleted the row.
  case delete
  /// The user asked for a row to be inserted.
  case insert
}
