public import Foundation

// The JSON form of layout descriptions (see the layout spec): keys named
// after the Swift properties, enumerations as one-key objects, points and
// rectangles as arrays. Decoding rejects unknown keys and impossible values
// with the coding path, which `CompositionalLayout.decode(json:)` renders as
// a JSON path.

// MARK: - Helpers

struct _Key: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ s: String) { stringValue = s }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

typealias _Keyed = KeyedDecodingContainer<_Key>
typealias _KeyedOut = KeyedEncodingContainer<_Key>

extension KeyedDecodingContainer where Key == _Key {
  /// Throws when the object has a key outside `allowed`.
  func only(_ allowed: [String]) throws {
    for key in allKeys where !allowed.contains(key.stringValue) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription:
          "unknown key '\(key.stringValue)'; expected one of \(allowed.joined(separator: ", "))")
    }
  }

  /// The single key of a one-key object, which must be one of `cases`.
  func single(_ cases: [String], _ what: String) throws -> _Key {
    try only(cases)
    guard allKeys.count == 1, let key = allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription:
            "\(what) must be an object with exactly one of the keys \(cases.joined(separator: ", "))"
        ))
    }
    return key
  }

  func value<T: Decodable>(_ name: String, _ type: T.Type = T.self) throws -> T {
    try decode(T.self, forKey: _Key(name))
  }

  func optional<T: Decodable>(_ name: String, _ type: T.Type = T.self) throws -> T? {
    try decodeIfPresent(T.self, forKey: _Key(name))
  }

  func length(_ name: String, allowNegative: Bool = false) throws -> CGFloat {
    let v = try decode(CGFloat.self, forKey: _Key(name))
    try check(v, name, allowNegative: allowNegative)
    return v
  }

  func check(_ v: CGFloat, _ name: String, allowNegative: Bool) throws {
    if !v.isFinite || (!allowNegative && v < 0) {
      throw DecodingError.dataCorruptedError(
        forKey: _Key(name), in: self,
        debugDescription: "\(v) is not a \(allowNegative ? "finite" : "non-negative finite") number"
      )
    }
  }

  func point(_ name: String) throws -> CGPoint? {
    guard let a = try decodeIfPresent([CGFloat].self, forKey: _Key(name)) else { return nil }
    guard a.count == 2, a.allSatisfy(\.isFinite) else {
      throw DecodingError.dataCorruptedError(
        forKey: _Key(name), in: self, debugDescription: "expected a point [x, y]")
    }
    return CGPoint(x: a[0], y: a[1])
  }
}

extension KeyedEncodingContainer where Key == _Key {
  mutating func put<T: Encodable>(_ value: T, _ name: String) throws {
    try encode(value, forKey: _Key(name))
  }
  mutating func put(point: CGPoint, _ name: String) throws {
    try encode([point.x, point.y], forKey: _Key(name))
  }
}

// MARK: - Values

extension LayoutDimension: Codable {
  static let _cases = [
    "fractionalWidth", "fractionalHeight", "absolute", "estimated", "uniformAcrossSiblings",
  ]

  /// Decodes a ``LayoutDimension`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    let key = try c.single(Self._cases, "a dimension")
    let v = try c.length(key.stringValue)
    switch key.stringValue {
    case "fractionalWidth": self = .fractionalWidth(v)
    case "fractionalHeight": self = .fractionalHeight(v)
    case "absolute": self = .absolute(v)
    case "estimated": self = .estimated(v)
    default: self = .uniformAcrossSiblings(estimate: v)
    }
  }

  /// Encodes the ``LayoutDimension`` in its JSON form, the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    let name: String
    switch self {
    case .fractionalWidth: name = "fractionalWidth"
    case .fractionalHeight: name = "fractionalHeight"
    case .absolute: name = "absolute"
    case .estimated: name = "estimated"
    case .uniformAcrossSiblings: name = "uniformAcrossSiblings"
    }
    try c.put(dimension, name)
  }
}

