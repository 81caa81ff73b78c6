import DemoScreens
import Diffable
import DiffableTesting
import Foundation

/// A list view that prints itself: after every reload or batch update from
/// its data source, the rows with their changes marked, and the batch that
/// produced them.
///
/// It adopts ``DiffableListView`` like any other view: a data source drives
/// it, and it asks the data source for cells (a row's text) and section
/// headers (supplementary views of kind ``headerKind``). It keeps its rows in
/// a ``ReferenceListView``, so every batch is checked as UIKit would check
/// it. To name rows in the change list it reads the snapshot the data source
/// answers with, before and after each batch, through ``identities``.
///
/// A seed screen creates its data source with this view; ``show(_:header:)``
/// then lets the view read the data source's snapshot and headers. As the
/// screen's ``StepCaptioning``, the view prints each caption above the change
/// it goes with.
@MainActor
public final class TerminalListView<Section: Hashable & Sendable, Item: Hashable & Sendable>:
  @MainActor DiffableListView, @MainActor StepCaptioning
{
  public typealias Cell = String
  public typealias SupplementaryView = String
  public typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>

  /// How rows are drawn.
  public enum Layout {
    /// One row a line, marked like `demo mountains`.
    case list
    /// A section a line, its cells side by side (each cell's text is one
    /// block); moved and inserted cells are marked on the line below.
    case blocks
  }

  /// The kind of supplementary view asked for as a section's header.
  public static var headerKind: String { "header" }

  /// The rows, kept and checked as a collection view would.
  public let rows = ReferenceListView<String>()
  /// The snapshot the data source answers with (`dataSource.snapshot()`).
  public var identities: () -> Snapshot = { Snapshot() }
  public var styler: TextStyler
  public var layout: Layout
  /// Whether sections get a header line, asked from the data source.
  public var showsSectionHeaders: Bool
  /// A line printed before the next update, then forgotten.
  public var caption: String?
  /// How the batch's operations name an item; by default, by the first line
  /// of its row.
  public var describeItem: ((Item) -> String)?
  /// Batches with more operations than this list the first ones and a count.
  public var maximumOperations = 6
  /// When set, each update replaces the screen (interactive demos) instead
  /// of being appended.
  public var redrawsScreen = false
  /// Extra lines drawn under the list when the screen is redrawn: key help.
  public var footer: [String] = []
  /// Where the lines go.
  public var write: (String) -> Void = { TerminalOutput.line($0) }

  /// What the view showed before the batch being performed, to draw deleted
  /// rows and headers.
  private var pending: (old: Snapshot, oldRows: [[String]], batch: BatchUpdate)?
  private var headers: [Section: String] = [:]
  /// The lines of the last update, for ``redraw()``.
  private var lastLines: [String] = []

  public init(styler: TextStyler, layout: Layout = .list, showsSectionHeaders: Bool = true) {
    self.styler = styler
    self.layout = layout
    self.showsSectionHeaders = showsSectionHeaders
    rows.recordsEvents = false
  }

  /// Shows what `dataSource` drives: the view reads the data source's
  /// snapshot to name rows, and asks it for section headers.
  ///
  /// - Parameters:
  ///   - dataSource: The data source created with this view.
  ///   - header: A section's header, by section index (a supplementary view
  ///     of kind ``headerKind``), for views that show section headers.
  public func show(
    _ dataSource: DiffableDataSource<Section, Item>, header: (@MainActor (Int) -> String)? = nil
  ) {
    if let header {
      dataSource.supplementaryViewProvider = .init {
        (_: TerminalListView<Section, Item>, _, indexPath) in header(indexPath.section)
      }
    }
    identities = { [unowned dataSource] in dataSource.snapshot() }
  }

  // MARK: DiffableListView

  public func connect(to dataSource: any DiffableListViewDataSource<String, String>) {
    rows.connect(to: dataSource)
  }

  public func reloadData() {
    rows.reloadData()
    let snapshot = identities()
    render(from: snapshot, to: snapshot, oldRows: rows.cells, batch: nil)
  }

  public func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    let old = identities()
    let oldRows = rows.cells
    rows.performBatchUpdates(
      update, animatingDifferences: animatingDifferences, rowAnimation: rowAnimation,
      updatingData: updatingData, completion: completion)
    if update.itemReconfigures.isEmpty {
      render(from: old, to: identities(), oldRows: oldRows, batch: update)
    } else {
      // The data source reconfigures right after the batch: draw then, with
      // the reconfigured rows' new text.
      pending = (old, oldRows, update)
    }
  }

  public func reconfigureItems(at indexPaths: [IndexPath]) {
    rows.reconfigureItems(at: indexPaths)
    if let pending {
      self.pending = nil
      render(from: pending.old, to: identities(), oldRows: pending.oldRows, batch: pending.batch)
    } else {
      let snapshot = identities()
      render(
        from: snapshot, to: snapshot, oldRows: rows.cells,
        batch: BatchUpdate(itemReconfigures: indexPaths))
    }
  }

  // MARK: Drawing

  private func render(
    from old: Snapshot, to new: Snapshot, oldRows: [[String]], batch: BatchUpdate?
  ) {
    var texts: [Item: String] = [:]
    for (section, cells) in zip(old.sectionIdentifiers, oldRows) {
      for (item, cell) in zip(old.itemIdentifiers(inSection: section), cells) { texts[item] = cell }
    }
    for (section, cells) in zip(new.sectionIdentifiers, rows.cells) {
      for (item, cell) in zip(new.itemIdentifiers(inSection: section), cells) { texts[item] = cell }
    }
    if showsSectionHeaders, let dataSource = rows.dataSource {
      for (index, section) in new.sectionIdentifiers.enumerated() {
        headers[section] = dataSource.supplementaryView(
          ofKind: Self.headerKind, at: IndexPath(item: 0, section: index))
      }
    }

    var lines: [String] = []
    if let caption {
      lines.append(styler(caption, .bold))
      self.caption = nil
    }
    let list = ChangeList(from: old, to: new, batch: batch ?? BatchUpdate())
    switch layout {
    case .list: lines += listLines(list, texts: texts)
    case .blocks: lines += blockLines(list, texts: texts)
    }
    if let batch {
      lines += batchSummaryLines(
        for: batch, from: old, to: new, describeSection: { self.headers[$0] ?? "\($0)" },
        describeItem: { item in
          BatchUpdate.quotedName(
            self.describeItem?(item) ?? Self.firstLine(texts[item] ?? "\(item)"))
        }, maximumOperations: maximumOperations, styler: styler)
    } else {
      lines.append(styler("reloadData", .bold) + ": \(new.numberOfItems) rows")
    }
    show(lines)
  }

  /// Draws the last update again, with the current ``footer``: for changes
  /// that are not the data source's, such as text being typed.
  public func redraw() {
    if redrawsScreen { show(lastLines) }
  }

  private func show(_ lines: [String]) {
    lastLines = lines
    if redrawsScreen {
      let screen = (lines + [""] + footer).joined(separator: "\r\n")
      Terminal.write(ScreenControl.home + ScreenControl.clearToEnd + screen)
    } else {
      write("")
      for line in lines { write(line) }
    }
  }

  private func listLines(_ list: ChangeList<Section, Item>, texts: [Item: String]) -> [String] {
    var renderer = ChangeListRenderer<Section, Item>(styler: styler)
    renderer.showsSections = showsSectionHeaders
    renderer.deletedRunLimit = 3
    renderer.sectionText = { self.headers[$0] ?? "\($0)" }
    let indent = String(repeating: " ", count: showsSectionHeaders ? 5 : 3)
    renderer.itemText = { item in
      (texts[item] ?? "\(item)").replacingOccurrences(of: "\n", with: "\n" + indent)
    }
    // A row whose text has several lines is printed as several lines.
    return renderer.lines(for: list).flatMap { $0.split(separator: "\n").map(String.init) }
  }

  /// A section a line: its header, then its cells side by side; a line of
  /// marks below: `^` under moved cells, `+` under inserted ones.
  private func blockLines(_ list: ChangeList<Section, Item>, texts: [Item: String]) -> [String] {
    var lines: [String] = []
    var blocks = ""
    var marks = ""
    var header = ""
    func flush() {
      guard !header.isEmpty else { return }
      lines.append(header + blocks)
      while marks.last == " " { marks.removeLast() }
      if !marks.isEmpty {
        lines.append(String(repeating: " ", count: visibleWidth(header)) + marks)
      }
      blocks = ""
      marks = ""
    }
    let width =
      list.entries.compactMap { entry -> Int? in
        if case .section(let section, _) = entry {
          return visibleWidth(headers[section] ?? "\(section)")
        }
        return nil
      }.max() ?? 0
    for entry in list.entries {
      switch entry {
      case .section(let section, let change):
        flush()
        header = padded(headers[section] ?? "\(section)", to: width) + "  "
        if change == .deleted { header = "" }
      case .item(let item, let change):
        guard change != .deleted, !header.isEmpty else { continue }
        let text = texts[item] ?? "\(item)"
        blocks += text
        let mark: String
        switch change {
        case .moved: mark = "^"
        case .inserted: mark = "+"
        case .reloaded, .reconfigured: mark = "*"
        default: mark = " "
        }
        marks += mark + String(repeating: " ", count: max(0, visibleWidth(text) - 1))
      }
    }
    flush()
    return lines
  }

  /// The first line of a row's text, for naming it in the batch, without
  /// its styling: escape sequences make poor names.
  public static func firstLine(_ text: String) -> String {
    plainText(text.prefix { $0 != "\n" }).trimmingCharacters(in: .whitespaces)
  }
}
