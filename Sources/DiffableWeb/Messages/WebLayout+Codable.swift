import InternalJSONCoding

// A layout value codes as one JSON object with every key present
// (Documentation/Web.md, "Layout"): rectangles as `[x, y, width, height]`,
// sizes as `[width, height]`, a pin range as `[min, max]` or `null`.

/// Reads `count` finite numbers from an unkeyed container that must hold
/// exactly that many; `what` names the value in an error.
func _numbers(_ decoder: any Decoder, count: Int, _ what: String) throws -> [Double] {
  var container = try decoder.unkeyedContainer()
  var values: [Double] = []
  while !container.isAtEnd {
    let value = try container.decode(Double.self)
    guard value.isFinite else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(what) has a number that is not finite")
    }
    values.append(value)
  }
  guard values.count == count else {
    throw DecodingError.dataCorrupted(
      .init(
        codingPath: decoder.codingPath,
        debugDescription: "\(what) has \(values.count) numbers; expected \(count)"))
  }
  return values
}

extension WebRect: Codable {
  /// Encodes the rectangle as `[x, y, width, height]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(x)
    try container.encode(y)
    try container.encode(width)
    try container.encode(height)
  }

  /// Decodes a rectangle written `[x, y, width, height]`.
  ///
  /// - Throws: `DecodingError` unless it is four finite numbers.
  public init(from decoder: any Decoder) throws {
    let n = try _numbers(decoder, count: 4, "a rectangle")
    self.init(x: n[0], y: n[1], width: n[2], height: n[3])
  }
}

extension WebSize: Codable {
  /// Encodes the size as `[width, height]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(width)
    try container.encode(height)
  }

  /// Decodes a size written `[width, height]`.
  ///
  /// - Throws: `DecodingError` unless it is two finite numbers.
  public init(from decoder: any Decoder) throws {
    let n = try _numbers(decoder, count: 2, "a size")
    self.init(width: n[0], height: n[1])
  }
}

extension WebLayout: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case size, frames, supplementaries, bands, estimated, unmoved, shifted, geometry, rows
    case patterns
  }

  /// Decodes a layout value.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, or a
  ///   rectangle, size, supplementary, band or estimated axis is malformed,
  ///   or ``unmoved`` and ``shifted`` name an item twice or one that
  ///   `frames` has.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let frames = try container.nestedContainer(keyedBy: _AnyKey.self, forKey: .frames)
    var byText: [String: WebRect] = [:]
    for key in frames.allKeys {
      byText[key.stringValue] = try frames.decode(WebRect.self, forKey: key)
    }
    var estimated: [String: WebEstimatedAxes] = [:]
    if container.contains(.estimated) {
      let sections = try container.nestedContainer(keyedBy: _AnyKey.self, forKey: .estimated)
      for key in sections.allKeys {
        estimated[key.stringValue] = try sections.decode(WebEstimatedAxes.self, forKey: key)
      }
    }
    let unmoved = try container.decodeIfPresent([String].self, forKey: .unmoved) ?? []
    let shifted = try container.decodeIfPresent([WebShift].self, forKey: .shifted) ?? []
    var seen = Set<String>()
    for (key, texts) in [(_CodingKeys.unmoved, unmoved)] + shifted.map({ (.shifted, $0.items) }) {
      for text in texts where !seen.insert(text).inserted || byText[text] != nil {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "item \(String(reflecting: text)) is "
            + (byText[text] != nil ? "also in frames" : "named twice"))
      }
    }
    self.init(
      size: try container.decode(WebSize.self, forKey: .size), frames: byText,
      supplementaries: try container.decode([WebSupplementary].self, forKey: .supplementaries),
      bands: try container.decode([WebBand].self, forKey: .bands), estimated: estimated,
      unmoved: unmoved, shifted: shifted,
      geometry: try container.decodeIfPresent(WebGeometry.self, forKey: .geometry),
      rows: try container.decodeIfPresent(WebRows.self, forKey: .rows),
      patterns: try container.decodeIfPresent([WebItemPattern].self, forKey: .patterns))
  }
}

