public import Foundation
import InternalJSONCoding

// The JSON form of a whole layout, and the entry point that decodes it with
// errors at JSON paths. How every `+Codable` file codes is noted once, in
// Internal/_JSONCoding.swift.

extension CompositionalLayout: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case configuration, sections
  }

  /// Decodes a layout written `{"sections": [...], "configuration": {...}}`, with at least one
  /// section.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    let sections = try c.decode([LayoutSection].self, forKey: .sections)
    if sections.isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: .sections, in: c, debugDescription: "a layout needs at least one section")
    }
    self.init(
      sections: sections,
      configuration: try c.decodeIfPresent(
        CompositionalLayoutConfiguration.self, forKey: .configuration) ?? .init())
  }

  /// Encodes the layout as its configuration and sections; a layout with a section provider throws
  /// `EncodingError`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(configuration, forKey: .configuration)
    guard let sections else {
      throw EncodingError.invalidValue(
        "sectionProvider",
        .init(codingPath: [], debugDescription: "a layout with a section provider has no JSON form")
      )
    }
    try c.encode(sections, forKey: .sections)
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
