import ArgumentParser
import Diffable

/// `diffable demo outline`: a file tree of this package, three levels deep,
/// opened and closed as a user would.
///
/// The tree is one outline section. Each step is a user action on the data
/// source (`toggleExpansion(of:)`), which asks the section snapshot handlers:
/// folders load their entries through `snapshotForExpandingParent` the first
/// time they open, and `shouldExpandItem` refuses files. The view draws each
/// row indented by its level, with a disclosure mark, and the batch of the
/// step.
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

  func makeSession() async -> FileTree {
    await FileTree(styler: options.styler)
  }
}

/// The file tree: what each folder holds, the data source that shows it,
/// and the steps of the unattended demo.
@MainActor
final class FileTree: DemoSession {
  /// What each folder holds, by path: folders end with `/`. Only the entries
  /// shown are listed; a folder's entries are loaded when it first opens.
  nonisolated static let folders: [String: [String]] = [
    "Sources/DiffableCore/": ["Snapshot/", "SectionSnapshot/", "BatchUpdate/"],
    "Sources/DiffableCore/Snapshot/": [
      "DiffableDataSourceSnapshot.swift", "DiffableDataSourceSnapshot+Items.swift",
    ],
    "Sources/DiffableCore/SectionSnapshot/": [
      "DiffableDataSourceSectionSnapshot.swift",
      "DiffableDataSourceSectionSnapshot+Expansion.swift",
    ],
    "Sources/DiffableCore/BatchUpdate/": ["BatchUpdate.swift", "BatchUpdate+Diff.swift"],
    "Sources/DiffableDataSource/": ["DataSource/", "ReferenceListView/"],
    "Sources/DiffableDataSource/DataSource/": [
      "DiffableDataSource.swift", "DiffableDataSource+SectionSnapshots.swift",
    ],
    "Sources/DiffableDataSource/ReferenceListView/": ["ReferenceListView.swift"],
    "Sources/diffable/": ["Demos/", "Terminal/"],
    "Sources/diffable/Demos/": ["OutlineDemo.swift", "SortDemo.swift", "WifiDemo.swift"],
    "Sources/diffable/Terminal/": ["TerminalListView.swift"],
  ]

  /// The root items.
  nonisolated static let roots = [
    "Sources/DiffableCore/", "Sources/DiffableDataSource/", "Sources/diffable/", "Package.swift",
  ]

  /// The items the unattended demo opens or closes, in turn.
  nonisolated static let script = [
    "Sources/DiffableCore/", "Sources/DiffableCore/SectionSnapshot/",
    "Sources/DiffableDataSource/", "Package.swift", "Sources/DiffableCore/",
    "Sources/DiffableDataSource/DataSource/", "Sources/DiffableCore/",
    "Sources/DiffableCore/SectionSnapshot/", "Sources/DiffableDataSource/",
    "Sources/DiffableCore/",
  ]

  static let section = 0

  let view: TerminalListView<Int, String>
  private(set) var dataSource: DiffableDataSource<Int, String>!
  /// The selected item, in the interactive demo.
  private var cursor: String?
  private let styler: TextStyler

