import DiffableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes the JSON text of server messages straight into bytes, the only
/// encoder they have: in the form `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]` (the tests check it by
/// re-encoding), at a fraction of its cost (no containers, no boxing, no
/// dynamic casts).
///
/// - Objects are compact, their keys in ascending order of their UTF-8
///   bytes; the keys of the message types are written in that order by
///   hand, and maps keyed by item text are sorted.
/// - Strings escape `"`, `\`, `\b`, `\f`, `\n`, `\r`, `\t`, and other
///   control characters as `\u00xx`; everything else, `/` included, is
///   written as it is.
/// - An integer is written in decimal; a `Double` as its `description`,
///   without a trailing `.0` (`44`, `0.5`, `1e-07`, `1e+21`, `-0`). A
///   number that is not finite cannot be written: it throws
///   `EncodingError.invalidValue`, as `JSONEncoder` does.
struct _JSONWriter {
  /// The text written so far, as UTF-8.
  var bytes: [UInt8] = []

  /// A writer whose buffer holds `capacity` bytes before it grows.
  init(capacity: Int = 4_096) {
    bytes.reserveCapacity(capacity)
  }

  /// The text written, as a string.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `text` as it is: punctuation and keys known to need no escape.
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends one ASCII character.
  mutating func byte(_ character: Unicode.Scalar) {
    bytes.append(UInt8(ascii: character))
  }

  /// Appends `values` as a JSON array, each written by `element`.
  mutating func array<Value>(
    _ values: some Sequence<Value>, _ element: (inout _JSONWriter, Value) throws -> Void
  ) rethrows {
    byte("[")
    var first = true
    for value in values {
      if !first { byte(",") }
      first = false
      try element(&self, value)
    }
    byte("]")
  }

  /// Appends `[text, ...]`, each a JSON string literal.
  mutating func strings(_ texts: [String]) { array(texts) { $0.string($1) } }

  /// Appends `text` as a JSON string literal.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text` in UTF-8.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for (i, unit) in utf8.enumerated() where unit < 0x20 || unit == 0x22 || unit == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
        start = i + 1
        bytes.append(UInt8(ascii: "\\"))
        switch unit {
        case 0x22: bytes.append(UInt8(ascii: "\""))
        case 0x5C: bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
          let digits: StaticString = "0123456789abcdef"
          bytes.append(contentsOf: [
            UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
            digits.utf8Start[Int(unit >> 4)], digits.utf8Start[Int(unit & 0xF)],
          ])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `value` in decimal.
  mutating func integer(_ value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
    }
    var magnitude = value.magnitude
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var start = buffer.count
      while magnitude > 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
  }

  /// Appends `value` as `JSONEncoder` writes a `Double`.
  ///
  /// - Throws: `EncodingError.invalidValue` when `value` is not finite.
  mutating func number(_ value: Double) throws {
    // A whole number below 2^53 is written as an integer: its
    // `description` is the integer's digits and ".0".
    if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
      if value == 0, value.sign == .minus {
        raw("-0")
      } else {
        integer(Int(value))
      }
      return
    }
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        .init(
          codingPath: [], debugDescription: "Unable to encode Double.\(value) directly in JSON."))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends `values` as a JSON array of numbers.
  mutating func numbers(_ values: some Sequence<Double>) throws {
    try array(values) { try $0.number($1) }
  }

  /// Appends `values` as a JSON array of integers.
  mutating func integers(_ values: [Int]) { array(values) { $0.integer($1) } }

  /// Appends an item path as `[section, item]`.
  mutating func path(_ path: IndexPath) {
    byte("[")
    integer(path.section)
    byte(",")
    integer(path.item)
    byte("]")
  }

  /// Appends item paths as a JSON array of `[section, item]`.
  mutating func paths(_ paths: [IndexPath]) { array(paths) { $0.path($1) } }

  /// Appends moves as an array of `[from, to]` pairs, each end written by
  /// `end`.
  mutating func moves<Position>(
    _ moves: [BatchUpdate.Move<Position>], _ end: (inout _JSONWriter, Position) -> Void
  ) {
    byte("[")
    for (i, move) in moves.enumerated() {
      if i > 0 { byte(",") }
      byte("[")
      end(&self, move.from)
      byte(",")
      end(&self, move.to)
      byte("]")
    }
    byte("]")
  }

  /// Appends a map keyed by text as a JSON object, its keys in ascending
  /// order of their UTF-8 bytes.
  ///
  /// - Complexity: O(*n* log *n*) comparisons of keys, plus writing the
  ///   values, where *n* is the number of entries.
  mutating func object<Value>(
    _ members: [String: Value], _ write: (inout _JSONWriter, Value) throws -> Void
  ) rethrows {
    byte("{")
    // The keys' bytes are gathered into one buffer and the entries'
    // positions sorted by them: moving values through a sort, hashing each
    // key again, or comparing through `String.UTF8View` would each cost
    // more than the sort.
    let keys = members.keys
    var utf8: [UInt8] = []
    var order: [(start: Int, end: Int, index: [String: Value].Index)] = []
    order.reserveCapacity(members.count)
    for index in members.indices {
      let start = utf8.count
      utf8.append(contentsOf: keys[index].utf8)
      order.append((start, utf8.count, index))
    }
    utf8.withUnsafeBufferPointer { utf8 in
      order.sort { a, b in
        Self.precedes(
          UnsafeBufferPointer(rebasing: utf8[a.start..<a.end]),
          UnsafeBufferPointer(rebasing: utf8[b.start..<b.end]))
      }
    }
    for (i, entry) in order.enumerated() {
      if i > 0 { byte(",") }
      string(keys[entry.index])
      byte(":")
      try write(&self, members.values[entry.index])
    }
    byte("}")
  }

  /// Whether the bytes `a` come before the bytes `b`: the order
  /// `JSONEncoder` sorts keys in, their UTF-8 bytes'.
  static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    for i in 0..<Swift.min(a.count, b.count) where a[i] != b[i] {
      return a[i] < b[i]
    }
    return a.count < b.count
  }
}

