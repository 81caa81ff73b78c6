import Foundation
import InternalJSONCoding

/// The size of the browser's viewport, in CSS pixels, as `ready` reports it.
public struct WebViewport: Sendable, Hashable {
  /// The viewport's width.
  public var width: Double
  /// The viewport's height.
  public var height: Double

  /// Creates a viewport size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A list element's size and scroll offset, in CSS pixels, as the page
/// reports them in `ready` and `viewport`.
public struct WebListViewport: Sendable, Hashable {
  /// The list element's width.
  public var width: Double
  /// The list element's height.
  public var height: Double
  /// How far the list is scrolled to the right.
  public var x: Double
  /// How far the list is scrolled down.
  public var y: Double
  /// Which way the page is scrolling along the list's scroll direction, as
  /// a `viewport` message says: 1 toward the end, -1 toward the start, 0
  /// (not written) still. The list's window reaches one visible length
  /// further that way, so that the cells come before they are in view.
  public var ahead: Int

  /// Creates a list's size and scroll offset.
  public init(width: Double, height: Double, x: Double = 0, y: Double = 0, ahead: Int = 0) {
    self.width = width
    self.height = height
    self.x = x
    self.y = y
    self.ahead = ahead
  }
}

/// A change of a control of the page: the search field's text, say.
public struct WebInput: Sendable, Hashable {
  /// The control's name, from the page (`data-diffable-input`).
  public var name: String
  /// The control's value.
  public var value: String

  /// Creates an input event.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A message from the browser to the Swift process: one JSON object in one
/// text frame, with `"v": 1` and a `"type"` (Documentation/Web.md, "From the
/// client").
///
/// ```json
/// {"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}}
/// {"v": 1, "type": "ack", "list": "main", "seq": 2}
/// {"v": 1, "type": "resync", "list": "main", "reason": "rule 4: ..."}
/// {"v": 1, "type": "ping", "id": 12}
/// {"v": 1, "type": "viewport", "list": "main", "width": 390, "height": 600, "x": 0, "y": 880}
/// {"v": 1, "type": "input", "name": "search", "value": "kings"}
/// {"v": 1, "type": "tap", "list": "main", "item": "apple"}
/// {"v": 1, "type": "action", "list": "main", "item": "apple", "name": "add"}
/// {"v": 1, "type": "measure", "list": "main", "sizes": {"apple": [390, 61.5]}}
/// {"v": 1, "type": "band", "list": "main", "section": "food", "offset": 120}
/// {"v": 1, "type": "move", "list": "main", "item": "apple", "section": "food", "before": "pear"}
/// ```
///
/// Decode one with ``init(jsonData:)``; decoding refuses an unknown type, a
/// version other than ``WebServerMessage/version``, a missing key and a key
/// the type does not have.
public enum WebClientMessage: Sendable, Hashable {
  /// The first message of every connection: the page is ready for a reload
  /// of every list. `lists` gives the size and scroll offset of each list
  /// element, by list name; a list not named is laid out in `viewport`,
  /// unscrolled.
  case ready(viewport: WebViewport, lists: [String: WebListViewport] = [:])
  /// The page has applied the batch or reload `seq` of `list`, and finished
  /// animating it.
  case ack(list: String, seq: Int)
  /// The page asks for a reload of `list`, for `reason` (a refused batch, a
  /// sequence gap).
  case resync(list: String, reason: String)
  /// The page's heartbeat; the server answers with a `pong` of the same
  /// `id`.
  case ping(id: Int)
  /// The list element `list` was resized or scrolled.
  case viewport(list: String, WebListViewport)
  /// A control of the page changed.
  case input(WebInput)
  /// The page's user clicked the cell of the item whose
  /// ``WebIdentifier/text`` is `item`.
  case tap(list: String, item: String)
  /// The page's user tapped the control named `name` (its `data-action`)
  /// in the cell of the item whose ``WebIdentifier/text`` is `item`: a
  /// button or link of the cell's template (``WebCell/Template``).
  case action(list: String, item: String, name: String)
  /// The page measured the cells of items of `list` whose sizes are
  /// estimated: `sizes` maps an item's ``WebIdentifier/text`` to the size
  /// of its content, in CSS pixels. At most ``maximumMeasuredItems``
  /// entries, each length finite, not negative and at most
  /// ``maximumMeasuredLength``.
  case measure(list: String, sizes: [String: WebSize])
  /// The page's user scrolled the band of the orthogonal section whose
  /// ``WebIdentifier/text`` is `section` to `offset` CSS pixels along the
  /// band (finite, not negative). The page sends at most one per band per
  /// animation frame.
  case band(list: String, section: String, offset: Double)
  /// The page's user dropped the row of the item whose
  /// ``WebIdentifier/text`` is `item` (or pressed Alt+Up or Alt+Down on
  /// it) into the section of text `section`, just before the item of text
  /// `before`, or at the section's end when `before` is `nil` (`null` or
  /// no key). Items are named, not index paths, so that a batch crossing
  /// the message on the wire cannot make it name another place.
  case move(list: String, item: String, section: String, before: String?)

