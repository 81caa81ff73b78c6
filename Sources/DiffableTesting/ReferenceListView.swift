public import DiffableCore
public import DiffableEngine

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A headless list view that behaves like `UICollectionView`: it keeps the
/// cells of every section, performs `reloadData` and batch updates exactly as
/// UIKit does, refuses an invalid batch with UIKit's kind of message instead
/// of corrupting itself, and records everything that happened.
///
/// Use it to test code that drives a `DiffableDataSource` (every test of
/// the engine runs against it), or as the model for adopting
/// `DiffableListView` in a view of your own.
///
/// ```swift
/// let view = ReferenceListView<String>()
/// let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in item }
/// var snapshot = DiffableDataSourceSnapshot<String, String>()
/// snapshot.appendSections(["s"])
/// snapshot.appendItems(["a", "b"])
/// await dataSource.apply(snapshot)
/// snapshot.insertItems(["c"], beforeItem: "a")
/// await dataSource.apply(snapshot)
/// view.cells                         // [["c", "a", "b"]]
/// view.events.last?.requestedCells   // [[0, 0]]: only the inserted item's cell
/// ```
///
/// ## Cells and identity
///
/// A cell is whatever the data source's cell provider returns. The view keeps
/// each cell where UIKit keeps it: a moved item keeps its cell, a reloaded or
/// inserted item gets a new one from the provider, and nothing else is asked
/// again. So if the cell provider returns the item identifier itself, the
/// cells must equal the snapshot's items after every apply: a batch that got
/// identities wrong shows up as wrong cells, as it would on screen.
///
/// ## Validation
///
/// A batch update is checked, before anything changes, against the counts
/// before the batch and those the data source reports after `updatingData`,
/// with the rules of `BatchUpdate/validate(from:to:)` that a list view can
/// check from counts alone (rules 1 to 7). A batch that breaks one stops the
/// program with the rule and UIKit's wording, as UIKit raises
/// `NSInternalInconsistencyException`, or, if ``invalidBatchHandler`` is set,
/// is refused and reported to it, leaving the view unchanged.
///
/// Supplementary views are of the same type as cells.
///
/// ## Isolation
///
/// The view is not isolated to an actor: like the data source that drives
/// it, it lives where it is made, on the main actor in most tests, or on an
/// actor of your own to test a data source that lives there.
public final class ReferenceListView<Cell>: DiffableListView {
  /// Supplementary views are made by the same kind of provider as cells,
  /// and kept as cells are.
  public typealias SupplementaryView = Cell

  /// What the view asks for counts, cells and supplementary views. Set by
  /// ``connect(to:)`` and held weakly, as UIKit views hold their data source.
  public private(set) weak var dataSource: (any DiffableListViewDataSource<Cell, Cell>)?

  /// The same object as ``dataSource`` when it answers in bulk (a
  /// `DiffableDataSource`'s does): counts and cells are then asked for a
  /// section at a time.
  private weak var bulkDataSource: (any _BulkListViewDataSource<Cell>)?

  /// The cells the view shows, section by section.
  public internal(set) var cells: [[Cell]] = []

  /// Everything that happened to the view, oldest first, while
  /// ``recordsEvents`` is on.
  public internal(set) var events: [Event] = []

  /// Whether ``events`` records what happens (on by default). Turn it off to
  /// keep memory flat in long runs.
  public var recordsEvents = true

  /// Receives the error when a batch update is invalid, instead of the
  /// program stopping; the view then refuses the batch and keeps its cells
  /// as they were, and calls the batch's completion with `false`.
  ///
  /// Leave it `nil` (the default) to stop on an invalid batch, as UIKit
  /// raises; set it in a test that expects a batch to be refused.
  public var invalidBatchHandler: ((BatchUpdate.ValidationError) -> Void)?

  /// The index paths whose cells were requested during the current event.
  var requestedCells: [IndexPath] = []

  /// Creates an empty view with no data source.
  public init() {}

  // MARK: Queries

  /// The number of sections the view shows.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { cells.count }