extension LayoutSize: Codable {
  /// Decodes a ``LayoutSize`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["width", "height"])
    self.init(widthDimension: try c.value("width"), heightDimension: try c.value("height"))
  }

  /// Encodes the ``LayoutSize`` in its JSON form, the form the `diffable layout` command reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(widthDimension, "width")
    try c.put(heightDimension, "height")
  }
}

extension LayoutSpacing: Codable {
  /// Decodes a ``LayoutSpacing`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    let key = try c.single(["fixed", "flexible"], "a spacing")
    let v = try c.length(key.stringValue, allowNegative: true)
    self = key.stringValue == "fixed" ? .fixed(v) : .flexible(v)
  }

  /// Encodes the ``LayoutSpacing`` in its JSON form, the form the `diffable layout` command reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(spacing, isFlexibleSpacing ? "flexible" : "fixed")
  }
}

extension LayoutEdgeSpacing: Codable {
  /// Decodes a ``LayoutEdgeSpacing`` from its JSON form, refusing unknown keys and impossible
  /// values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["leading", "top", "trailing", "bottom"])
    self.init(
      leading: try c.optional("leading"), top: try c.optional("top"),
      trailing: try c.optional("trailing"), bottom: try c.optional("bottom"))
  }

  /// Encodes the ``LayoutEdgeSpacing`` in its JSON form, the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    if let leading { try c.put(leading, "leading") }
    if let top { try c.put(top, "top") }
    if let trailing { try c.put(trailing, "trailing") }
    if let bottom { try c.put(bottom, "bottom") }
  }
}

extension DirectionalEdgeInsets: Codable {
  /// Decodes a ``DirectionalEdgeInsets`` from its JSON form, refusing unknown keys and impossible
  /// values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["top", "leading", "bottom", "trailing"])
    func edge(_ name: String) throws -> CGFloat {
      guard c.contains(_Key(name)) else { return 0 }
      return try c.length(name, allowNegative: true)
    }
    self.init(
      top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
      trailing: try edge("trailing"))
  }

  /// Encodes the ``DirectionalEdgeInsets`` in its JSON form, the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(top, "top")
    try c.put(leading, "leading")
    try c.put(bottom, "bottom")
    try c.put(trailing, "trailing")
  }
}

extension DirectionalRectEdge: Codable {
  static let _names: [(String, DirectionalRectEdge)] = [
    ("top", .top), ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing),
  ]

  /// Decodes a ``DirectionalRectEdge`` from its JSON form, refusing unknown keys and impossible
  /// values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    var edges = DirectionalRectEdge()
    while !c.isAtEnd {
      let index = c.currentIndex
      let name = try c.decode(String.self)
      guard let edge = Self._names.first(where: { $0.0 == name })?.1 else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: c.codingPath + [_IndexKey(index)],
            debugDescription: "unknown edge '\(name)'; expected top, leading, bottom or trailing"))
      }
      edges.insert(edge)
    }
    self = edges
  }

  /// Encodes the ``DirectionalRectEdge`` in its JSON form, the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.unkeyedContainer()
    for (name, edge) in Self._names where contains(edge) { try c.encode(name) }
  }
}

/// An enumeration written as one of its raw string values.
protocol _StringEnum: RawRepresentable, CaseIterable, Codable where RawValue == String {}

