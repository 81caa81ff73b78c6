import InternalJSONCoding

/// A two-dimensional affine transform on the wire: `[a, b, c, d, tx, ty]`,
/// the matrix `[a b 0; c d 0; tx ty 1]` of `LayoutTransform`, which the page
/// applies about the centre of the cell's box as CSS
/// `matrix(a, b, c, d, tx, ty)`.
public struct WebTransform: Sendable, Hashable {
  /// The matrix's entries.
  public var a: Double
  /// The matrix's entries.
  public var b: Double
  /// The matrix's entries.
  public var c: Double
  /// The matrix's entries.
  public var d: Double
  /// The translation along x, in CSS pixels.
  public var tx: Double
  /// The translation along y, in CSS pixels.
  public var ty: Double

  /// Creates a transform from its matrix's entries.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing: `[1, 0, 0, 1, 0, 0]`.
  public static let identity = WebTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// How a section's `visibleItemsInvalidationHandler` left one cell: what
/// the page draws it with, on top of its frame in the layout.
///
/// ```json
/// {"alpha": 0.8, "hidden": false, "transform": [0.8, 0, 0, 0.8, 0, 0], "zIndex": 0}
/// ```
///
/// `frame` is there only when the handler moved or resized the cell: the
/// frame it left, in the coordinates of the layout's frames (a band's cells
/// unscrolled).
public struct WebVisibleItem: Sendable, Hashable {
  /// The opacity, from 0 (transparent) to 1.
  public var alpha: Double
  /// The transform, applied about the centre of the cell's frame.
  public var transform: WebTransform
  /// The stacking order among the cells; higher draws above.
  public var zIndex: Int
  /// Whether the cell is hidden.
  public var isHidden: Bool
  /// The frame the handler gave the cell, when it is not the layout's.
  public var frame: WebRect?

  /// Creates a cell's visible attributes.
  public init(
    alpha: Double = 1, transform: WebTransform = .identity, zIndex: Int = 0,
    isHidden: Bool = false, frame: WebRect? = nil
  ) {
    self.alpha = alpha
    self.transform = transform
    self.zIndex = zIndex
    self.isHidden = isHidden
    self.frame = frame
  }
}

/// The `visible` message: what the `visibleItemsInvalidationHandler`s of a
/// list's sections left for the cells displayed, after the page scrolled a
/// band or the list, or the layout changed.
///
/// ```json
/// {"v": 1, "type": "visible", "list": "main", "seq": 4,
///  "items": {"apple": {"alpha": 1, "hidden": false,
///                      "transform": [0.8, 0, 0, 0.8, 0, 0], "zIndex": 0}}}
/// ```
///
/// Only sections that have a handler are in it, and only the cells whose
/// attributes changed since the last `visible` message of the list (or
/// since its reload): a cell whose attributes went back to the defaults
/// (alpha 1, identity, zIndex 0, shown, the layout's frame) is sent with
/// them, and the page then forgets it. A list none of whose sections has a
/// handler is never sent one. ``seq`` is the sequence number of the list's
/// last reload or batch: a page that shows another one ignores the message.
public struct WebVisibleMessage: Sendable, Hashable {
  /// The value of the message's `"type"`.
  public static let type = "visible"

  /// The list the message is for.
  public var list: String
  /// The sequence number of the list's last reload or batch sent.
  public var seq: Int
  /// The attributes of each cell that changed, keyed by the item's
  /// ``WebIdentifier/text``.
  public var items: [String: WebVisibleItem]

  /// Creates a visible message.
  public init(list: String, seq: Int, items: [String: WebVisibleItem]) {
    self.list = list
    self.seq = seq
    self.items = items
  }
}

extension WebTransform: Decodable {
  /// Decodes a transform written `[a, b, c, d, tx, ty]`.
  ///
  /// - Throws: `DecodingError` unless it is six finite numbers.
  public init(from decoder: any Decoder) throws {
    let values = try _numbers(decoder, count: 6, "a transform")
    self.init(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
  }
}

extension WebVisibleItem: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case alpha, frame, hidden, transform, zIndex
  }

  /// Decodes a cell's visible attributes.
  ///
  /// - Throws: `DecodingError` when a key other than `frame` is missing, a
  ///   key is unknown, `alpha` is not between 0 and 1, or the transform or
  ///   frame is malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let alpha = try container.decode(Double.self, forKey: .alpha)
    guard alpha >= 0, alpha <= 1 else {
      throw DecodingError.dataCorruptedError(
        forKey: .alpha, in: container, debugDescription: "alpha \(alpha) is not between 0 and 1")
    }
    self.init(
      alpha: alpha, transform: try container.decode(WebTransform.self, forKey: .transform),
      zIndex: try container.decode(Int.self, forKey: .zIndex),
      isHidden: try container.decode(Bool.self, forKey: .hidden),
      frame: try container.decodeIfPresent(WebRect.self, forKey: .frame))
  }
}

extension WebVisibleMessage: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case v, type, list, seq, items
  }

  /// Decodes a visible message.
  ///
  /// - Throws: `DecodingError` when the version or type is wrong, a key is
  ///   missing or unknown, `seq` is negative, or an item's attributes are
  ///   malformed.
  public init(from decoder: any Decoder) throws {
    _ = try WebServerMessage._checkHeader(in: decoder, expecting: Self.type)
    let container = try decoder._object(_CodingKeys.self)
    let byText = try container.nestedContainer(keyedBy: _AnyKey.self, forKey: .items)
    var items: [String: WebVisibleItem] = [:]
    for key in byText.allKeys {
      items[key.stringValue] = try byText.decode(WebVisibleItem.self, forKey: key)
    }
    self.init(
      list: try container.decode(String.self, forKey: .list), seq: try container._count(.seq),
      items: items)
  }
}
