import Diffable
import Foundation

/// Describes a batch update for people, one operation a line, naming each
/// section and item by its identifier:
///
///     delete section "veg" at 1
///     insert item "kiwi" at [1, 0]
///     move item "pear" from [0, 1] to [1, 0]
///
/// Indices are in the index space of each operation (old snapshot for
/// deletes, reloads and move sources; new snapshot for inserts, move
/// destinations and reconfigures), so the identifiers are read from the
/// snapshot that space refers to.
struct BatchUpdateText<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>
{
  typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>

  private let oldSections: [SectionIdentifier]
  private let newSections: [SectionIdentifier]
  private let old: Snapshot
  private let new: Snapshot
  private let describeSection: (SectionIdentifier) -> String
  private let describeItem: (ItemIdentifier) -> String

  init(
    old: Snapshot, new: Snapshot,
    describeSection: @escaping (SectionIdentifier) -> String,
    describeItem: @escaping (ItemIdentifier) -> String
  ) {
    self.old = old
    self.new = new
    self.oldSections = old.sectionIdentifiers
    self.newSections = new.sectionIdentifiers
    self.describeSection = describeSection
    self.describeItem = describeItem
  }

  /// One line per operation: section deletes, inserts, moves and reloads,
  /// then item deletes, inserts, moves, reloads and reconfigures; or
  /// `["no changes"]` for an empty batch.
  func lines(for batch: BatchUpdate) -> [String] {
    var lines: [String] = []
    for index in batch.sectionDeletes {
      lines.append("delete section \(oldSection(index)) at \(index)")
    }
    for index in batch.sectionInserts {
      lines.append("insert section \(newSection(index)) at \(index)")
    }
    for move in batch.sectionMoves {
      lines.append("move section \(oldSection(move.from)) from \(move.from) to \(move.to)")
    }
    for index in batch.sectionReloads {
      lines.append("reload section \(oldSection(index)) at \(index)")
    }
    for path in batch.itemDeletes {
      lines.append("delete item \(oldItem(path)) at \(format(path))")
    }
    for path in batch.itemInserts {
      lines.append("insert item \(newItem(path)) at \(format(path))")
    }
    for move in batch.itemMoves {
      lines.append(
        "move item \(oldItem(move.from)) from \(format(move.from)) to \(format(move.to))")
    }
    for path in batch.itemReloads {
      lines.append("reload item \(oldItem(path)) at \(format(path))")
    }
    for path in batch.itemReconfigures {
      lines.append("reconfigure item \(newItem(path)) at \(format(path))")
    }
    return lines.isEmpty ? ["no changes"] : lines
  }

  /// The lines a demo prints under a list it updated: `batch update:` and
  /// the batch's ``summarize(_:)``, then its operations, indented, at most
  /// `maximumOperations` of them and a count of the rest.
  func summaryLines(for batch: BatchUpdate, maximumOperations: Int, styler: TextStyler)
    -> [String]
  {
    var summary = [styler("batch update: ", .bold) + summarize(batch)]
    guard !batch.isEmpty else { return summary }
    let operations = lines(for: batch)
    summary += operations.prefix(maximumOperations).map { "  " + $0 }
    if operations.count > maximumOperations {
      summary.append(styler("  … \(operations.count - maximumOperations) more", .dim))
    }
    return summary
  }

  // MARK: Naming

  private func oldSection(_ index: Int) -> String {
    oldSections.indices.contains(index) ? describeSection(oldSections[index]) : "<none>"
  }

  private func newSection(_ index: Int) -> String {
    newSections.indices.contains(index) ? describeSection(newSections[index]) : "<none>"
  }

  private func oldItem(_ path: IndexPath) -> String {
    item(at: path, in: old, sections: oldSections)
  }

  private func newItem(_ path: IndexPath) -> String {
    item(at: path, in: new, sections: newSections)
  }

  private func item(at path: IndexPath, in snapshot: Snapshot, sections: [SectionIdentifier])
    -> String
  {
    guard sections.indices.contains(path.section) else { return "<none>" }
    let items = snapshot.itemIdentifiers(inSection: sections[path.section])
    return items.indices.contains(path.item) ? describeItem(items[path.item]) : "<none>"
  }
}

/// `[section, item]`, as in the JSON form.
func format(_ path: IndexPath) -> String {
  "[\(path.section), \(path.item)]"
}

/// A string as a JSON string literal: quoted, with quotes, backslashes and
/// control characters escaped.
func jsonQuoted(_ text: String) -> String {
  var result = "\""
  result.reserveCapacity(text.utf8.count + 2)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

/// "3 item deletes, 1 item insert", or "no changes".
func summarize(_ batch: BatchUpdate) -> String {
  let counts: [(Int, String)] = [
    (batch.sectionDeletes.count, "section delete"), (batch.sectionInserts.count, "section insert"),
    (batch.sectionMoves.count, "section move"), (batch.sectionReloads.count, "section reload"),
    (batch.itemDeletes.count, "item delete"), (batch.itemInserts.count, "item insert"),
    (batch.itemMoves.count, "item move"), (batch.itemReloads.count, "item reload"),
    (batch.itemReconfigures.count, "item reconfigure"),
  ]
  let parts = counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
  return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
}
