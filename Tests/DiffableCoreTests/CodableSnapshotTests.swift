import DiffableCore
import DiffableTestSupport
import Foundation
import Testing

@Suite("Snapshot coding")
struct CodableSnapshotTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, String>

  func decode(_ json: String) throws -> Snapshot {
    try JSONDecoder().decode(Snapshot.self, from: Data(json.utf8))
  }

  /// The description of the decoding error `json` raises.
  func decodingFailure(_ json: String) -> String? {
    do {
      _ = try decode(json)
      return nil
    } catch let DecodingError.dataCorrupted(context) {
      return context.debugDescription
    } catch {
      return "\(error)"
    }
  }

  @Test("the spec's example decodes with its sections, items and marks")
  func specExample() throws {
    let snapshot = try decode(
      #"""
      {"sections": [{"id": "fruits", "items": ["apple", "pear"]}, {"id": "veg", "items": []}],
       "reloadedItems": ["pear"], "reconfiguredItems": [], "reloadedSections": []}
      """#)
    #expect(snapshot == .make([("fruits", ["apple", "pear"]), ("veg", [])]))
    #expect(snapshot.reloadedItemIdentifiers == ["pear"])
    #expect(snapshot.reconfiguredItemIdentifiers == [])
    #expect(snapshot.reloadedSectionIdentifiers == [])
  }

  @Test("the mark lists are optional on decode")
  func marksOptional() throws {
    let snapshot = try decode(#"{"sections": [{"id": "a", "items": ["x"]}]}"#)
    #expect(snapshot == .make([("a", ["x"])]))
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    #expect(try decode(#"{"sections": []}"#) == Snapshot())
  }

  @Test("encoding writes sections in order, items in order and every mark list")
  func encodingShape() throws {
    let snapshot = Snapshot.make(
      [("fruits", ["apple", "pear"]), ("veg", [])], reloaded: ["pear"], reconfigured: ["apple"],
      reloadedSections: ["veg"])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    #expect(
      json
        == #"{"reconfiguredItems":["apple"],"reloadedItems":["pear"],"reloadedSections":["veg"],"#
        + #""sections":[{"id":"fruits","items":["apple","pear"]},{"id":"veg","items":[]}]}"#)
  }

  @Test("random snapshots with marks survive a round trip")
  func roundTrip() throws {
    var random = SeededRandom.forTest("CodableSnapshotTests.roundTrip")
    for _ in 0..<200 {
      let base = RandomSnapshots.snapshot(using: &random)
      let snapshot = RandomSnapshots.edited(base, using: &random)
      let decoded = try JSONDecoder().decode(
        DiffableDataSourceSnapshot<Int, Int>.self, from: JSONEncoder().encode(snapshot))
      #expect(decoded == snapshot)
      #expect(decoded.reloadedItemIdentifiers == snapshot.reloadedItemIdentifiers)
      #expect(decoded.reconfiguredItemIdentifiers == snapshot.reconfiguredItemIdentifiers)
      #expect(decoded.reloadedSectionIdentifiers == snapshot.reloadedSectionIdentifiers)
    }
  }

  // MARK: Invalid snapshots throw, naming the identifiers

  @Test("a repeated section is refused, named once")
  func repeatedSection() {
    let failure = decodingFailure(
      #"{"sections": [{"id": "a", "items": []}, {"id": "b", "items": []}, {"id": "a", "items": []}, {"id": "a", "items": []}]}"#
    )
    #expect(failure == #"section identifiers are not unique: ["a"]"#)
  }

  @Test("an item repeated inside one section is refused")
  func repeatedItemInSection() {
    let failure = decodingFailure(#"{"sections": [{"id": "a", "items": ["x", "y", "x"]}]}"#)
    #expect(failure == #"item identifiers are not unique across the snapshot: ["x"]"#)
  }

  @Test("an item in two sections is refused: items are unique across the snapshot")
  func repeatedItemAcrossSections() {
    let failure = decodingFailure(
      #"{"sections": [{"id": "a", "items": ["x", "y"]}, {"id": "b", "items": ["y", "x"]}]}"#)
    #expect(failure == #"item identifiers are not unique across the snapshot: ["y", "x"]"#)
  }

  @Test("a section and an item may share an identifier")
  func separateNamespaces() throws {
    let snapshot = try decode(#"{"sections": [{"id": "a", "items": ["a"]}]}"#)
    #expect(snapshot.indexOfItem("a") == 0)
    #expect(snapshot.indexOfSection("a") == 0)
  }

  @Test(
    "marks that name absent identifiers are refused",
    arguments: [
      (
        #""reloadedItems": ["x", "ghost"]"#,
        #"reloadedItems names items that are not in the snapshot: ["ghost"]"#
      ),
      (
        #""reconfiguredItems": ["nope"]"#,
        #"reconfiguredItems names items that are not in the snapshot: ["nope"]"#
      ),
      (
        #""reloadedSections": ["z"]"#,
        #"reloadedSections names sections that are not in the snapshot: ["z"]"#
      ),
      (
        #""reloadedItems": ["a"]"#,
        #"reloadedItems names items that are not in the snapshot: ["a"]"#
      ),
    ])
  func absentMarks(marks: String, message: String) {
    #expect(
      decodingFailure(#"{"sections": [{"id": "a", "items": ["x"]}], "# + marks + "}") == message)
  }

  @Test(
    "marks that repeat an identifier are refused",
    arguments: [
      (#""reloadedItems": ["x", "x"]"#, #"reloadedItems repeats items: ["x"]"#),
      (#""reconfiguredItems": ["x", "y", "x"]"#, #"reconfiguredItems repeats items: ["x"]"#),
      (#""reloadedSections": ["a", "a"]"#, #"reloadedSections repeats sections: ["a"]"#),
    ])
  func repeatedMarks(marks: String, message: String) {
    #expect(
      decodingFailure(#"{"sections": [{"id": "a", "items": ["x", "y"]}], "# + marks + "}")
        == message)
  }

  @Test("an item both reloaded and reconfigured is kept, as the snapshot allows")
  func reloadedAndReconfigured() throws {
    let snapshot = try decode(
      #"{"sections": [{"id": "a", "items": ["x"]}], "reloadedItems": ["x"], "reconfiguredItems": ["x"]}"#
    )
    #expect(snapshot.reloadedItemIdentifiers == ["x"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["x"])
  }

  @Test("a long list of duplicates is named briefly")
  func manyDuplicates() {
    let items = (0..<20).map { "\"i\($0)\"" }.joined(separator: ", ")
    let failure = decodingFailure(
      #"{"sections": [{"id": "a", "items": ["# + items + #"]}, {"id": "b", "items": ["# + items
        + "]}]}")
    #expect(
      failure?.hasPrefix(#"item identifiers are not unique across the snapshot: ["i0", "i1""#)
        == true)
    #expect(failure?.hasSuffix("… (12 more)]") == true)
  }

  @Test(
    "malformed documents throw instead of stopping the program",
    arguments: [
      #"{}"#,
      #"{"sections": {}}"#,
      #"{"sections": [{"items": []}]}"#,
      #"{"sections": [{"id": "a"}]}"#,
      #"{"sections": [{"id": 1, "items": []}]}"#,
      #"{"sections": [{"id": "a", "items": [null]}]}"#,
      #"{"sections": [{"id": "a", "items": []}], "reloadedItems": "x"}"#,
      #"[]"#,
      #"{"sections": [{"id": "a", "items": []}"#,
    ])
  func malformed(json: String) {
    #expect(throws: DecodingError.self) { try decode(json) }
  }

  @Test("the error's coding path points at the offending list")
  func codingPath() {
    do {
      _ = try decode(#"{"sections": [{"id": "a", "items": ["x"]}], "reloadedItems": ["q"]}"#)
      Issue.record("decoding succeeded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.codingPath.map(\.stringValue) == ["reloadedItems"])
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
