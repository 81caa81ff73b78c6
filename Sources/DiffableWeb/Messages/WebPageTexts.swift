import DiffableCore
import InternalJSONCoding

/// Lines a page shows in an element of its own, one `<li>` each, as text:
/// the steps of a batch, say. One line can be the current one and one the
/// one in error.
public struct WebPageLines: Sendable, Hashable {
  /// The lines' texts, in order.
  public var texts: [String]
  /// The index of the current line (`aria-current="step"`), if any.
  public var current: Int?
  /// The index of the line in error (`aria-invalid="true"`), if any.
  public var invalid: Int?

  /// Creates lines; `current` and `invalid` are indices into `texts`.
  ///
  /// - Precondition: `current` and `invalid` are `nil` or indices of
  ///   `texts`.
  public init(_ texts: [String], current: Int? = nil, invalid: Int? = nil) {
    for (name, index) in [("current", current), ("invalid", invalid)] {
      if let index, !texts.indices.contains(index) {
        _diffableFailure(
          "WebPageLines.init(_:current:invalid:)",
          "\(name) line \(index) is not an index of the \(texts.count) lines")
      }
    }
    self.texts = texts
    self.current = current
    self.invalid = invalid
  }
}

/// What a page shows besides its lists, as the app sets it on its
/// ``WebSession``: the text of elements, the values of controls, lines of
/// text. The page only ever writes them as text (`textContent`, a
/// control's `value`), never as HTML.
///
/// Each is keyed by a name the page's HTML gives its elements:
///
/// | set | on the page |
/// |---|---|
/// | ``texts`` | the text of each `[data-diffable-text=NAME]` element |
/// | ``values`` | the value of each `[data-diffable-input=NAME]` control |
/// | ``maxima`` | the `max` of each `[data-diffable-input=NAME]` control (a range, a number) |
/// | ``lines`` | the children of each `[data-diffable-lines=NAME]` element: one `<li data-NAME="K">` per line, K from 1 |
/// | ``listSizes`` | the size of the client area of the list element `[data-diffable-list=NAME]` |
///
/// On the wire, the `page` message carries what changed, and the whole of
/// it after each `ready`:
///
/// ```json
/// {"v": 1, "type": "page", "texts": {"error": ""}, "values": {"batch": "{...}"},
///  "maxima": {"step": 3}, "lines": {"step": {"texts": ["delete [0, 1]"], "current": 0}}}
/// ```
public struct WebPageTexts: Sendable, Hashable {
  /// The text of each `[data-diffable-text=NAME]` element, by name.
  public var texts: [String: String]
  /// The value of each `[data-diffable-input=NAME]` control, by name. The
  /// page does not send an `input` for a value it is given.
  public var values: [String: String]
  /// The `max` of each `[data-diffable-input=NAME]` control, by name.
  public var maxima: [String: Int]
  /// The lines of each `[data-diffable-lines=NAME]` element, by name.
  public var lines: [String: WebPageLines]
  /// The size of each list element (`[data-diffable-list=NAME]`), by the
  /// list's name: the width and height of its client area in pixels
  /// (inside the gutter of its scrollbar), in place of the style sheet's
  /// (a tool showing a list at a device's size).
  public var listSizes: [String: WebSize]

  /// Creates what a page shows besides its lists; nothing by default.
  public init(
    texts: [String: String] = [:], values: [String: String] = [:], maxima: [String: Int] = [:],
    lines: [String: WebPageLines] = [:], listSizes: [String: WebSize] = [:]
  ) {
    for name in lines.keys where !Self.isLinesName(name) {
      _diffableFailure(
        "WebPageTexts.init(texts:values:maxima:lines:)",
        "the lines name \(String(reflecting: name)) is not a lowercase attribute name "
          + "([a-z][a-z0-9-]*, at most 64 characters)")
    }
    self.texts = texts
    self.values = values
    self.maxima = maxima
    self.lines = lines
    self.listSizes = listSizes
  }

  /// Whether it sets nothing.
  public var isEmpty: Bool {
    texts.isEmpty && values.isEmpty && maxima.isEmpty && lines.isEmpty && listSizes.isEmpty
  }

  /// Takes every entry of `other`, replacing those of the same names.
  public mutating func merge(_ other: WebPageTexts) {
    texts.merge(other.texts) { $1 }
    values.merge(other.values) { $1 }
    maxima.merge(other.maxima) { $1 }
    lines.merge(other.lines) { $1 }
    listSizes.merge(other.listSizes) { $1 }
  }

  /// Whether `name` can name lines: the page writes it as an attribute
  /// name, `data-NAME`, on each line, so it is `[a-z][a-z0-9-]*`, at most 64
  /// characters.
  public static func isLinesName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 64,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
    else { return false }
    return bytes.allSatisfy {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
    }
  }
}

extension WebPageLines: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable { case texts, current, invalid }

  /// Decodes `{"texts": [...], "current": 2, "invalid": 0}`; `current` and
  /// `invalid` may be missing.
  ///
  /// - Throws: `DecodingError` for an unknown key, or an index that is not
  ///   one of the lines'.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let texts = try container.decode([String].self, forKey: .texts)
    var indices: [Int?] = []
    for key in [_CodingKeys.current, .invalid] {
      let index = try container.decodeIfPresent(Int.self, forKey: key)
      if let index, !texts.indices.contains(index) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "\(key.stringValue) \(index) is not the index of a line")
      }
      indices.append(index)
    }
    self.init(texts, current: indices[0], invalid: indices[1])
  }
}

extension WebPageTexts: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case v, type, texts, values, maxima, lines, listSizes
  }

  /// Decodes the body of a `page` message: the four maps of texts, values,
  /// maxima and lines, every key present, and `listSizes` when there are
  /// any.
  ///
  /// - Throws: `DecodingError` for a missing or unknown key, or a lines name
  ///   that is not ``isLinesName(_:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let lines = try container.decode([String: WebPageLines].self, forKey: .lines)
    if let name = lines.keys.first(where: { !Self.isLinesName($0) }) {
      throw DecodingError.dataCorruptedError(
        forKey: .lines, in: container,
        debugDescription: "the lines name \(String(reflecting: name)) is not [a-z][a-z0-9-]*")
    }
    self.init(
      texts: try container.decode([String: String].self, forKey: .texts),
      values: try container.decode([String: String].self, forKey: .values),
      maxima: try container.decode([String: Int].self, forKey: .maxima), lines: lines,
      listSizes: try container.decodeIfPresent([String: WebSize].self, forKey: .listSizes) ?? [:])
  }

  /// Writes the `page` message of these texts.
  func _write(to writer: inout _JSONWriter) throws {
    writer.raw(#"{"lines":"#)
    writer.object(lines) { writer, lines in
      if let current = lines.current {
        writer.raw(#"{"current":"#)
        writer.integer(current)
        writer.byte(",")
      } else {
        writer.byte("{")
      }
      if let invalid = lines.invalid {
        writer.raw(#""invalid":"#)
        writer.integer(invalid)
        writer.byte(",")
      }
      writer.raw(#""texts":"#)
      writer.strings(lines.texts)
      writer.byte("}")
    }
    if !listSizes.isEmpty {
      writer.raw(#","listSizes":"#)
      try writer.object(listSizes) { writer, size in try size._write(to: &writer) }
    }
    writer.raw(#","maxima":"#)
    writer.object(maxima) { $0.integer($1) }
    writer.raw(#","texts":"#)
    writer.object(texts) { $0.string($1) }
    writer.raw(#","type":"page","v":1,"values":"#)
    writer.object(values) { $0.string($1) }
    writer.byte("}")
  }
}
