import Foundation
import InternalJSONCoding

// The JSON form of items, groups and their supplementary and decoration
// items. How every `+Codable` file codes is noted once, in
// Internal/_JSONCoding.swift.

extension LayoutItem: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case layoutSize, contentInsets, edgeSpacing, supplementaryItems
  }

  /// Decodes an item written `{"layoutSize": ...}`, with optional insets, edge spacing and
  /// supplementary items.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      layoutSize: try c.decode(LayoutSize.self, forKey: .layoutSize),
      supplementaryItems: try c.decodeIfPresent(
        [LayoutSupplementaryItem].self, forKey: .supplementaryItems) ?? [],
      contentInsets: try c.decodeIfPresent(DirectionalEdgeInsets.self, forKey: .contentInsets)
        ?? .zero,
      edgeSpacing: try c.decodeIfPresent(LayoutEdgeSpacing.self, forKey: .edgeSpacing))
  }

  /// Encodes the item as an object of its properties, leaving out zero insets and an empty list.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(layoutSize, forKey: .layoutSize)
    if contentInsets != .zero { try c.encode(contentInsets, forKey: .contentInsets) }
    try c.encodeIfPresent(edgeSpacing, forKey: .edgeSpacing)
    if !supplementaryItems.isEmpty { try c.encode(supplementaryItems, forKey: .supplementaryItems) }
  }
}

extension LayoutSubitem: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case item, group
  }

  /// Decodes a subitem written `{"item": {...}}` or `{"group": {...}}`.
  public init(from decoder: any Decoder) throws {
    let (c, key) = try decoder._oneKeyObject(_CodingKeys.self, "a subitem")
    switch key {
    case .item: self = .item(try c.decode(LayoutItem.self, forKey: .item))
    case .group: self = .group(try c.decode(LayoutGroup.self, forKey: .group))
    }
  }

  /// Encodes the subitem as `{"item": {...}}` or `{"group": {...}}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    switch self {
    case .item(let item): try c.encode(item, forKey: .item)
    case .group(let group): try c.encode(group, forKey: .group)
    }
  }
}

extension LayoutGroup: Codable {
  /// The one key of a group object: its arrangement.
  enum _ArrangementKeys: String, CodingKey, CaseIterable {
    case horizontal, vertical, custom
  }

  /// The keys of the object inside: a custom group has `frames` and no
  /// subitems, the others have subitems and no frames.
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case layoutSize, subitems, count, repeatingCount, interItemSpacing, frames
    case contentInsets, edgeSpacing, supplementaryItems

    static let custom = allCases.filter {
      ![.subitems, .count, .repeatingCount, .interItemSpacing].contains($0)
    }
    static let stack = allCases.filter { $0 != .frames }
  }

  /// Decodes a group written `{"horizontal": {...}}`, `{"vertical": {...}}` or `{"custom": {...}}`.
  public init(from decoder: any Decoder) throws {
    let (outer, key) = try decoder._oneKeyObject(_ArrangementKeys.self, "a group")
    let inner = try outer.superDecoder(forKey: key)
    let c = try inner._object(
      _CodingKeys.self, allowing: key == .custom ? _CodingKeys.custom : _CodingKeys.stack)
    let layoutSize = try c.decode(LayoutSize.self, forKey: .layoutSize)
    if key == .custom {
      let raw = try c.decode([[CGFloat]].self, forKey: .frames)
      var frames: [CGRect] = []
      for (i, r) in raw.enumerated() {
        guard r.count == 4, r.allSatisfy(\.isFinite), r[2] >= 0, r[3] >= 0 else {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: c.codingPath + [_CodingKeys.frames, _IndexKey(i)],
              debugDescription: "expected a frame [x, y, width, height] with non-negative size"))
        }
        if let problem = r.lazy.compactMap(_lengthProblem).first {
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: c.codingPath + [_CodingKeys.frames, _IndexKey(i)],
              debugDescription: problem))
        }
        frames.append(CGRect(x: r[0], y: r[1], width: r[2], height: r[3]))
      }
      self = .custom(layoutSize: layoutSize, frames: frames)
    } else {
      let subitems = try c.decode([LayoutSubitem].self, forKey: .subitems)
      let count = try c.decodeIfPresent(Int.self, forKey: .count)
      let repeating = try c.decodeIfPresent(Int.self, forKey: .repeatingCount)
      if count != nil && repeating != nil {
        throw DecodingError.dataCorruptedError(
          forKey: .repeatingCount, in: c,
          debugDescription: "a group has either count or repeatingCount, not both")
      }
      var repetition = Repetition.fill
      if let n = count ?? repeating {
        let countKey: _CodingKeys = count != nil ? .count : .repeatingCount
        let name = countKey.stringValue
        guard n > 0 else {
          throw DecodingError.dataCorruptedError(
            forKey: countKey, in: c, debugDescription: "\(name) must be positive, not \(n)")
        }
        let maximum = CompositionalLayout.maximumItemsPerGroup
        guard n <= maximum else {
          throw DecodingError.dataCorruptedError(
            forKey: countKey, in: c,
            debugDescription: "\(name) \(n) is more than the \(maximum) children a group may hold")
        }
        guard subitems.count == 1 else {
          throw DecodingError.dataCorruptedError(
            forKey: .subitems, in: c,
            debugDescription:
              "a group with \(name) takes exactly one subitem, not \(subitems.count)")
        }
        repetition = count != nil ? .count(n) : .repeating(n)
      }
      self.init(
        layoutSize: layoutSize, arrangement: key == .horizontal ? .horizontal : .vertical,
        subitems: subitems, repetition: repetition)
      interItemSpacing = try c.decodeIfPresent(LayoutSpacing.self, forKey: .interItemSpacing)
    }
    contentInsets =
      try c.decodeIfPresent(DirectionalEdgeInsets.self, forKey: .contentInsets) ?? .zero
    edgeSpacing = try c.decodeIfPresent(LayoutEdgeSpacing.self, forKey: .edgeSpacing)
    supplementaryItems =
      try c.decodeIfPresent([LayoutSupplementaryItem].self, forKey: .supplementaryItems) ?? []
  }

  /// Encodes the group under the key of its arrangement; a custom group with a closure item
  /// provider throws `EncodingError`.
  public func encode(to encoder: any Encoder) throws {
    var outer = encoder.container(keyedBy: _ArrangementKeys.self)
    let key: _ArrangementKeys =
      switch arrangement {
      case .horizontal: .horizontal
      case .vertical: .vertical
      case .custom: .custom
      }
    var c = outer.nestedContainer(keyedBy: _CodingKeys.self, forKey: key)
    try c.encode(layoutSize, forKey: .layoutSize)
    if arrangement == .custom {
      guard let frames = customItemProvider?.frames else {
        throw EncodingError.invalidValue(
          self,
          .init(
            codingPath: c.codingPath,
            debugDescription: "a custom group with a closure item provider has no JSON form"))
      }
      try c.encode(
        frames.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }, forKey: .frames)
    } else {
      try c.encode(subitems, forKey: .subitems)
      switch repetition {
      case .fill: break
      case .count(let n): try c.encode(n, forKey: .count)
      case .repeating(let n): try c.encode(n, forKey: .repeatingCount)
      }
      try c.encodeIfPresent(interItemSpacing, forKey: .interItemSpacing)
    }
    if contentInsets != .zero { try c.encode(contentInsets, forKey: .contentInsets) }
    try c.encodeIfPresent(edgeSpacing, forKey: .edgeSpacing)
    if !supplementaryItems.isEmpty { try c.encode(supplementaryItems, forKey: .supplementaryItems) }
  }
}

