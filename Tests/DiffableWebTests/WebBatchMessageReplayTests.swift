import DiffableCore
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

/// The message alone is enough: a list showing the old snapshot, given only
/// a batch message, reaches the new snapshot. The test stands in for the
/// browser: it rebuilds, from the message, a snapshot that holds the
/// message's identifiers where the replay reads `new` and placeholders
/// elsewhere, and replays the batch with it.
@Suite("Batch messages carry what a replay needs")
struct WebBatchMessageReplayTests {
  /// The snapshot the replay may read in place of `new`: the message's
  /// inserted sections and items at their positions, reloaded sections'
  /// items where those sections land, placeholders everywhere else.
  static func standIn(for message: WebBatchMessage) throws -> StringSnapshot {
    let update = message.update
    var sections: [(String, [String])] = message.counts.enumerated().map { q, count in
      ("\u{0}section \(q)", (0..<count).map { "\u{0}item \(q) \($0)" })
    }
    for (q, section) in zip(update.sectionInserts, message.insertedSections) {
      let section = try #require(section)
      sections[q] = (try #require(section.id.string), section.items.map { $0.string! })
    }
    // Survivors fill the free positions in order, as in the replay.
    var gone = Set(update.sectionDeletes)
    var taken = Set(update.sectionInserts)
    for move in update.sectionMoves {
      gone.insert(move.from)
      taken.insert(move.to)
    }
    let oldCount = message.counts.count - update.sectionInserts.count + update.sectionDeletes.count
    let survivors = (0..<oldCount).filter { !gone.contains($0) }
    let free = message.counts.indices.filter { !taken.contains($0) }
    for (p, section) in zip(update.sectionReloads, message.reloadedSections) {
      let section = try #require(section)
      let q = free[try #require(survivors.firstIndex(of: p))]
      sections[q].1 = section.items.map { $0.string! }
    }
    for (path, item) in zip(update.itemInserts, message.insertedItems) {
      sections[path[0]].1[path[1]] = try #require(item?.string)
    }
    return .make(sections)
  }

  static func names(_ snapshot: RandomSnapshots.Snapshot) -> StringSnapshot {
    var result = StringSnapshot()
    for section in snapshot.sectionIdentifiers {
      result.appendSections(["s\(section)"])
      result.appendItems(snapshot.itemIdentifiers(inSection: section).map { "i\($0)" })
    }
    result.reloadItems(snapshot.reloadedItemIdentifiers.map { "i\($0)" })
    result.reconfigureItems(snapshot.reconfiguredItemIdentifiers.map { "i\($0)" })
    result.reloadSections(snapshot.reloadedSectionIdentifiers.map { "s\($0)" })
    return result
  }

  @Test("random snapshot pairs: replaying with the message's identifiers gives the new snapshot")
  func replayFromMessage() throws {
    var random = SeededRandom.forTest("WebBatchMessageReplayTests.replayFromMessage")
    for round in 0..<300 {
      // Related pairs (a few edits) and unrelated ones (everything moves).
      let first = RandomSnapshots.snapshot(using: &random)
      let second = round.isMultiple(of: 2) ? first : RandomSnapshots.snapshot(using: &random)
      let old = Self.names(first)
      let new = Self.names(RandomSnapshots.edited(second, using: &random))
      let update = BatchUpdate(from: old, to: new)
      let message = try WebBatchMessage(
        list: "r", seq: 1, update: update, from: old, to: new
      ) { item, _ in WebCell(item) }
      let decoded = try WebServerMessage(jsonData: WebServerMessage.batch(message).jsonData())
      guard case .batch(let received) = decoded else {
        Issue.record("decoded \(decoded)")
        continue
      }
      let replayed = try update.replay(on: old, insertingFrom: try Self.standIn(for: received))
      #expect(replayed.sectionIdentifiers == new.sectionIdentifiers)
      #expect(replayed.itemIdentifiers == new.itemIdentifiers)

      // Every item the batch brings in has its cell; nothing else does.
      var broughtIn = Set(received.insertedItems.map { $0!.text })
      for section in received.insertedSections + received.reloadedSections {
        broughtIn.formUnion(section!.items.map(\.text))
      }
      for path in update.itemReloads {
        broughtIn.insert(old.itemIdentifiers(inSection: old.sectionIdentifiers[path[0]])[path[1]])
      }
      #expect(Set(received.cells.keys) == broughtIn)
      let reconfigured = update.itemReconfigures.map {
        new.itemIdentifiers(inSection: new.sectionIdentifiers[$0[0]])[$0[1]]
      }
      #expect(Set(received.reconfigured.keys) == Set(reconfigured))
      #expect(received.counts == new.sectionIdentifiers.map { new.numberOfItems(inSection: $0) })
    }
  }
}
