import Diffable
import Foundation

/// How a row changed in a batch update.
public enum RowChange: Equatable, Sendable {
  case unchanged
  case inserted
  case deleted
  /// Moved from an index path of the old snapshot.
  case moved(from: IndexPath)
  case reloaded
  case reconfigured
}

/// A list as it looks during a batch update: the new snapshot's sections and
/// items in order, each marked with how it changed, and the deleted ones
/// shown where they used to be.
///
/// Any demo can print its list this way: build the entries from the old
/// snapshot, the new one and the batch update between them, then render them
/// with ``ChangeListRenderer``.
public struct ChangeList<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  public enum Entry: Equatable {
    case section(Section, RowChange)
    case item(Item, RowChange)
  }

  public private(set) var entries: [Entry] = []

  public init(
    from old: DiffableDataSourceSnapshot<Section, Item>,
    to new: DiffableDataSourceSnapshot<Section, Item>,
    batch: BatchUpdate
  ) {
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    let deletedSections = Set(batch.sectionDeletes)
    let insertedSections = Set(batch.sectionInserts)
    let reloadedSections = Set(batch.sectionReloads.map { oldSections[$0] })
    var sectionMoveSources: [Int: Int] = [:]
    for move in batch.sectionMoves { sectionMoveSources[move.to] = move.from }
    let deletedItems = Set(batch.itemDeletes)
    let insertedItems = Set(batch.itemInserts)
    let reconfiguredItems = Set(batch.itemReconfigures)
    var itemMoveSources: [IndexPath: IndexPath] = [:]
    for move in batch.itemMoves { itemMoveSources[move.to] = move.from }
    var reloadedItems: Set<Item> = []
    for path in batch.itemReloads {
      reloadedItems.insert(old.itemIdentifiers(inSection: oldSections[path.section])[path.item])
    }

    // Deleted sections are shown just before the next old section that
    // survives (in its new place), or at the end.
    var deletedSectionsBefore: [Section: [Section]] = [:]
    var pendingSections: [Section] = []
    for (index, section) in oldSections.enumerated() {
      if deletedSections.contains(index) {
        pendingSections.append(section)
      } else if !pendingSections.isEmpty {
        deletedSectionsBefore[section] = pendingSections
        pendingSections = []
      }
    }

    func appendDeleted(section: Section) {
      entries.append(.section(section, .deleted))
      for item in old.itemIdentifiers(inSection: section) { entries.append(.item(item, .deleted)) }
    }

    for (sectionIndex, section) in newSections.enumerated() {
      let survivesAsIs = !insertedSections.contains(sectionIndex)
      if survivesAsIs, let deleted = deletedSectionsBefore[section] {
        deleted.forEach(appendDeleted)
      }
      let items = new.itemIdentifiers(inSection: section)
      let sectionChange: RowChange
      let oldSectionIndex = old.indexOfSection(section)
      if insertedSections.contains(sectionIndex) || oldSectionIndex == nil {
        sectionChange = .inserted
      } else if let from = sectionMoveSources[sectionIndex] {
        sectionChange = .moved(from: IndexPath(indexes: [from]))
      } else if reloadedSections.contains(section) {
        sectionChange = .reloaded
      } else {
        sectionChange = .unchanged
      }
      entries.append(.section(section, sectionChange))
      switch sectionChange {
      case .inserted:
        // Fresh cells: the section's items come with it.
        for item in items { entries.append(.item(item, .inserted)) }
        continue
      case .moved:
        // Items travel with their section; item operations never touch it.
        for item in items { entries.append(.item(item, .unchanged)) }
        continue
      case .unchanged, .reloaded, .deleted, .reconfigured:
        break
      }

      // A section that is still there: deleted items are shown just before
      // the next old item that stays in the section, or at its end. In a
      // reloaded section, whose cells are all replaced, the batch lists no
      // item operations: an item is gone if it is no longer in the section.
      guard let oldIndex = oldSectionIndex else { continue }
      let oldItems = old.itemIdentifiers(inSection: section)
      let isReloaded = sectionChange == .reloaded
      var deletedBefore: [Item: [Item]] = [:]
      var pending: [Item] = []
      for (itemIndex, item) in oldItems.enumerated() {
        let staysInSection = new.sectionIdentifier(containingItem: item) == section
        let isDeleted =
          isReloaded
          ? !staysInSection : deletedItems.contains(IndexPath(item: itemIndex, section: oldIndex))
        if isDeleted {
          pending.append(item)
        } else if !pending.isEmpty, staysInSection {
          deletedBefore[item] = pending
          pending = []
        }
      }
      for (itemIndex, item) in items.enumerated() {
        let path = IndexPath(item: itemIndex, section: sectionIndex)
        let change: RowChange
        if isReloaded {
          change = .reloaded
        } else if insertedItems.contains(path) {
          change = .inserted
        } else if let from = itemMoveSources[path] {
          change = .moved(from: from)
        } else if reloadedItems.contains(item) {
          change = .reloaded
        } else if reconfiguredItems.contains(path) {
          change = .reconfigured
        } else {
          change = .unchanged
        }
        if let deleted = deletedBefore.removeValue(forKey: item) {
          for gone in deleted { entries.append(.item(gone, .deleted)) }
        }
        entries.append(.item(item, change))
      }
      // Every anchor is an item of this section, so `deletedBefore` is
      // empty now; what is left are the deleted items at the end.
      for gone in pending { entries.append(.item(gone, .deleted)) }
    }
    pendingSections.forEach(appendDeleted)
  }
}