extension _StringEnum {
  /// Decodes the value from its JSON string (one of the raw values), refusing unknown keys and
  /// impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    let raw = try c.decode(String.self)
    guard let value = Self(rawValue: raw) else {
      throw DecodingError.dataCorruptedError(
        in: c,
        debugDescription:
          "unknown value '\(raw)'; expected one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    self = value
  }

  /// Encodes the value as its JSON string (its raw value), the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }
}

extension RectAlignment: _StringEnum {}
extension OrthogonalScrollingBehavior: _StringEnum {}
extension ContentInsetsReference: _StringEnum {}
extension ScrollDirection: _StringEnum {}
extension ListConfiguration.Appearance: _StringEnum {}
extension ListConfiguration.HeaderMode: _StringEnum {}
extension ListConfiguration.FooterMode: _StringEnum {}

extension LayoutAnchor: Codable {
  /// Decodes a ``LayoutAnchor`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["edges", "fractionalOffset", "absoluteOffset"])
    let edges: DirectionalRectEdge = try c.value("edges")
    let fractional = try c.point("fractionalOffset")
    let absolute = try c.point("absoluteOffset")
    if fractional != nil && absolute != nil {
      throw DecodingError.dataCorruptedError(
        forKey: _Key("absoluteOffset"), in: c,
        debugDescription: "an anchor has either fractionalOffset or absoluteOffset, not both")
    }
    if let fractional {
      self.init(edges: edges, fractionalOffset: fractional)
    } else {
      self.init(edges: edges, absoluteOffset: absolute ?? .zero)
    }
  }

  /// Encodes the ``LayoutAnchor`` in its JSON form, the form the `diffable layout` command reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(edges, "edges")
    switch offset {
    case .absolute(let p): if p != .zero { try c.put(point: p, "absoluteOffset") }
    case .fractional(let p): try c.put(point: p, "fractionalOffset")
    }
  }
}

// MARK: - Elements

extension LayoutItem: Codable {
  /// Decodes a ``LayoutItem`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["layoutSize", "contentInsets", "edgeSpacing", "supplementaryItems"])
    self.init(
      layoutSize: try c.value("layoutSize"),
      supplementaryItems: try c.optional("supplementaryItems") ?? [],
      contentInsets: try c.optional("contentInsets") ?? .zero,
      edgeSpacing: try c.optional("edgeSpacing"))
  }

  /// Encodes the ``LayoutItem`` in its JSON form, the form the `diffable layout` command reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(layoutSize, "layoutSize")
    if contentInsets != .zero { try c.put(contentInsets, "contentInsets") }
    if let edgeSpacing { try c.put(edgeSpacing, "edgeSpacing") }
    if !supplementaryItems.isEmpty { try c.put(supplementaryItems, "supplementaryItems") }
  }
}

extension LayoutSubitem: Codable {
  /// Decodes a ``LayoutSubitem`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    let key = try c.single(["item", "group"], "a subitem")
    if key.stringValue == "item" {
      self = .item(try c.value("item"))
    } else {
      self = .group(try c.value("group"))
    }
  }

  /// Encodes the ``LayoutSubitem`` in its JSON form, the form the `diffable layout` command reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    switch self {
    case .item(let item): try c.put(item, "item")
    case .group(let group): try c.put(group, "group")
    }
  }
}