extension LayoutSupplementaryItem: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case layoutSize, elementKind, containerAnchor, itemAnchor, zIndex
  }

  /// Decodes a supplementary item: size, element kind and container anchor, with an optional item
  /// anchor and z-index.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      layoutSize: try c.decode(LayoutSize.self, forKey: .layoutSize),
      elementKind: try c.decode(String.self, forKey: .elementKind),
      containerAnchor: try c.decode(LayoutAnchor.self, forKey: .containerAnchor),
      itemAnchor: try c.decodeIfPresent(LayoutAnchor.self, forKey: .itemAnchor),
      zIndex: try c.decodeIfPresent(Int.self, forKey: .zIndex) ?? 1)
  }

  /// Encodes the supplementary item as an object of its properties.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(layoutSize, forKey: .layoutSize)
    try c.encode(elementKind, forKey: .elementKind)
    try c.encode(containerAnchor, forKey: .containerAnchor)
    try c.encodeIfPresent(itemAnchor, forKey: .itemAnchor)
    try c.encode(zIndex, forKey: .zIndex)
  }
}

extension LayoutBoundarySupplementaryItem: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case layoutSize, elementKind, alignment, absoluteOffset, extendsBoundary, pinToVisibleBounds
    case zIndex
  }

  /// Decodes a boundary supplementary item: size, element kind and alignment, with optional offset,
  /// flags and z-index.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      layoutSize: try c.decode(LayoutSize.self, forKey: .layoutSize),
      elementKind: try c.decode(String.self, forKey: .elementKind),
      alignment: try c.decode(RectAlignment.self, forKey: .alignment),
      absoluteOffset: try c._point(.absoluteOffset) ?? .zero,
      extendsBoundary: try c.decodeIfPresent(Bool.self, forKey: .extendsBoundary) ?? true,
      pinToVisibleBounds: try c.decodeIfPresent(Bool.self, forKey: .pinToVisibleBounds) ?? false,
      zIndex: try c.decodeIfPresent(Int.self, forKey: .zIndex) ?? 1)
  }

  /// Encodes the boundary supplementary item as an object of its properties, leaving out a zero
  /// offset.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(layoutSize, forKey: .layoutSize)
    try c.encode(elementKind, forKey: .elementKind)
    try c.encode(alignment, forKey: .alignment)
    if absoluteOffset != .zero { try c._encode(point: absoluteOffset, forKey: .absoluteOffset) }
    try c.encode(extendsBoundary, forKey: .extendsBoundary)
    try c.encode(pinToVisibleBounds, forKey: .pinToVisibleBounds)
    try c.encode(zIndex, forKey: .zIndex)
  }
}

extension LayoutDecorationItem: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case elementKind, contentInsets, zIndex
  }

  /// Decodes a decoration item: element kind, with optional insets and z-index.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      elementKind: try c.decode(String.self, forKey: .elementKind),
      contentInsets: try c.decodeIfPresent(DirectionalEdgeInsets.self, forKey: .contentInsets)
        ?? .zero,
      zIndex: try c.decodeIfPresent(Int.self, forKey: .zIndex) ?? 0)
  }

  /// Encodes the decoration item as an object of its properties, leaving out zero insets.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(elementKind, forKey: .elementKind)
    if contentInsets != .zero { try c.encode(contentInsets, forKey: .contentInsets) }
    try c.encode(zIndex, forKey: .zIndex)
  }
}
