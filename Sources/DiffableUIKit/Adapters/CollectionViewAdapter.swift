public import DiffableCore
public import DiffableEngine
// Foundation, not FoundationEssentials: `IndexSet`, which UIKit and AppKit
// take for sections, is in Foundation only on Linux.
import Foundation

/// Drives a collection view, `UICollectionView` or any view adopting
/// ``CollectionViewUpdating``, for a `DiffableDataSource`, and answers the
/// view's data source questions.
///
/// Give the adapter to the data source as its view. On Apple platforms
/// `CollectionViewAdapter(collectionView)` makes one for a
/// `UICollectionView` and sets the collection view's `dataSource`:
///
/// ```swift
/// let adapter = CollectionViewAdapter(collectionView)
/// let dataSource = DiffableDataSource<Section, Item>(view: adapter) { _, indexPath, item in
///   collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// ```
///
/// ## Batches
///
/// A batch becomes one `performBatchUpdates(_:completion:)`. Inside its
/// closure the adapter first switches the data source to the new snapshot,
/// as UIKit requires, then deletes sections and items, inserts sections and
/// items, moves sections and items, and reloads sections and items, each
/// list in the index space `BatchUpdate` gives it; empty lists are not sent.
/// Reconfigured items follow the batch, in one `reconfigureItems(at:)`.
/// Without animation, the batch runs inside `performWithoutAnimation(_:)`.
///
/// ## The data source questions
///
/// The methods named like `UICollectionViewDataSource`'s (the number of
/// sections and items, a cell, a supplementary view, moving an item) answer
/// from the data source; the `UICollectionViewDataSource` object this
/// library installs on Apple platforms only forwards to them.
///
/// The adapter keeps its view weakly. If the view is gone, batches still
/// switch the data and complete, with `false`.
@MainActor
public final class CollectionViewAdapter<View: CollectionViewUpdating, Cell, SupplementaryView>:
  @MainActor DiffableListView
{
  private var connection: _AdapterConnection<View, Cell, SupplementaryView>
  private let install: @MainActor (View, CollectionViewAdapter) -> AnyObject

  /// Creates an adapter for `view`.
  ///
  /// - Parameters:
  ///   - view: The view to drive, kept weakly.
  ///   - installingDataSource: Called once, when the data source connects:
  ///     makes the object that answers the view's data source questions by
  ///     calling the adapter, sets it as the view's data source, and returns
  ///     it. The adapter keeps it alive.
  public init(
    _ view: View,
    installingDataSource: @escaping @MainActor (View, CollectionViewAdapter) -> AnyObject
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
  public func connect(to dataSource: any DiffableListViewDataSource<Cell, SupplementaryView>) {
    connection.connect(to: dataSource, adapter: "CollectionViewAdapter") { install($0, self) }
  }

  /// Calls the view's `reloadData()`.
  public func reloadData() {
    connection.view?.reloadData()
  }

  /// Performs `update` in one `performBatchUpdates(_:completion:)` of the
  /// view, switching the data first thing inside it.
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
    let batch = {
      view.performBatchUpdates(
        {
          updatingData()
          if !update.sectionDeletes.isEmpty { view.deleteSections(IndexSet(update.sectionDeletes)) }
          if !update.itemDeletes.isEmpty { view.deleteItems(at: update.itemDeletes) }
          if !update.sectionInserts.isEmpty { view.insertSections(IndexSet(update.sectionInserts)) }
          if !update.itemInserts.isEmpty { view.insertItems(at: update.itemInserts) }
          for move in update.sectionMoves { view.moveSection(move.from, toSection: move.to) }
          for move in update.itemMoves { view.moveItem(at: move.from, to: move.to) }
          if !update.sectionReloads.isEmpty { view.reloadSections(IndexSet(update.sectionReloads)) }
          if !update.itemReloads.isEmpty { view.reloadItems(at: update.itemReloads) }
        },
        completion: { finished in completion(finished) })
    }
    if animatingDifferences { batch() } else { View.performWithoutAnimation(batch) }
  }

  /// Calls the view's `reconfigureItems(at:)`.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    connection.view?.reconfigureItems(at: indexPaths)
  }

  // MARK: The data source questions

  /// The number of sections (`numberOfSections(in:)`).
  ///
  /// - Precondition: `collectionView` is the adapter's view, and the data
  ///   source is alive.
  public func numberOfSections(in collectionView: View) -> Int {
    connection.source("numberOfSections(in:)", askedBy: collectionView).numberOfSections
  }

  /// The number of items in `section`
  /// (`collectionView(_:numberOfItemsInSection:)`).
  ///
  /// - Precondition: `collectionView` is the adapter's view, the data source
  ///   is alive, and `section` is in range.
  public func collectionView(_ collectionView: View, numberOfItemsInSection section: Int) -> Int {
    connection.source("collectionView(_:numberOfItemsInSection:)", askedBy: collectionView)
      .numberOfItems(inSection: section)
  }

  /// The cell for the item at `indexPath`, made by the cell provider
  /// (`collectionView(_:cellForItemAt:)`).
  ///
  /// - Precondition: `collectionView` is the adapter's view, the data source
  ///   is alive, and `indexPath` is in range.
  public func collectionView(_ collectionView: View, cellForItemAt indexPath: IndexPath) -> Cell {
    connection.source("collectionView(_:cellForItemAt:)", askedBy: collectionView)
      .cell(at: indexPath)
  }

  /// A supplementary view, made by the supplementary view provider
  /// (`collectionView(_:viewForSupplementaryElementOfKind:at:)`).
  ///
  /// - Precondition: `collectionView` is the adapter's view, the data source
  ///   is alive, and its supplementary view provider returns a view.
  public func collectionView(
    _ collectionView: View, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> SupplementaryView {
    connection.source(
      "collectionView(_:viewForSupplementaryElementOfKind:at:)", askedBy: collectionView
    ).supplementaryView(ofKind: kind, at: indexPath)
  }

  /// Whether the user may drag the item at `indexPath`
  /// (`collectionView(_:canMoveItemAt:)`).
  ///
  /// - Precondition: `collectionView` is the adapter's view, the data source
  ///   is alive, and `indexPath` is in range.
  public func collectionView(_ collectionView: View, canMoveItemAt indexPath: IndexPath) -> Bool {
    connection.source("collectionView(_:canMoveItemAt:)", askedBy: collectionView)
      .canMoveItem(at: indexPath)
  }

  /// Tells the data source that the user moved an item; the view already
  /// shows it at `destinationIndexPath`, so nothing is sent back to it
  /// (`collectionView(_:moveItemAt:to:)`).
  ///
  /// - Precondition: `collectionView` is the adapter's view, the data source
  ///   is alive, both index paths are in range and the item can move.
  public func collectionView(
    _ collectionView: View, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    connection.source("collectionView(_:moveItemAt:to:)", askedBy: collectionView)
      .moveItem(at: sourceIndexPath, to: destinationIndexPath)
  }
}