extension LayoutGroup: Codable {
  /// Decodes a ``LayoutGroup`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let outer = try decoder.container(keyedBy: _Key.self)
    let key = try outer.single(["horizontal", "vertical", "custom"], "a group")
    let c = try outer.nestedContainer(keyedBy: _Key.self, forKey: key)
    let layoutSize: LayoutSize = try c.value("layoutSize")
    if key.stringValue == "custom" {
      try c.only(["layoutSize", "frames", "contentInsets", "edgeSpacing", "supplementaryItems"])
      let raw: [[CGFloat]] = try c.value("frames")
      var frames: [CGRect] = []
      for (i, r) in raw.enumerated() {
        guard r.count == 4, r.allSatisfy(\.isFinite), r[2] >= 0, r[3] >= 0 else {
          var path = c.codingPath
          path.append(_Key("frames"))
          path.append(_IndexKey(i))
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: path,
              debugDescription: "expected a frame [x, y, width, height] with non-negative size"))
        }
        frames.append(CGRect(x: r[0], y: r[1], width: r[2], height: r[3]))
      }
      self = .custom(layoutSize: layoutSize, frames: frames)
    } else {
      try c.only([
        "layoutSize", "subitems", "count", "repeatingCount", "interItemSpacing", "contentInsets",
        "edgeSpacing", "supplementaryItems",
      ])
      let subitems: [LayoutSubitem] = try c.value("subitems")
      let count: Int? = try c.optional("count")
      let repeating: Int? = try c.optional("repeatingCount")
      var repetition = Repetition.fill
      if count != nil && repeating != nil {
        throw DecodingError.dataCorruptedError(
          forKey: _Key("repeatingCount"), in: c,
          debugDescription: "a group has either count or repeatingCount, not both")
      }
      if let n = count ?? repeating {
        let name = count != nil ? "count" : "repeatingCount"
        guard n > 0 else {
          throw DecodingError.dataCorruptedError(
            forKey: _Key(name), in: c, debugDescription: "\(name) must be positive, not \(n)")
        }
        guard subitems.count == 1 else {
          throw DecodingError.dataCorruptedError(
            forKey: _Key("subitems"), in: c,
            debugDescription:
              "a group with \(name) takes exactly one subitem, not \(subitems.count)")
        }
        repetition = count != nil ? .count(n) : .repeating(n)
      }
      self.init(
        layoutSize: layoutSize,
        arrangement: key.stringValue == "horizontal" ? .horizontal : .vertical,
        subitems: subitems, repetition: repetition)
      interItemSpacing = try c.optional("interItemSpacing")
    }
    contentInsets = try c.optional("contentInsets") ?? .zero
    edgeSpacing = try c.optional("edgeSpacing")
    supplementaryItems = try c.optional("supplementaryItems") ?? []
  }

  /// Encodes the ``LayoutGroup`` in its JSON form, the form the `diffable layout` command reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var outer = encoder.container(keyedBy: _Key.self)
    var c = outer.nestedContainer(keyedBy: _Key.self, forKey: _Key(arrangement.rawValue))
    try c.put(layoutSize, "layoutSize")
    if arrangement == .custom {
      guard let frames = customItemProvider?.frames else {
        throw EncodingError.invalidValue(
          self,
          .init(
            codingPath: c.codingPath,
            debugDescription: "a custom group with a closure item provider has no JSON form"))
      }
      try c.put(frames.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }, "frames")
    } else {
      try c.put(subitems, "subitems")
      switch repetition {
      case .fill: break
      case .count(let n): try c.put(n, "count")
      case .repeating(let n): try c.put(n, "repeatingCount")
      }
      if let interItemSpacing { try c.put(interItemSpacing, "interItemSpacing") }
    }
    if contentInsets != .zero { try c.put(contentInsets, "contentInsets") }
    if let edgeSpacing { try c.put(edgeSpacing, "edgeSpacing") }
    if !supplementaryItems.isEmpty { try c.put(supplementaryItems, "supplementaryItems") }
  }
}

struct _IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ i: Int) { intValue = i }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

extension LayoutSupplementaryItem: Codable {
  /// Decodes a ``LayoutSupplementaryItem`` from its JSON form, refusing unknown keys and impossible
  /// values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["layoutSize", "elementKind", "containerAnchor", "itemAnchor", "zIndex"])
    self.init(
      layoutSize: try c.value("layoutSize"), elementKind: try c.value("elementKind"),
      containerAnchor: try c.value("containerAnchor"), itemAnchor: try c.optional("itemAnchor"),
      zIndex: try c.optional("zIndex") ?? 1)
  }

  /// Encodes the ``LayoutSupplementaryItem`` in its JSON form, the form the `diffable layout`
  /// command reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(layoutSize, "layoutSize")
    try c.put(elementKind, "elementKind")
    try c.put(containerAnchor, "containerAnchor")
    if let itemAnchor { try c.put(itemAnchor, "itemAnchor") }
    try c.put(zIndex, "zIndex")
  }
}

