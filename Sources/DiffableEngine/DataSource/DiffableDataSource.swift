public import DiffableCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The object that keeps a list view in step with your data: you hand it
/// snapshots, it works out each batch update and performs it on the view, and
/// it answers the view's questions from the snapshot the view shows.
///
/// The type has the members of UIKit's `UICollectionViewDiffableDataSource`
/// and `UITableViewDiffableDataSource`, with the same names, and drives any
/// view that adopts ``DiffableListView``: a collection or table view through
/// a few lines of adapter, a terminal list, or, in tests, the headless
/// `ReferenceListView` of the `DiffableTesting` library.
///
/// ```swift
/// let view = ReferenceListView<String>()     // import DiffableTesting
/// let dataSource = DiffableDataSource<String, String>(view: view) { view, indexPath, item in
///   item.uppercased()                       // the "cell"
/// }
/// var snapshot = DiffableDataSourceSnapshot<String, String>()
/// snapshot.appendSections(["fruits"])
/// snapshot.appendItems(["apple", "pear"])
/// await dataSource.apply(snapshot)           // first apply: the view reloads
/// view.cells                                 // [["APPLE", "PEAR"]]
/// dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0))  // "pear"
/// ```
///
/// ## Where a data source lives
///
/// A data source lives on the actor that makes it, with its view: the main
/// actor in an app, as UIKit's does under Swift 6, or an actor of your own,
/// as each page of a web server does with the `DiffableWeb` library. The type
/// is not `Sendable`, so the compiler keeps every call in that isolation; a
/// view adopted on the main actor (`@MainActor DiffableListView`, as every
/// UIKit view's adapter is) keeps the data source there too. Another task
/// applies by hopping to that actor (`await MainActor.run { ... }`); the
/// diff still runs off it.
///
/// Calls to ``apply(_:animatingDifferences:completion:isolation:)`` are
/// performed in the order they are made, including from a completion handler
/// or a cell provider. One made while nothing is queued is performed before
/// it returns, as UIKit does on the main queue; the others are queued, and a
/// task of the actor performs them, diffing each round off the actor and
/// coming back to it once to hand the batch to the view. A snapshot
/// superseded by a later one before its diff started is skipped (its
/// completion still runs, exactly once, when the later one is on screen), so
/// the view never falls behind a fast producer. UIKit asserts ("Deadlock
/// detected") when applies re-enter from a completion; here that is no
/// problem, because no call ever waits for another.
///
/// Await the `async` form, or use the completion, before reading
/// ``snapshot()`` to build the next snapshot from it: a queued `apply`
/// returns before the view and ``snapshot()`` change.
///
/// ## Outline sections
///
/// A section can show a `DiffableDataSourceSectionSnapshot`: apply one with
/// ``apply(_:to:animatingDifferences:completion:isolation:)`` and the section shows its
/// visible items; the data source keeps it (``snapshot(for:)``), with hidden
/// items and expansion state. ``expandItem(_:animatingDifferences:completion:isolation:)``,
/// ``collapseItem(_:animatingDifferences:completion:isolation:)`` and
/// ``toggleExpansion(of:animatingDifferences:completion:isolation:)`` do what a tap on a
/// disclosure control does, through ``sectionSnapshotHandlers``. A full
/// apply keeps each outline section's tree, following its changes. See
/// <doc:Outlines>.
///
/// ## Performance
///
/// The data source's actor does work proportional to the change, not to the
/// size of the list: switching snapshots is O(1), the view asks for cells
/// only for inserted, reloaded and reconfigured items, and every query
/// (``itemIdentifier(for:)``, ``indexPath(for:)``, ...) is O(1). The diff,
/// O(*n*) in the number of items, runs off the actor.
///
/// ## Programmer errors
///
/// A cell provider that returns `nil`, a supplementary view requested with
/// no provider, a view asking for an index path out of range, a move the
/// reordering handlers do not allow: each stops the program with a message
/// naming the operation, the index path and the identifier.
public final class DiffableDataSource<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
> {
  /// The snapshot type this data source applies.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// Makes the cell a view shows for an item: UIKit's `CellProvider`, for any
  /// view type. Receives the view, the index path and the identifier stored
  /// in the data source's current snapshot.
  public typealias CellProvider<View: DiffableListView> =
    (View, IndexPath, ItemIdentifierType) -> View.Cell?

  /// What the view shows: the snapshot, the section snapshots of outline
  /// sections, and the version of them. Each round of applies starts from
  /// it, whether an apply or the user (a drag) made it.
  var _state = _DataSourceState<SectionIdentifierType, ItemIdentifierType>()

  /// The view, behind the connection the view asks its questions through.
  /// Set once by the initializer.
  var _connection: (any _ListViewDriving)!

  /// Whether the data source is inside a call to its view; a reorder then
  /// would change the snapshot under the view's feet.
  var _isUpdatingView = false

  /// How many completions of this data source are running: an `apply` made
  /// from one is queued rather than performed inside it.
  var _completionDepth = 0

  /// The applies waiting their turn.
  @usableFromInline var _queue = _ApplyQueue<SectionIdentifierType, ItemIdentifierType>()

  /// Makes headers, footers and other supplementary views, when the view
  /// asks for them. A view that asks while this is `nil` stops the program.
  ///
  /// ```swift
  /// dataSource.supplementaryViewProvider = .init { (view: ReferenceListView<String>, kind, indexPath) in
  ///   "\(kind) of section \(indexPath.section)"
  /// }
  /// ```
  public var supplementaryViewProvider: SupplementaryViewProvider?

  /// Closures that decide whether the user may reorder items, and that hear
  /// about each reorder. Reordering is off while
  /// ``ReorderingHandlers/canReorderItem`` is `nil`.
  public var reorderingHandlers = ReorderingHandlers()

  /// Closures that decide whether the user may expand and collapse items of
  /// outline sections, hear about it, and load children lazily (UIKit's
  /// `sectionSnapshotHandlers`).
  ///
  /// The user actions call them:
  /// ``expandItem(_:animatingDifferences:completion:isolation:)``,
  /// ``collapseItem(_:animatingDifferences:completion:isolation:)`` and
  /// ``toggleExpansion(of:animatingDifferences:completion:isolation:)``. Applying a
  /// section snapshot does not: it is the app's own change.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers()

  /// Table-style editing: which items can be edited, and what to do when the
  /// user commits an edit (UIKit's `tableView(_:canEditRowAt:)` and
  /// `tableView(_:commit:forRowAt:)`).
  public var editingHandlers = EditingHandlers()

  /// The row animation table-style views use for the changes of an apply.
  /// Collection-style views ignore it.
  public var defaultRowAnimation: DiffableRowAnimation = .automatic

  /// Creates a data source that drives `view`, making each item's cell with
  /// `cellProvider`.
  ///
  /// The view is connected at once (``DiffableListView/connect(to:)``) and
  /// kept alive by the data source. The data source starts with an empty
  /// snapshot; the view is not touched until the first apply, which reloads
  /// it.
  ///
  /// - Parameters:
  ///   - view: The list view to drive.
  ///   - cellProvider: Makes the cell for an item. Called in the data
  ///     source's isolation, only for items the view has no cell for (inserted or reloaded) and
  ///     for reconfigured items, with the identifier stored in the current
  ///     snapshot. Returning `nil` is a programmer error.
  public init<View: DiffableListView>(
    view: View, cellProvider: @escaping CellProvider<View>
  ) {
    let connection = _ListViewConnection<SectionIdentifierType, ItemIdentifierType, View>(
      view: view, cellProvider: cellProvider)
    _connection = connection
    connection.owner = self
    view.connect(to: connection)
  }
}

