internal import DiffableCore
internal import DiffableEngine

/// What an adapter keeps: its view and data source, both weakly, and the
/// object that answers the view's data source questions, strongly (a UIKit
/// view holds its `dataSource` weakly, so someone must keep it).
@MainActor
struct _AdapterConnection<View: AnyObject, Cell, SupplementaryView> {
  /// The view the adapter drives.
  weak var view: View?
  /// The data source the adapter answers for, set by `connect(to:)`.
  weak var dataSource: (any DiffableListViewDataSource<Cell, SupplementaryView>)?
  /// What the install closure returned: the view's data source object.
  private(set) var installed: AnyObject?
  /// Whether `connect(to:)` was called.
  private var isConnected = false

  init(view: View) {
    self.view = view
  }

  /// Keeps `dataSource` and installs the view's data source object, once.
  ///
  /// - Precondition: The adapter is not connected yet.
  mutating func connect(
    to dataSource: any DiffableListViewDataSource<Cell, SupplementaryView>, adapter: String,
    install: (View) -> AnyObject
  ) {
    guard !isConnected else {
      _diffableFailure(
        "connect(to:)",
        "this \(adapter) already answers for a data source; make one adapter per data source")
    }
    isConnected = true
    self.dataSource = dataSource
    if let view { installed = install(view) }
  }

  /// The view, for a batch; if it is gone, switches the data and
  /// completes with `false` instead, as the data source requires of every
  /// batch, and returns `nil`.
  func view(
    forBatchUpdatingData updatingData: () -> Void,
    completion: (Bool) -> Void
  ) -> View? {
    if let view { return view }
    updatingData()
    completion(false)
    return nil
  }

  /// The data source, for a question the view asks.
  ///
  /// - Precondition: The adapter is connected to a data source that is
  ///   alive, and `asker` is the adapter's view.
  func source(
    _ operation: StaticString, askedBy asker: View
  ) -> any DiffableListViewDataSource<Cell, SupplementaryView> {
    guard asker === view else {
      _diffableFailure(
        operation, "asked by a view the adapter does not drive: \(type(of: asker))")
    }
    guard let dataSource else {
      _diffableFailure(operation, "the adapter has no data source to answer with")
    }
    return dataSource
  }
}