extension LayoutBoundarySupplementaryItem: Codable {
  /// Decodes a ``LayoutBoundarySupplementaryItem`` from its JSON form, refusing unknown keys and
  /// impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only([
      "layoutSize", "elementKind", "alignment", "absoluteOffset", "extendsBoundary",
      "pinToVisibleBounds", "zIndex",
    ])
    self.init(
      layoutSize: try c.value("layoutSize"), elementKind: try c.value("elementKind"),
      alignment: try c.value("alignment"), absoluteOffset: try c.point("absoluteOffset") ?? .zero,
      extendsBoundary: try c.optional("extendsBoundary") ?? true,
      pinToVisibleBounds: try c.optional("pinToVisibleBounds") ?? false,
      zIndex: try c.optional("zIndex") ?? 1)
  }

  /// Encodes the ``LayoutBoundarySupplementaryItem`` in its JSON form, the form the `diffable
  /// layout` command reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(layoutSize, "layoutSize")
    try c.put(elementKind, "elementKind")
    try c.put(alignment, "alignment")
    if absoluteOffset != .zero { try c.put(point: absoluteOffset, "absoluteOffset") }
    try c.put(extendsBoundary, "extendsBoundary")
    try c.put(pinToVisibleBounds, "pinToVisibleBounds")
    try c.put(zIndex, "zIndex")
  }
}

extension LayoutDecorationItem: Codable {
  /// Decodes a ``LayoutDecorationItem`` from its JSON form, refusing unknown keys and impossible
  /// values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["elementKind", "contentInsets", "zIndex"])
    self.init(
      elementKind: try c.value("elementKind"),
      contentInsets: try c.optional("contentInsets") ?? .zero,
      zIndex: try c.optional("zIndex") ?? 0)
  }

  /// Encodes the ``LayoutDecorationItem`` in its JSON form, the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(elementKind, "elementKind")
    if contentInsets != .zero { try c.put(contentInsets, "contentInsets") }
    try c.put(zIndex, "zIndex")
  }
}

// MARK: - Sections and layouts

extension ListConfiguration.Metrics: Codable {
  static let _keys = [
    "rowEstimatedHeight", "headerEstimatedHeight", "footerEstimatedHeight", "horizontalInset",
    "sectionTopPadding", "sectionBottomPadding", "pinsHeadersAndFooters",
  ]

  /// Decodes metrics field by field over `base`.
  init(from decoder: any Decoder, over base: Self) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(Self._keys)
    func length(_ name: String, _ fallback: CGFloat) throws -> CGFloat {
      c.contains(_Key(name)) ? try c.length(name) : fallback
    }
    self.init(
      rowEstimatedHeight: try length("rowEstimatedHeight", base.rowEstimatedHeight),
      headerEstimatedHeight: try length("headerEstimatedHeight", base.headerEstimatedHeight),
      footerEstimatedHeight: try length("footerEstimatedHeight", base.footerEstimatedHeight),
      horizontalInset: try length("horizontalInset", base.horizontalInset),
      sectionTopPadding: try length("sectionTopPadding", base.sectionTopPadding),
      sectionBottomPadding: try length("sectionBottomPadding", base.sectionBottomPadding),
      pinsHeadersAndFooters: try c.optional("pinsHeadersAndFooters") ?? base.pinsHeadersAndFooters)
  }

  /// Decodes a ``ListConfiguration/Metrics`` from its JSON form, refusing unknown keys and
  /// impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, over: .standard(for: .plain))
  }

  /// Encodes the ``ListConfiguration/Metrics`` in its JSON form, the form the `diffable layout`
  /// command reads.
  ///
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(rowEstimatedHeight, "rowEstimatedHeight")
    try c.put(headerEstimatedHeight, "headerEstimatedHeight")
    try c.put(footerEstimatedHeight, "footerEstimatedHeight")
    try c.put(horizontalInset, "horizontalInset")
    try c.put(sectionTopPadding, "sectionTopPadding")
    try c.put(sectionBottomPadding, "sectionBottomPadding")
    try c.put(pinsHeadersAndFooters, "pinsHeadersAndFooters")
  }
}