// MARK: - State

/// What the data source keeps: what the view shows (the snapshot, and the
/// section snapshots of outline sections), and a version that changes with
/// every change of it, so that a round of applies can tell whether the base
/// of its diff, made off the actor, is still current. A round takes a copy
/// (which shares the storage, so this is O(1)).
struct _DataSourceState<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  /// What the view shows, without reload or reconfigure marks.
  var contents = _Contents<S, I>()
  var version = 0

  /// The snapshot the view shows.
  var snapshot: DiffableDataSourceSnapshot<S, I> { contents.snapshot }

  mutating func replace(with contents: _Contents<S, I>) {
    self.contents = contents
    self.contents.snapshot._removeMarks()
    version += 1
  }
}

// MARK: - Providers and handlers

extension DiffableDataSource {
  /// Makes a supplementary view (a header, footer or badge) for a kind of
  /// element at an index path: UIKit's `SupplementaryViewProvider`, for any
  /// view type.
  ///
  /// Write the view type in the closure's parameters:
  ///
  /// ```swift
  /// dataSource.supplementaryViewProvider = .init { (view: ReferenceListView<String>, kind, indexPath) in
  ///   "header \(indexPath.section)"
  /// }
  /// ```
  public struct SupplementaryViewProvider {
    let viewType: Any.Type
    let make: (any DiffableListView, String, IndexPath) -> Any?

    /// Creates a provider for views of type `View`.
    ///
    /// - Precondition: The data source drives a `View` (checked when the
    ///   view first asks).
    public init<View: DiffableListView>(
      _ provider: @escaping (View, String, IndexPath) -> View.SupplementaryView?
    ) {
      viewType = View.self
      make = { view, kind, indexPath in
        provider(view as! View, kind, indexPath).map { $0 as Any }
      }
    }
  }

