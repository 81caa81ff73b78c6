import Foundation
import InternalJSONCoding

// A cell codes as one JSON object (Documentation/Web.md, "Cells"):
//
//   {"text": "Kings Peak", "secondaryText": "4,123 m", "color": "#3478f6",
//    "image": "mountain", "indentation": 1,
//    "accessories": [{"type": "disclosure", "expanded": false},
//                    {"type": "switch", "on": true}, {"type": "checkmark"},
//                    {"type": "badge", "text": "3"}],
//    "template": {"name": "food",
//                 "fields": {"name": "Pancakes",
//                            "picture": {"image": "/pancakes.png", "description": "Pancakes"},
//                            "menu": {"link": "https://example.com/menu", "text": "Menu"}}}}
//
// Only "text" is required; what is absent is left out when encoding.
// `"fixed": true` is written by a `WebListView` alone, on the cells of the
// items of a reorderable list that `canReorderItem` does not allow.

extension WebCell: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case text, secondaryText, color, image, indentation, accessories, template, fixed
  }

  /// Encodes the cell as a JSON object, leaving out absent values, an empty
  /// accessory list and a zero indentation.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try container.encode(text, forKey: .text)
    try container.encodeIfPresent(secondaryText, forKey: .secondaryText)
    try container.encodeIfPresent(color, forKey: .color)
    try container.encodeIfPresent(image, forKey: .image)
    if indentation != 0 { try container.encode(indentation, forKey: .indentation) }
    if _fixed { try container.encode(true, forKey: .fixed) }
    if !accessories.isEmpty { try container.encode(accessories, forKey: .accessories) }
    try container.encodeIfPresent(template, forKey: .template)
  }

  /// Decodes a cell written by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` when `text` is missing, a key is unknown, the
  ///   colour is not `#rrggbb`, the indentation is negative, an accessory
  ///   is not one of the four kinds, a template is malformed (see
  ///   ``WebCell/Template/init(from:)``), or `fixed` is not a boolean.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    self.init(
      try container.decode(String.self, forKey: .text),
      secondaryText: try container.decodeIfPresent(String.self, forKey: .secondaryText),
      color: try container.decodeIfPresent(Color.self, forKey: .color),
      image: try container.decodeIfPresent(String.self, forKey: .image),
      indentation: container.contains(.indentation) ? try container._count(.indentation) : 0,
      accessories: try container.decodeIfPresent([Accessory].self, forKey: .accessories) ?? [],
      template: try container.decodeIfPresent(Template.self, forKey: .template))
    _fixed = try container.decodeIfPresent(Bool.self, forKey: .fixed) ?? false
  }
}

extension WebCell.Template: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case name, fields
  }

  /// Encodes the template as `{"name": NAME, "fields": {FIELD: VALUE}}`,
  /// the fields as ``WebCell/Field/encode(to:)`` writes them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try container.encode(name, forKey: .name)
    var fields = container.nestedContainer(keyedBy: _AnyKey.self, forKey: .fields)
    for (name, field) in self.fields { try fields.encode(field, forKey: _AnyKey(name)) }
  }

  /// Decodes a template written by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` when the name is missing or empty, a key is
  ///   unknown, or a field is malformed or holds a URL that
  ///   ``WebCell/checkURL(_:for:)`` refuses.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let name = try container.decode(String.self, forKey: .name)
    guard !name.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .name, in: container, debugDescription: "the template name is empty")
    }
    var fields: [String: WebCell.Field] = [:]
    if container.contains(.fields) {
      let byName = try container.nestedContainer(keyedBy: _AnyKey.self, forKey: .fields)
      for key in byName.allKeys {
        fields[key.stringValue] = try byName.decode(WebCell.Field.self, forKey: key)
      }
    }
    self.init(name, fields: fields)
  }
}

extension WebCell.Field: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case image, description, link, text
  }

  /// Encodes a text as a JSON string, an image as `{"image": URL,
  /// "description": TEXT}` and a link as `{"link": URL, "text": TEXT}`.
  public func encode(to encoder: any Encoder) throws {
    switch _value {
    case .text(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .image(let url, let description):
      var container = encoder.container(keyedBy: _CodingKeys.self)
      try container.encode(url, forKey: .image)
      try container.encode(description, forKey: .description)
    case .link(let text, let url):
      var container = encoder.container(keyedBy: _CodingKeys.self)
      try container.encode(url, forKey: .link)
      try container.encode(text, forKey: .text)
    }
  }

  /// Decodes a field written by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` for any other shape, or a URL that
  ///   ``WebCell/checkURL(_:for:)`` refuses.
  public init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      self = .text(text)
      return
    }
    let any = try decoder.container(keyedBy: _CodingKeys.self)
    let isImage = any.contains(.image)
    let container = try decoder._object(
      _CodingKeys.self, allowing: isImage ? [.image, .description] : [.link, .text])
    do {
      self =
        isImage
        ? try .image(
          container.decode(String.self, forKey: .image),
          description: container.decode(String.self, forKey: .description))
        : try .link(
          container.decode(String.self, forKey: .text),
          to: container.decode(String.self, forKey: .link))
    } catch let refused as WebCell.RefusedURL {
      throw DecodingError.dataCorruptedError(
        forKey: isImage ? .image : .link, in: container, debugDescription: refused.description)
    }
  }
}

extension WebCell.Color: Codable {
  /// Encodes the colour as the string `#rrggbb`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(hex)
  }

  /// Decodes a colour written `#rrggbb`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for any other string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = Self(hex: text) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "expected a colour #rrggbb, found \(String(reflecting: text))")
    }
    self = color
  }
}

extension WebCell.Accessory: Codable {
  enum _CodingKeys: String, CodingKey, CaseIterable {
    case type, expanded, on, text
  }

  /// Encodes the accessory as an object whose `type` names its kind:
  /// `{"type": "disclosure", "expanded": false}`, `{"type": "switch", "on":
  /// true}`, `{"type": "checkmark"}`, `{"type": "badge", "text": "3"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    switch self {
    case .disclosure(let expanded):
      try container.encode("disclosure", forKey: .type)
      try container.encode(expanded, forKey: .expanded)
    case .switch(let isOn):
      try container.encode("switch", forKey: .type)
      try container.encode(isOn, forKey: .on)
    case .checkmark:
      try container.encode("checkmark", forKey: .type)
    case .badge(let text):
      try container.encode("badge", forKey: .type)
      try container.encode(text, forKey: .text)
    }
  }

  /// Decodes an accessory written by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` for an unknown `type`, a missing value, or a
  ///   key that the kind does not have.
  public init(from decoder: any Decoder) throws {
    let kinds = ["disclosure", "switch", "checkmark", "badge"]
    let type = try decoder._object(_CodingKeys.self).decode(String.self, forKey: .type)
    switch type {
    case "disclosure":
      let container = try decoder._object(_CodingKeys.self, allowing: [.type, .expanded])
      self = .disclosure(expanded: try container.decode(Bool.self, forKey: .expanded))
    case "switch":
      let container = try decoder._object(_CodingKeys.self, allowing: [.type, .on])
      self = .switch(isOn: try container.decode(Bool.self, forKey: .on))
    case "checkmark":
      _ = try decoder._object(_CodingKeys.self, allowing: [.type])
      self = .checkmark
    case "badge":
      let container = try decoder._object(_CodingKeys.self, allowing: [.type, .text])
      self = .badge(try container.decode(String.self, forKey: .text))
    default:
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath + [_CodingKeys.type],
          debugDescription:
            "unknown accessory type \(String(reflecting: type)); expected one of "
            + kinds.joined(separator: ", ")))
    }
  }
}