/// Turns a ``ChangeList`` into lines of text, one a row, each with a mark:
///
///     + inserted      - deleted      > moved (from ...)
///     * reloaded      ~ reconfigured   (blank) unchanged
///
/// With colour on, inserted rows are green, deleted rows red and struck
/// through, moved rows yellow, reloaded and reconfigured rows cyan.
public struct ChangeListRenderer<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  public var styler: TextStyler
  /// Whether section headers are printed (a list of one section reads
  /// better without).
  public var showsSections = true
  /// Runs of more deleted rows than this are shortened to their first rows
  /// and a count; `nil` shows every deleted row.
  public var deletedRunLimit: Int? = 3
  /// The text of a section header.
  public var sectionText: (Section) -> String = { String(describing: $0) }
  /// The text of a row.
  public var itemText: (Item) -> String = { String(describing: $0) }
  /// Whether moves name the section of their source (lists of one section
  /// name the row only).
  public var movesNameSections = true

  /// The mark printed before a row.
  public static func mark(for change: RowChange) -> String {
    switch change {
    case .unchanged: " "
    case .inserted: "+"
    case .deleted: "-"
    case .moved: ">"
    case .reloaded: "*"
    case .reconfigured: "~"
    }
  }

  /// A renderer with the default settings.
  public init(styler: TextStyler) {
    self.styler = styler
  }

  /// The lines for a change list.
  public func lines(for list: ChangeList<Section, Item>) -> [String] {
    var lines: [String] = []
    var deletedRun: [String] = []

    // A run of deleted rows longer than the limit (by at least two, so that
    // the summary saves space) keeps its first rows and a count of the rest.
    func closeRun() {
      if let limit = deletedRunLimit, deletedRun.count > limit + 1 {
        lines += deletedRun.prefix(limit)
        let hidden = deletedRun.count - limit
        lines.append(styler("-" + indent + "… \(hidden) more deleted", .red, .dim))
      } else {
        lines += deletedRun
      }
      deletedRun = []
    }

    for entry in list.entries {
      switch entry {
      case .section(let section, let change):
        closeRun()
        guard showsSections else { continue }
        lines.append(
          styled(Self.mark(for: change) + " " + sectionText(section), change, bold: true)
            + suffix(for: change))
      case .item(let item, let change):
        let line =
          styled(Self.mark(for: change) + indent + itemText(item), change, bold: false)
          + suffix(for: change)
        if change == .deleted {
          deletedRun.append(line)
        } else {
          closeRun()
          lines.append(line)
        }
      }
    }
    closeRun()
    return lines
  }

  /// The space between a row's mark and its text.
  private var indent: String { showsSections ? "    " : "  " }

  private func styled(_ text: String, _ change: RowChange, bold: Bool) -> String {
    var styles: [ANSIStyle] = bold ? [.bold] : []
    switch change {
    case .unchanged: break
    case .inserted: styles.append(.green)
    case .deleted: styles += [.red, .strikethrough]
    case .moved: styles.append(.yellow)
    case .reloaded, .reconfigured: styles.append(.cyan)
    }
    return styler.apply(styles, to: text)
  }

  private func suffix(for change: RowChange) -> String {
    switch change {
    case .moved(let from):
      let place =
        from.count == 1
        ? "section \(from[0])" : movesNameSections ? from.bracketedDescription : "row \(from[1])"
      return styler("  (moved from \(place))", .yellow, .dim)
    case .reloaded: return styler("  (reloaded)", .cyan, .dim)
    case .reconfigured: return styler("  (reconfigured)", .cyan, .dim)
    default: return ""
    }
  }
}
