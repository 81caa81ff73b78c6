import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@Suite("Web cells")
struct WebCellTests {
  static let docExample = #"""
    {"text": "Kings Peak", "secondaryText": "4,123 m", "color": "#3478f6",
     "image": "mountain", "indentation": 1,
     "accessories": [{"type": "disclosure", "expanded": false},
                     {"type": "switch", "on": true},
                     {"type": "checkmark"},
                     {"type": "badge", "text": "3"}]}
    """#

  static let peak = WebCell(
    "Kings Peak", secondaryText: "4,123 m",
    color: WebCell.Color(red: 0x34, green: 0x78, blue: 0xf6),
    image: "mountain", indentation: 1,
    accessories: [.disclosure(expanded: false), .switch(isOn: true), .checkmark, .badge("3")])

  @Test("the note's example decodes into the properties of the same names")
  func docExampleDecodes() throws {
    #expect(try decode(WebCell.self, Self.docExample) == Self.peak)
  }

  @Test("encoding writes the note's example, key for key")
  func docExampleEncodes() throws {
    #expect(try jsonText(Self.peak) == canonicalJSON(Self.docExample))
  }

  @Test("a cell with only text encodes as {\"text\": ...}, absent values left out")
  func minimalCell() throws {
    #expect(try jsonText(WebCell("Apple")) == #"{"text":"Apple"}"#)
    #expect(try decode(WebCell.self, #"{"text": "Apple"}"#) == WebCell("Apple"))
  }

  @Test("strings that need escaping survive a round trip")
  func escapingRoundTrip() throws {
    let cell = WebCell(
      "<img src=x onerror=alert(1)> \"quoted\" back\\slash\nline", secondaryText: "café 🍐\u{1}",
      accessories: [.badge("</script>")])
    let text = try jsonText(cell)
    #expect(try decode(WebCell.self, text) == cell)
  }

  @Test("colours read #rrggbb in either case and write lowercase")
  func colours() throws {
    let color = try #require(WebCell.Color(hex: "#3478F6"))
    #expect(color == WebCell.Color(red: 0x34, green: 0x78, blue: 0xf6))
    #expect(color.hex == "#3478f6")
    #expect(WebCell.Color(red: 0, green: 255, blue: 10).hex == "#00ff0a")
    for bad in ["3478f6", "#3478f", "#3478f6a", "#3478g6", "blue", "", "#", "#ｆｆｆｆｆｆ"] {
      #expect(WebCell.Color(hex: bad) == nil, "\(bad)")
    }
  }

  @Test(
    "malformed cells are refused, naming the problem",
    arguments: [
      (#"{"secondaryText": "x"}"#, "missing key 'text'"),
      (##"{"text": "a", "colour": "#000000"}"##, "unknown key 'colour'"),
      (#"{"text": "a", "color": "red"}"#, #"expected a colour #rrggbb, found "red" at .color"#),
      (#"{"text": "a", "indentation": -1}"#, "indentation -1 is negative at .indentation"),
      (#"{"text": 3}"#, "at .text"),
      (
        #"{"text": "a", "accessories": [{"type": "star"}]}"#,
        #"unknown accessory type "star"; expected one of disclosure, switch, checkmark, badge"#
      ),
      (#"{"text": "a", "accessories": [{"type": "switch"}]}"#, "missing key 'on'"),
      (
        #"{"text": "a", "accessories": [{"type": "checkmark", "on": true}]}"#,
        "unknown key 'on'; expected one of type at .accessories[0].on"
      ),
      (
        #"{"text": "a", "accessories": [{"type": "badge", "text": "1", "expanded": true}]}"#,
        "unknown key 'expanded'; expected one of type, text"
      ),
    ])
  func refusals(json: String, expected: String) {
    let failure = decodingFailure(WebCell.self, json)
    #expect(failure.contains(expected), "\(failure)")
  }

  @Test("a negative indentation stops the program, naming the cell")
  func negativeIndentation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = WebCell("Kings Peak", indentation: -2)
    }
    expectMessage(
      result,
      #"WebCell.init(_:secondaryText:color:image:indentation:accessories:template:): indentation -2 of "#
        + #"cell "Kings Peak" is negative"#)
  }
}
