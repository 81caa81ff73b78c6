import DiffableCore
import Foundation
import InternalJSONCoding

/// A message from the Swift process to the browser: one JSON object in one
/// text frame, with `"v": 1` and a `"type"` (Documentation/Web.md,
/// "Messages").
///
/// Encode one with ``jsonData()``, the only encoder of server messages,
/// and decode one with ``init(jsonData:)`` or any `Decoder`.
public enum WebServerMessage: Sendable, Hashable {
  /// The whole list: the browser replaces what it holds.
  case reload(WebReloadMessage)
  /// One batch update, which the browser checks and animates.
  case batch(WebBatchMessage)
  /// A list's new layout after the page scrolled or resized it.
  case layout(WebLayoutMessage)
  /// What the sections' `visibleItemsInvalidationHandler`s left for the
  /// cells displayed, where it changed.
  case visible(WebVisibleMessage)
  /// The reply to a client message the server could not read or act on,
  /// naming what was wrong: `{"v": 1, "type": "error", "message": "..."}`.
  case error(message: String)
  /// The reply to a `ping`, with its `id`: `{"v": 1, "type": "pong", "id": 12}`.
  case pong(id: Int)
  /// The app scrolled `list` (``WebListView/scrollToItem(at:at:animated:)``):
  /// the page scrolls its list element to the offset `x`, `y` (finite, not
  /// negative), smoothly when `animated`:
  /// `{"v": 1, "type": "scroll", "list": "main", "x": 0, "y": 880, "animated": true}`.
  case scroll(list: String, x: Double, y: Double, animated: Bool)
  /// The reply to a `move` of the item of text `item` of `list` that the
  /// session did not make, saying why; the page puts the row back where
  /// it was: `{"v": 1, "type": "refused", "list": "main", "item": "apple",
  /// "reason": "..."}`. An accepted move is answered by the `batch` that
  /// makes it.
  case refused(list: String, item: String, reason: String)
  /// The app's text for the page's elements named `name`
  /// (``WebSession/setText(_:named:)``): the page sets the text of each
  /// element with `data-diffable-text="NAME"` to `text`, as text, never as
  /// markup: `{"v": 1, "type": "text", "name": "error", "text": "..."}`.
  case text(name: String, text: String)

  /// The message's `"type"`.
  var _typeName: String {
    switch self {
    case .reload: "reload"
    case .batch: "batch"
    case .layout: "layout"
    case .visible: "visible"
    case .error: "error"
    case .pong: "pong"
    case .scroll: "scroll"
    case .refused: "refused"
    case .text: "text"
    }
  }

  /// The version of the wire format, written as `"v"` in every message.
  public static let version = 1

  /// The message's JSON text, as UTF-8: compact, with object keys in
  /// ascending order, so that a message always has the same text.
  ///
  /// - Throws: `EncodingError` only if an identifier's JSON cannot be
  ///   written (a non-finite number).
  ///
  /// The text is in the form `JSONEncoder` writes with
  /// `[.sortedKeys, .withoutEscapingSlashes]`, written directly, at a cost
  /// that follows the length of the text (24× faster than `JSONEncoder` on
  /// a reload, 44× on a batch, when messages were also `Encodable`).
  public func jsonData() throws -> Data {
    var writer = _JSONWriter()
    try _write(to: &writer)
    return Data(writer.bytes)
  }

  /// The JSON text of an `error` message saying `message`: what a
  /// transport without close reasons on the wire sends before a close.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `message`.
  public static func errorText(_ message: String) -> String {
    do {
      return String(decoding: try Self.error(message: message).jsonData(), as: UTF8.self)
    } catch {
      _diffableFailure("WebServerMessage.errorText(_:)", "cannot encode an error: \(error)")
    }
  }

  /// Decodes a message from its JSON text.
  ///
  /// - Throws: `DecodingError` when the text is not JSON, the version is not
  ///   ``version``, the type is unknown, or the message does not have the
  ///   form its type requires. The error's coding path and description say
  ///   where and what.
  public init(jsonData: Data) throws {
    self = try JSONDecoder().decode(Self.self, from: jsonData)
  }
}

