import InternalJSONCoding

/// The `layout` message: a list's new layout after the page scrolled or
/// resized it, with the cells of the items that came into its window.
///
/// ```json
/// {"v": 1, "type": "layout", "list": "main", "seq": 4,
///  "layout": {"size": [390, 12000], "frames": {"apple": [0, 880, 390, 44]},
///             "supplementaries": [], "bands": []},
///  "cells": {"apple": {"text": "Apple"}}}
/// ```
///
/// ``seq`` is the sequence number of the list's last reload or batch: a
/// page that shows another one (it refused a batch and waits for a reload)
/// ignores the message.
public struct WebLayoutMessage: Sendable, Hashable {
  /// The value of the message's `"type"`.
  public static let type = "layout"

  /// The list the message is for.
  public var list: String
  /// The sequence number of the list's last reload or batch sent.
  public var seq: Int
  /// The list's layout.
  public var layout: WebLayout
  /// A cell for each item of ``layout``'s frames that the page did not
  /// hold, keyed by the item's ``WebIdentifier/text``.
  public var cells: [String: WebCell]

  /// Creates a layout message.
  public init(list: String, seq: Int, layout: WebLayout, cells: [String: WebCell]) {
    self.list = list
    self.seq = seq
    self.layout = layout
    self.cells = cells
  }
}

extension WebLayoutMessage: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case v, type, list, seq, layout, cells
  }

  /// Decodes a layout message.
  ///
  /// - Throws: `DecodingError` when the version or type is wrong, a key is
  ///   missing or unknown, `seq` is negative, or the layout or a cell is
  ///   malformed.
  public init(from decoder: any Decoder) throws {
    _ = try WebServerMessage._checkHeader(in: decoder, expecting: Self.type)
    let container = try decoder._object(_CodingKeys.self)
    self.init(
      list: try container.decode(String.self, forKey: .list), seq: try container._count(.seq),
      layout: try container.decode(WebLayout.self, forKey: .layout),
      cells: try container._cells(.cells))
  }
}
