public import DiffableCore
public import DiffableEngine
// Foundation, not FoundationEssentials: `IndexSet`, which UIKit and AppKit
// take for sections, is in Foundation only on Linux.
import Foundation

/// Drives an AppKit collection view, `NSCollectionView` or any view adopting
/// ``AppKitCollectionViewUpdating``, for a `DiffableDataSource`, and
/// answers the view's data source questions.
///
/// Give the adapter to the data source as its view. On macOS
/// `AppKitCollectionViewAdapter(collectionView)` makes one for an
/// `NSCollectionView` and sets the collection view's `dataSource`.
///
/// ## Batches
///
/// A batch becomes one `performBatchUpdates(_:completionHandler:)`, in the
/// order a ``CollectionViewAdapter`` uses, with sets of index paths: the
/// data switches first thing inside the closure, then sections and items
/// are deleted, inserted, moved and reloaded. When animating, every call
/// goes through the view's `animator()` proxy, as AppKit animates; without
/// animation, to the view itself. AppKit has no reconfigure: reconfigured
/// items are reloaded after the batch, with `reloadItems(at:)`, so their
/// items are made again by the cell provider.
///
/// ## The data source questions
///
/// The methods named like `NSCollectionViewDataSource`'s (the number of
/// sections and items, an item, a supplementary view) answer from the data
/// source. AppKit reorders items through drag and drop in its delegate, not
/// through its data source.
///
/// The adapter keeps its view weakly. If the view is gone, batches still
/// switch the data and complete, with `false`.
@MainActor
public final class AppKitCollectionViewAdapter<
  View: AppKitCollectionViewUpdating, Cell, SupplementaryView
>: @MainActor DiffableListView {
  private var connection: _AdapterConnection<View, Cell, SupplementaryView>
  private let install: @MainActor (View, AppKitCollectionViewAdapter) -> AnyObject

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
    installingDataSource: @escaping @MainActor (View, AppKitCollectionViewAdapter) -> AnyObject
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
    connection.connect(to: dataSource, adapter: "AppKitCollectionViewAdapter") {
      install($0, self)
    }
  }

  /// Calls the view's `reloadData()`.
  public func reloadData() {
    connection.view?.reloadData()
  }

  /// Performs `update` in one `performBatchUpdates(_:completionHandler:)`,
  /// through the view's animator proxy when animating, switching the data
  /// first thing inside it.
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
    let target = animatingDifferences ? view.animator() : view
    target.performBatchUpdates(
      {
        updatingData()
        if !update.sectionDeletes.isEmpty { target.deleteSections(IndexSet(update.sectionDeletes)) }
        if !update.itemDeletes.isEmpty { target.deleteItems(at: Set(update.itemDeletes)) }
        if !update.sectionInserts.isEmpty { target.insertSections(IndexSet(update.sectionInserts)) }
        if !update.itemInserts.isEmpty { target.insertItems(at: Set(update.itemInserts)) }
        for move in update.sectionMoves { target.moveSection(move.from, toSection: move.to) }
        for move in update.itemMoves { target.moveItem(at: move.from, to: move.to) }
        if !update.sectionReloads.isEmpty { target.reloadSections(IndexSet(update.sectionReloads)) }
        if !update.itemReloads.isEmpty { target.reloadItems(at: Set(update.itemReloads)) }
      },
      completionHandler: { finished in completion(finished) })
  }

  /// Reloads the items at `indexPaths` with the view's `reloadItems(at:)`:
  /// AppKit has no reconfigure.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    connection.view?.reloadItems(at: Set(indexPaths))
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

  /// The item for `indexPath`, made by the cell provider
  /// (`collectionView(_:itemForRepresentedObjectAt:)`).
  ///
  /// - Precondition: `collectionView` is the adapter's view, the data source
  ///   is alive, and `indexPath` is in range.
  public func collectionView(
    _ collectionView: View, itemForRepresentedObjectAt indexPath: IndexPath
  ) -> Cell {
    connection.source("collectionView(_:itemForRepresentedObjectAt:)", askedBy: collectionView)
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
}
