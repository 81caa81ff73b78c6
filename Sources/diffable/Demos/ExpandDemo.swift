import ArgumentParser
import Diffable

/// `diffable demo expand`: a table of long texts that expand in place.
///
/// Selecting a row toggles it between one line and its whole text: the demo
/// builds a new snapshot from the data source's, marks the row with
/// `reconfigureItems`, and applies it. The row keeps its cell; only its
/// content changes.
struct ExpandDemo: SessionDemo {
  static let configuration = CommandConfiguration(
    commandName: "expand",
    abstract: "Long texts that expand and collapse in place: reconfigure, not reload.",
    discussion: """
      By default rows are selected in turn and each selection toggles the row. With \
      --interactive (on a terminal): Up and Down move the selection, Enter or Space \
      toggles, q, Esc or Ctrl-C quits.
      """)

  @OptionGroup var stepOptions: StepOptions

  @Flag(help: "Select rows yourself (needs a terminal).")
  var interactive = false

  @OptionGroup var options: DemoOptions

  static let defaultSteps = 5

  func makeSession() async -> ExpandingTable {
    await ExpandingTable(styler: options.styler)
  }
}

/// A long text of the table.
struct Article: Sendable {
  var title: String
  var body: String
}

@MainActor
final class ExpandingTable: DemoSession {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  static let articles = [
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

  let view: TerminalListView<Int, Int>
  private(set) var dataSource: DiffableDataSource<Int, Int>!
  private(set) var expanded: Set<Int> = []
  /// The selected row, in the interactive demo.
  private var cursor: Int?
  private let styler: TextStyler

  init(styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler, showsSectionHeaders: false)
    dataSource = view.makeDataSource { [unowned self] in text(for: $0) }
    view.describeItem = { Self.articles[$0].title }
  }

  func text(for item: Int) -> String {
    let article = Self.articles[item]
    let selected = cursor == item
    let marker = expanded.contains(item) ? "▾ " : "▸ "
    let title = styler.apply(selected ? [.bold, .underline] : [.bold], to: article.title)
    guard expanded.contains(item) else {
      let preview = String(article.body.prefix(44))
      return marker + title + styler("  " + preview + "…", .dim)
    }
    return ([marker + title] + Self.wrap(article.body, width: 64).map { "  " + $0 })
      .joined(separator: "\n")
  }

  /// Words of `text` in lines of at most `width` characters.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  func table() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(Self.articles.indices))
    return snapshot
  }

  /// Toggles a row: a new snapshot, the row reconfigured, applied.
  func toggle(_ item: Int) async {
    let opening = !expanded.contains(item)
    if opening { expanded.insert(item) } else { expanded.remove(item) }
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems([item])
    view.caption = "select \"\(Self.articles[item].title)\": \(opening ? "expand" : "collapse")"
    await dataSource.apply(snapshot)
  }

  /// The rows selected in turn by the unattended demo.
  static let script = [1, 2, 1, 4, 2, 0, 4, 3, 0, 3]

  func play(steps: Int, pause seconds: Double) async throws {
    print(styler("Expanding rows", .bold) + ": each selection reconfigures one row")
    print(styler("~ reconfigured", .dim))
    view.caption = "the table"
    await dataSource.apply(table())
    for step in 0..<steps {
      try await pause(seconds)
      await toggle(Self.script[step % Self.script.count])
    }
  }

  /// Moves the selection: both rows are reconfigured, one to lose the
  /// highlight, one to gain it.
  func select(_ item: Int) async {
    let previous = cursor
    cursor = item
    view.caption = "selection"
    await dataSource.moveSelection(from: previous, to: item)
  }

  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      view.footer = [
        styler("Up, Down select · Enter or Space toggles · q, Esc or Ctrl-C quits", .dim)
      ]
      cursor = 0
      await dataSource.apply(table())
      for await key in keys {
        if key.quits { break }
        let current = cursor ?? 0
        switch key {
        case .up: await select(max(0, current - 1))
        case .down: await select(min(Self.articles.count - 1, current + 1))
        case .enter, .character(" "): await toggle(current)
        default: break
        }
      }
    }
  }
}
