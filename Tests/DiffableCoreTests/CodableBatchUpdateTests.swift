import DiffableCore
import DiffableTestSupport
import Foundation
import Testing

@Suite("Batch update coding")
struct CodableBatchUpdateTests {
  static let specExample = #"""
    {"sectionDeletes": [1], "sectionInserts": [0], "sectionMoves": [[2, 1]],
     "sectionReloads": [], "itemDeletes": [[0, 3]], "itemInserts": [[1, 0]],
     "itemMoves": [[[0, 1], [0, 0]]], "itemReloads": [[0, 2]], "itemReconfigures": [[1, 4]]}
    """#

  func decode(_ json: String) throws -> BatchUpdate {
    try JSONDecoder().decode(BatchUpdate.self, from: Data(json.utf8))
  }

  @Test("the spec's example decodes into the properties of the same names")
  func specExample() throws {
    let batch = try decode(Self.specExample)
    #expect(batch.sectionDeletes == [1])
    #expect(batch.sectionInserts == [0])
    #expect(batch.sectionMoves == [.init(from: 2, to: 1)])
    #expect(batch.sectionReloads == [])
    #expect(batch.itemDeletes == [IndexPath(item: 3, section: 0)])
    #expect(batch.itemInserts == [IndexPath(item: 0, section: 1)])
    #expect(
      batch.itemMoves == [
        .init(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))
      ])
    #expect(batch.itemReloads == [IndexPath(item: 2, section: 0)])
    #expect(batch.itemReconfigures == [IndexPath(item: 4, section: 1)])
  }

  @Test("encoding writes every key, empty lists included, with paths as [section, item]")
  func encodingShape() throws {
    let batch = BatchUpdate(
      itemMoves: [.init(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 2))])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(batch), as: UTF8.self)
    #expect(
      json
        == #"{"itemDeletes":[],"itemInserts":[],"itemMoves":[[[0,1],[2,0]]],"itemReconfigures":[],"#
        + #""itemReloads":[],"sectionDeletes":[],"sectionInserts":[],"sectionMoves":[],"sectionReloads":[]}"#
    )
  }

  @Test("batches of random snapshot pairs survive a round trip")
  func roundTrip() throws {
    var random = SeededRandom.forTest("CodableBatchUpdateTests.roundTrip")
    for _ in 0..<300 {
      let old = RandomSnapshots.snapshot(using: &random)
      let new = RandomSnapshots.edited(old, using: &random)
      let batch = BatchUpdate(from: old, to: new)
      #expect(
        try JSONDecoder().decode(BatchUpdate.self, from: JSONEncoder().encode(batch)) == batch)
    }
  }

  @Test(
    "a missing key, a negative index or a malformed path or move is refused",
    arguments: [
      // sectionDeletes missing
      #"{"sectionInserts": [], "sectionMoves": [], "sectionReloads": [], "itemDeletes": [], "itemInserts": [], "itemMoves": [], "itemReloads": [], "itemReconfigures": []}"#,
      #"{"sectionDeletes": [-1], "sectionInserts": [], "sectionMoves": [], "sectionReloads": [], "itemDeletes": [], "itemInserts": [], "itemMoves": [], "itemReloads": [], "itemReconfigures": []}"#,
      #"{"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [[1]], "sectionReloads": [], "itemDeletes": [], "itemInserts": [], "itemMoves": [], "itemReloads": [], "itemReconfigures": []}"#,
      #"{"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [], "sectionReloads": [], "itemDeletes": [[0, 1, 2]], "itemInserts": [], "itemMoves": [], "itemReloads": [], "itemReconfigures": []}"#,
      #"{"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [], "sectionReloads": [], "itemDeletes": [], "itemInserts": [[0, -2]], "itemMoves": [], "itemReloads": [], "itemReconfigures": []}"#,
      #"{"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [], "sectionReloads": [], "itemDeletes": [], "itemInserts": [], "itemMoves": [[[0, 1]]], "itemReloads": [], "itemReconfigures": []}"#,
      #"{"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [], "sectionReloads": [], "itemDeletes": [], "itemInserts": [], "itemMoves": [[0, 1]], "itemReloads": [], "itemReconfigures": []}"#,
      #"{"sectionDeletes": [], "sectionInserts": [], "sectionMoves": [], "sectionReloads": [], "itemDeletes": [], "itemInserts": [], "itemMoves": [], "itemReloads": [], "itemReconfigures": [["a", 0]]}"#,
    ])
  func malformed(json: String) {
    #expect(throws: DecodingError.self) { try decode(json) }
  }

  @Test("a negative index is named in the error")
  func negativeIndexMessage() {
    do {
      _ = try decode(
        Self.specExample.replacingOccurrences(
          of: #""itemReconfigures": [[1, 4]]"#, with: #""itemReconfigures": [[1, -4]]"#))
      Issue.record("decoding succeeded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains("itemReconfigures"))
      #expect(context.debugDescription.contains("[1, -4]"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("a key that is not one of the nine lists is refused, naming it")
  func unknownKey() {
    let json = Self.specExample.replacingOccurrences(
      of: #""sectionReloads": []"#, with: #""sectionReloads": [], "sectionReload": []"#)
    do {
      _ = try decode(json)
      Issue.record("decoding succeeded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.codingPath.map(\.stringValue) == ["sectionReload"])
      #expect(context.debugDescription.hasPrefix("unknown key 'sectionReload'; expected one of"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}
