import DiffableTestSupport
import Foundation
import Testing

@testable import DiffableWeb

/// The session reads a page's `ack` without a decoder when it has the plain
/// form; whatever the scanner accepts, the decoder must read as the same
/// `ack`, and whatever else it leaves to the decoder.
@Suite("Reading acks without a decoder")
struct AckScannerTests {
  static let lists = ["main", "", "é 🏔️", "a b", "<list>", "slash/", "\u{7F}\u{2028}"]

  static func space(using random: inout SeededRandom) -> String {
    String(
      (0..<Int.random(in: 0...2, using: &random)).map { _ in
        " \t\n\r".randomElement(using: &random)!
      })
  }

  @Test("random plain acks: the scanner reads what the decoder reads")
  func plainAcks() throws {
    var random = SeededRandom.forTest("AckScannerTests.plainAcks")
    for _ in 0..<500 {
      let list = Self.lists.randomElement(using: &random)!
      let seq = [0, 1, 9, 10, 12_345, 999_999_999_999_999_999].randomElement(using: &random)!
      let members = [
        #""v"\#(Self.space(using: &random)):\#(Self.space(using: &random))1"#,
        #""type":\#(Self.space(using: &random))"ack""#,
        #""list":\#(Self.space(using: &random))"\#(list)""#,
        #""seq":\#(Self.space(using: &random))\#(seq)"#,
      ].shuffled(using: &random)
      var text = Self.space(using: &random) + "{"
      for (i, member) in members.enumerated() {
        text +=
          (i > 0 ? "," : "") + Self.space(using: &random) + member + Self.space(using: &random)
      }
      text += "}" + Self.space(using: &random)
      let scanned = try #require(_AckScanner.scan(text), "\(text)")
      #expect(scanned.list == list && scanned.seq == seq)
      #expect(try WebClientMessage(jsonData: Data(text.utf8)) == .ack(list: list, seq: seq))
    }
  }

  @Test(
    "anything but the plain form is left to the decoder",
    arguments: [
      #"{"v": 1, "type": "ack", "list": "ma\u0069n", "seq": 2}"#,
      #"{"v": 1, "type": "ack", "list": "a\"b", "seq": 2}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": 02}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": -2}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": 2.0}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": 2e0}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": 1234567890123456789}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": "2"}"#,
      #"{"v": 2, "type": "ack", "list": "main", "seq": 2}"#,
      #"{"v": 1.0, "type": "ack", "list": "main", "seq": 2}"#,
      #"{"v": 1, "type": "acks", "list": "main", "seq": 2}"#,
      #"{"v": 1, "type": "resync", "list": "main", "reason": "x"}"#,
      #"{"v": 1, "type": "ack", "list": "main"}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": 2, "x": 0}"#,
      #"{"v": 1, "type": "ack", "list": "main", "list": "main"}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": 2} x"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": 2,}"#,
      #"{"v": 1 "type": "ack", "list": "main", "seq": 2}"#,
      #"{"v": 1, "type": "ack", "list": 7, "seq": 2}"#,
      #"[{"v": 1, "type": "ack", "list": "main", "seq": 2}]"#,
      "{\"v\": 1, \"type\": \"ack\", \"list\": \"a\u{1}\", \"seq\": 2}",
      "",
    ])
  func leftToTheDecoder(_ text: String) {
    #expect(_AckScanner.scan(text) == nil)
  }
}
