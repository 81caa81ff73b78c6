import DiffableCore
import DiffableTestSupport
import Foundation

@testable import DiffableWeb

/// The batches that the browser client's tests replay:
/// Tests/WebClientTests/Fixtures/batches.jsonl, one JSON object per line.
///
/// A valid line is `{"name", "old", "batch", "new"}`: `batch` is the batch
/// message of `BatchUpdate(from: old, to: new)`, and the client must end
/// showing `new`. A corrupted line breaks a valid batch in one way and
/// builds its message from the broken batch and the same new snapshot; its
/// expectation is what `replay(on: old, insertingFrom: new)` does with the
/// broken batch: `"error": {"rule", "message"}` when it throws, otherwise
/// `"new"` is the replay's result. Snapshots are written
/// `{"sections": [{"id", "items"}]}`; a cell's text is its item's text.
///
/// Everything comes from one fixed seed, so the file is the same on every
/// run; `BatchFixtureTests` checks that the committed file is.
enum BatchFixture {
  static let seed: UInt64 = 20_261_125
  static let validCount = 400
  static let corruptedCount = 400

  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("WebClientTests/Fixtures/batches.jsonl")

  /// The file's text: every line, each ending in a line break.
  static func text() throws -> String {
    try lines().map { $0 + "\n" }.joined()
  }

  static func lines() throws -> [String] {
    var lines: [String] = []
    var random = SeededRandom(seed: seed, stream: 1)
    for index in 0..<validCount {
      let (old, new) = pair(using: &random)
      lines.append(try Naming(index).valid(name: "valid-\(index)", old, new))
    }
    var corruptions = SeededRandom(seed: seed, stream: 2)
    for index in 0..<corruptedCount {
      let corruption = Corruption.allCases[index % Corruption.allCases.count]
      var attempts = 0
      while true {
        attempts += 1
        precondition(attempts < 2_000, "no snapshot pair lets \(corruption) apply")
        let (old, new) = pair(using: &corruptions)
        let name = "corrupted-\(index)-\(corruption.rawValue)"
        if let line = try Naming(index).corrupted(
          name: name, old, new, corruption, using: &corruptions)
        {
          lines.append(line)
          break
        }
      }
    }
    return lines
  }

  static func pair(using random: inout SeededRandom)
    -> (RandomSnapshots.Snapshot, RandomSnapshots.Snapshot)
  {
    let old = RandomSnapshots.snapshot(maxSections: 4, sectionPool: 6, itemPool: 24, using: &random)
    let new = RandomSnapshots.edited(
      old, edits: 8, sectionPool: 6, itemPool: 24, using: &random)
    return (old, new)
  }

  // MARK: Lines

  struct Sections<S: Encodable, I: Encodable>: Encodable {
    var sections: [WebSection]

    init(_ snapshot: DiffableDataSourceSnapshot<S, I>) throws where S: Hashable, I: Hashable {
      sections = try snapshot.sectionIdentifiers.map { section in
        WebSection(
          id: try WebIdentifier(encoding: section),
          items: try snapshot.itemIdentifiers(inSection: section).map(WebIdentifier.init(encoding:))
        )
      }
    }
  }

  struct Refusal: Encodable {
    var rule: Int
    var message: String
  }

  struct Line<S: Encodable & Hashable, I: Encodable & Hashable>: Encodable {
    var name: String
    var old: Sections<S, I>
    /// The batch message, as its writer wrote it.
    var batch: _JSONValue
    var new: Sections<S, I>?
    var error: Refusal?
  }

  /// A message as the session's writer writes it.
  static func tree(_ message: WebServerMessage) throws -> _JSONValue {
    try decode(_JSONValue.self, writtenText(message))
  }

