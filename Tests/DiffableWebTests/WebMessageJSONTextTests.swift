import DiffableCore
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

/// `WebServerMessage.jsonData()` writes its text by hand (server messages
/// have no other encoder): it must be in the form `JSONEncoder` writes
/// (compact, sorted keys, slashes unescaped), which the tests check by
/// decoding it as any JSON and encoding that again; its numbers as
/// `JSONEncoder` writes them; and it must decode to the message it was
/// written from.
@Suite("The JSON text of server messages")
struct WebMessageJSONTextTests {
  /// Strings that need escapes, or that sort differently by bytes and by
  /// characters.
  static let edgeStrings = [
    "", "plain", "quote \" and backslash \\", "slash / stays", "tab\tnew\nline\rreturn",
    "\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}", "é", "e\u{301}x", "\u{2028}\u{2029}", "🏔️ Kings Peak",
    "item 3", "item 12", "B", "a", "<img src=x>", "\\u0041", "</script>",
  ]

  /// Numbers at the edges of how a `Double` is written.
  static let edgeNumbers: [Double] = [
    0, -0.0, 44, 0.5, -2.5, 0.1, 1.0 / 3, 1e-7, 1e-5, 0.0001, 1e15, 1e16, 1e20, 1e21,
    9_007_199_254_740_991, 9_007_199_254_740_992, -9_007_199_254_740_992, 12_345_678.9,
    .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude, 844.5, 1_760,
  ]

  /// An identifier of any type a message may carry.
  struct Custom: Encodable {
    var id: Int
    var name: String
    var weight: Double
    var tags: [String]
    var flag: Bool
  }

