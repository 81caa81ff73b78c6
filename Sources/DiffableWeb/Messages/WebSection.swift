import InternalJSONCoding

/// A section on the wire: its identifier and its items, in order.
///
/// Codes as `{"id": "fruits", "items": ["apple", "pear"]}`.
public struct WebSection: Sendable, Hashable {
  /// The section's identifier.
  public var id: WebIdentifier
  /// The section's items, in order.
  public var items: [WebIdentifier]

  /// Creates a section.
  public init(id: WebIdentifier, items: [WebIdentifier]) {
    self.id = id
    self.items = items
  }
}

extension WebSection: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case id, items
  }

  /// Encodes the section as `{"id": ..., "items": [...]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(items, forKey: .items)
  }

  /// Decodes a section written by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` when a key is missing or unknown, or an
  ///   identifier is `null`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    self.init(
      id: try container.decode(WebIdentifier.self, forKey: .id),
      items: try container.decode([WebIdentifier].self, forKey: .items))
  }
}