  static func encode(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// The batch message of `update`; a cell's text is its item's text.
  static func message<S, I>(
    _ update: BatchUpdate, _ old: DiffableDataSourceSnapshot<S, I>,
    _ new: DiffableDataSourceSnapshot<S, I>, seq: Int
  ) throws -> WebBatchMessage where S: Encodable, I: Encodable {
    try WebBatchMessage(list: "fixture", seq: seq, update: update, from: old, to: new) {
      item, _ in WebCell(try WebIdentifier(encoding: item).text)
    }
  }

  // MARK: Identifiers

  /// How a line names its sections and items: most lines use strings, some
  /// of which need escaping in JSON and in the validator's messages; some
  /// use the integers as they are.
  struct Naming {
    enum Kind { case plain, escaped, integers }
    var kind: Kind

    init(_ index: Int) {
      switch index % 10 {
      case 0..<6: kind = .plain
      case 6, 7: kind = .escaped
      default: kind = .integers
      }
    }

    func section(_ n: Int) -> String {
      switch kind {
      case .escaped: ["sección \(n)", "say \"\(n)\"", "back\\slash \(n)"][n % 3]
      default: "section \(n)"
      }
    }

    func item(_ n: Int) -> String {
      switch kind {
      case .escaped:
        [
          "say \"\(n)\"", "back\\slash \(n)", "line\nbreak \(n)", "café \(n)", "🍐 \(n)",
          "tab\t\(n)", "<img src=x onerror=alert(\(n))>", "item \(n)",
        ][n % 8]
      default: "item \(n)"
      }
    }

    func named(_ snapshot: RandomSnapshots.Snapshot) -> StringSnapshot {
      var result = StringSnapshot()
      result.appendSections(snapshot.sectionIdentifiers.map(section))
      for s in snapshot.sectionIdentifiers {
        result.appendItems(snapshot.itemIdentifiers(inSection: s).map(item), toSection: section(s))
      }
      result.reloadItems(snapshot.reloadedItemIdentifiers.map(item))
      result.reconfigureItems(snapshot.reconfiguredItemIdentifiers.map(item))
      result.reloadSections(snapshot.reloadedSectionIdentifiers.map(section))
      return result
    }

    func valid(name: String, _ old: RandomSnapshots.Snapshot, _ new: RandomSnapshots.Snapshot)
      throws -> String
    {
      if kind == .integers { return try validLine(name: name, old, new) }
      return try validLine(name: name, named(old), named(new))
    }

    func corrupted(
      name: String, _ old: RandomSnapshots.Snapshot, _ new: RandomSnapshots.Snapshot,
      _ corruption: Corruption, using random: inout SeededRandom
    ) throws -> String? {
      let update = BatchUpdate(from: old, to: new)
      var broken = update
      guard corruption.apply(to: &broken, old: old, new: new, using: &random), broken != update
      else { return nil }
      if kind == .integers { return try corruptedLine(name: name, old, new, broken) }
      return try corruptedLine(name: name, named(old), named(new), broken)
    }
  }

  static func validLine<S, I>(
    name: String, _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
  ) throws -> String where S: Encodable, I: Encodable {
    let update = BatchUpdate(from: old, to: new)
    try update.validate(from: old, to: new)
    let line = Line(
      name: name, old: try Sections(old),
      batch: try tree(.batch(try message(update, old, new, seq: 2))), new: try Sections(new),
      error: nil)
    return try encode(line)
  }

  /// The line of a broken batch, or `nil` when the replay succeeds but the
  /// message lacks a cell for an item it brings in (the client could not
  /// show it; the line would test the builder, not the client).
  static func corruptedLine<S, I>(
    name: String, _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>,
    _ broken: BatchUpdate
  ) throws -> String? where S: Encodable, I: Encodable {
    let batch = try message(broken, old, new, seq: 2)
    var line = Line(
      name: name, old: try Sections(old), batch: try tree(.batch(batch)), new: nil, error: nil)
    let outcome: Result<DiffableDataSourceSnapshot<S, I>, BatchUpdate.ValidationError>
    do {
      outcome = .success(try broken.replay(on: old, insertingFrom: new))
    } catch {
      outcome = .failure(error)
    }
    switch outcome {
    case .success(let result):
      var broughtIn = batch.insertedItems.compactMap { $0 }
      for section in batch.insertedSections + batch.reloadedSections {
        broughtIn += section?.items ?? []
      }
      for path in broken.itemReloads {
        let section = old.sectionIdentifiers[path[0]]
        broughtIn.append(
          try WebIdentifier(encoding: old.itemIdentifiers(inSection: section)[path[1]]))
      }
      guard broughtIn.allSatisfy({ batch.cells[$0.text] != nil }) else { return nil }
      line.new = try Sections(result)
    case .failure(let error):
      line.error = Refusal(rule: error.rule, message: error.message)
    }
    return try encode(line)
  }
}

// MARK: Corruptions

/// The ways a corrupted line breaks a valid batch.
enum Corruption: String, CaseIterable {
  case dropItemDelete = "drop-item-delete"
  case duplicateItemDelete = "duplicate-item-delete"
  case itemDeleteOutOfRange = "item-delete-out-of-range"
  case dropItemInsert = "drop-item-insert"
  case duplicateItemInsert = "duplicate-item-insert"
  case shiftItemInsert = "shift-item-insert"
  case itemInsertOutOfRange = "item-insert-out-of-range"
  case insertedIdentifierShownElsewhere = "inserted-identifier-shown-elsewhere"
  case dropItemMove = "drop-item-move"
  case shiftItemMoveDestination = "shift-item-move-destination"
  case itemMoveSourceOutOfRange = "item-move-source-out-of-range"
  case deleteAndMoveItem = "delete-and-move-item"
  case reloadAndMoveItem = "reload-and-move-item"
  case dropItemReload = "drop-item-reload"
  case itemReloadOutOfRange = "item-reload-out-of-range"
  case dropItemReconfigure = "drop-item-reconfigure"
  case reconfigureOutOfRange = "reconfigure-out-of-range"
  case dropSectionDelete = "drop-section-delete"
  case extraSectionDelete = "extra-section-delete"
  case dropSectionInsert = "drop-section-insert"
  case shiftSectionInsert = "shift-section-insert"
  case sectionInsertOutOfRange = "section-insert-out-of-range"
  case dropSectionMove = "drop-section-move"
  case sectionReloadWithMove = "section-reload-with-move"
  case itemChangeInDeletedSection = "item-change-in-deleted-section"
  case itemInsertInInsertedSection = "item-insert-in-inserted-section"

