public import Foundation
import InternalJSONCoding

// The JSON form of a whole layout, and the entry point that decodes it with
// errors at JSON paths. How every `+Codable` file codes is noted once, in
// Internal/_JSONCoding.swift.

extension CompositionalLayout: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case configuration, sections, sectionsByWidth
  }

  /// Decodes a layout written `{"sections": [...], "configuration": {...}}`, with at least one
  /// section, or `{"sectionsByWidth": [{"minimumWidth": 0, "sections": [...]}, ...]}`: one of
  /// the two keys, not both.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    let configuration =
      try c.decodeIfPresent(CompositionalLayoutConfiguration.self, forKey: .configuration)
      ?? .init()
    if c.contains(.sectionsByWidth) {
      if c.contains(.sections) {
        throw DecodingError.dataCorruptedError(
          forKey: .sections, in: c,
          debugDescription: "a layout has sections or sectionsByWidth, not both")
      }
      let classes = try c.decode([WidthClass].self, forKey: .sectionsByWidth)
      if let problem = Self._problem(ofWidthClasses: classes) {
        throw DecodingError.dataCorruptedError(
          forKey: .sectionsByWidth, in: c, debugDescription: problem)
      }
      self.init(sectionsByWidth: classes, configuration: configuration)
      return
    }
    let sections = try c.decode([LayoutSection].self, forKey: .sections)
    if sections.isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: .sections, in: c, debugDescription: "a layout needs at least one section")
    }
    self.init(sections: sections, configuration: configuration)
  }

  /// Encodes the layout as its configuration and sections, or its width classes; a layout with
  /// a section provider throws `EncodingError`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(configuration, forKey: .configuration)
    switch _source {
    case .sections(let sections): try c.encode(sections, forKey: .sections)
    case .byWidth(let classes): try c.encode(classes, forKey: .sectionsByWidth)
    case .provider:
      throw EncodingError.invalidValue(
        "sectionProvider",
        .init(codingPath: [], debugDescription: "a layout with a section provider has no JSON form")
      )
    }
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

extension CompositionalLayout.WidthClass: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case minimumWidth, sections
  }

  /// Decodes `{"minimumWidth": 600, "sections": [...]}`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder._object(_CodingKeys.self)
    self.init(
      minimumWidth: try c.decode(CGFloat.self, forKey: .minimumWidth),
      sections: try c.decode([LayoutSection].self, forKey: .sections))
  }

  /// Encodes the class as its minimum width and sections.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: _CodingKeys.self)
    try c.encode(minimumWidth, forKey: .minimumWidth)
    try c.encode(sections, forKey: .sections)
  }
}