  init(styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler, showsSectionHeaders: false)
    view.maximumOperations = 8
    dataSource = view.makeDataSource { [unowned self] in text(for: $0) }
    view.describeItem = { $0 }
    dataSource.sectionSnapshotHandlers = handlers()
  }

  /// A file's or folder's name: the last part of its path.
  static func name(of path: String) -> String {
    let trimmed = path.hasSuffix("/") ? path.dropLast() : Substring(path)
    let name = trimmed.split(separator: "/").last.map(String.init) ?? path
    return path.hasSuffix("/") ? name + "/" : name
  }

  static func isFolder(_ path: String) -> Bool { path.hasSuffix("/") }

  /// The handlers a disclosure tap goes through: files do not expand;
  /// folders load their entries when they first open.
  func handlers() -> DiffableDataSource<Int, String>.SectionSnapshotHandlers {
    var handlers = DiffableDataSource<Int, String>.SectionSnapshotHandlers()
    handlers.shouldExpandItem = { Self.isFolder($0) }
    handlers.snapshotForExpandingParent = { [unowned self] folder, children in
      guard children.items.isEmpty else { return children }
      var loaded = DiffableDataSourceSectionSnapshot<String>()
      let entries = (Self.folders[folder] ?? []).map { folder + $0 }
      loaded.append(entries)
      // The handler runs before the view draws the change: say so in the
      // caption it draws.
      view.caption? += " (snapshotForExpandingParent loaded \(entries.count) entries)"
      return loaded
    }
    return handlers
  }

  /// A row: indented by level, a disclosure mark for folders, the name.
  func text(for path: String) -> String {
    let outline = dataSource.snapshot(for: Self.section)
    let level = outline.contains(path) ? outline.level(of: path) : 0
    let mark = Self.isFolder(path) ? (outline.isExpanded(path) ? "▾ " : "▸ ") : "  "
    let name = Self.name(of: path)
    let styled =
      cursor == path
      ? styler.apply([.bold, .underline], to: name)
      : Self.isFolder(path) ? styler(name, .bold) : name
    return String(repeating: "  ", count: level) + mark + styled
  }

  /// The tree with its root items, all closed.
  func rootOutline() -> DiffableDataSourceSectionSnapshot<String> {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(Self.roots)
    return outline
  }

  /// Opens or closes an item as a tap on its disclosure mark does.
  func toggle(_ path: String) async {
    let opening = !dataSource.snapshot(for: Self.section).isExpanded(path)
    let caption = "\(opening ? "open" : "close") \(jsonQuoted(path))"
    view.caption = caption
    view.footer = Array(view.footer.suffix(1))
    guard await !dataSource.toggleExpansion(of: path) else { return }
    // Refused: nothing changes, so the view draws nothing.
    view.caption = nil
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
    print(styler("File tree", .bold) + ": each step is a tap on a disclosure mark")
    print(styler("+ inserted   - deleted   ~ reconfigured", .dim))
    view.caption = "the tree, closed"
    await dataSource.apply(rootOutline(), to: Self.section)
    for step in 0..<steps {
      try await pause(seconds)
      await toggle(Self.script[step % Self.script.count])
    }
  }

  // MARK: Interactive

  /// The rows the view shows, in order.
  var shownItems: [String] {
    dataSource.snapshot().itemIdentifiers(inSection: Self.section)
  }

  /// Moves the selection: both rows are reconfigured, one to lose the
  /// highlight, one to gain it.
  func select(_ path: String) async {
    let previous = cursor
    cursor = path
    view.caption = "selection"
    view.footer = Array(view.footer.suffix(1))
    await dataSource.moveSelection(from: previous, to: path)
  }

  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      view.footer = [
        styler(
          "Up, Down select · Enter or Space opens and closes · Right opens · Left closes · "
            + "q, Esc or Ctrl-C quits", .dim)
      ]
      cursor = Self.roots[0]
      view.caption = "the tree, closed"
      await dataSource.apply(rootOutline(), to: Self.section)
      for await key in keys {
        if key.quits { break }
        let rows = shownItems
        let current = cursor.flatMap { rows.firstIndex(of: $0) } ?? 0
        let path = rows[current]
        let outline = dataSource.snapshot(for: Self.section)
        switch key {
        case .up: await select(rows[max(0, current - 1)])
        case .down: await select(rows[min(rows.count - 1, current + 1)])
        case .enter, .character(" "): await toggle(path)
        case .right where !outline.isExpanded(path): await toggle(path)
        case .left where outline.isExpanded(path): await toggle(path)
        case .left:
          if let parent = outline.parent(of: path) { await select(parent) }
        default: break
        }
      }
    }
  }
}
