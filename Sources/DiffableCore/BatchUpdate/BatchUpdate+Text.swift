import InternalJSONCoding

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Plain text about a batch update, for people: a summary of its counts and
// one line per operation, naming each section and item by its identifier.
// Renderers style these lines as they like; the text itself is written here
// once.

extension BatchUpdate {
  /// The batch's operations counted by kind, in the order the batch lists
  /// them, or `"no changes"` for an empty batch.
  ///
  /// ```swift
  /// BatchUpdate(itemDeletes: [IndexPath(item: 0, section: 0)],
  ///             itemInserts: [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
  ///   .summary
  /// // "1 item delete, 2 item inserts"
  /// ```
  ///
  /// - Complexity: O(1).
  public var summary: String {
    let counts: [(Int, String)] = [
      (sectionDeletes.count, "section delete"), (sectionInserts.count, "section insert"),
      (sectionMoves.count, "section move"), (sectionReloads.count, "section reload"),
      (itemDeletes.count, "item delete"), (itemInserts.count, "item insert"),
      (itemMoves.count, "item move"), (itemReloads.count, "item reload"),
      (itemReconfigures.count, "item reconfigure"),
    ]
    let parts = counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
    return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
  }

  /// One line per operation, naming each section and item: section deletes,
  /// inserts, moves and reloads, then item deletes, inserts, moves, reloads
  /// and reconfigures; or `["no changes"]` for an empty batch.
  ///
  /// ```swift
  /// let update = BatchUpdate(from: old, to: new)
  /// update.operationLines(from: old, to: new)
  /// // ["delete section \"veg\" at 1",
  /// //  "insert item \"kiwi\" at [1, 0]",
  /// //  "move item \"pear\" from [0, 1] to [1, 0]"]
  /// ```
  ///
  /// Indices are in the index space of each operation (the old snapshot for
  /// deletes, reloads and move sources; the new one for inserts, move
  /// destinations and reconfigures), so each identifier is read from the
  /// snapshot its index refers to; an index outside it is named `<none>`.
  /// Index paths are written as `IndexPath.bracketedDescription` writes
  /// them.
  ///
  /// - Parameters:
  ///   - old: The snapshot the batch starts from.
  ///   - new: The snapshot the batch ends with.
  ///   - describeSection: A section's name in the lines; by default its
  ///     description, quoted (``quotedName(_:)``).
  ///   - describeItem: An item's name in the lines; by default its
  ///     description, quoted.
  /// - Complexity: O(*n* + *s*), where *n* is the number of operations and
  ///   *s* the number of sections of both snapshots; expected, if the
  ///   identifier types hash well.
  public func operationLines<SectionIdentifier, ItemIdentifier>(
    from old: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    to new: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    describeSection: (SectionIdentifier) -> String = BatchUpdate.quotedName,
    describeItem: (ItemIdentifier) -> String = BatchUpdate.quotedName
  ) -> [String] {
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    func section(_ index: Int, in sections: [SectionIdentifier]) -> String {
      sections.indices.contains(index) ? describeSection(sections[index]) : "<none>"
    }
    func item(
      _ path: IndexPath, in snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
      sections: [SectionIdentifier]
    ) -> String {
      guard path.count == 2, sections.indices.contains(path.section) else { return "<none>" }
      let items = snapshot.itemIdentifiers(inSection: sections[path.section])
      return items.indices.contains(path.item) ? describeItem(items[path.item]) : "<none>"
    }
    func oldItem(_ path: IndexPath) -> String { item(path, in: old, sections: oldSections) }
    func newItem(_ path: IndexPath) -> String { item(path, in: new, sections: newSections) }

    var lines: [String] = []
    for index in sectionDeletes {
      lines.append("delete section \(section(index, in: oldSections)) at \(index)")
    }
    for index in sectionInserts {
      lines.append("insert section \(section(index, in: newSections)) at \(index)")
    }
    for move in sectionMoves {
      lines.append(
        "move section \(section(move.from, in: oldSections)) from \(move.from) to \(move.to)")
    }
    for index in sectionReloads {
      lines.append("reload section \(section(index, in: oldSections)) at \(index)")
    }
    for path in itemDeletes {
      lines.append("delete item \(oldItem(path)) at \(path.bracketedDescription)")
    }
    for path in itemInserts {
      lines.append("insert item \(newItem(path)) at \(path.bracketedDescription)")
    }
    for move in itemMoves {
      lines.append(
        "move item \(oldItem(move.from)) from \(move.from.bracketedDescription) "
          + "to \(move.to.bracketedDescription)")
    }
    for path in itemReloads {
      lines.append("reload item \(oldItem(path)) at \(path.bracketedDescription)")
    }
    for path in itemReconfigures {
      lines.append("reconfigure item \(newItem(path)) at \(path.bracketedDescription)")
    }
    return lines.isEmpty ? ["no changes"] : lines
  }

  /// A name as ``operationLines(from:to:describeSection:describeItem:)``
  /// writes it by default: the value's description as a JSON string literal,
  /// quoted, with quotes, backslashes and control characters escaped.
  ///
  /// ```swift
  /// BatchUpdate.quotedName("kiwi")
  /// // "\"kiwi\""
  /// BatchUpdate.quotedName(42)
  /// // "\"42\""
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of the description.
  public static func quotedName(_ value: some Any) -> String {
    let text = value as? String ?? String(describing: value)
    var result = ""
    result.reserveCapacity(text.utf8.count + 2)
    _appendJSONString(text, to: &result)
    return result
  }
}
