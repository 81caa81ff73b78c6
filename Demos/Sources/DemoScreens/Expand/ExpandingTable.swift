import Diffable

/// A long text of the table.
public struct Article: Sendable {
  public var title: String
  public var body: String
}

/// A table of long texts that expand in place.
///
/// Selecting a row toggles it between one line and its whole text: the
/// screen builds a new snapshot from the data source's, marks the row with
/// `reconfigureItems`, and applies it. The row keeps its cell; only its
/// content changes. Items are article indices.
public final class ExpandingTable {
  public typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// The texts, in order.
  public static let articles = [
    Article(
      title: "Snapshots",
      body: "A snapshot is the truth about what a list shows at one moment: its sections and "
        + "items, in order, named by identifiers. You build a new one whenever your data "
        + "changes and hand it to the data source."),
    Article(
      title: "The diff",
      body: "The data source compares the new snapshot with the one on screen and turns the "
        + "difference into one batch update: deletes, inserts, moves and reloads that UIKit "
        + "accepts, with as few moves as possible."),
    Article(
      title: "Reload or reconfigure",
      body: "Identity is all a snapshot knows. When an item's content changes, mark it: a "
        + "reload replaces its cell, a reconfigure updates the cell it has, which is cheaper "
        + "and keeps state such as selection. Expanding this row is a reconfigure."),
    Article(
      title: "Threads",
      body: "Apply from any thread or task. The diff runs in the background; the view changes "
        + "on the main actor, once per apply, in the order the applies were made."),
    Article(
      title: "The reference list view",
      body: "A headless view that keeps cells the way a collection view does and refuses any "
        + "batch UIKit would refuse, with UIKit's words. Tests run against it."),
  ]

  /// The rows selected in turn by the unattended run.
  public static let script = [1, 2, 1, 4, 2, 0, 4, 3, 0, 3]

  /// The data source that drives the view.
  public private(set) var dataSource: DiffableDataSource<Int, Int>!
  /// The rows showing their whole text.
  public private(set) var expanded: Set<Int> = []
  /// The highlighted row, if any.
  public private(set) var selection: Int?
  private let captions: (any StepCaptioning)?

  /// A table shown in `view`.
  ///
  /// - Parameters:
  ///   - captions: Told what each change is about, before it is applied.
  ///   - cell: Makes a row's cell; it reads the screen's ``expanded`` rows
  ///     and ``selection``.
  public init<View: DiffableListView>(
    view: View, captions: (any StepCaptioning)? = nil,
    cell: @escaping (ExpandingTable, Int) -> View.Cell
  ) {
    self.captions = captions
    dataSource = DiffableDataSource(view: view) { [unowned self] _, _, item in cell(self, item) }
  }

  /// The table: one section of every article.
  public func table() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(Self.articles.indices))
    return snapshot
  }

  /// Shows the table, every row closed; `selecting` highlights a row.
  public func open(caption: String? = nil, selecting item: Int? = nil) async {
    selection = item
    captions?.caption = caption
    await dataSource.apply(table())
  }

  /// Toggles a row, as a tap on it does: a new snapshot, the row
  /// reconfigured, applied.
  public func toggle(_ item: Int) async {
    let opening = !expanded.contains(item)
    if opening { expanded.insert(item) } else { expanded.remove(item) }
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems([item])
    captions?.caption =
      "select \(BatchUpdate.quotedName(Self.articles[item].title)): "
      + (opening ? "expand" : "collapse")
    await dataSource.apply(snapshot)
  }

  /// Moves the highlight: both rows are reconfigured, one to lose it, one
  /// to gain it.
  public func select(_ item: Int) async {
    let previous = selection
    selection = item
    captions?.caption = "selection"
    await dataSource.moveSelection(from: previous, to: item)
  }

  /// Step `number` (from 0) of the unattended run: the next row of the
  /// ``script`` toggled.
  public func step(_ number: Int) async {
    await toggle(Self.script[number % Self.script.count])
  }
}