  /// The values of `"type"`, in the order an error message lists them.
  public static let types = [
    "ready", "ack", "resync", "ping", "viewport", "input", "tap", "action", "measure", "band",
    "move",
  ]

  /// The most entries a `measure` message may have: 1,000.
  public static let maximumMeasuredItems = 1_000

  /// The longest length a `measure` message may report, in CSS pixels:
  /// 100,000.
  public static let maximumMeasuredLength = 100_000.0

  /// Decodes a message from its JSON text.
  ///
  /// - Throws: `DecodingError` when the text is not JSON, the version is not
  ///   ``WebServerMessage/version``, the type is unknown, or the message does
  ///   not have the form its type requires.
  public init(jsonData: Data) throws {
    self = try JSONDecoder().decode(Self.self, from: jsonData)
  }

  /// The message's JSON text, as UTF-8, with object keys in ascending order.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}

extension WebViewport: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case width, height
  }

  /// Encodes the viewport as `{"width": ..., "height": ...}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }

  /// Decodes a viewport.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, or a size
  ///   is negative or not finite.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    func size(_ key: _CodingKeys) throws -> Double {
      let value = try container.decode(Double.self, forKey: key)
      guard value.isFinite, value >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "\(key.stringValue) \(value) is not a finite, non-negative size")
      }
      return value
    }
    self.init(width: try size(.width), height: try size(.height))
  }
}

extension WebListViewport: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case width, height, x, y
  }

  /// Encodes the size and offset as `{"width", "height", "x", "y"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try _encode(into: &container)
  }

  func _encode<Key>(into container: inout KeyedEncodingContainer<Key>) throws {
    try container.encode(width, forKey: Key(stringValue: "width")!)
    try container.encode(height, forKey: Key(stringValue: "height")!)
    try container.encode(x, forKey: Key(stringValue: "x")!)
    try container.encode(y, forKey: Key(stringValue: "y")!)
    if ahead != 0, let key = Key(stringValue: "ahead") {
      try container.encode(ahead, forKey: key)
    }
  }

  /// Decodes a list's size and offset.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, a size is
  ///   negative or not finite, or an offset is not finite.
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder._object(_CodingKeys.self))
  }

  /// Reads `width`, `height`, `x` and `y` from an object whose keys were
  /// checked.
  init<Key>(from container: KeyedDecodingContainer<Key>) throws {
    func number(_ name: String, size: Bool) throws -> Double {
      let key = Key(stringValue: name)!
      let value = try container.decode(Double.self, forKey: key)
      guard value.isFinite, !size || value >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: size
            ? "\(name) \(value) is not a finite, non-negative size"
            : "\(name) \(value) is not a finite offset")
      }
      return value
    }
    var ahead = 0
    if let key = Key(stringValue: "ahead"), container.contains(key) {
      ahead = try container.decode(Int.self, forKey: key)
      guard (-1...1).contains(ahead) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "ahead \(ahead) is not -1, 0 or 1")
      }
    }
    self.init(
      width: try number("width", size: true), height: try number("height", size: true),
      x: try number("x", size: false), y: try number("y", size: false), ahead: ahead)
  }
}