extension ListConfiguration: Codable {
  /// Decodes a ``ListConfiguration`` from its JSON form, refusing unknown keys and impossible
  /// values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["appearance", "headerMode", "footerMode", "metrics"])
    let appearance: Appearance = try c.value("appearance")
    var metrics = Metrics.standard(for: appearance)
    if c.contains(_Key("metrics")) {
      metrics = try Metrics(from: try c.superDecoder(forKey: _Key("metrics")), over: metrics)
    }
    self.init(
      appearance: appearance, headerMode: try c.optional("headerMode") ?? .none,
      footerMode: try c.optional("footerMode") ?? .none, metrics: metrics)
  }

  /// Encodes the ``ListConfiguration`` in its JSON form, the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(appearance, "appearance")
    try c.put(headerMode, "headerMode")
    try c.put(footerMode, "footerMode")
    if metrics != .standard(for: appearance) { try c.put(metrics, "metrics") }
  }
}

extension LayoutSection: Codable {
  /// Decodes a ``LayoutSection`` from its JSON form, refusing unknown keys and impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    if c.contains(_Key("list")) {
      try c.only(["list"])
      self = .list(using: try c.value("list"))
      return
    }
    try c.only([
      "group", "contentInsets", "interGroupSpacing", "orthogonalScrollingBehavior",
      "boundarySupplementaryItems", "decorationItems", "contentInsetsReference",
      "supplementariesFollowContentInsets",
    ])
    self.init(group: try c.value("group"))
    contentInsets = try c.optional("contentInsets") ?? .zero
    if c.contains(_Key("interGroupSpacing")) {
      interGroupSpacing = try c.length("interGroupSpacing", allowNegative: true)
    }
    orthogonalScrollingBehavior = try c.optional("orthogonalScrollingBehavior") ?? .none
    boundarySupplementaryItems = try c.optional("boundarySupplementaryItems") ?? []
    decorationItems = try c.optional("decorationItems") ?? []
    contentInsetsReference = try c.optional("contentInsetsReference")
    supplementariesFollowContentInsets =
      try c.optional("supplementariesFollowContentInsets") ?? true
  }

  /// Encodes the ``LayoutSection`` in its JSON form, the form the `diffable layout` command reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    if let list = _listConfiguration, self == .list(using: list) {
      try c.put(list, "list")
      return
    }
    try c.put(group, "group")
    try c.put(contentInsets, "contentInsets")
    try c.put(interGroupSpacing, "interGroupSpacing")
    try c.put(orthogonalScrollingBehavior, "orthogonalScrollingBehavior")
    if !boundarySupplementaryItems.isEmpty {
      try c.put(boundarySupplementaryItems, "boundarySupplementaryItems")
    }
    if !decorationItems.isEmpty { try c.put(decorationItems, "decorationItems") }
    if let contentInsetsReference { try c.put(contentInsetsReference, "contentInsetsReference") }
    if !supplementariesFollowContentInsets {
      try c.put(false, "supplementariesFollowContentInsets")
    }
  }
}

