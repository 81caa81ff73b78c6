import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@Suite("Web identifiers")
struct WebIdentifierTests {
  struct Row: Encodable, Hashable {
    var kind: String
    var id: Int
  }

  @Test("a string travels as a JSON string and its text is itself")
  func strings() throws {
    let identifier = WebIdentifier("say \"hi\"\n")
    #expect(identifier.text == "say \"hi\"\n")
    #expect(identifier.string == "say \"hi\"\n")
    #expect(identifier.integer == nil)
    #expect(try jsonText(identifier) == #""say \"hi\"\n""#)
    #expect(try WebIdentifier(encoding: "apple") == "apple")
  }

  @Test("an integer travels as a JSON number and its text is its digits")
  func integers() throws {
    let identifier = WebIdentifier(-42)
    #expect(identifier.text == "-42")
    #expect(identifier.integer == -42)
    #expect(identifier.string == nil)
    #expect(try jsonText(identifier) == "-42")
    #expect(try WebIdentifier(encoding: 7) == 7)
    #expect(try WebIdentifier(encoding: UInt8(7)) == 7)
    #expect(try WebIdentifier(encoding: Int64(-3)).text == "-3")
  }

  @Test("a UUID travels as the JSON string JSONEncoder writes for it: its uuidString")
  func uuids() throws {
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let identifier = try WebIdentifier(encoding: uuid)
    #expect(identifier.string == uuid.uuidString)
    #expect(identifier.text == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    let encoded = String(decoding: try JSONEncoder().encode([uuid]), as: UTF8.self)
    #expect(try jsonText([identifier]) == encoded)
  }

  @Test("another Encodable travels as its JSON, and its text has keys in ascending order")
  func otherEncodables() throws {
    let identifier = try WebIdentifier(encoding: Row(kind: "a\"b", id: 7))
    #expect(identifier.text == #"{"id":7,"kind":"a\"b"}"#)
    #expect(try jsonText(identifier) == #"{"id":7,"kind":"a\"b"}"#)
    #expect(try WebIdentifier(encoding: [true, false]).text == "[true,false]")
    #expect(try WebIdentifier(encoding: 1.5).text == "1.5")
    #expect(try WebIdentifier(encoding: ["a\u{1}\t"]).text == #"["a\u0001\t"]"#)
  }

  @Test("identifiers equal when their JSON is, whatever the key order")
  func equality() throws {
    let written = try decode(WebIdentifier.self, #"{"kind": "a", "id": 7}"#)
    #expect(written == (try WebIdentifier(encoding: Row(kind: "a", id: 7))))
    #expect(WebIdentifier("7") != WebIdentifier(7))
  }

  @Test("JSON values round trip; null is not an identifier")
  func decoding() throws {
    for text in [#""x""#, "12", "true", #"{"a":[1,"b",null]}"#, "[]"] {
      let identifier = try decode(WebIdentifier.self, text)
      #expect(try jsonText(identifier) == text)
    }
    #expect(
      decodingFailure(WebIdentifier.self, "null").contains(
        "expected an identifier (a JSON value other than null), found null"))
    #expect(throws: EncodingError.self) { try WebIdentifier(encoding: Int?.none) }
  }
}
