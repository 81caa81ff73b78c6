import Foundation
import InternalJSONCoding

// The JSON form of list configurations. How every `+Codable` file codes is
// noted once, in Internal/_JSONCoding.swift.

extension ListConfiguration.Appearance: _StringEnum {}
extension ListConfiguration.HeaderMode: _StringEnum {}
extension ListConfiguration.FooterMode: _StringEnum {}

extension ListConfiguration.Metrics: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case rowEstimatedHeight, headerEstimatedHeight, footerEstimatedHeight, horizontalInset
    case sectionTopPadding, sectionBottomPadding, pinsHeadersAndFooters
  }

  /// Decodes metrics field by field over `base`: a field left out keeps
  /// `base`'s value.
  init(from decoder: any Decoder, over base: Self) throws {
    let c = try decoder._object(_CodingKeys.self)
    func length(_ key: _CodingKeys, _ fallback: CGFloat) throws -> CGFloat {
      try c._length(ifPresent: key) ?? fallback
    }
    func length(_ key: _CodingKeys, _ fallback: CGFloat?) throws -> CGFloat? {
      try c._length(ifPresent: key) ?? fallback
    }
    self.init(
      rowEstimatedHeight: try length(.rowEstimatedHeight, base.rowEstimatedHeight),
      headerEstimatedHeight: try length(.headerEstimatedHeight, base.headerEstimatedHeight),
      footerEstimatedHeight: try length(.footerEstimatedHeight, base.footerEstimatedHeight),
      horizontalInset: try length(.horizontalInset, base.horizontalInset),
      sectionTopPadding: try length(.sectionTopPadding, base.sectionTopPadding),
      sectionBottomPadding: try length(.sectionBottomPadding, base.sectionBottomPadding),
      pinsHeadersAndFooters: try c.decodeIfPresent(Bool.self, forKey: .pinsHeadersAndFooters)
        ?? base.pinsHeadersAndFooters)
  }

  /// Decodes metrics field by field over the plain list's: a field left out keeps its value.
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, over: .standard(for: .plain))
  }

  /// Encodes the metrics field by field, leaving out a `nil` horizontal inset.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(rowEstimatedHeight, forKey: .rowEstimatedHeight)
    try c.encode(headerEstimatedHeight, forKey: .headerEstimatedHeight)
    try c.encode(footerEstimatedHeight, forKey: .footerEstimatedHeight)
    try c.encodeIfPresent(horizontalInset, forKey: .horizontalInset)
    try c.encode(sectionTopPadding, forKey: .sectionTopPadding)
    try c.encode(sectionBottomPadding, forKey: .sectionBottomPadding)
    try c.encode(pinsHeadersAndFooters, forKey: .pinsHeadersAndFooters)
  }
}

extension ListConfiguration: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case appearance, headerMode, footerMode, metrics
  }

  /// Decodes a configuration written `{"appearance": ...}`, with optional modes and metrics over
  /// the appearance's.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    let appearance = try c.decode(Appearance.self, forKey: .appearance)
    var metrics = Metrics.standard(for: appearance)
    if c.contains(.metrics) {
      metrics = try Metrics(from: try c.superDecoder(forKey: .metrics), over: metrics)
    }
    self.init(
      appearance: appearance,
      headerMode: try c.decodeIfPresent(HeaderMode.self, forKey: .headerMode) ?? .none,
      footerMode: try c.decodeIfPresent(FooterMode.self, forKey: .footerMode) ?? .none,
      metrics: metrics)
  }

  /// Encodes the configuration, leaving out metrics equal to the appearance's standard ones.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(appearance, forKey: .appearance)
    try c.encode(headerMode, forKey: .headerMode)
    try c.encode(footerMode, forKey: .footerMode)
    if metrics != .standard(for: appearance) { try c.encode(metrics, forKey: .metrics) }
  }
}
