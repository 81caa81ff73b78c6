import ArgumentParser
import DemoScreens
import Diffable
import TerminalRenderer

/// `demo sort`: WWDC19's insertion sort visualization (``InsertionSort``),
/// each row of cells a line of colour blocks.
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
    let demo = await SortSession(
      rows: rows, width: width, seed: seedOption.seed, styler: options.styler)
    try await demo.play(steps: stepOptions.steps ?? Self.defaultSteps, pause: options.pause)
  }
}

/// The insertion sort drawn in a terminal, a section a line.
@MainActor
final class SortSession {
  let view: TerminalListView<Int, SortCell>
  let screen: InsertionSort
  private let styler: TextStyler

  init(rows: Int, width: Int, seed: UInt64, styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler, layout: .blocks)
    // The batch lines name a cell by its letter: in colour, every cell's
    // text is the same block.
    view.describeItem = { SortSession.letter($0.value) }
    screen = InsertionSort(rows: rows, width: width, seed: seed, view: view, captions: view) {
      cell in SortSession.block(cell.value, of: width, styler: styler)
    }
    view.show(screen.dataSource) { [screen] in screen.title(ofSection: $0) }
  }

  /// The letter of a value: `a` is the smallest.
  static func letter(_ value: Int) -> String {
    String(UnicodeScalar(UInt8(ascii: "a") + UInt8(value)))
  }

  /// A cell as a block of colour two columns wide, hues from red to violet;
  /// without colour, its letter and a space.
  static func block(_ value: Int, of width: Int, styler: TextStyler) -> String {
    guard styler.isEnabled else { return letter(value) + " " }
    let hues = [
      196, 202, 208, 214, 220, 226, 190, 154, 118, 82, 46, 48, 50, 51, 45, 39, 33, 27, 21, 57, 93,
      129, 165, 201, 199, 197,
    ]
    let hue = hues[value * hues.count / max(width, 1)]
    return "\u{1B}[38;5;\(hue)m██\u{1B}[0m"
  }

  func play(steps: Int, pause seconds: Double) async throws {
    TerminalOutput.line(
      styler("Insertion sort", .bold)
        + ": \(screen.rows) rows of \(screen.width) cells; each step moves one cell per unsorted row"
    )
    TerminalOutput.line(styler("^ moved   + inserted", .dim))
    await screen.open()
    for number in 1...steps {
      try await pause(seconds)
      await screen.step(number)
    }
  }
}
