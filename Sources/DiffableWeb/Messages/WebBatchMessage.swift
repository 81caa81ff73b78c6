public import DiffableCore
import InternalJSONCoding

/// The `batch` message: one batch update, which the browser checks and
/// animates.
///
/// ```json
/// {"v": 1, "type": "batch", "list": "main", "seq": 2,
///  "update": {"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [],
///             "sectionReloads": [], "itemDeletes": [], "itemInserts": [[0, 2]],
///             "itemMoves": [[[0, 1], [0, 0]]], "itemReloads": [],
///             "itemReconfigures": [[0, 0]]},
///  "counts": [3], "insertedSections": [], "reloadedSections": [],
///  "insertedItems": ["kiwi"], "cells": {"kiwi": {"text": "Kiwi"}},
///  "reconfigured": {"pear": {"text": "Pear (ripe)"}}}
/// ```
///
/// A batch may also carry ``announce``, the words the page's live region
/// says for it (`"announce": "3 results"`); without it, no `"announce"`
/// key.
///
/// ``update`` is the `BatchUpdate` in its JSON form; the other fields carry
/// what the browser needs to perform it as
/// `BatchUpdate.replay(on:insertingFrom:)` performs it on a snapshot: the
/// identifiers of what is inserted, the items of what is reloaded, and the
/// cells of everything the batch brings in. Build one with
/// ``init(list:seq:update:from:to:cell:)``.
///
/// A position that the new snapshot does not have (only in a batch that is
/// not valid for its snapshots) has `nil` in ``insertedSections``,
/// ``reloadedSections`` and ``insertedItems``, written `null`.
public struct WebBatchMessage: Sendable, Hashable {
  /// The value of the message's `"type"`.
  public static let type = "batch"

  /// The list the message is for, a name the server chooses.
  public var list: String
  /// The message's sequence number in its list.
  public var seq: Int
  /// The batch update, in `BatchUpdate`'s index spaces.
  public var update: BatchUpdate
  /// The number of items of each section after the batch.
  public var counts: [Int]
  /// One section per entry of `update.sectionInserts`, in the same order.
  public var insertedSections: [WebSection?]
  /// One section per entry of `update.sectionReloads`, in the same order,
  /// with its items after the batch.
  public var reloadedSections: [WebSection?]
  /// One identifier per entry of `update.itemInserts`, in the same order.
  public var insertedItems: [WebIdentifier?]
  /// A cell for every item the batch brings in (inserted items, the items of
  /// inserted and reloaded sections, reloaded items), keyed by the item's
  /// ``WebIdentifier/text``.
  public var cells: [String: WebCell]
  /// The new cell of each item of `update.itemReconfigures`, keyed by the
  /// item's text.
  public var reconfigured: [String: WebCell]
  /// The list's layout after the batch, which a ``WebSession`` always sends;
  /// with it, ``cells`` and ``reconfigured`` hold only items of its frames
  /// (see Documentation/Web.md). `nil` (no `"layout"` key) for a message
  /// built from snapshots alone.
  public var layout: WebLayout?
  /// The words the page's polite live region announces for the batch, as
  /// plain text (the page sets them with `textContent`): a
  /// ``WebSession`` sends its list view's ``WebListView/announcement``
  /// here. `nil` (no `"announce"` key) lets the page summarize the batch
  /// in its own words.
  public var announce: String?

  /// Creates a batch message from its fields.
  public init(
    list: String, seq: Int, update: BatchUpdate, counts: [Int],
    insertedSections: [WebSection?] = [], reloadedSections: [WebSection?] = [],
    insertedItems: [WebIdentifier?] = [], cells: [String: WebCell] = [:],
    reconfigured: [String: WebCell] = [:], layout: WebLayout? = nil, announce: String? = nil
  ) {
    self.list = list
    self.seq = seq
    self.update = update
    self.counts = counts
    self.insertedSections = insertedSections
    self.reloadedSections = reloadedSections
    self.insertedItems = insertedItems
    self.cells = cells
    self.reconfigured = reconfigured
    self.layout = layout
    self.announce = announce
  }
}

extension WebBatchMessage: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case v, type, list, seq, update, counts, insertedSections, reloadedSections, insertedItems
    case cells, reconfigured, layout, announce
  }

  /// Decodes a batch message.
  ///
  /// Decoding checks the form: every key present (`layout` and `announce`
  /// may be absent) and no other, `announce` a string (not `null`), counts
  /// not negative, and one entry of ``insertedSections``, ``reloadedSections``
  /// and ``insertedItems`` per entry of the update's list it follows.
  /// Whether the batch fits what a list shows is the business of the
  /// replay.
  ///
  /// - Throws: `DecodingError` naming the key and what is wrong.
  public init(from decoder: any Decoder) throws {
    _ = try WebServerMessage._checkHeader(in: decoder, expecting: Self.type)
    let container = try decoder._object(_CodingKeys.self)
    let update = try container.decode(BatchUpdate.self, forKey: .update)
    let counts = try container.decode([Int].self, forKey: .counts)
    if let negative = counts.first(where: { $0 < 0 }) {
      throw DecodingError.dataCorruptedError(
        forKey: .counts, in: container, debugDescription: "count \(negative) is negative")
    }
    func list<T: Decodable>(_ key: _CodingKeys, following expected: Int, _ what: String) throws
      -> [T?]
    {
      let values = try container.decode([T?].self, forKey: key)
      guard values.count == expected else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\(key.stringValue) has \(values.count) entries, but the update has \(expected) \(what)"
        )
      }
      return values
    }
    self.init(
      list: try container.decode(String.self, forKey: .list),
      seq: try container._count(.seq), update: update, counts: counts,
      insertedSections: try list(
        .insertedSections, following: update.sectionInserts.count, "section inserts"),
      reloadedSections: try list(
        .reloadedSections, following: update.sectionReloads.count, "section reloads"),
      insertedItems: try list(
        .insertedItems, following: update.itemInserts.count, "item inserts"),
      cells: try container._cells(.cells),
      reconfigured: try container._cells(.reconfigured),
      layout: try container.decodeIfPresent(WebLayout.self, forKey: .layout),
      announce: try container._stringIfPresent(.announce))
  }
}
