import ArgumentParser
import DemoScreens
import Diffable
import TerminalRenderer

/// `demo expand`: a table of long texts (``ExpandingTable``) that expand in
/// place, a reconfigure each.
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

  func makeSession() async -> ExpandSession {
    await ExpandSession(styler: options.styler)
  }
}

/// The table drawn in a terminal: a closed row is its title and the start
/// of its text; an open row, its whole text wrapped.
@MainActor
final class ExpandSession: DemoSession {
  let view: TerminalListView<Int, Int>
  private(set) var screen: ExpandingTable!
  private let styler: TextStyler

  init(styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler, showsSectionHeaders: false)
    screen = ExpandingTable(view: view, captions: view) { [unowned self] screen, item in
      text(for: item, in: screen)
    }
    view.show(screen.dataSource)
    view.describeItem = { ExpandingTable.articles[$0].title }
  }

  func text(for item: Int, in screen: ExpandingTable) -> String {
    let article = ExpandingTable.articles[item]
    let isExpanded = screen.expanded.contains(item)
    let marker = isExpanded ? "▾ " : "▸ "
    let styles: [ANSIStyle] = screen.selection == item ? [.bold, .underline] : [.bold]
    let title = styler.apply(styles, to: article.title)
    guard isExpanded else {
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

  func play(steps: Int, pause seconds: Double) async throws {
    TerminalOutput.line(styler("Expanding rows", .bold) + ": each selection reconfigures one row")
    TerminalOutput.line(styler("~ reconfigured", .dim))
    await screen.open(caption: "the table")
    for step in 0..<steps {
      try await pause(seconds)
      await screen.step(step)
    }
  }

  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      view.footer = [
        styler("Up, Down select · Enter or Space toggles · q, Esc or Ctrl-C quits", .dim)
      ]
      await screen.open(selecting: 0)
      for await key in keys {
        if key.quits { break }
        let current = screen.selection ?? 0
        switch key {
        case .up: await screen.select(max(0, current - 1))
        case .down: await screen.select(min(ExpandingTable.articles.count - 1, current + 1))
        case .enter, .character(" "): await screen.toggle(current)
        default: break
        }
      }
    }
  }
}