  typealias Snapshot = RandomSnapshots.Snapshot

  /// Breaks `update`; `false` when the batch has nothing this corruption
  /// can break.
  func apply(
    to update: inout BatchUpdate, old: Snapshot, new: Snapshot,
    using random: inout SeededRandom
  ) -> Bool {
    func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }
    func pick<T>(_ list: [T]) -> Int? {
      list.isEmpty ? nil : Int.random(in: 0..<list.count, using: &random)
    }
    let oldCounts = old.sectionIdentifiers.map { old.numberOfItems(inSection: $0) }
    let newCounts = new.sectionIdentifiers.map { new.numberOfItems(inSection: $0) }
    switch self {
    case .dropItemDelete:
      guard let i = pick(update.itemDeletes) else { return false }
      update.itemDeletes.remove(at: i)
    case .duplicateItemDelete:
      guard let i = pick(update.itemDeletes) else { return false }
      update.itemDeletes.append(update.itemDeletes[i])
    case .itemDeleteOutOfRange:
      guard let i = pick(update.itemDeletes) else { return false }
      let s = update.itemDeletes[i][0]
      update.itemDeletes[i] = path(s, oldCounts[s] + Int.random(in: 0...2, using: &random))
    case .dropItemInsert:
      guard let i = pick(update.itemInserts) else { return false }
      update.itemInserts.remove(at: i)
    case .duplicateItemInsert:
      guard let i = pick(update.itemInserts) else { return false }
      update.itemInserts.append(update.itemInserts[i])
    case .shiftItemInsert:
      guard let i = pick(update.itemInserts) else { return false }
      let p = update.itemInserts[i]
      let step = p[1] == 0 || Bool.random(using: &random) ? 1 : -1
      update.itemInserts[i] = path(p[0], p[1] + step)
    case .itemInsertOutOfRange:
      guard let i = pick(update.itemInserts) else { return false }
      if Bool.random(using: &random) {
        let s = update.itemInserts[i][0]
        update.itemInserts[i] = path(s, newCounts[s] + Int.random(in: 0...2, using: &random))
      } else {
        update.itemInserts[i] = path(newCounts.count, 0)
      }
    case .insertedIdentifierShownElsewhere:
      // Point an insert at a position of its section that a surviving item
      // holds: the replay takes that item's identifier a second time.
      guard let i = pick(update.itemInserts) else { return false }
      let s = update.itemInserts[i][0]
      let taken = Set(update.itemInserts + update.itemMoves.map(\.to))
      let survivors = (0..<newCounts[s]).filter { !taken.contains(path(s, $0)) }
      guard let k = pick(survivors) else { return false }
      update.itemInserts[i] = path(s, survivors[k])
    case .dropItemMove:
      guard let i = pick(update.itemMoves) else { return false }
      update.itemMoves.remove(at: i)
    case .shiftItemMoveDestination:
      guard let i = pick(update.itemMoves) else { return false }
      let to = update.itemMoves[i].to
      let step = to[1] == 0 || Bool.random(using: &random) ? 1 : -1
      update.itemMoves[i].to = path(to[0], to[1] + step)
    case .itemMoveSourceOutOfRange:
      guard let i = pick(update.itemMoves) else { return false }
      let from = update.itemMoves[i].from
      update.itemMoves[i].from = path(from[0], oldCounts[from[0]])
    case .deleteAndMoveItem:
      guard let i = pick(update.itemMoves) else { return false }
      update.itemDeletes.append(update.itemMoves[i].from)
    case .reloadAndMoveItem:
      guard let i = pick(update.itemMoves) else { return false }
      update.itemReloads.append(update.itemMoves[i].from)
    case .dropItemReload:
      guard let i = pick(update.itemReloads) else { return false }
      update.itemReloads.remove(at: i)
    case .itemReloadOutOfRange:
      guard !oldCounts.isEmpty else { return false }
      let s = Int.random(in: 0..<oldCounts.count, using: &random)
      update.itemReloads.append(path(s, oldCounts[s] + Int.random(in: 0...1, using: &random)))
    case .dropItemReconfigure:
      guard let i = pick(update.itemReconfigures) else { return false }
      update.itemReconfigures.remove(at: i)
    case .reconfigureOutOfRange:
      guard !newCounts.isEmpty else { return false }
      let s = Int.random(in: 0..<newCounts.count, using: &random)
      update.itemReconfigures.append(path(s, newCounts[s]))
    case .dropSectionDelete:
      guard let i = pick(update.sectionDeletes) else { return false }
      update.sectionDeletes.remove(at: i)
    case .extraSectionDelete:
      let kept = (0..<oldCounts.count).filter { !update.sectionDeletes.contains($0) }
      guard let i = pick(kept) else { return false }
      update.sectionDeletes.append(kept[i])
    case .dropSectionInsert:
      guard let i = pick(update.sectionInserts) else { return false }
      update.sectionInserts.remove(at: i)
    case .shiftSectionInsert:
      guard let i = pick(update.sectionInserts) else { return false }
      let q = update.sectionInserts[i]
      update.sectionInserts[i] = q == 0 || Bool.random(using: &random) ? q + 1 : q - 1
    case .sectionInsertOutOfRange:
      guard let i = pick(update.sectionInserts) else { return false }
      update.sectionInserts[i] = newCounts.count + Int.random(in: 0...1, using: &random)
    case .dropSectionMove:
      guard let i = pick(update.sectionMoves) else { return false }
      update.sectionMoves.remove(at: i)
    case .sectionReloadWithMove:
      let movedOut = Set(update.sectionMoves.map(\.from))
      let untouched = (0..<oldCounts.count).filter {
        !update.sectionDeletes.contains($0) && !update.sectionReloads.contains($0)
          && !movedOut.contains($0)
      }
      if !update.sectionReloads.isEmpty {
        // A section that stays where it is, moved onto its own new place.
        guard let i = pick(untouched),
          let q = new.indexOfSection(old.sectionIdentifiers[untouched[i]])
        else { return false }
        update.sectionMoves.append(.init(from: untouched[i], to: q))
      } else if !update.sectionMoves.isEmpty, let i = pick(untouched) {
        update.sectionReloads.append(untouched[i])
      } else {
        return false
      }
    case .itemChangeInDeletedSection:
      guard let s = update.sectionDeletes.first(where: { oldCounts[$0] > 0 }) else { return false }
      if Bool.random(using: &random) {
        update.itemDeletes.append(path(s, 0))
      } else {
        update.itemReloads.append(path(s, 0))
      }
    case .itemInsertInInsertedSection:
      guard let q = update.sectionInserts.first(where: { newCounts[$0] > 0 }) else { return false }
      update.itemInserts.append(path(q, 0))
    }
    return true
  }
}

/// Fixtures the Swift tests write for the client's tests.
enum Fixtures {
  /// Writes `text` to `url` and returns `true` when the run asks for it
  /// (`DIFFABLE_WRITE_FIXTURES=1`); returns `false`, writing nothing,
  /// otherwise.
  static func writeIfAsked(_ text: String, to url: URL) throws -> Bool {
    guard ProcessInfo.processInfo.environment["DIFFABLE_WRITE_FIXTURES"] == "1" else {
      return false
    }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return true
  }
}
