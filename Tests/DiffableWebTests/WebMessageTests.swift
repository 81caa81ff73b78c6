import DiffableCore
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@Suite("Web messages")
struct WebMessageTests {
  /// Documentation/Web.md's examples, as the note writes them.
  static let reloadExample = #"""
    {"v": 1, "type": "reload", "list": "main", "seq": 1,
     "sections": [{"id": "fruits", "items": ["apple", "pear"]}],
     "cells": {"apple": {"text": "Apple"}, "pear": {"text": "Pear"}}}
    """#
  static let batchExample = #"""
    {"v": 1, "type": "batch", "list": "main", "seq": 2,
     "update": {"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [],
                "sectionReloads": [], "itemDeletes": [], "itemInserts": [[0, 2]],
                "itemMoves": [[[0, 1], [0, 0]]], "itemReloads": [],
                "itemReconfigures": [[0, 0]]},
     "counts": [3],
     "insertedSections": [],
     "reloadedSections": [],
     "insertedItems": ["kiwi"],
     "cells": {"kiwi": {"text": "Kiwi"}},
     "reconfigured": {"pear": {"text": "Pear (ripe)"}}}
    """#

  static func path(_ section: Int, _ item: Int) -> IndexPath {
    IndexPath(item: item, section: section)
  }

  /// Builds a batch message for BatchUpdate(from: old, to: new), recording
  /// the provider's calls; a cell's text is the item's, capitalized.
  static func batch(
    _ old: StringSnapshot, _ new: StringSnapshot, update: BatchUpdate? = nil,
    calls: inout [String: IndexPath]
  ) throws -> WebBatchMessage {
    var seen: [String: IndexPath] = [:]
    let message = try WebBatchMessage(
      list: "main", seq: 2, update: update ?? BatchUpdate(from: old, to: new), from: old, to: new
    ) { item, path in
      seen[item] = path
      return WebCell(item.capitalized)
    }
    calls = seen
    return message
  }

  // MARK: The note's examples

  @Test("the reload example is what the builder makes of its snapshot, as JSON text")
  func reloadExample() throws {
    let snapshot = StringSnapshot.make([("fruits", ["apple", "pear"])])
    let reload = try WebReloadMessage(list: "main", seq: 1, snapshot: snapshot) { item, _ in
      WebCell(item.capitalized)
    }
    let text = String(decoding: try WebServerMessage.reload(reload).jsonData(), as: UTF8.self)
    #expect(text == (try canonicalJSON(Self.reloadExample)))
    #expect(try WebServerMessage(jsonData: Data(Self.reloadExample.utf8)) == .reload(reload))
  }

  @Test("the batch example is what the builder makes of its snapshots, as JSON text")
  func batchExample() throws {
    let old = StringSnapshot.make([("fruits", ["apple", "pear"])])
    let new = StringSnapshot.make([("fruits", ["pear", "apple", "kiwi"])], reconfigured: ["pear"])
    let batch = try WebBatchMessage(
      list: "main", seq: 2, update: BatchUpdate(from: old, to: new), from: old, to: new
    ) { item, _ in
      WebCell(item == "pear" ? "Pear (ripe)" : item.capitalized)
    }
    let text = String(decoding: try WebServerMessage.batch(batch).jsonData(), as: UTF8.self)
    #expect(text == (try canonicalJSON(Self.batchExample)))
    #expect(try WebServerMessage(jsonData: Data(Self.batchExample.utf8)) == .batch(batch))
  }

  // MARK: The builder, field by field

  @Test("an item insert: counts after, the inserted identifier and its cell at its new path")
  func itemInsert() throws {
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(
      .make([("A", ["a", "b"]), ("B", ["c"])]), .make([("A", ["a", "x", "b"]), ("B", ["c"])]),
      calls: &calls)
    #expect(batch.update.itemInserts == [Self.path(0, 1)])
    #expect(batch.counts == [3, 1])
    #expect(batch.insertedItems == ["x"])
    #expect(batch.insertedSections.isEmpty && batch.reloadedSections.isEmpty)
    #expect(batch.cells == ["x": WebCell("X")])
    #expect(batch.reconfigured.isEmpty)
    #expect(calls == ["x": Self.path(0, 1)])
  }

  @Test("an item delete brings nothing in")
  func itemDelete() throws {
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(
      .make([("A", ["a", "b", "c"])]), .make([("A", ["a", "c"])]), calls: &calls)
    #expect(batch.update.itemDeletes == [Self.path(0, 1)])
    #expect(batch.counts == [2])
    #expect(batch.insertedItems.isEmpty && batch.cells.isEmpty && calls.isEmpty)
  }

  @Test("an item move keeps its cell: no cell is sent")
  func itemMove() throws {
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(
      .make([("A", ["a", "b"]), ("B", ["c"])]), .make([("A", ["b"]), ("B", ["c", "a"])]),
      calls: &calls)
    #expect(batch.update.itemMoves == [.init(from: Self.path(0, 0), to: Self.path(1, 1))])
    #expect(batch.counts == [1, 2])
    #expect(batch.cells.isEmpty && calls.isEmpty)
  }

  @Test("a section insert and a section reload carry their items, with cells")
  func sectionInsertAndReload() throws {
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(
      .make([("A", ["a"]), ("B", ["b"])]),
      .make([("A", ["a"]), ("C", ["c1", "c2"]), ("B", ["b2"])], reloadedSections: ["B"]),
      calls: &calls)
    #expect(batch.update.sectionInserts == [1])
    #expect(batch.update.sectionReloads == [1])
    #expect(batch.counts == [1, 2, 1])
    #expect(batch.insertedSections == [WebSection(id: "C", items: ["c1", "c2"])])
    #expect(batch.reloadedSections == [WebSection(id: "B", items: ["b2"])])
    #expect(Set(batch.cells.keys) == ["c1", "c2", "b2"])
    #expect(calls == ["c1": Self.path(1, 0), "c2": Self.path(1, 1), "b2": Self.path(2, 0)])
  }

  @Test("an item reload sends the item's cell, asked at its new path")
  func itemReload() throws {
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(
      .make([("A", ["a", "b"])]), .make([("A", ["x", "a", "b"])], reloaded: ["b"]), calls: &calls)
    #expect(batch.update.itemReloads == [Self.path(0, 1)])
    #expect(batch.cells == ["x": WebCell("X"), "b": WebCell("B")])
    #expect(calls == ["x": Self.path(0, 0), "b": Self.path(0, 2)])
  }

  @Test("a reconfigure sends the new cell under reconfigured, not cells")
  func reconfigure() throws {
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(
      .make([("A", ["a", "b"])]), .make([("A", ["b", "a"])], reconfigured: ["a"]), calls: &calls)
    #expect(batch.update.itemReconfigures == [Self.path(0, 1)])
    #expect(batch.reconfigured == ["a": WebCell("A")])
    #expect(batch.cells.isEmpty)
    #expect(calls == ["a": Self.path(0, 1)])
  }

  @Test("integer identifiers travel as numbers and key cells by their digits")
  func integerIdentifiers() throws {
    var old = DiffableDataSourceSnapshot<Int, Int>()
    old.appendSections([1])
    old.appendItems([10, 20])
    var new = old
    new.appendSections([2])
    new.appendItems([30], toSection: 2)
    new.insertItems([15], afterItem: 10)
    let batch = try WebBatchMessage(
      list: "n", seq: 3, update: BatchUpdate(from: old, to: new), from: old, to: new
    ) { item, _ in WebCell("#\(item)") }
    #expect(batch.insertedItems == [15])
    #expect(batch.insertedSections == [WebSection(id: 2, items: [30])])
    let text = try writtenText(.batch(batch))
    #expect(text.contains(#""insertedItems":[15]"#))
    #expect(text.contains(#""insertedSections":[{"id":2,"items":[30]}]"#))
    #expect(text.contains(##""cells":{"15":{"text":"#15"},"30":{"text":"#30"}}"##))
  }

  @Test("positions the snapshots do not have give null, not a trap")
  func outOfRangePositions() throws {
    let old = StringSnapshot.make([("A", ["a"])])
    let new = StringSnapshot.make([("A", ["a", "b"])])
    let update = BatchUpdate(
      sectionInserts: [3], sectionReloads: [5], itemInserts: [Self.path(0, 1), Self.path(0, 9)],
      itemReloads: [Self.path(4, 0)], itemReconfigures: [Self.path(0, 7)])
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(old, new, update: update, calls: &calls)
    #expect(batch.insertedSections == [nil])
    #expect(batch.reloadedSections == [nil])
    #expect(batch.insertedItems == ["b", nil])
    #expect(batch.cells == ["b": WebCell("B")])
    #expect(batch.reconfigured.isEmpty)
    let text = try writtenText(.batch(batch))
    #expect(text.contains(#""insertedItems":["b",null]"#))
    #expect(try decode(WebBatchMessage.self, text) == batch)
  }

  @Test("a reloaded section lands where replay puts it, among the survivors")
  func reloadedSectionLanding() throws {
    // Old [A, B, C]; delete A, insert D first: B lands at 1.
    let old = StringSnapshot.make([("A", ["a"]), ("B", ["b"]), ("C", ["c"])])
    let new = StringSnapshot.make(
      [("D", ["d"]), ("B", ["b2"]), ("C", ["c"])], reloadedSections: ["B"])
    var calls: [String: IndexPath] = [:]
    let batch = try Self.batch(old, new, calls: &calls)
    #expect(batch.update.sectionReloads == [1])
    #expect(batch.reloadedSections == [WebSection(id: "B", items: ["b2"])])
    #expect(calls["b2"] == Self.path(1, 0))
    #expect(try batch.update.replay(on: old, insertingFrom: new) == new)
  }

  // MARK: Coding

  @Test("messages of random snapshot pairs survive a round trip through JSON text")
  func roundTrip() throws {
    var random = SeededRandom.forTest("WebMessageTests.roundTrip")
    for _ in 0..<50 {
      let old = RandomSnapshots.snapshot(using: &random)
      let new = RandomSnapshots.edited(old, using: &random)
      let batch = try WebBatchMessage(
        list: "r", seq: 9, update: BatchUpdate(from: old, to: new), from: old, to: new
      ) { item, path in WebCell("\(item)", secondaryText: "\(path)") }
      let reload = try WebReloadMessage(list: "r", seq: 8, snapshot: new) { item, _ in
        WebCell(
          "\(item)", indentation: item % 3, accessories: [.switch(isOn: item.isMultiple(of: 2))])
      }
      for message in [WebServerMessage.batch(batch), .reload(reload)] {
        #expect(try WebServerMessage(jsonData: message.jsonData()) == message)
      }
    }
  }

  static let emptyUpdate =
    #""update": {"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [], "#
    + #""sectionReloads": [], "itemDeletes": [], "itemInserts": [], "itemMoves": [], "#
    + #""itemReloads": [], "itemReconfigures": []}"#

  static let batchFields =
    #""counts": [], "insertedSections": [], "reloadedSections": [], "insertedItems": [], "#
    + #""cells": {}, "reconfigured": {}"#

  @Test(
    "malformed messages are refused, naming the problem",
    arguments: [
      (#"{"v": 2, "type": "reload"}"#, "unsupported message version 2; expected 1 at .v"),
      (#"{"type": "reload"}"#, "missing key 'v'"),
      (
        #"{"v": 1, "type": "patch"}"#,
        #"unknown message type "patch"; expected one of reload, batch, layout, visible, error, pong, scroll, refused, text at .type"#
      ),
      (
        #"{"v": 1, "type": "reload", "list": "m", "seq": 1, "sections": []}"#,
        "missing key 'cells'"
      ),
      (
        #"{"v": 1, "type": "reload", "list": "m", "seq": 1, "sections": [], "cells": {}, "x": 1}"#,
        "unknown key 'x'; expected one of v, type, list, seq, sections, cells, layout, selectable, reorderable, announce at .x"
      ),
      (
        #"{"v": 1, "type": "reload", "list": "m", "seq": -1, "sections": [], "cells": {}}"#,
        "seq -1 is negative at .seq"
      ),
      (
        #"{"v": 1, "type": "reload", "list": "m", "seq": 1, "cells": {}, "#
          + #""sections": [{"id": null, "items": []}]}"#,
        "found null at .sections[0].id"
      ),
      (
        #"{"v": 1, "type": "reload", "list": "m", "seq": 1, "sections": [], "#
          + ##""cells": {"a": {"text": "A", "color": "#12345"}}}"##,
        ##"expected a colour #rrggbb, found "#12345" at .cells.a.color"##
      ),
      (
        #"{"v": 1, "type": "batch", "list": "m", "seq": 1, "# + emptyUpdate + ", "
          + batchFields.replacingOccurrences(
            of: #""insertedItems": []"#, with: #""insertedItems": ["x"]"#)
          + "}",
        "insertedItems has 1 entries, but the update has 0 item inserts at .insertedItems"
      ),
      (
        #"{"v": 1, "type": "batch", "list": "m", "seq": 1, "# + emptyUpdate + ", "
          + batchFields.replacingOccurrences(of: #""counts": []"#, with: #""counts": [2, -1]"#)
          + "}",
        "count -1 is negative at .counts"
      ),
      (
        #"{"v": 1, "type": "batch", "list": "m", "seq": 1, "# + emptyUpdate + "}",
        "missing key 'counts'"
      ),
      (
        #"{"v": 1, "type": "batch", "list": "m", "seq": 1, "update": {}, "# + batchFields + "}",
        "missing key 'sectionDeletes'"
      ),
    ])
  func refusals(json: String, expected: String) {
    let failure = decodingFailure(WebServerMessage.self, json)
    #expect(failure.contains(expected), "\(failure)")
  }

  static let reloadFields = #""sections": [], "cells": {}"#

  /// A reload or a batch with its fields and `extra`.
  static func message(_ type: String, _ extra: String) -> String {
    let fields = type == "reload" ? reloadFields : emptyUpdate + ", " + batchFields
    return #"{"v": 1, "type": "\#(type)", "list": "m", "seq": 1, "# + fields + ", " + extra + "}"
  }

  @Test(
    "an announce that is not a string, null included, is refused",
    arguments: ["reload", "batch"],
    [#""announce": 3"#, #""announce": null"#, #""announce": ["a"]"#]
  )
  func announceRefusals(type: String, announce: String) {
    let failure = decodingFailure(WebServerMessage.self, Self.message(type, announce))
    #expect(failure.hasSuffix("at .announce"), "\(failure)")
  }

  @Test("a misspelt announce is an unknown key")
  func announceMisspelt() {
    let failure = decodingFailure(
      WebServerMessage.self, Self.message("batch", #""announced": "3 results""#))
    #expect(
      failure
        == "unknown key 'announced'; expected one of v, type, list, seq, update, counts, "
        + "insertedSections, reloadedSections, insertedItems, cells, reconfigured, layout, "
        + "announce at .announced")
    for type in ["reload", "batch"] {
      let text = Self.message(type, #""announce": "3 results""#)
      #expect(decodingFailure(WebServerMessage.self, text) == "decoded")
    }
  }

  @Test("a batch message is refused where a reload is expected, and the other way round")
  func wrongType() {
    let failure = decodingFailure(WebReloadMessage.self, Self.batchExample)
    #expect(failure.contains(#"expected a message of type "reload", found "batch" at .type"#))
  }
}
