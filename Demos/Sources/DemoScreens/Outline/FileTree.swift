import Diffable

/// A file tree, three levels deep, opened and closed as a user would: one
/// outline section driven through the section snapshot handlers.
///
/// Each action is a tap on a disclosure mark (``toggle(_:)``): the data
/// source asks the handlers, which refuse files (`shouldExpandItem`) and
/// load a folder's entries the first time it opens
/// (`snapshotForExpandingParent`). Items are paths; folders end with `/`.
///
/// The root items can be reordered by a view that lets its user drag rows
/// (the browser's): `reorderingHandlers` allow the roots and nothing
/// below them, and ``rootOrder`` follows each move, so the tree shown
/// again from its roots keeps the order the user gave it.
public final class FileTree {
  /// What each folder holds, by path: folders end with `/`. Only the entries
  /// shown are listed; a folder's entries are loaded when it first opens.
  public nonisolated static let folders: [String: [String]] = [
    "Sources/DiffableCore/": ["Snapshot/", "SectionSnapshot/", "BatchUpdate/"],
    "Sources/DiffableCore/Snapshot/": [
      "DiffableDataSourceSnapshot.swift", "DiffableDataSourceSnapshot+Items.swift",
    ],
    "Sources/DiffableCore/SectionSnapshot/": [
      "DiffableDataSourceSectionSnapshot.swift",
      "DiffableDataSourceSectionSnapshot+Expansion.swift",
    ],
    "Sources/DiffableCore/BatchUpdate/": ["BatchUpdate.swift", "BatchUpdate+Diff.swift"],
    "Sources/DiffableEngine/": ["DataSource/", "Internal/"],
    "Sources/DiffableEngine/DataSource/": [
      "DiffableDataSource.swift", "DiffableDataSource+SectionSnapshots.swift",
    ],
    "Sources/DiffableEngine/Internal/": ["_ApplyQueue.swift"],
    "Sources/diffable/": ["Diff/", "Layout/"],
    "Sources/diffable/Diff/": ["DiffCommand.swift", "DiffInput.swift", "JSONLinesDiffer.swift"],
    "Sources/diffable/Layout/": ["LayoutCommand.swift"],
  ]

  /// The root items.
  public nonisolated static let roots = [
    "Sources/DiffableCore/", "Sources/DiffableEngine/", "Sources/diffable/", "Package.swift",
  ]

  /// The items the unattended run opens or closes, in turn.
  public nonisolated static let script = [
    "Sources/DiffableCore/", "Sources/DiffableCore/SectionSnapshot/",
    "Sources/DiffableEngine/", "Package.swift", "Sources/DiffableCore/",
    "Sources/DiffableEngine/DataSource/", "Sources/DiffableCore/",
    "Sources/DiffableCore/SectionSnapshot/", "Sources/DiffableEngine/",
    "Sources/DiffableCore/",
  ]

  /// The outline section.
  public static let section = 0

  /// The data source that drives the view.
  public private(set) var dataSource: DiffableDataSource<Int, String>!
  /// The highlighted row, if any.
  public private(set) var selection: String?
  /// The root items, in the order the user left them: ``roots`` until a
  /// move.
  public private(set) var rootOrder: [String] = FileTree.roots
  private let captions: (any StepCaptioning)?

  /// A tree shown in `view`.
  ///
  /// - Parameters:
  ///   - captions: Told what each change is about, before it is applied;
  ///     a folder's first opening adds how many entries it loaded.
  ///   - cell: Makes a row's cell; it reads the screen's state
  ///     (``level(of:)``, ``isExpanded(_:)``, ``selection``).
  public init<View: DiffableListView>(
    view: View, captions: (any StepCaptioning)? = nil,
    cell: @escaping (FileTree, String) -> View.Cell
  ) {
    self.captions = captions
    dataSource = DiffableDataSource(view: view) { [unowned self] _, _, item in cell(self, item) }
    dataSource.sectionSnapshotHandlers = handlers()
    dataSource.reorderingHandlers = reorderingHandlers()
  }

  /// A file's or folder's name: the last part of its path.
  public static func name(of path: String) -> String {
    let trimmed = path.hasSuffix("/") ? path.dropLast() : Substring(path)
    let name = trimmed.split(separator: "/").last.map(String.init) ?? path
    return path.hasSuffix("/") ? name + "/" : name
  }

  /// Whether a path is a folder's.
  public static func isFolder(_ path: String) -> Bool { path.hasSuffix("/") }

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
      captions?.caption? += " (snapshotForExpandingParent loaded \(entries.count) entries)"
      return loaded
    }
    return handlers
  }

  /// The handlers a drag goes through: only root items move, and each
  /// move is kept in ``rootOrder``.
  func reorderingHandlers() -> DiffableDataSource<Int, String>.ReorderingHandlers {
    var handlers = DiffableDataSource<Int, String>.ReorderingHandlers()
    handlers.canReorderItem = { [unowned self] in parent(of: $0) == nil }
    handlers.didReorder = { [unowned self] transaction in
      guard let outline = transaction.sectionTransactions.first?.finalSnapshot else { return }
      rootOrder = outline.rootItems
    }
    return handlers
  }

  /// The depth of a shown item: 0 for a root.
  public func level(of path: String) -> Int {
    let outline = dataSource.snapshot(for: Self.section)
    return outline.contains(path) ? outline.level(of: path) : 0
  }

  /// Whether a folder is open.
  public func isExpanded(_ path: String) -> Bool {
    dataSource.snapshot(for: Self.section).isExpanded(path)
  }

  /// The parent folder of a shown item, or `nil` for a root.
  public func parent(of path: String) -> String? {
    dataSource.snapshot(for: Self.section).parent(of: path)
  }

  /// The rows the view shows, in order.
  public var shownItems: [String] {
    dataSource.snapshot().itemIdentifiers(inSection: Self.section)
  }

  /// The tree with its root items, all closed, in ``rootOrder``.
  public func rootOutline() -> DiffableDataSourceSectionSnapshot<String> {
    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(rootOrder)
    return outline
  }

  /// Shows the tree with its roots closed; `selecting` highlights a row.
  public func open(caption: String? = nil, selecting path: String? = nil) async {
    selection = path
    captions?.caption = caption
    await dataSource.apply(rootOutline(), to: Self.section)
  }

  /// What a tap on an item's disclosure mark does: `open "PATH"` or
  /// `close "PATH"`.
  public func toggleCaption(for path: String) -> String {
    "\(isExpanded(path) ? "close" : "open") \(BatchUpdate.quotedName(path))"
  }

  /// Opens or closes an item as a tap on its disclosure mark does.
  ///
  /// - Returns: `false` when the handlers refused (a file does not open):
  ///   nothing changed, and nothing was applied.
  @discardableResult
  public func toggle(_ path: String) async -> Bool {
    captions?.caption = toggleCaption(for: path)
    guard await !dataSource.toggleExpansion(of: path) else { return true }
    captions?.caption = nil
    return false
  }

  /// Moves the highlight: both rows are reconfigured, one to lose it, one
  /// to gain it.
  public func select(_ path: String) async {
    let previous = selection
    selection = path
    captions?.caption = "selection"
    await dataSource.moveSelection(from: previous, to: path)
  }

  /// Step `number` (from 0) of the unattended run: the next item of the
  /// ``script`` tapped.
  ///
  /// - Returns: Whether the tap changed anything (see ``toggle(_:)``).
  @discardableResult
  public func step(_ number: Int) async -> Bool {
    await toggle(Self.script[number % Self.script.count])
  }
}
