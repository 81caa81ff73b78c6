import Foundation
import InternalJSONCoding

// The JSON form of sections and of the layout's configuration. How every
// `+Codable` file codes is noted once, in Internal/_JSONCoding.swift.

extension OrthogonalScrollingBehavior: _StringEnum {}
extension ContentInsetsReference: _StringEnum {}
extension ScrollDirection: _StringEnum {}

extension LayoutSection: Codable {
  /// The keys of a section; a list section is written `{"list": {...}}`
  /// alone.
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case group, contentInsets, interGroupSpacing, orthogonalScrollingBehavior
    case boundarySupplementaryItems, decorationItems, contentInsetsReference
    case supplementariesFollowContentInsets
    case list

    static let ordinary = allCases.filter { $0 != .list }
  }

  /// Decodes a section written as an object with a `group`, or `{"list": {...}}` for a list
  /// section.
  public init(from decoder: any Decoder) throws {
    if try decoder.container(keyedBy: _CodingKeys.self).contains(.list) {
      let c = try decoder._object(_CodingKeys.self, allowing: [.list])
      self = .list(using: try c.decode(ListConfiguration.self, forKey: .list))
      return
    }
    let c = try decoder._object(_CodingKeys.self, allowing: _CodingKeys.ordinary)
    self.init(group: try c.decode(LayoutGroup.self, forKey: .group))
    contentInsets =
      try c.decodeIfPresent(DirectionalEdgeInsets.self, forKey: .contentInsets) ?? .zero
    if let spacing = try c._length(ifPresent: .interGroupSpacing, allowNegative: true) {
      interGroupSpacing = spacing
    }
    orthogonalScrollingBehavior =
      try c.decodeIfPresent(OrthogonalScrollingBehavior.self, forKey: .orthogonalScrollingBehavior)
      ?? .none
    boundarySupplementaryItems =
      try c.decodeIfPresent(
        [LayoutBoundarySupplementaryItem].self, forKey: .boundarySupplementaryItems) ?? []
    decorationItems =
      try c.decodeIfPresent([LayoutDecorationItem].self, forKey: .decorationItems) ?? []
    contentInsetsReference =
      try c.decodeIfPresent(ContentInsetsReference.self, forKey: .contentInsetsReference)
    supplementariesFollowContentInsets =
      try c.decodeIfPresent(Bool.self, forKey: .supplementariesFollowContentInsets) ?? true
  }

  /// Encodes the section as an object with its group, or `{"list": {...}}` for a list section; a
  /// section with a visible-items handler throws `EncodingError`.
  public func encode(to encoder: any Encoder) throws {
    if _visibleItemsHandler != nil {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "a section with a visibleItemsInvalidationHandler has no JSON form"))
    }
    var c = encoder.container(keyedBy: _CodingKeys.self)
    if let list = _listConfiguration, self == .list(using: list) {
      try c.encode(list, forKey: .list)
      return
    }
    try c.encode(group, forKey: .group)
    try c.encode(contentInsets, forKey: .contentInsets)
    try c.encode(interGroupSpacing, forKey: .interGroupSpacing)
    try c.encode(orthogonalScrollingBehavior, forKey: .orthogonalScrollingBehavior)
    if !boundarySupplementaryItems.isEmpty {
      try c.encode(boundarySupplementaryItems, forKey: .boundarySupplementaryItems)
    }
    if !decorationItems.isEmpty { try c.encode(decorationItems, forKey: .decorationItems) }
    try c.encodeIfPresent(contentInsetsReference, forKey: .contentInsetsReference)
    if !supplementariesFollowContentInsets {
      try c.encode(false, forKey: .supplementariesFollowContentInsets)
    }
  }
}

extension CompositionalLayoutConfiguration: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case scrollDirection, interSectionSpacing, boundarySupplementaryItems, contentInsetsReference
  }

  /// Decodes a configuration written as an object of its properties; one left out keeps its
  /// default.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      scrollDirection: try c.decodeIfPresent(ScrollDirection.self, forKey: .scrollDirection)
        ?? .vertical,
      interSectionSpacing: try c._length(ifPresent: .interSectionSpacing, allowNegative: true)
        ?? 0,
      boundarySupplementaryItems: try c.decodeIfPresent(
        [LayoutBoundarySupplementaryItem].self, forKey: .boundarySupplementaryItems) ?? [],
      contentInsetsReference: try c.decodeIfPresent(
        ContentInsetsReference.self, forKey: .contentInsetsReference) ?? .safeArea)
  }

  /// Encodes the configuration as an object of its properties, leaving out an empty supplementary
  /// list.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(scrollDirection, forKey: .scrollDirection)
    try c.encode(interSectionSpacing, forKey: .interSectionSpacing)
    if !boundarySupplementaryItems.isEmpty {
      try c.encode(boundarySupplementaryItems, forKey: .boundarySupplementaryItems)
    }
    try c.encode(contentInsetsReference, forKey: .contentInsetsReference)
  }
}
