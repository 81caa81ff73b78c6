import Foundation
import InternalJSONCoding

// The JSON form of dimensions, sizes, spacing, insets, edges, alignments and
// anchors. How every `+Codable` file codes is noted once, in
// Internal/_JSONCoding.swift.

extension LayoutDimension: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings
  }

  /// Decodes a dimension written as an object whose one key is its case: `{"absolute": 44}`.
  public init(from decoder: any Decoder) throws {
    let (c, key) = try decoder._oneKeyObject(_CodingKeys.self, "a dimension")
    let v = try c._length(key)
    switch key {
    case .fractionalWidth: self = .fractionalWidth(v)
    case .fractionalHeight: self = .fractionalHeight(v)
    case .absolute: self = .absolute(v)
    case .estimated: self = .estimated(v)
    case .uniformAcrossSiblings: self = .uniformAcrossSiblings(estimate: v)
    }
  }

  /// Encodes the dimension as an object whose one key is its case: `{"fractionalWidth": 0.5}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    let key: _CodingKeys =
      switch self {
      case .fractionalWidth: .fractionalWidth
      case .fractionalHeight: .fractionalHeight
      case .absolute: .absolute
      case .estimated: .estimated
      case .uniformAcrossSiblings: .uniformAcrossSiblings
      }
    try c.encode(dimension, forKey: key)
  }
}

extension LayoutSize: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case width, height
  }

  /// Decodes a size written `{"width": dimension, "height": dimension}`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      widthDimension: try c.decode(LayoutDimension.self, forKey: .width),
      heightDimension: try c.decode(LayoutDimension.self, forKey: .height))
  }

  /// Encodes the size as `{"width": dimension, "height": dimension}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(widthDimension, forKey: .width)
    try c.encode(heightDimension, forKey: .height)
  }
}

extension LayoutSpacing: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case fixed, flexible
  }

  /// Decodes a spacing written `{"fixed": 8}` or `{"flexible": 8}`.
  public init(from decoder: any Decoder) throws {
    let (c, key) = try decoder._oneKeyObject(_CodingKeys.self, "a spacing")
    let v = try c._length(key, allowNegative: true)
    self = key == .fixed ? .fixed(v) : .flexible(v)
  }

  /// Encodes the spacing as `{"fixed": 8}` or `{"flexible": 8}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(spacing, forKey: isFlexibleSpacing ? .flexible : .fixed)
  }
}

extension LayoutEdgeSpacing: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case leading, top, trailing, bottom
  }

  /// Decodes edge spacing written as an object of spacings keyed by edge, each optional.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      leading: try c.decodeIfPresent(LayoutSpacing.self, forKey: .leading),
      top: try c.decodeIfPresent(LayoutSpacing.self, forKey: .top),
      trailing: try c.decodeIfPresent(LayoutSpacing.self, forKey: .trailing),
      bottom: try c.decodeIfPresent(LayoutSpacing.self, forKey: .bottom))
  }

  /// Encodes the edge spacing as an object of the edges that have a spacing.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encodeIfPresent(leading, forKey: .leading)
    try c.encodeIfPresent(top, forKey: .top)
    try c.encodeIfPresent(trailing, forKey: .trailing)
    try c.encodeIfPresent(bottom, forKey: .bottom)
  }
}

extension DirectionalEdgeInsets: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case top, leading, bottom, trailing
  }

  /// Decodes insets written `{"top", "leading", "bottom", "trailing"}`; a missing edge is 0.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    func edge(_ key: _CodingKeys) throws -> CGFloat {
      try c._length(ifPresent: key, allowNegative: true) ?? 0
    }
    self.init(
      top: try edge(.top), leading: try edge(.leading), bottom: try edge(.bottom),
      trailing: try edge(.trailing))
  }

  /// Encodes the insets as `{"top", "leading", "bottom", "trailing"}`, all four edges.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(top, forKey: .top)
    try c.encode(leading, forKey: .leading)
    try c.encode(bottom, forKey: .bottom)
    try c.encode(trailing, forKey: .trailing)
  }
}

extension DirectionalRectEdge: Codable {
  /// The edges by name, in the order they are written.
  static let _names: KeyValuePairs<String, DirectionalRectEdge> = [
    "top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing,
  ]

  /// Decodes edges written as an array of names: `["top", "trailing"]`.
  public init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    var edges = DirectionalRectEdge()
    while !c.isAtEnd {
      let index = c.currentIndex
      let name = try c.decode(String.self)
      guard let edge = Self._names.first(where: { $0.key == name })?.value else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: c.codingPath + [_IndexKey(index)],
            debugDescription: "unknown edge '\(name)'; expected top, leading, bottom or trailing"))
      }
      edges.insert(edge)
    }
    self = edges
  }

  /// Encodes the edges as an array of names, in the order top, leading, bottom, trailing.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.unkeyedContainer()
    for (name, edge) in Self._names where contains(edge) { try c.encode(name) }
  }
}

extension RectAlignment: _StringEnum {}

extension LayoutAnchor: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case edges, fractionalOffset, absoluteOffset
  }

  /// Decodes an anchor written `{"edges": [...]}` with a `fractionalOffset` or an `absoluteOffset`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    let edges = try c.decode(DirectionalRectEdge.self, forKey: .edges)
    let fractional = try c._point(.fractionalOffset)
    let absolute = try c._point(.absoluteOffset)
    if fractional != nil && absolute != nil {
      throw DecodingError.dataCorruptedError(
        forKey: .absoluteOffset, in: c,
        debugDescription: "an anchor has either fractionalOffset or absoluteOffset, not both")
    }
    if let fractional {
      self.init(edges: edges, fractionalOffset: fractional)
    } else {
      self.init(edges: edges, absoluteOffset: absolute ?? .zero)
    }
  }

  /// Encodes the anchor as its edges and its offset, leaving out a zero absolute offset.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(edges, forKey: .edges)
    switch offset {
    case .absolute(let p): if p != .zero { try c._encode(point: p, forKey: .absoluteOffset) }
    case .fractional(let p): try c._encode(point: p, forKey: .fractionalOffset)
    }
  }
}