extension WebServerMessage: Decodable {
  enum _HeaderKeys: String, CodingKey, CaseIterable {
    case v, type
  }
  enum _ErrorKeys: String, CodingKey, CaseIterable { case v, type, message }
  enum _PongKeys: String, CodingKey, CaseIterable { case v, type, id }
  enum _ScrollKeys: String, CodingKey, CaseIterable { case v, type, list, x, y, animated }
  enum _RefusedKeys: String, CodingKey, CaseIterable { case v, type, list, item, reason }
  enum _TextKeys: String, CodingKey, CaseIterable { case v, type, name, text }

  /// Decodes a message of either type, as its `"type"` says.
  ///
  /// - Throws: `DecodingError` when `"v"` is not 1, `"type"` is not
  ///   `"reload"`, `"batch"`, `"layout"`, `"visible"`, `"error"`, `"pong"`,
  ///   `"scroll"`, `"refused"` or `"text"`, or the message is malformed for its type
  ///   (a scroll's offset negative or not finite).
  public init(from decoder: any Decoder) throws {
    let type = try Self._checkHeader(in: decoder)
    switch type {
    case WebReloadMessage.type: self = .reload(try WebReloadMessage(from: decoder))
    case WebBatchMessage.type: self = .batch(try WebBatchMessage(from: decoder))
    case WebLayoutMessage.type: self = .layout(try WebLayoutMessage(from: decoder))
    case WebVisibleMessage.type: self = .visible(try WebVisibleMessage(from: decoder))
    case "error":
      let container = try decoder._object(_ErrorKeys.self)
      self = .error(message: try container.decode(String.self, forKey: .message))
    case "pong":
      let container = try decoder._object(_PongKeys.self)
      self = .pong(id: try container.decode(Int.self, forKey: .id))
    case "scroll":
      let container = try decoder._object(_ScrollKeys.self)
      var offset: [Double] = []
      for key in [_ScrollKeys.x, .y] {
        let value = try container.decode(Double.self, forKey: key)
        guard value.isFinite, value >= 0 else {
          throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "\(key.stringValue) \(value) is not a finite, non-negative offset")
        }
        offset.append(value)
      }
      self = .scroll(
        list: try container.decode(String.self, forKey: .list), x: offset[0], y: offset[1],
        animated: try container.decode(Bool.self, forKey: .animated))
    case "refused":
      let container = try decoder._object(_RefusedKeys.self)
      self = .refused(
        list: try container.decode(String.self, forKey: .list),
        item: try container.decode(String.self, forKey: .item),
        reason: try container.decode(String.self, forKey: .reason))
    case "text":
      let container = try decoder._object(_TextKeys.self)
      self = .text(
        name: try container.decode(String.self, forKey: .name),
        text: try container.decode(String.self, forKey: .text))
    default:
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath + [_HeaderKeys.type],
          debugDescription:
            "unknown message type \(String(reflecting: type)); expected one of "
            + "\(WebReloadMessage.type), \(WebBatchMessage.type), \(WebLayoutMessage.type), "
            + "\(WebVisibleMessage.type), error, pong, scroll, refused, text"))
    }
  }

  /// Reads `"v"` and `"type"`, refusing any version but ``version``, and
  /// returns the type.
  static func _checkHeader(in decoder: any Decoder, expecting expected: String? = nil) throws
    -> String
  {
    let container = try decoder.container(keyedBy: _HeaderKeys.self)
    let version = try container.decode(Int.self, forKey: .v)
    guard version == Self.version else {
      throw DecodingError.dataCorruptedError(
        forKey: .v, in: container,
        debugDescription: "unsupported message version \(version); expected \(Self.version)")
    }
    let type = try container.decode(String.self, forKey: .type)
    if let expected, type != expected {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription:
          "expected a message of type \(String(reflecting: expected)), "
          + "found \(String(reflecting: type))")
    }
    return type
  }
}