  /// Reordering: UIKit's `UICollectionViewDiffableDataSource.ReorderingHandlers`.
  ///
  /// When the user drags an item to a new place, the view asks
  /// ``canReorderItem``; when the drag ends, the data source builds a
  /// ``DiffableDataSourceTransaction``, calls ``willReorder``, takes the
  /// final snapshot as its own (the view already shows it) and calls
  /// ``didReorder``. Update your model in ``didReorder``.
  public struct ReorderingHandlers {
    /// Whether the user may move an item. Reordering is off while this is
    /// `nil`.
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    /// Called before the data source takes the reorder's final snapshot.
    public var willReorder:
      (
        (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )?
    /// Called after the data source took the reorder's final snapshot.
    public var didReorder:
      (
        (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )?

    /// Creates handlers; reordering is off until ``canReorderItem`` is set.
    public init(
      canReorderItem: ((ItemIdentifierType) -> Bool)? = nil,
      willReorder: (
        (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )? = nil,
      didReorder: (
        (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) ->
          Void
      )? = nil
    ) {
      self.canReorderItem = canReorderItem
      self.willReorder = willReorder
      self.didReorder = didReorder
    }
  }

  /// Expanding and collapsing items of an outline section: UIKit's
  /// `NSDiffableDataSourceSectionSnapshotHandlers`, with its member names.
  ///
  /// A user action (``DiffableDataSource/expandItem(_:animatingDifferences:completion:isolation:)``,
  /// ``DiffableDataSource/collapseItem(_:animatingDifferences:completion:isolation:)``,
  /// ``DiffableDataSource/toggleExpansion(of:animatingDifferences:completion:isolation:)``)
  /// calls them in the data source's isolation, at once, in this order: to expand,
  /// ``shouldExpandItem``, then ``willExpandItem``, then
  /// ``snapshotForExpandingParent``; to collapse, ``shouldCollapseItem``, then
  /// ``willCollapseItem``. A should-handler that returns `false` stops the
  /// action there. A `nil` handler allows everything and loads nothing.
  ///
  /// ```swift
  /// dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Inbox" }
  /// dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { folder, children in
  ///   guard children.items.isEmpty else { return children }   // loaded already
  ///   var loaded = DiffableDataSourceSectionSnapshot<String>()
  ///   loaded.append(["\(folder)/1", "\(folder)/2"])
  ///   return loaded
  /// }
  /// ```
  public struct SectionSnapshotHandlers {
    /// Whether the user may expand an item.
    public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
    /// Called before an item expands.
    public var willExpandItem: ((ItemIdentifierType) -> Void)?
    /// Whether the user may collapse an item.
    public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
    /// Called before an item collapses.
    public var willCollapseItem: ((ItemIdentifierType) -> Void)?
    /// Returns the children to show when an item expands, given the item and
    /// its current descendants (as a section snapshot whose root items are
    /// its children): the place to load children lazily. What it returns
    /// replaces the item's descendants, with its own expansion state.
    ///
    /// The returned section snapshot must not hold the item, nor items of
    /// other sections, nor items of the item's section outside the item's
    /// subtree: the program stops, naming them, before anything changes.
    public var snapshotForExpandingParent:
      (
        (ItemIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>) ->
          DiffableDataSourceSectionSnapshot<ItemIdentifierType>
      )?

    /// Creates handlers that allow every expansion and collapse and load
    /// nothing.
    public init() {}
  }

  /// Table-style editing: the hooks behind UIKit's
  /// `tableView(_:canEditRowAt:)` and `tableView(_:commit:forRowAt:)`, which
  /// `UITableViewDiffableDataSource` users override in a subclass.
  ///
  /// ```swift
  /// dataSource.editingHandlers.canEditItem = { _ in true }
  /// dataSource.editingHandlers.commit = { style, item in
  ///   guard style == .delete else { return }
  ///   var snapshot = dataSource.snapshot()
  ///   snapshot.deleteItems([item])
  ///   dataSource.apply(snapshot)
  /// }
  /// ```
  public struct EditingHandlers {
    /// Whether an item can be edited. Nothing can while this is `nil`.
    public var canEditItem: ((ItemIdentifierType) -> Bool)?
    /// Called when the user commits an edit of an item.
    public var commit: ((DiffableEditingStyle, ItemIdentifierType) -> Void)?

    /// Creates handlers under which nothing can be edited.
    public init(
      canEditItem: ((ItemIdentifierType) -> Bool)? = nil,
      commit: ((DiffableEditingStyle, ItemIdentifierType) -> Void)? = nil
    ) {
      self.canEditItem = canEditItem
      self.commit = commit
    }
  }
}
