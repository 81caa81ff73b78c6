import ArgumentParser
import DemoScreens
import Diffable
import Foundation
import TerminalRenderer

/// `demo mountains`: WWDC19's mountain search (``MountainSearch``), in a
/// terminal.
///
/// A query is typed one letter at a time. At each step the demo builds a
/// snapshot of the mountains whose names contain the query, sorted, diffs it
/// against the previous snapshot with `BatchUpdate(from:to:)`, and prints the
/// list with its changes marked, followed by the batch update.
struct MountainsDemo: Demo {
  static let configuration = CommandConfiguration(
    commandName: "mountains",
    abstract: "Search mountains as you type; watch the list's batch updates (WWDC19).",
    discussion: """
      By default the demo types "kil" one letter at a time, then erases the last \
      letter. With --query it types your query instead. With --interactive (on a \
      terminal) you type: Backspace erases, Ctrl-U clears, Enter, Esc or Ctrl-C quits.
      """)

  @Option(help: "The query to type, one letter at a time.")
  var query: String?

  @Option(help: "How to sort the results.")
  var sort: MountainSearch.Order = .name

  @Flag(help: "Type the query yourself (needs a terminal).")
  var interactive = false

  @OptionGroup var options: DemoOptions

  func validate() throws {
    if let query, query.isEmpty {
      throw ValidationError("--query needs at least one letter.")
    }
    if interactive, query != nil {
      throw ValidationError("--interactive reads the query from the keyboard; drop --query.")
    }
  }

  func run() async throws {
    let search = try MountainSearch(mountains: Mountain.bundled(), order: sort)
    if interactive {
      try await InteractiveMountainSearch(search: search, styler: options.styler).run()
    } else {
      let steps = query.map(MountainSearch.typing) ?? MountainsDemo.defaultSteps
      try await MountainsDemo.play(
        steps: steps, search: search, styler: options.styler, pause: options.pause)
    }
  }

  /// "kil" typed, then one Backspace: deletions, then insertions.
  static let defaultSteps = ["k", "ki", "kil", "ki"]

  /// Plays the steps, starting from the empty query (every mountain), and
  /// prints each step, cut to fit the terminal.
  @MainActor
  static func play(
    steps: [String], search: MountainSearch, styler: TextStyler, pause seconds: Double
  ) async throws {
    var previous = search.snapshot(matching: "")
    TerminalOutput.line(
      styler("Mountain search", .bold) + ": \(search.mountains.count) mountains, "
        + "typing \(steps.map(BatchUpdate.quotedName).joined(separator: ", "))")
    TerminalOutput.line(styler(MountainRows.legend, .dim))
    let rows = MountainRows(search: search, styler: styler)
    // Each step, with the blank line before it, fits the terminal (24 lines
    // when standard output is not one).
    let height = Terminal.size?.rows ?? 24
    for query in steps {
      try await pause(seconds)
      let current = search.snapshot(matching: query)
      let batch = BatchUpdate(from: previous, to: current)
      TerminalOutput.line()
      let step = rows.render(
        query: query, from: previous, to: current, batch: batch, maximumLines: height - 1)
      for line in step {
        TerminalOutput.line(line)
      }
      previous = current
    }
  }
}

extension MountainSearch.Order: ExpressibleByArgument {}

/// How the search's results are drawn: a row a mountain, with its changes
/// marked, and the batch update under the list.
struct MountainRows {
  static let legend = "+ inserted   - deleted   > moved"

  let search: MountainSearch
  let styler: TextStyler
  private let nameWidth: Int

  init(search: MountainSearch, styler: TextStyler) {
    self.search = search
    self.styler = styler
    nameWidth = search.mountains.map(\.name.count).max() ?? 0
  }

  /// A row: name, height and location.
  func rowText(_ name: String) -> String {
    guard let mountain = search.mountain(named: name) else { return name }
    let height = MountainSearch.grouped(mountain.height)
    return padded(name, to: nameWidth) + "  "
      + String(repeating: " ", count: max(0, 5 - height.count))
      + height + " m  " + styler(mountain.location, .dim)
  }

  /// The lines printed for one step: a header, the list with its changes
  /// marked, and the batch update.
  ///
  /// With `maximumLines`, the step takes at most that many lines (unless it
  /// is smaller than the header, the batch lines and three rows): the list is
  /// cut short, and its last row says how many more rows there are.
  func render(
    query: String,
    from old: DiffableDataSourceSnapshot<String, String>,
    to new: DiffableDataSourceSnapshot<String, String>,
    batch: BatchUpdate,
    maximumLines: Int? = nil,
    maximumOperations: Int = 8
  ) -> [String] {
    var lines: [String] = []
    lines.append(
      styler("query \(BatchUpdate.quotedName(query))", .bold)
        + ": \(new.numberOfItems) of \(search.mountains.count) mountains")
    let list = ChangeList(from: old, to: new, batch: batch)
    var renderer = ChangeListRenderer<String, String>(styler: styler)
    renderer.showsSections = false
    renderer.movesNameSections = false
    renderer.itemText = { rowText($0) }
    var rows = renderer.lines(for: list)
    let summary = batchSummaryLines(
      for: batch, from: old, to: new, describeSection: BatchUpdate.quotedName,
      describeItem: BatchUpdate.quotedName, maximumOperations: maximumOperations, styler: styler)
    // The list gets what the header and the batch lines leave, and never
    // fewer than three rows, however small the screen.
    if let maximumLines {
      let room = max(3, maximumLines - lines.count - summary.count)
      if rows.count > room {
        let hidden = rows.count - room + 1
        rows = Array(rows.prefix(room - 1)) + [styler("  … \(hidden) more rows", .dim)]
      }
    }
    lines += rows
    lines += summary
    return lines
  }
}