  static func identifier(using random: inout SeededRandom) throws -> WebIdentifier {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return WebIdentifier(edgeStrings.randomElement(using: &random)!)
    case 1: return WebIdentifier(Int.random(in: Int.min...Int.max, using: &random))
    case 2: return WebIdentifier(Int.random(in: -20...20_000, using: &random))
    default:
      return try WebIdentifier(
        encoding: Custom(
          id: Int.random(in: -5...5, using: &random),
          name: edgeStrings.randomElement(using: &random)!,
          weight: edgeNumbers.randomElement(using: &random)!,
          tags: Array(edgeStrings.shuffled(using: &random).prefix(2)),
          flag: Bool.random(using: &random)))
    }
  }

  static func number(using random: inout SeededRandom) -> Double {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return edgeNumbers.randomElement(using: &random)!
    case 1: return Double(Int.random(in: -1_000...100_000, using: &random))
    default: return Double.random(in: -1e6...1e6, using: &random)
    }
  }

  static func rect(using random: inout SeededRandom) -> WebRect {
    WebRect(
      x: number(using: &random), y: number(using: &random), width: number(using: &random),
      height: number(using: &random))
  }

  static func cell(using random: inout SeededRandom) -> WebCell {
    func string() -> String? {
      Bool.random(using: &random) ? edgeStrings.randomElement(using: &random)! : nil
    }
    let accessories: [WebCell.Accessory] = (0..<Int.random(in: 0...3, using: &random)).map { _ in
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return .disclosure(expanded: Bool.random(using: &random))
      case 1: return .switch(isOn: Bool.random(using: &random))
      case 2: return .checkmark
      default: return .badge(edgeStrings.randomElement(using: &random)!)
      }
    }
    return WebCell(
      edgeStrings.randomElement(using: &random)!, secondaryText: string(),
      color: Bool.random(using: &random)
        ? WebCell.Color(
          red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
          blue: .random(in: 0...255, using: &random)) : nil,
      image: string(), indentation: Int.random(in: 0...2, using: &random),
      accessories: accessories, template: template(using: &random))
  }

  /// A template of edge names and fields of every kind, or `nil`.
  static func template(using random: inout SeededRandom) -> WebCell.Template? {
    guard Bool.random(using: &random) else { return nil }
    var fields: [String: WebCell.Field] = [:]
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let name = edgeStrings.randomElement(using: &random)!
      let text = edgeStrings.randomElement(using: &random)!
      switch Int.random(in: 0..<3, using: &random) {
      case 0: fields[name] = .text(text)
      case 1: fields[name] = try! .image("/images/a%22b.png?x=\\", description: text)
      default: fields[name] = try! .link(text, to: "https://example.com/é/\(name.count)")
      }
    }
    return WebCell.Template("card " + edgeStrings.randomElement(using: &random)!, fields: fields)
  }

  static func cells(using random: inout SeededRandom) throws -> [String: WebCell] {
    var cells: [String: WebCell] = [:]
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      cells[try identifier(using: &random).text] = cell(using: &random)
    }
    return cells
  }

  static func layout(using random: inout SeededRandom) throws -> WebLayout {
    var frames: [String: WebRect] = [:]
    for _ in 0..<Int.random(in: 0...8, using: &random) {
      frames[try identifier(using: &random).text] = rect(using: &random)
    }
    let supplementaries = (0..<Int.random(in: 0...2, using: &random)).map { _ in
      let low = number(using: &random)
      return WebSupplementary(
        kind: edgeStrings.randomElement(using: &random)!,
        section: edgeStrings.randomElement(using: &random)!,
        index: Int.random(in: 0...3, using: &random), frame: rect(using: &random),
        pin: Bool.random(using: &random) ? low...(low + 100) : nil, cell: cell(using: &random))
    }
    let bands = (0..<Int.random(in: 0...2, using: &random)).map { _ in
      WebBand(
        section: edgeStrings.randomElement(using: &random)!, frame: rect(using: &random),
        contentWidth: number(using: &random),
        rests: (0..<Int.random(in: 0...3, using: &random)).map { _ in number(using: &random) })
    }
    var estimated: [String: WebEstimatedAxes] = [:]
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      estimated[edgeStrings.randomElement(using: &random)!] =
        [.width, .height, .both].randomElement(using: &random)!
    }
    var unmoved: [String] = []
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let text = try identifier(using: &random).text
      if frames[text] == nil && !unmoved.contains(text) { unmoved.append(text) }
    }
    var shifted: [WebShift] = []
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      let texts = try (0..<Int.random(in: 1...3, using: &random)).map { _ in
        try identifier(using: &random).text
      }
      var named = Set(unmoved + shifted.flatMap(\.items) + frames.keys)
      shifted.append(
        WebShift(
          dx: number(using: &random), dy: number(using: &random),
          items: texts.filter { named.insert($0).inserted }))
    }
    return WebLayout(
      size: WebSize(width: number(using: &random), height: number(using: &random)),
      frames: frames, supplementaries: supplementaries, bands: bands, estimated: estimated,
      unmoved: unmoved, shifted: shifted)
  }

  static func message(using random: inout SeededRandom) throws -> WebServerMessage {
    let list = edgeStrings.randomElement(using: &random)!
    let seq = Int.random(in: 0...Int.max, using: &random)
    switch Int.random(in: 0..<6, using: &random) {
    case 0:
      let sections = try (0..<Int.random(in: 0...3, using: &random)).map { _ in
        WebSection(
          id: try identifier(using: &random),
          items: try (0..<Int.random(in: 0...4, using: &random)).map { _ in
            try identifier(using: &random)
          })
      }
      return .reload(
        WebReloadMessage(
          list: list, seq: seq, sections: sections, cells: try cells(using: &random),
          layout: Bool.random(using: &random) ? try layout(using: &random) : nil,
          selectable: Bool.random(using: &random), reorderable: Bool.random(using: &random),
          showsChanges: Bool.random(using: &random),
          announce: Bool.random(using: &random) ? edgeStrings.randomElement(using: &random)! : nil
        ))
    case 1, 2:
      let old = RandomSnapshots.snapshot(using: &random)
      let new = RandomSnapshots.edited(old, using: &random)
      var batch = try WebBatchMessage(
        list: list, seq: seq, update: BatchUpdate(from: old, to: new), from: old, to: new
      ) { _, _ in cell(using: &random) }
      // Positions without an identifier are written `null`.
      if !batch.insertedItems.isEmpty, Bool.random(using: &random) {
        batch.insertedItems[0] = nil
      }
      if !batch.insertedSections.isEmpty, Bool.random(using: &random) {
        batch.insertedSections[0] = nil
      }
      if !batch.reloadedSections.isEmpty, Bool.random(using: &random) {
        batch.reloadedSections[0] = nil
      }
      if Bool.random(using: &random) { batch.layout = try layout(using: &random) }
      if Bool.random(using: &random) { batch.cells.merge(try cells(using: &random)) { a, _ in a } }
      if Bool.random(using: &random) { batch.announce = edgeStrings.randomElement(using: &random)! }
      return .batch(batch)
    case 3:
      return .layout(
        WebLayoutMessage(
          list: list, seq: seq, layout: try layout(using: &random),
          cells: try cells(using: &random)))
    case 4:
      var items: [String: WebVisibleItem] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        items[try identifier(using: &random).text] = WebVisibleItem(
          alpha: Double.random(in: 0...1, using: &random),
          transform: WebTransform(
            a: number(using: &random), b: number(using: &random), c: number(using: &random),
            d: number(using: &random), tx: number(using: &random), ty: number(using: &random)),
          zIndex: Int.random(in: Int.min...Int.max, using: &random),
          isHidden: Bool.random(using: &random),
          frame: Bool.random(using: &random) ? rect(using: &random) : nil)
      }
      return .visible(WebVisibleMessage(list: list, seq: seq, items: items))
    default:
      return Bool.random(using: &random)
        ? .error(message: edgeStrings.randomElement(using: &random)!)
        : .pong(id: Int.random(in: Int.min...Int.max, using: &random))
    }
  }

  @Test("random messages: in JSONEncoder's form, and it decodes to the message")
  func randomMessages() throws {
    var random = SeededRandom.forTest("WebMessageJSONTextTests.randomMessages")
    for _ in 0..<600 {
      let message = try Self.message(using: &random)
      let data = try message.jsonData()
      let text = String(decoding: data, as: UTF8.self)
      #expect(numbersBlanked(text) == numbersBlanked(try reencoded(text)))
      #expect(try WebServerMessage(jsonData: data) == message)
    }
  }

  @Test("every edge string and number, as a key, a value and a frame")
  func edgeCases() throws {
    var frames: [String: WebRect] = [:]
    var cells: [String: WebCell] = [:]
    for (i, string) in Self.edgeStrings.enumerated() {
      let number = Self.edgeNumbers[i % Self.edgeNumbers.count]
      frames[string] = WebRect(x: number, y: -number, width: number.magnitude, height: 44)
      cells[string] = WebCell(string, secondaryText: string, image: string)
    }
    let layout = WebLayout(
      size: WebSize(width: 390, height: 1e21), frames: frames,
      bands: [
        WebBand(section: "b", frame: WebRect(.zero), contentWidth: 0.5, rests: Self.edgeNumbers)
      ], geometry: WebGeometry(groups: frames, sections: ["\u{1}/\"": WebRect(.zero)]))
    let identifiers =
      Self.edgeStrings.map { WebIdentifier($0) }
      + [WebIdentifier(Int.min), WebIdentifier(Int.max), WebIdentifier(0), WebIdentifier(-7)]
      + (try Self.edgeNumbers.map { try WebIdentifier(encoding: [$0]) })
    let messages: [WebServerMessage] = [
      .layout(WebLayoutMessage(list: "main", seq: 0, layout: layout, cells: cells)),
      .reload(
        WebReloadMessage(
          list: "\u{1}/\"", seq: Int.max,
          sections: [WebSection(id: "s", items: identifiers)], cells: cells, layout: layout,
          selectable: true, reorderable: true, showsChanges: true,
          announce: Self.edgeStrings.joined())),
      .refused(
        list: "\u{1}/\"", item: Self.edgeStrings.joined(), reason: Self.edgeStrings.joined()),
      .batch(
        WebBatchMessage(
          list: "main", seq: 2, update: BatchUpdate(), counts: [], cells: cells, layout: layout,
          announce: Self.edgeStrings.joined(separator: "\n"))),
      .error(message: Self.edgeStrings.joined()),
      .pong(id: Int.min),
      .page(
        WebPageTexts(
          texts: ["\u{1}/\"": Self.edgeStrings.joined(separator: "<br>")],
          values: ["batch": Self.edgeStrings.joined()], maxima: ["step": Int.min],
          lines: ["step": WebPageLines(Self.edgeStrings, current: 0)])),
    ]
    for message in messages {
      let data = try message.jsonData()
      let text = String(decoding: data, as: UTF8.self)
      #expect(numbersBlanked(text) == numbersBlanked(try reencoded(text)))
      #expect(try WebServerMessage(jsonData: data) == message)
    }
  }

  @Test("a reload's or batch's announce: no key when nil, else the first key, escaped")
  func announce() throws {
    let reload = WebReloadMessage(
      list: "main", seq: 1, sections: [WebSection(id: "s", items: ["a"])],
      cells: ["a": WebCell("A")])
    let batch = WebBatchMessage(list: "main", seq: 2, update: BatchUpdate(), counts: [1])
    let reloadText =
      #"{"cells":{"a":{"text":"A"}},"list":"main","sections":[{"id":"s","items":["a"]}],"#
      + #""seq":1,"type":"reload","v":1}"#
    let batchText =
      #"{"cells":{},"counts":[1],"insertedItems":[],"insertedSections":[],"list":"main","#
      + #""reconfigured":{},"reloadedSections":[],"seq":2,"type":"batch","update":"#
      + #"{"itemDeletes":[],"itemInserts":[],"itemMoves":[],"itemReconfigures":[],"#
      + #""itemReloads":[],"sectionDeletes":[],"sectionInserts":[],"sectionMoves":[],"#
      + #""sectionReloads":[]},"v":1}"#
    #expect(try writtenText(.reload(reload)) == reloadText)
    #expect(try writtenText(.batch(batch)) == batchText)

    // Quotes, a backslash, a newline and a control character escaped; a
    // slash, markup and what is not ASCII as they are.
    let words = "Ada: \"Did the batch animate?\"\n</script> \\ \u{1} Zoë 🏔️"
    let escaped = #""announce":"Ada: \"Did the batch animate?\"\n</script> \\ \u0001 Zoë 🏔️","#
    var announcedReload = reload
    announcedReload.announce = words
    var announcedBatch = batch
    announcedBatch.announce = words
    for (message, announced, text) in [
      (WebServerMessage.reload(reload), WebServerMessage.reload(announcedReload), reloadText),
      (.batch(batch), .batch(announcedBatch), batchText),
    ] {
      let written = try writtenText(announced)
      #expect(written == "{" + escaped + text.dropFirst())
      #expect(written == (try reencoded(written)))
      #expect(try WebServerMessage(jsonData: Data(written.utf8)) == announced)
      #expect(try WebServerMessage(jsonData: Data(text.utf8)) == message)
    }
    #expect(try decode(WebReloadMessage.self, reloadText).announce == nil)
    #expect(
      try decode(WebBatchMessage.self, "{" + escaped + batchText.dropFirst()).announce == words)
  }

  @Test("numbers are written as JSONEncoder writes them")
  func numbers() throws {
    let size = { (width: Double) in
      WebServerMessage.layout(
        WebLayoutMessage(
          list: "l", seq: 1,
          layout: WebLayout(size: WebSize(width: width, height: 0), frames: [:]), cells: [:]))
    }
    for (number, text) in [
      (44.0, "44"), (0.5, "0.5"), (1e-7, "1e-07"), (1e21, "1e+21"), (-0.0, "-0"),
      (1e16, "1e+16"), (9_007_199_254_740_991, "9007199254740991"),
    ] {
      let written = String(decoding: try size(number).jsonData(), as: UTF8.self)
      #expect(written.contains(#""size":[\#(text),0]"#), "\(number): \(written)")
    }
    // Every edge number and a thousand random ones, as `JSONEncoder`
    // writes a `Double`.
    var random = SeededRandom.forTest("WebMessageJSONTextTests.numbers")
    let numbers = Self.edgeNumbers + (0..<1_000).map { _ in Self.number(using: &random) }
    for number in numbers {
      let written = String(decoding: try size(number).jsonData(), as: UTF8.self)
      let encoded = String(decoding: try JSONEncoder().encode([number, 0]), as: UTF8.self)
      #expect(written.contains(#""size":\#(encoded)"#), "\(number): \(written)")
    }
  }

  @Test("a number that is not finite cannot be written", arguments: [Double.nan, .infinity])
  func nonFinite(_ number: Double) {
    let message = WebServerMessage.layout(
      WebLayoutMessage(
        list: "l", seq: 1,
        layout: WebLayout(size: WebSize(width: number, height: 0), frames: [:]), cells: [:]))
    #expect(throws: EncodingError.self) { try message.jsonData() }
  }
}

extension WebMessageJSONTextTests {
  @Test("an error's text, as a transport sends it before a close, is an error message")
  func errorText() throws {
    for message in Self.edgeStrings {
      let text = WebServerMessage.errorText(message)
      #expect(try WebServerMessage(jsonData: Data(text.utf8)) == .error(message: message))
    }
    #expect(
      WebBinaryMessages.reply(toBinaryMessageOf: 12)
        == #"{"message":"binary message of 12 bytes: messages are text frames","type":"error","v":1}"#
    )
  }
}
