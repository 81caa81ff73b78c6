import Diffable

/// A cell of the sort: its value, in its row, in one round of shuffling.
///
/// It encodes as `{"round", "row", "value"}`, its identifier in a browser
/// page.
public struct SortCell: Hashable, Sendable, Codable {
  public var row: Int
  public var value: Int
  public var round: Int

  public init(row: Int, value: Int, round: Int) {
    self.row = row
    self.value = value
    self.round = round
  }
}

/// WWDC19's insertion sort visualization: rows of coloured cells in random
/// order, sorted one step at a time through a data source.
///
/// Each step takes the data source's current snapshot, performs one step of
/// insertion sort on every row (one item moves), and applies it; when every
/// row is sorted, the rows are shuffled again with new cells. A cell's colour
/// is its ``hue(of:)``.
public final class InsertionSort {
  public typealias Snapshot = DiffableDataSourceSnapshot<Int, SortCell>

  /// The number of rows (sections).
  public let rows: Int
  /// The number of cells in a row.
  public let width: Int
  /// The data source that drives the view.
  public private(set) var dataSource: DiffableDataSource<Int, SortCell>!
  private var random: DemoRandom
  private var round = 0
  private let captions: (any StepCaptioning)?

  /// A screen of `rows` rows of `width` cells, shuffled as `seed` says,
  /// shown in `view`.
  ///
  /// - Parameters:
  ///   - captions: Told what each change is about, before it is applied.
  ///   - cell: Makes a cell's view.
  public init<View: DiffableListView>(
    rows: Int, width: Int, seed: UInt64, view: View, captions: (any StepCaptioning)? = nil,
    cell: @escaping (SortCell) -> View.Cell
  ) {
    self.rows = rows
    self.width = width
    self.captions = captions
    random = DemoRandom(seed: seed)
    dataSource = DiffableDataSource(view: view) { _, _, item in cell(item) }
  }

  /// The title of a row's header, by section index.
  public func title(ofSection index: Int) -> String { "row \(index + 1)" }

  /// Where a cell's colour lies between the first hue (0, the smallest
  /// value) and the last (below 1), for a row of `width` cells.
  public static func hue(of value: Int, width: Int) -> Double {
    Double(value) / Double(max(width, 1))
  }

  /// Rows of shuffled cells, new identities for a new round.
  public func shuffled() -> Snapshot {
    round += 1
    var snapshot = Snapshot()
    snapshot.appendSections(Array(0..<rows))
    for row in 0..<rows {
      let cells = (0..<width).shuffled(using: &random).map {
        SortCell(row: row, value: $0, round: round)
      }
      snapshot.appendItems(cells, toSection: row)
    }
    return snapshot
  }

  /// One step of insertion sort on every row of `snapshot`: the first cell
  /// smaller than the one before it moves before the first larger cell.
  /// Returns the number of rows that changed.
  public static func step(_ snapshot: inout Snapshot) -> Int {
    var changed = 0
    for row in snapshot.sectionIdentifiers {
      let cells = snapshot.itemIdentifiers(inSection: row)
      guard
        let index = cells.indices.dropFirst().first(where: { cells[$0].value < cells[$0 - 1].value }
        )
      else { continue }
      let key = cells[index]
      let target = cells[..<index].first { $0.value > key.value }!
      snapshot.moveItem(key, beforeItem: target)
      changed += 1
    }
    return changed
  }

  /// Shows the rows shuffled.
  public func open() async {
    captions?.caption = "shuffled"
    await dataSource.apply(shuffled())
  }

  /// Step `number` of the run: one insertion-sort step in every row, or a
  /// new shuffle when every row is sorted.
  public func step(_ number: Int) async {
    // The current snapshot is the data source's: the previous apply was
    // awaited, so it is on screen.
    var snapshot = dataSource.snapshot()
    let changed = Self.step(&snapshot)
    if changed == 0 {
      captions?.caption = "step \(number): every row is sorted; shuffle again"
      await dataSource.apply(shuffled())
    } else {
      captions?.caption = "step \(number): \(changed) row\(changed == 1 ? "" : "s") moved a cell"
      await dataSource.apply(snapshot)
    }
  }
}
