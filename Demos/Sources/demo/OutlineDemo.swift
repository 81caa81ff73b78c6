import ArgumentParser
import DemoScreens
import Diffable
import TerminalRenderer

/// `demo outline`: a file tree (``FileTree``) opened and closed as a user
/// would, each row indented by its level, with a disclosure mark.
struct OutlineDemo: SessionDemo {
  static let configuration = CommandConfiguration(
    commandName: "outline",
    abstract: "A file tree that opens and closes: section snapshots and their handlers.",
    discussion: """
      By default folders are opened and closed in turn, each step one user action \
      through the section snapshot handlers, and the demo ends after --steps steps. \
      With --interactive (on a terminal): Up and Down move the selection, Enter or \
      Space opens or closes, Right opens, Left closes (or goes to the parent), q, Esc \
      or Ctrl-C quits.
      """)

  @OptionGroup var stepOptions: StepOptions

  @Flag(help: "Open and close folders yourself (needs a terminal).")
  var interactive = false

  @OptionGroup var options: DemoOptions

  static var defaultSteps: Int { FileTree.script.count }

  func makeSession() async -> OutlineSession {
    await OutlineSession(styler: options.styler)
  }
}

/// The file tree drawn in a terminal.
@MainActor
final class OutlineSession: DemoSession {
  let view: TerminalListView<Int, String>
  private(set) var screen: FileTree!
  private let styler: TextStyler

  init(styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler, showsSectionHeaders: false)
    view.maximumOperations = 8
    screen = FileTree(view: view, captions: view) { [unowned self] screen, path in
      text(for: path, in: screen)
    }
    view.show(screen.dataSource)
    view.describeItem = { $0 }
  }

  /// A row: indented by level, a disclosure mark for folders, the name.
  func text(for path: String, in screen: FileTree) -> String {
    let isFolder = FileTree.isFolder(path)
    let mark = isFolder ? (screen.isExpanded(path) ? "▾ " : "▸ ") : "  "
    let name = FileTree.name(of: path)
    let styled =
      screen.selection == path
      ? styler.apply([.bold, .underline], to: name)
      : isFolder ? styler(name, .bold) : name
    return String(repeating: "  ", count: screen.level(of: path)) + mark + styled
  }

  /// Taps an item's disclosure mark; a refusal, which changes nothing and so
  /// draws nothing, is said in a line of its own.
  func toggle(_ path: String) async {
    let caption = screen.toggleCaption(for: path)
    view.footer = Array(view.footer.suffix(1))
    guard await !screen.toggle(path) else { return }
    let line =
      styler(caption, .bold) + ": shouldExpandItem said no (a file does not open); nothing changes"
    if view.redrawsScreen {
      view.footer = [line] + Array(view.footer.suffix(1))
      view.redraw()
    } else {
      view.write("")
      view.write(line)
    }
  }

  func play(steps: Int, pause seconds: Double) async throws {
    TerminalOutput.line(styler("File tree", .bold) + ": each step is a tap on a disclosure mark")
    TerminalOutput.line(styler("+ inserted   - deleted   ~ reconfigured", .dim))
    await screen.open(caption: "the tree, closed")
    for step in 0..<steps {
      try await pause(seconds)
      await toggle(FileTree.script[step % FileTree.script.count])
    }
  }

  /// Moves the selection, dropping the line of an earlier refusal.
  func select(_ path: String) async {
    view.footer = Array(view.footer.suffix(1))
    await screen.select(path)
  }

  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      view.footer = [
        styler(
          "Up, Down select · Enter or Space opens and closes · Right opens · Left closes · "
            + "q, Esc or Ctrl-C quits", .dim)
      ]
      await screen.open(caption: "the tree, closed", selecting: FileTree.roots[0])
      for await key in keys {
        if key.quits { break }
        let rows = screen.shownItems
        let current = screen.selection.flatMap { rows.firstIndex(of: $0) } ?? 0
        let path = rows[current]
        switch key {
        case .up: await select(rows[max(0, current - 1)])
        case .down: await select(rows[min(rows.count - 1, current + 1)])
        case .enter, .character(" "): await toggle(path)
        case .right where !screen.isExpanded(path): await toggle(path)
        case .left where screen.isExpanded(path): await toggle(path)
        case .left:
          if let parent = screen.parent(of: path) { await select(parent) }
        default: break
        }
      }
    }
  }
}
