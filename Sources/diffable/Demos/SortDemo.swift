import ArgumentParser
import Diffable

/// `diffable demo sort`: WWDC19's insertion sort visualization.
///
/// Several rows of coloured cells in random order. Each step takes the data
/// source's current snapshot, performs one step of insertion sort on every
/// row (one item moves), and applies it; when every row is sorted, the rows
/// are shuffled again with new cells.
struct SortDemo: Demo {
  static let configuration = CommandConfiguration(
    commandName: "sort",
    abstract: "Insertion sort, one step per row, each step one apply (WWDC19).",
    discussion: """
      Each step reads the data source's snapshot, moves one cell in every row that is \
      not sorted yet, and awaits the apply; the batch has one move per row. Sorted rows \
      are shuffled again with new cells. --rows and --width set the size, --seed the order.
      """)

  @OptionGroup var stepOptions: StepOptions

  @OptionGroup var seedOption: SeedOption

  @Option(help: "The number of rows (sections).")
  var rows = 4

  @Option(help: "The number of cells in a row.")
  var width = 10

  @OptionGroup var options: DemoOptions

  static let defaultSteps = 12

  func validate() throws {
    guard (1...20).contains(rows) else { throw ValidationError("--rows must be between 1 and 20.") }
    guard (2...26).contains(width) else {
      throw ValidationError("--width must be between 2 and 26.")
    }
  }

  func run() async throws {
    let demo = await InsertionSort(
      rows: rows, width: width, seed: seedOption.seed, styler: options.styler)
    try await demo.play(steps: stepOptions.steps ?? Self.defaultSteps, pause: options.pause)
  }
}

/// A cell of the sort: its value, in its row, in one round of shuffling.
struct SortCell: Hashable, Sendable {
  var row: Int
  var value: Int
  var round: Int
}

@MainActor
final class InsertionSort {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, SortCell>

  let rows: Int
  let width: Int
  let view: TerminalListView<Int, SortCell>
  private(set) var dataSource: DiffableDataSource<Int, SortCell>!
  private var random: DemoRandom
  private var round = 0
  private let styler: TextStyler

  init(rows: Int, width: Int, seed: UInt64, styler: TextStyler) {
    self.rows = rows
    self.width = width
    self.styler = styler
    random = DemoRandom(seed: seed)
    view = TerminalListView(styler: styler, layout: .blocks)
    let width = width
    dataSource = view.makeDataSource(header: { "row \($0 + 1)" }) { cell in
      Self.block(cell.value, of: width, styler: styler)
    }
  }

  /// A cell as a block of colour two columns wide, hues from red to violet;
  /// without colour, a letter and a space (`a` is the smallest).
  static func block(_ value: Int, of width: Int, styler: TextStyler) -> String {
    let letter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(value)))
    guard styler.isEnabled else { return letter + " " }
    let hues = [
      196, 202, 208, 214, 220, 226, 190, 154, 118, 82, 46, 48, 50, 51, 45, 39, 33, 27, 21, 57, 93,
      129, 165, 201, 199, 197,
    ]
    let hue = hues[value * hues.count / max(width, 1)]
    return "\u{1B}[38;5;\(hue)m██\u{1B}[0m"
  }

  /// Rows of shuffled cells, new identities for a new round.
  func shuffled() -> Snapshot {
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
  /// Returns the rows that changed.
  static func step(_ snapshot: inout Snapshot) -> Int {
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

  func play(steps: Int, pause seconds: Double) async throws {
    print(
      styler("Insertion sort", .bold)
        + ": \(rows) rows of \(width) cells; each step moves one cell per unsorted row")
    print(styler("^ moved   + inserted", .dim))
    view.caption = "shuffled"
    await dataSource.apply(shuffled())
    for number in 1...steps {
      try await pause(seconds)
      // The current snapshot is the data source's: the previous apply was
      // awaited, so it is on screen.
      var snapshot = dataSource.snapshot()
      let changed = Self.step(&snapshot)
      if changed == 0 {
        view.caption = "step \(number): every row is sorted; shuffle again"
        await dataSource.apply(shuffled())
      } else {
        view.caption = "step \(number): \(changed) row\(changed == 1 ? "" : "s") moved a cell"
        await dataSource.apply(snapshot)
      }
    }
  }
}