// MARK: The values of the wire

extension _JSONValue {
  /// Writes the value as `JSONEncoder` writes it.
  func _write(to writer: inout _JSONWriter) throws {
    switch self {
    case .string(let string): writer.string(string)
    case .integer(let integer): writer.integer(integer)
    case .number(let number): try writer.number(number)
    case .bool(let bool): bool ? writer.raw("true") : writer.raw("false")
    case .null: writer.raw("null")
    case .array(let elements):
      writer.byte("[")
      for (i, element) in elements.enumerated() {
        if i > 0 { writer.byte(",") }
        try element._write(to: &writer)
      }
      writer.byte("]")
    case .object(let members):
      try writer.object(members) { writer, value in try value._write(to: &writer) }
    }
  }
}

extension WebIdentifier {
  func _write(to writer: inout _JSONWriter) throws {
    try _value._write(to: &writer)
  }
}

extension WebCell {
  /// Writes `{"accessories", "color", "fixed", "image", "indentation",
  /// "secondaryText", "template", "text"}`, leaving out what
  /// ``encode(to:)`` leaves out.
  func _write(to writer: inout _JSONWriter) {
    writer.byte("{")
    if !accessories.isEmpty {
      writer.raw(#""accessories":["#)
      for (i, accessory) in accessories.enumerated() {
        if i > 0 { writer.byte(",") }
        switch accessory {
        case .disclosure(let expanded):
          writer.raw(#"{"expanded":"#)
          expanded ? writer.raw("true") : writer.raw("false")
          writer.raw(#","type":"disclosure"}"#)
        case .switch(let isOn):
          writer.raw(#"{"on":"#)
          isOn ? writer.raw("true") : writer.raw("false")
          writer.raw(#","type":"switch"}"#)
        case .checkmark:
          writer.raw(#"{"type":"checkmark"}"#)
        case .badge(let text):
          writer.raw(#"{"text":"#)
          writer.string(text)
          writer.raw(#","type":"badge"}"#)
        }
      }
      writer.raw("],")
    }
    if let color {
      writer.raw(#""color":"#)
      writer.string(color.hex)
      writer.byte(",")
    }
    if _fixed { writer.raw(#""fixed":true,"#) }
    if let image {
      writer.raw(#""image":"#)
      writer.string(image)
      writer.byte(",")
    }
    if indentation != 0 {
      writer.raw(#""indentation":"#)
      writer.integer(indentation)
      writer.byte(",")
    }
    if let secondaryText {
      writer.raw(#""secondaryText":"#)
      writer.string(secondaryText)
      writer.byte(",")
    }
    if let template {
      writer.raw(#""template":{"fields":"#)
      writer.object(template.fields) { writer, field in
        switch field._value {
        case .text(let text):
          writer.string(text)
        case .image(let url, let description):
          writer.raw(#"{"description":"#)
          writer.string(description)
          writer.raw(#","image":"#)
          writer.string(url)
          writer.byte("}")
        case .link(let text, let url):
          writer.raw(#"{"link":"#)
          writer.string(url)
          writer.raw(#","text":"#)
          writer.string(text)
          writer.byte("}")
        }
      }
      writer.raw(#","name":"#)
      writer.string(template.name)
      writer.raw("},")
    }
    writer.raw(#""text":"#)
    writer.string(text)
    writer.byte("}")
  }
}

extension WebSection {
  /// Writes `{"id", "items"}`, or `{"id", "runs"}`.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"id":"#)
    try id._write(to: &writer)
    if let runs {
      writer.raw(#","runs":["#)
      for (i, run) in runs.enumerated() {
        writer.raw(i > 0 ? ",[" : "[")
        writer.integer(run.first)
        writer.byte(",")
        writer.integer(run.count)
        writer.byte("]")
      }
      writer.raw("]}")
      return
    }
    writer.raw(#","items":["#)
    for (i, item) in items.enumerated() {
      if i > 0 { writer.byte(",") }
      try item._write(to: &writer)
    }
    writer.raw("]}")
  }
}

extension WebRect {
  /// Writes `[x, y, width, height]`.
  func _write(to writer: inout _JSONWriter) throws {
    writer.byte("[")
    try writer.number(x)
    writer.byte(",")
    try writer.number(y)
    writer.byte(",")
    try writer.number(width)
    writer.byte(",")
    try writer.number(height)
    writer.byte("]")
  }
}

extension WebItemPattern {
  /// Writes `{"count", "origin", "section", "slots", "step"}`.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"count":"#)
    writer.integer(count)
    writer.raw(#","origin":"#)
    try writer.numbers([origin.x, origin.y])
    writer.raw(#","section":"#)
    writer.string(section)
    writer.raw(#","slots":"#)
    try writer.array(slots) { writer, slot in try slot._write(to: &writer) }
    writer.raw(#","step":"#)
    try writer.numbers([step.x, step.y])
    writer.byte("}")
  }
}

extension WebSize {
  /// Writes `[width, height]`.
  func _write(to writer: inout _JSONWriter) throws {
    try writer.numbers([width, height])
  }
}

extension WebTransform {
  /// Writes `[a, b, c, d, tx, ty]`.
  func _write(to writer: inout _JSONWriter) throws {
    try writer.numbers([a, b, c, d, tx, ty])
  }
}

extension WebVisibleItem {
  /// Writes `{"alpha", "frame", "hidden", "transform", "zIndex"}`, `frame`
  /// only when there is one.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"alpha":"#)
    try writer.number(alpha)
    if let frame {
      writer.raw(#","frame":"#)
      try frame._write(to: &writer)
    }
    writer.raw(#","hidden":"#)
    isHidden ? writer.raw("true") : writer.raw("false")
    writer.raw(#","transform":"#)
    try transform._write(to: &writer)
    writer.raw(#","zIndex":"#)
    writer.integer(zIndex)
    writer.byte("}")
  }
}

extension WebBand {
  /// Writes `{"contentWidth", "frame", "rests", "section"}`.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"contentWidth":"#)
    try writer.number(contentWidth)
    writer.raw(#","frame":"#)
    try frame._write(to: &writer)
    writer.raw(#","rests":"#)
    try writer.numbers(rests)
    writer.raw(#","section":"#)
    writer.string(section)
    writer.byte("}")
  }
}

extension WebShift {
  /// Writes `{"by": [dx, dy], "items"}`.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"by":"#)
    try writer.numbers([dx, dy])
    writer.raw(#","items":"#)
    writer.strings(items)
    writer.byte("}")
  }
}

extension WebSupplementary {
  /// Writes `{"cell", "frame", "index", "kind", "pin", "section"}`, `pin`
  /// `null` when the view is not pinned.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"cell":"#)
    cell._write(to: &writer)
    writer.raw(#","frame":"#)
    try frame._write(to: &writer)
    writer.raw(#","index":"#)
    writer.integer(index)
    writer.raw(#","kind":"#)
    writer.string(kind)
    writer.raw(#","pin":"#)
    if let pin {
      try writer.numbers([pin.lowerBound, pin.upperBound])
    } else {
      writer.raw("null")
    }
    writer.raw(#","section":"#)
    writer.string(section)
    writer.byte("}")
  }
}

extension WebLayout {
  /// Writes `{"bands", "estimated", "frames", "geometry", "patterns",
  /// "rows", "shifted", "size", "supplementaries", "unmoved"}`,
  /// `estimated`, `shifted` and `unmoved` only when they are not empty,
  /// `geometry`, `patterns` and `rows` only when there are.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"bands":"#)
    try writer.array(bands) { writer, band in try band._write(to: &writer) }
    if !estimated.isEmpty {
      writer.raw(#","estimated":"#)
      writer.object(estimated) { writer, axes in writer.string(axes.rawValue) }
    }
    writer.raw(#","frames":"#)
    try writer.object(frames) { writer, frame in try frame._write(to: &writer) }
    if let geometry {
      writer.raw(#","geometry":{"groups":"#)
      try writer.object(geometry.groups) { writer, frame in try frame._write(to: &writer) }
      writer.raw(#","sections":"#)
      try writer.object(geometry.sections) { writer, frame in try frame._write(to: &writer) }
      writer.byte("}")
    }
    if let patterns {
      writer.raw(#","patterns":"#)
      try writer.array(patterns) { writer, pattern in try pattern._write(to: &writer) }
    }
    if !shifted.isEmpty {
      writer.raw(#","shifted":"#)
      try writer.array(shifted) { writer, group in try group._write(to: &writer) }
    }
    if let rows {
      writer.raw(#","rows":{"count":"#)
      writer.integer(rows.count)
      writer.raw(#","items":"#)
      writer.object(rows.items) { $0.integer($1) }
      writer.raw(#","supplementaries":"#)
      writer.integers(rows.supplementaries)
      writer.byte("}")
    }
    writer.raw(#","size":"#)
    try size._write(to: &writer)
    writer.raw(#","supplementaries":"#)
    try writer.array(supplementaries) { writer, view in try view._write(to: &writer) }
    if !unmoved.isEmpty {
      writer.raw(#","unmoved":"#)
      writer.strings(unmoved)
    }
    writer.byte("}")
  }
}

extension BatchUpdate {
  /// Writes the update's nine lists, as its `encode(to:)` does (the form
  /// of `diffable diff`).
  func _write(to writer: inout _JSONWriter) {
    writer.raw(#"{"itemDeletes":"#)
    writer.paths(itemDeletes)
    writer.raw(#","itemInserts":"#)
    writer.paths(itemInserts)
    writer.raw(#","itemMoves":"#)
    writer.moves(itemMoves) { writer, path in writer.path(path) }
    writer.raw(#","itemReconfigures":"#)
    writer.paths(itemReconfigures)
    writer.raw(#","itemReloads":"#)
    writer.paths(itemReloads)
    writer.raw(#","sectionDeletes":"#)
    writer.integers(sectionDeletes)
    writer.raw(#","sectionInserts":"#)
    writer.integers(sectionInserts)
    writer.raw(#","sectionMoves":"#)
    writer.moves(sectionMoves) { writer, section in writer.integer(section) }
    writer.raw(#","sectionReloads":"#)
    writer.integers(sectionReloads)
    writer.byte("}")
  }
}

extension WebServerMessage {
  /// Writes the message's object.
  func _write(to writer: inout _JSONWriter) throws {
    switch self {
    case .reload(let message):
      Self._open(announcing: message.announce, to: &writer)
      writer.raw(#""cells":"#)
      writer.object(message.cells) { writer, cell in cell._write(to: &writer) }
      if let layout = message.layout {
        writer.raw(#","layout":"#)
        try layout._write(to: &writer)
      }
      writer.raw(#","list":"#)
      writer.string(message.list)
      if message.reorderable { writer.raw(#","reorderable":true"#) }
      writer.raw(#","sections":["#)
      for (i, section) in message.sections.enumerated() {
        if i > 0 { writer.byte(",") }
        try section._write(to: &writer)
      }
      writer.raw(message.selectable ? #"],"selectable":true,"seq":"# : #"],"seq":"#)
      writer.integer(message.seq)
      if message.showsChanges { writer.raw(#","showsChanges":true"#) }
      writer.raw(#","type":"reload","v":1}"#)
    case .batch(let message):
      Self._open(announcing: message.announce, to: &writer)
      writer.raw(#""cells":"#)
      writer.object(message.cells) { writer, cell in cell._write(to: &writer) }
      writer.raw(#","counts":"#)
      writer.integers(message.counts)
      writer.raw(#","insertedItems":["#)
      for (i, item) in message.insertedItems.enumerated() {
        if i > 0 { writer.byte(",") }
        if let item { try item._write(to: &writer) } else { writer.raw("null") }
      }
      writer.raw(#"],"insertedSections":"#)
      try Self._write(message.insertedSections, to: &writer)
      if let layout = message.layout {
        writer.raw(#","layout":"#)
        try layout._write(to: &writer)
      }
      writer.raw(#","list":"#)
      writer.string(message.list)
      writer.raw(#","reconfigured":"#)
      writer.object(message.reconfigured) { writer, cell in cell._write(to: &writer) }
      writer.raw(#","reloadedSections":"#)
      try Self._write(message.reloadedSections, to: &writer)
      writer.raw(#","seq":"#)
      writer.integer(message.seq)
      writer.raw(#","type":"batch","update":"#)
      message.update._write(to: &writer)
      writer.raw(#","v":1}"#)
    case .layout(let message):
      writer.raw(#"{"cells":"#)
      writer.object(message.cells) { writer, cell in cell._write(to: &writer) }
      writer.raw(#","layout":"#)
      try message.layout._write(to: &writer)
      writer.raw(#","list":"#)
      writer.string(message.list)
      writer.raw(#","seq":"#)
      writer.integer(message.seq)
      writer.raw(#","type":"layout","v":1}"#)
    case .visible(let message):
      writer.raw(#"{"items":"#)
      try writer.object(message.items) { writer, item in try item._write(to: &writer) }
      writer.raw(#","list":"#)
      writer.string(message.list)
      writer.raw(#","seq":"#)
      writer.integer(message.seq)
      writer.raw(#","type":"visible","v":1}"#)
    case .error(let message):
      writer.raw(#"{"message":"#)
      writer.string(message)
      writer.raw(#","type":"error","v":1}"#)
    case .pong(let id):
      writer.raw(#"{"id":"#)
      writer.integer(id)
      writer.raw(#","type":"pong","v":1}"#)
    case .scroll(let list, let x, let y, let animated):
      writer.raw(#"{"animated":"#)
      animated ? writer.raw("true") : writer.raw("false")
      writer.raw(#","list":"#)
      writer.string(list)
      writer.raw(#","type":"scroll","v":1,"x":"#)
      try writer.number(x)
      writer.raw(#","y":"#)
      try writer.number(y)
      writer.byte("}")
    case .refused(let list, let item, let reason):
      writer.raw(#"{"item":"#)
      writer.string(item)
      writer.raw(#","list":"#)
      writer.string(list)
      writer.raw(#","reason":"#)
      writer.string(reason)
      writer.raw(#","type":"refused","v":1}"#)
    case .page(let texts):
      try texts._write(to: &writer)
    }
  }

  /// Opens a reload's or batch's object: `{`, then `"announce": TEXT,`
  /// when there is one (the first key in byte order, before `"cells"`).
  static func _open(announcing announce: String?, to writer: inout _JSONWriter) {
    writer.byte("{")
    if let announce {
      writer.raw(#""announce":"#)
      writer.string(announce)
      writer.byte(",")
    }
  }

  /// Writes a list of sections, `null` for a missing one.
  static func _write(_ sections: [WebSection?], to writer: inout _JSONWriter) throws {
    writer.byte("[")
    for (i, section) in sections.enumerated() {
      if i > 0 { writer.byte(",") }
      if let section { try section._write(to: &writer) } else { writer.raw("null") }
    }
    writer.byte("]")
  }

  /// The message's JSON text: what ``jsonData()`` writes, as a string.
  ///
  /// - Throws: `EncodingError.invalidValue` when a number is not finite.
  /// - Complexity: O(*n* + *c* log *c*), where *n* is the length of the
  ///   text and *c* the largest number of entries of a map keyed by item
  ///   text (cells, frames).
  func _jsonText() throws -> String {
    var writer = _JSONWriter()
    try _write(to: &writer)
    return writer.text
  }
}

/// A value the writer writes: a server message or a value in one. Its
/// description is its JSON text.
protocol _JSONWritable {
  func _write(to writer: inout _JSONWriter) throws
}

extension _JSONWritable {
  /// The value's JSON text, for its `description`: the text it travels as,
  /// or, if a number in it is not finite, its type and the reason it has
  /// none.
  var _writtenDescription: String {
    var writer = _JSONWriter(capacity: 256)
    do {
      try _write(to: &writer)
      return writer.text
    } catch let EncodingError.invalidValue(_, context) {
      return "\(type(of: self)) (no JSON form: \(context.debugDescription))"
    } catch {
      return "\(type(of: self)) (no JSON form: \(error))"
    }
  }
}

extension WebServerMessage: _JSONWritable {}
extension WebLayout: _JSONWritable {}
extension WebBand: _JSONWritable {}
extension WebSupplementary: _JSONWritable {}
extension WebVisibleItem: _JSONWritable {}
extension WebTransform: _JSONWritable {}