extension WebClientMessage: Codable {
  enum _ReadyKeys: String, CodingKey, CaseIterable { case v, type, viewport, lists }
  enum _AckKeys: String, CodingKey, CaseIterable { case v, type, list, seq }
  enum _ResyncKeys: String, CodingKey, CaseIterable { case v, type, list, reason }
  enum _PingKeys: String, CodingKey, CaseIterable { case v, type, id }
  enum _ViewportKeys: String, CodingKey, CaseIterable {
    case v, type, list, width, height, x, y, ahead
  }
  enum _InputKeys: String, CodingKey, CaseIterable { case v, type, name, value }
  enum _TapKeys: String, CodingKey, CaseIterable { case v, type, list, item }
  enum _ActionKeys: String, CodingKey, CaseIterable { case v, type, list, item, name }
  enum _MeasureKeys: String, CodingKey, CaseIterable { case v, type, list, sizes }
  enum _BandKeys: String, CodingKey, CaseIterable { case v, type, list, section, offset }
  enum _MoveKeys: String, CodingKey, CaseIterable { case v, type, list, item, section, before }

  /// Encodes the message's object, with `"v": 1` and its `"type"`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .ready(let viewport, let lists):
      var container = encoder.container(keyedBy: _ReadyKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("ready", forKey: .type)
      try container.encode(viewport, forKey: .viewport)
      try container._encode(byName: lists, forKey: .lists)
    case .ack(let list, let seq):
      var container = encoder.container(keyedBy: _AckKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("ack", forKey: .type)
      try container.encode(list, forKey: .list)
      try container.encode(seq, forKey: .seq)
    case .resync(let list, let reason):
      var container = encoder.container(keyedBy: _ResyncKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("resync", forKey: .type)
      try container.encode(list, forKey: .list)
      try container.encode(reason, forKey: .reason)
    case .ping(let id):
      var container = encoder.container(keyedBy: _PingKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("ping", forKey: .type)
      try container.encode(id, forKey: .id)
    case .viewport(let list, let viewport):
      var container = encoder.container(keyedBy: _ViewportKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("viewport", forKey: .type)
      try container.encode(list, forKey: .list)
      try viewport._encode(into: &container)
    case .input(let input):
      var container = encoder.container(keyedBy: _InputKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("input", forKey: .type)
      try container.encode(input.name, forKey: .name)
      try container.encode(input.value, forKey: .value)
    case .tap(let list, let item):
      var container = encoder.container(keyedBy: _TapKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("tap", forKey: .type)
      try container.encode(list, forKey: .list)
      try container.encode(item, forKey: .item)
    case .action(let list, let item, let name):
      var container = encoder.container(keyedBy: _ActionKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("action", forKey: .type)
      try container.encode(list, forKey: .list)
      try container.encode(item, forKey: .item)
      try container.encode(name, forKey: .name)
    case .measure(let list, let sizes):
      var container = encoder.container(keyedBy: _MeasureKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("measure", forKey: .type)
      try container.encode(list, forKey: .list)
      try container._encode(byName: sizes, forKey: .sizes)
    case .band(let list, let section, let offset):
      var container = encoder.container(keyedBy: _BandKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("band", forKey: .type)
      try container.encode(list, forKey: .list)
      try container.encode(section, forKey: .section)
      try container.encode(offset, forKey: .offset)
    case .move(let list, let item, let section, let before):
      var container = encoder.container(keyedBy: _MoveKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("move", forKey: .type)
      try container.encode(list, forKey: .list)
      try container.encode(item, forKey: .item)
      try container.encode(section, forKey: .section)
      try container.encode(before, forKey: .before)
    }
  }

  /// Decodes a message of any client type, as its `"type"` says.
  ///
  /// - Throws: `DecodingError` when `"v"` is not 1, `"type"` is not one of
  ///   ``types``, a key is missing or unknown, `seq` is negative, a size
  ///   or offset is out of range (a band's offset negative or not finite),
  ///   or a `measure` has more than ``maximumMeasuredItems`` entries.
  public init(from decoder: any Decoder) throws {
    let type = try WebServerMessage._checkHeader(in: decoder)
    switch type {
    case "ready":
      let container = try decoder._object(_ReadyKeys.self)
      let byName = try container.nestedContainer(keyedBy: _AnyKey.self, forKey: .lists)
      var lists: [String: WebListViewport] = [:]
      for key in byName.allKeys {
        lists[key.stringValue] = try byName.decode(WebListViewport.self, forKey: key)
      }
      self = .ready(
        viewport: try container.decode(WebViewport.self, forKey: .viewport), lists: lists)
    case "ack":
      let container = try decoder._object(_AckKeys.self)
      self = .ack(
        list: try container.decode(String.self, forKey: .list), seq: try container._count(.seq))
    case "resync":
      let container = try decoder._object(_ResyncKeys.self)
      self = .resync(
        list: try container.decode(String.self, forKey: .list),
        reason: try container.decode(String.self, forKey: .reason))
    case "ping":
      let container = try decoder._object(_PingKeys.self)
      self = .ping(id: try container.decode(Int.self, forKey: .id))
    case "viewport":
      let container = try decoder._object(_ViewportKeys.self)
      self = .viewport(
        list: try container.decode(String.self, forKey: .list),
        try WebListViewport(from: container))
    case "input":
      let container = try decoder._object(_InputKeys.self)
      self = .input(
        WebInput(
          name: try container.decode(String.self, forKey: .name),
          value: try container.decode(String.self, forKey: .value)))
    case "tap":
      let container = try decoder._object(_TapKeys.self)
      self = .tap(
        list: try container.decode(String.self, forKey: .list),
        item: try container.decode(String.self, forKey: .item))
    case "action":
      let container = try decoder._object(_ActionKeys.self)
      self = .action(
        list: try container.decode(String.self, forKey: .list),
        item: try container.decode(String.self, forKey: .item),
        name: try container.decode(String.self, forKey: .name))
    case "measure":
      let container = try decoder._object(_MeasureKeys.self)
      self = .measure(
        list: try container.decode(String.self, forKey: .list),
        sizes: try Self._measuredSizes(container))
    case "band":
      let container = try decoder._object(_BandKeys.self)
      let offset = try container.decode(Double.self, forKey: .offset)
      guard offset.isFinite, offset >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .offset, in: container,
          debugDescription: "offset \(offset) is not a finite, non-negative offset")
      }
      self = .band(
        list: try container.decode(String.self, forKey: .list),
        section: try container.decode(String.self, forKey: .section), offset: offset)
    case "move":
      let container = try decoder._object(_MoveKeys.self)
      self = .move(
        list: try container.decode(String.self, forKey: .list),
        item: try container.decode(String.self, forKey: .item),
        section: try container.decode(String.self, forKey: .section),
        before: try container.decodeIfPresent(String.self, forKey: .before))
    default:
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath + [WebServerMessage._HeaderKeys.type],
          debugDescription:
            "unknown message type \(String(reflecting: type)); expected one of "
            + Self.types.joined(separator: ", ")))
    }
  }
}

extension WebClientMessage {
  /// Reads the `sizes` of a `measure` message: at most
  /// ``maximumMeasuredItems`` of them, each length finite, not negative and
  /// at most ``maximumMeasuredLength``.
  static func _measuredSizes(_ container: KeyedDecodingContainer<_MeasureKeys>) throws
    -> [String: WebSize]
  {
    let byText = try container.nestedContainer(keyedBy: _AnyKey.self, forKey: .sizes)
    let keys = byText.allKeys
    guard keys.count <= maximumMeasuredItems else {
      throw DecodingError.dataCorruptedError(
        forKey: .sizes, in: container,
        debugDescription:
          "measure has \(keys.count) sizes; at most \(maximumMeasuredItems) are allowed")
    }
    var sizes: [String: WebSize] = [:]
    for key in keys {
      let size = try byText.decode(WebSize.self, forKey: key)
      for length in [size.width, size.height]
      where !(length >= 0 && length <= maximumMeasuredLength) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: byText,
          debugDescription:
            "size [\(size.width), \(size.height)] is not between 0 and "
            + "\(Int(maximumMeasuredLength)) on both axes")
      }
      sizes[key.stringValue] = size
    }
    return sizes
  }
}