extension CompositionalLayoutConfiguration: Codable {
  /// Decodes a ``CompositionalLayoutConfiguration`` from its JSON form, refusing unknown keys and
  /// impossible values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only([
      "scrollDirection", "interSectionSpacing", "boundarySupplementaryItems",
      "contentInsetsReference",
    ])
    self.init(
      scrollDirection: try c.optional("scrollDirection") ?? .vertical,
      interSectionSpacing: c.contains(_Key("interSectionSpacing"))
        ? try c.length("interSectionSpacing", allowNegative: true) : 0,
      boundarySupplementaryItems: try c.optional("boundarySupplementaryItems") ?? [],
      contentInsetsReference: try c.optional("contentInsetsReference") ?? .safeArea)
  }

  /// Encodes the ``CompositionalLayoutConfiguration`` in its JSON form, the form the `diffable
  /// layout` command reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(scrollDirection, "scrollDirection")
    try c.put(interSectionSpacing, "interSectionSpacing")
    if !boundarySupplementaryItems.isEmpty {
      try c.put(boundarySupplementaryItems, "boundarySupplementaryItems")
    }
    try c.put(contentInsetsReference, "contentInsetsReference")
  }
}

extension CompositionalLayout: Codable {
  /// Decodes a ``CompositionalLayout`` from its JSON form, refusing unknown keys and impossible
  /// values.
  ///
  /// - Throws: `DecodingError` at the coding path of the problem;
  ///   ``CompositionalLayout/decode(json:)`` turns it into a ``LayoutError``.
  /// - Complexity: O(*n*), where *n* is the size of the JSON.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: _Key.self)
    try c.only(["configuration", "sections"])
    let sections: [LayoutSection] = try c.value("sections")
    if sections.isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: _Key("sections"), in: c, debugDescription: "a layout needs at least one section")
    }
    self.init(sections: sections, configuration: try c.optional("configuration") ?? .init())
  }

  /// Encodes the ``CompositionalLayout`` in its JSON form, the form the `diffable layout` command
  /// reads.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _Key.self)
    try c.put(configuration, "configuration")
    guard let sections else {
      throw EncodingError.invalidValue(
        "sectionProvider",
        .init(codingPath: [], debugDescription: "a layout with a section provider has no JSON form")
      )
    }
    try c.put(sections, "sections")
  }

  /// Decodes a layout from its JSON form, reporting problems with the JSON path where they are.
  ///
  ///     try CompositionalLayout.decode(json: Data(#"{"sections": []}"#.utf8))
  ///     // throws "sections: a layout needs at least one section"
  ///
  /// - Throws: ``LayoutError``.
  /// - Complexity: O(*n*) in the size of the JSON.
  public static func decode(json: Data) throws(LayoutError) -> CompositionalLayout {
    do {
      return try JSONDecoder().decode(CompositionalLayout.self, from: json)
    } catch let error as DecodingError {
      throw LayoutError(decoding: error)
    } catch {
      throw LayoutError(path: "(root)", message: "\(error)")
    }
  }
}

extension LayoutError {
  /// An error at the coding path of a decoding error.
  init(decoding error: DecodingError) {
    func render(_ path: [any CodingKey]) -> String {
      var p = _Path.root
      for key in path {
        if let i = key.intValue { p = p.index(i) } else { p = p.key(key.stringValue) }
      }
      return p.rendered
    }
    switch error {
    case .keyNotFound(let key, let context):
      self.init(
        path: render(context.codingPath), message: "missing key '\(key.stringValue)'")
    case .typeMismatch(let type, let context):
      self.init(
        path: render(context.codingPath),
        message: "expected \(Self._jsonName(type)) (\(context.debugDescription))")
    case .valueNotFound(let type, let context):
      self.init(
        path: render(context.codingPath), message: "expected \(Self._jsonName(type)), found null")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        let detail = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
        self.init(path: "(root)", message: "invalid JSON: \(context.debugDescription)\(detail)")
      } else {
        self.init(path: render(context.codingPath), message: context.debugDescription)
      }
    @unknown default:
      self.init(path: "(root)", message: "\(error)")
    }
  }

  static func _jsonName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "a boolean"
    case is Int.Type, is CGFloat.Type, is Double.Type: return "a number"
    case is [Any].Type: return "an array"
    default:
      let name = "\(type)"
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") {
        return "an object"
      }
      return "a value of type \(name)"
    }
  }
}
