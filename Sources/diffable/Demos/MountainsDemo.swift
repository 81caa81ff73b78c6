import ArgumentParser
import Diffable
import Foundation

/// `diffable demo mountains`: WWDC19's mountain search, in a terminal.
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
      let steps = query.map(MountainsDemo.typing) ?? MountainsDemo.defaultSteps
      try await MountainsDemo.play(
        steps: steps, search: search, styler: options.styler, pause: options.pause)
    }
  }

  /// "kil" typed, then one Backspace: deletions, then insertions.
  static let defaultSteps = ["k", "ki", "kil", "ki"]

  /// The queries seen while typing `text`: its first letter, its first two,
  /// and so on.
  static func typing(_ text: String) -> [String] {
    (1...text.count).map { String(text.prefix($0)) }
  }

  /// Plays the steps, starting from the empty query (every mountain), and
  /// prints each step.
  static func play(
    steps: [String], search: MountainSearch, styler: TextStyler, pause seconds: Double
  ) async throws {
    var previous = search.snapshot(matching: "")
    print(
      styler("Mountain search", .bold) + ": \(search.mountains.count) mountains, "
        + "typing \(steps.map(jsonQuoted).joined(separator: ", "))")
    print(styler(MountainSearch.legend, .dim))
    for query in steps {
      try await pause(seconds)
      let current = search.snapshot(matching: query)
      let batch = BatchUpdate(from: previous, to: current)
      print()
      for line in search.render(
        query: query, from: previous, to: current, batch: batch, styler: styler)
      {
        print(line)
      }
      previous = current
    }
  }
}

/// The searchable data of the demo and the way it is shown.
struct MountainSearch: Sendable {
  /// The single section of the list.
  static let section = "mountains"

  enum Order: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// By name, ignoring case and accents.
    case name
    /// Highest first.
    case height
    /// Names where the query appears earliest first, then by name: as the
    /// query grows, rows change places, and the batch update moves them.
    case match
  }

  let mountains: [Mountain]
  let order: Order
  private let byName: [String: Mountain]
  /// Each mountain with its name folded for matching and sorting (no case,
  /// no accents).
  private let searchable: [(mountain: Mountain, key: String)]
  private let nameWidth: Int

  /// - Precondition: Names are unique (``Mountain/parse(_:source:)`` checks).
  init(mountains: [Mountain], order: Order) {
    self.mountains = mountains
    self.order = order
    byName = Dictionary(mountains.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    searchable = mountains.map { ($0, Self.fold($0.name)) }
    nameWidth = mountains.map(\.name.count).max() ?? 0
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The names of the mountains whose names contain `query` (ignoring case
  /// and accents), in the search's order.
  func names(matching query: String) -> [String] {
    let needle = Self.fold(query)
    var matches: [(name: String, key: String, height: Int, position: Int)] = []
    for (mountain, key) in searchable {
      if needle.isEmpty {
        matches.append((mountain.name, key, mountain.height, 0))
      } else if let range = key.range(of: needle) {
        let position = key.distance(from: key.startIndex, to: range.lowerBound)
        matches.append((mountain.name, key, mountain.height, position))
      }
    }
    switch order {
    case .name:
      matches.sort { ($0.key, $0.name) < ($1.key, $1.name) }
    case .height:
      matches.sort { (-$0.height, $0.key, $0.name) < (-$1.height, $1.key, $1.name) }
    case .match:
      matches.sort { ($0.position, $0.key, $0.name) < ($1.position, $1.key, $1.name) }
    }
    return matches.map(\.name)
  }

  /// A snapshot of one section holding the matching mountains.
  func snapshot(matching query: String) -> DiffableDataSourceSnapshot<String, String> {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections([Self.section])
    snapshot.appendItems(names(matching: query), toSection: Self.section)
    return snapshot
  }

  static let legend = "+ inserted   - deleted   > moved"

  /// A row: name, height and location.
  func rowText(_ name: String, styler: TextStyler) -> String {
    guard let mountain = byName[name] else { return name }
    let height = Self.grouped(mountain.height)
    return padded(name, to: nameWidth) + "  "
      + String(repeating: " ", count: max(0, 5 - height.count))
      + height + " m  " + styler(mountain.location, .dim)
  }

  /// `8849` as `8,849`.
  static func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return (number < 0 ? "-" : "") + digits
  }

  /// The lines printed for one step: a header, the list with its changes
  /// marked, and the batch update.
  func render(
    query: String,
    from old: DiffableDataSourceSnapshot<String, String>,
    to new: DiffableDataSourceSnapshot<String, String>,
    batch: BatchUpdate,
    styler: TextStyler,
    maximumRows: Int? = nil,
    maximumOperations: Int = 8
  ) -> [String] {
    var lines: [String] = []
    lines.append(
      styler("query \(jsonQuoted(query))", .bold)
        + ": \(new.numberOfItems) of \(mountains.count) mountains")
    let list = ChangeList(from: old, to: new, batch: batch)
    var renderer = ChangeListRenderer<String, String>(styler: styler)
    renderer.showsSections = false
    renderer.movesNameSections = false
    renderer.itemText = { rowText($0, styler: styler) }
    var rows = renderer.lines(for: list)
    if let maximumRows, rows.count > maximumRows {
      let hidden = rows.count - maximumRows + 1
      rows = Array(rows.prefix(maximumRows - 1)) + [styler("  … \(hidden) more rows", .dim)]
    }
    lines += rows
    lines += batchSummaryLines(
      for: batch, from: old, to: new, describeSection: jsonQuoted, describeItem: jsonQuoted,
      maximumOperations: maximumOperations, styler: styler)
    return lines
  }
}