  /// The number of items the view shows in a section.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    guard 0 <= section && section < cells.count else {
      _diffableFailure(
        "numberOfItems(inSection:)",
        "section \(section) is out of range: the view shows \(cells.count) sections")
    }
    return cells[section].count
  }

  /// The cell the view shows at `indexPath` (UIKit's `cellForItem(at:)`;
  /// every cell of a headless view is visible).
  ///
  /// - Precondition: `indexPath` is in range.
  /// - Complexity: O(1).
  public func cell(at indexPath: IndexPath) -> Cell {
    _requireInRange(indexPath, "cell(at:)")
    return cells[indexPath[0]][indexPath[1]]
  }

  /// Forgets the recorded events.
  public func removeAllEvents() {
    events.removeAll()
  }

  // MARK: DiffableListView

  /// Keeps `dataSource`, weakly.
  public func connect(to dataSource: any DiffableListViewDataSource<Cell, Cell>) {
    self.dataSource = dataSource
    bulkDataSource = dataSource as? any _BulkListViewDataSource<Cell>
  }

  /// Discards every cell and asks the data source for every section and
  /// every cell again.
  ///
  /// - Complexity: O(*n*) cell requests, where *n* is the number of items.
  public func reloadData() {
    let counts = currentCounts()
    cells = counts.indices.map { requestCells(inSection: $0, items: Array(0..<counts[$0])) }
    record(.reloadData)
  }

  /// Asks the data source for the cells at `indexPaths` again and puts them
  /// in place of the old ones.
  ///
  /// - Precondition: Every index path is in range.
  /// - Complexity: O(*k*) cell requests, where *k* is the number of index
  ///   paths.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    for indexPath in indexPaths { _requireInRange(indexPath, "reconfigureItems(at:)") }
    for indexPath in indexPaths {
      let (section, item) = (indexPath[0], indexPath[1])
      cells[section][item] = requestCells(inSection: section, items: [item])[0]
    }
    record(.reconfigureItems(indexPaths))
  }

  // MARK: What a user does

  /// Drags the item at `source` to `destination`, as a user does: if the
  /// data source allows the item to move, the view moves its cell and tells
  /// the data source, which updates its snapshot and calls its reordering
  /// handlers.
  ///
  /// - Parameters:
  ///   - source: Where the item is.
  ///   - destination: Where it ends, in the list after the move.
  /// - Returns: Whether the item moved (false if the data source refused).
  /// - Precondition: Both index paths are in range.
  @discardableResult
  public func interactivelyMoveItem(at source: IndexPath, to destination: IndexPath) -> Bool {
    let operation: StaticString = "interactivelyMoveItem(at:to:)"
    _requireInRange(source, operation)
    guard let dataSource, dataSource.canMoveItem(at: source) else { return false }
    let cell = cells[source[0]].remove(at: source[1])
    guard destination.count == 2, 0 <= destination[0] && destination[0] < cells.count,
      0 <= destination[1] && destination[1] <= cells[destination[0]].count
    else {
      cells[source[0]].insert(cell, at: source[1])
      _diffableFailure(
        operation,
        "destination \(destination.bracketedDescription) is out of range of the list without the moved item"
      )
    }
    cells[destination[0]].insert(cell, at: destination[1])
    dataSource.moveItem(at: source, to: destination)
    record(.interactiveMove(from: source, to: destination))
    return true
  }

  /// Commits an edit of the item at `indexPath`, as a user does with a
  /// table's editing controls: if the data source allows the item to be
  /// edited, it is told; the app then applies a new snapshot.
  ///
  /// - Returns: Whether the data source accepted the edit.
  /// - Precondition: `indexPath` is in range.
  @discardableResult
  public func commitEditing(_ style: DiffableEditingStyle, forItemAt indexPath: IndexPath) -> Bool {
    _requireInRange(indexPath, "commitEditing(_:forItemAt:)")
    guard let dataSource, dataSource.canEditItem(at: indexPath) else { return false }
    dataSource.commit(style, forItemAt: indexPath)
    record(.commitEditing(style, indexPath))
    return true
  }

  /// Asks the data source for a supplementary view, as a layout does when a
  /// header or footer comes on screen.
  ///
  /// - Precondition: The data source has a supplementary view provider that
  ///   returns a view.
  public func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> Cell {
    guard let dataSource else {
      _diffableFailure(
        "supplementaryView(ofKind:at:)",
        "the view has no data source to ask for a supplementary view of kind "
          + "\(_describe([kind])) at \(indexPath.bracketedDescription)")
    }
    let view = dataSource.supplementaryView(ofKind: kind, at: indexPath)
    record(.supplementaryView(kind: kind, at: indexPath))
    return view
  }

  // MARK: Helpers

  /// The counts the data source reports now.
  func currentCounts() -> [Int] {
    if let bulkDataSource { return bulkDataSource._itemCounts() }
    guard let dataSource else { return [] }
    return (0..<dataSource.numberOfSections).map { dataSource.numberOfItems(inSection: $0) }
  }

  /// The cells of `items` of `section`, requested in order: one call to
  /// the data source when it answers in bulk, one per cell otherwise.
  func requestCells(inSection section: Int, items: [Int]) -> [Cell] {
    guard let first = items.first else { return [] }
    guard let dataSource else {
      _diffableFailure(
        "cell(at:)",
        "the view has no data source to ask for the cell at "
          + IndexPath(item: first, section: section).bracketedDescription)
    }
    if recordsEvents {
      requestedCells.append(contentsOf: items.lazy.map { IndexPath(item: $0, section: section) })
    }
    if let bulkDataSource { return bulkDataSource._cells(inSection: section, items: items) }
    return items.map { dataSource.cell(at: IndexPath(item: $0, section: section)) }
  }

  func record(_ kind: Event.Kind) {
    if recordsEvents { events.append(Event(kind: kind, requestedCells: requestedCells)) }
    requestedCells = []
  }

  func _requireInRange(_ indexPath: IndexPath, _ operation: StaticString) {
    guard indexPath.count == 2, 0 <= indexPath[0] && indexPath[0] < cells.count,
      0 <= indexPath[1] && indexPath[1] < cells[indexPath[0]].count
    else {
      let shape =
        indexPath.count == 2 && 0 <= indexPath[0] && indexPath[0] < cells.count
        ? "section \(indexPath[0]) shows \(cells[indexPath[0]].count) items"
        : "the view shows \(cells.count) sections"
      _diffableFailure(
        operation, "index path \(indexPath.bracketedDescription) is out of range: \(shape)")
    }
  }
}

