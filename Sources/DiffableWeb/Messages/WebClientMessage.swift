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

/// A message from the browser to the Swift process: one JSON object in one
/// text frame, with `"v": 1` and a `"type"` (Documentation/Web.md, "From the
/// client").
///
/// ```json
/// {"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}}
/// {"v": 1, "type": "ack", "list": "main", "seq": 2}
/// {"v": 1, "type": "resync", "list": "main", "reason": "rule 4: ..."}
/// {"v": 1, "type": "ping", "id": 12}
/// ```
///
/// Decode one with ``init(jsonData:)``; decoding refuses an unknown type, a
/// version other than ``WebServerMessage/version``, a missing key and a key
/// the type does not have.
public enum WebClientMessage: Sendable, Hashable {
  /// The first message of every connection: the page is ready for a reload
  /// of every list, laid out for `viewport`.
  case ready(viewport: WebViewport)
  /// The page has applied the batch or reload `seq` of `list`, and finished
  /// animating it.
  case ack(list: String, seq: Int)
  /// The page asks for a reload of `list`, for `reason` (a refused batch, a
  /// sequence gap).
  case resync(list: String, reason: String)
  /// The page's heartbeat; the server answers with a `pong` of the same
  /// `id`.
  case ping(id: Int)

  /// The values of `"type"`, in the order an error message lists them.
  public static let types = ["ready", "ack", "resync", "ping"]

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
    try WebServerMessage._encoder.encode(self)
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

extension WebClientMessage: Codable {
  enum _ReadyKeys: String, CodingKey, CaseIterable { case v, type, viewport }
  enum _AckKeys: String, CodingKey, CaseIterable { case v, type, list, seq }
  enum _ResyncKeys: String, CodingKey, CaseIterable { case v, type, list, reason }
  enum _PingKeys: String, CodingKey, CaseIterable { case v, type, id }

  /// Encodes the message's object, with `"v": 1` and its `"type"`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .ready(let viewport):
      var container = encoder.container(keyedBy: _ReadyKeys.self)
      try container.encode(WebServerMessage.version, forKey: .v)
      try container.encode("ready", forKey: .type)
      try container.encode(viewport, forKey: .viewport)
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
    }
  }

  /// Decodes a message of any client type, as its `"type"` says.
  ///
  /// - Throws: `DecodingError` when `"v"` is not 1, `"type"` is not one of
  ///   ``types``, a key is missing or unknown, or `seq` is negative.
  public init(from decoder: any Decoder) throws {
    let type = try WebServerMessage._checkHeader(in: decoder)
    switch type {
    case "ready":
      let container = try decoder._object(_ReadyKeys.self)
      self = .ready(viewport: try container.decode(WebViewport.self, forKey: .viewport))
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