extension WebPoint: Codable {
  /// Encodes the point as `[x, y]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(x)
    try container.encode(y)
  }

  /// Decodes `[x, y]`.
  ///
  /// - Throws: `DecodingError` unless it is two finite numbers.
  public init(from decoder: any Decoder) throws {
    let n = try _numbers(decoder, count: 2, "a point")
    self.init(x: n[0], y: n[1])
  }
}

extension WebItemPattern: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case section, count, origin, step, slots
  }

  /// Decodes `{"section", "count", "origin", "step", "slots"}`.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, `count`
  ///   is negative, or `slots` is empty or has a negative length.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let slots = try container.decode([WebRect].self, forKey: .slots)
    guard !slots.isEmpty, slots.allSatisfy({ $0.width >= 0 && $0.height >= 0 }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .slots, in: container,
        debugDescription: "a pattern has at least one slot, none of negative size")
    }
    self.init(
      section: try container.decode(String.self, forKey: .section),
      count: try container._count(.count),
      origin: try container.decode(WebPoint.self, forKey: .origin),
      step: try container.decode(WebPoint.self, forKey: .step), slots: slots)
  }
}

extension WebGeometry: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case groups, sections
  }

  /// Decodes `{"groups": {...}, "sections": {...}}`, each a map of text to
  /// rectangle.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, or a
  ///   rectangle is malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    func rects(_ key: _CodingKeys) throws -> [String: WebRect] {
      let values = try container.nestedContainer(keyedBy: _AnyKey.self, forKey: key)
      var result: [String: WebRect] = [:]
      for name in values.allKeys {
        result[name.stringValue] = try values.decode(WebRect.self, forKey: name)
      }
      return result
    }
    self.init(groups: try rects(.groups), sections: try rects(.sections))
  }
}

extension WebShift: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case by, items
  }

  /// Decodes a group of shifted items.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, or `by` is
  ///   not two finite numbers.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let by = try _numbers(container.superDecoder(forKey: .by), count: 2, "an offset")
    self.init(
      dx: by[0], dy: by[1], items: try container.decode([String].self, forKey: .items))
  }
}

extension WebSupplementary: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case kind, section, index, frame, pin, cell
  }

  /// Decodes a supplementary view.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, `index` is
  ///   negative, or `pin` is not `null` or two ascending numbers.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    var pin: ClosedRange<Double>?
    if try !container.decodeNil(forKey: .pin) {
      let bounds = try container.decode(WebSize.self, forKey: .pin)
      guard bounds.width <= bounds.height else {
        throw DecodingError.dataCorruptedError(
          forKey: .pin, in: container,
          debugDescription: "pin [\(bounds.width), \(bounds.height)] is not ascending")
      }
      pin = bounds.width...bounds.height
    }
    self.init(
      kind: try container.decode(String.self, forKey: .kind),
      section: try container.decode(String.self, forKey: .section),
      index: try container._count(.index),
      frame: try container.decode(WebRect.self, forKey: .frame),
      pin: pin, cell: try container.decode(WebCell.self, forKey: .cell))
  }
}

extension WebBand: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case section, frame, contentWidth, rests
  }

  /// Decodes a band.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, or a value
  ///   is malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    self.init(
      section: try container.decode(String.self, forKey: .section),
      frame: try container.decode(WebRect.self, forKey: .frame),
      contentWidth: try container.decode(Double.self, forKey: .contentWidth),
      rests: try container.decode([Double].self, forKey: .rests))
  }
}

extension WebRows: Decodable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case count, items, supplementaries
  }

  /// Decodes `{"count": 92, "items": {...}, "supplementaries": [...]}`.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    self.init(
      count: try container.decode(Int.self, forKey: .count),
      items: try container.decode([String: Int].self, forKey: .items),
      supplementaries: try container.decode([Int].self, forKey: .supplementaries))
  }
}