// MARK: - Events

extension ReferenceListView {
  /// One thing that happened to a ``ReferenceListView``, with the cells it
  /// requested from its data source.
  public struct Event: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
      /// ``ReferenceListView/reloadData()``.
      case reloadData
      /// A batch update, as the view received it.
      case batchUpdate(BatchUpdate, animated: Bool, rowAnimation: DiffableRowAnimation)
      /// ``ReferenceListView/reconfigureItems(at:)``.
      case reconfigureItems([IndexPath])
      /// ``ReferenceListView/interactivelyMoveItem(at:to:)``, accepted.
      case interactiveMove(from: IndexPath, to: IndexPath)
      /// ``ReferenceListView/commitEditing(_:forItemAt:)``, accepted.
      case commitEditing(DiffableEditingStyle, IndexPath)
      /// ``ReferenceListView/supplementaryView(ofKind:at:)``.
      case supplementaryView(kind: String, at: IndexPath)
    }

    /// What happened.
    public var kind: Kind
    /// The index paths whose cells the view asked the data source for, in
    /// order, in the list as it is after the event.
    public var requestedCells: [IndexPath]

    /// Creates an event.
    public init(kind: Kind, requestedCells: [IndexPath]) {
      self.kind = kind
      self.requestedCells = requestedCells
    }

    /// The event and the cells it asked for, on one line, as test failures
    /// print them: `batch (animated): itemInserts: [[0, 2]], cells [[0, 2]]`.
    ///
    /// - Complexity: O(*b* + *c*), the size of the batch and the cells asked.
    public var description: String {
      let cells = requestedCells.map(\.bracketedDescription).joined(separator: ", ")
      switch kind {
      case .reloadData:
        return "reloadData, cells [\(cells)]"
      case .batchUpdate(let update, let animated, _):
        let operations = update.description.split(separator: "\n").joined(separator: "; ")
        return "batch (\(animated ? "animated" : "not animated")): \(operations), cells [\(cells)]"
      case .reconfigureItems(let paths):
        return
          "reconfigure \(paths.map(\.bracketedDescription).joined(separator: ", ")), cells [\(cells)]"
      case .interactiveMove(let from, let to):
        return "interactive move \(from.bracketedDescription) -> \(to.bracketedDescription)"
      case .commitEditing(let style, let path):
        return "commit \(style) at \(path.bracketedDescription)"
      case .supplementaryView(let kind, let path):
        return "supplementary view \(_describe([kind])) at \(path.bracketedDescription)"
      }
    }
  }
}
