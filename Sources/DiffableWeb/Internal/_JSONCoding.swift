import Foundation

// The JSON form of the wire messages (Documentation/Web.md), shared by every
// `+Codable` file of the module:
//
// - Keys are named as the note names them, and each type's keys are written
//   once, as the cases of its `_CodingKeys` enumeration, in the order an
//   error message lists them.
// - Decoding refuses a key outside those cases (`Decoder._object`), so a
//   misspelt key is an error rather than a silently ignored default.
// - Encoding leaves out what is absent (optional fields, empty accessory
//   lists, a zero indentation); decoding reads their absence as the default.
// - Decoding errors carry the coding path of the problem and say what was
//   expected.

/// Any key of a JSON object, as written: a container keyed by it sees the
/// keys that a container keyed by a `_CodingKeys` enumeration would drop.
struct _AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { self.stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Decoder {
  /// The container of a JSON object whose keys must be among `allowed`
  /// (by default every case of `Keys`).
  ///
  /// - Throws: `DecodingError.dataCorrupted` at the first unknown key,
  ///   naming it and the keys expected.
  func _object<Keys: CodingKey & CaseIterable>(
    _ keys: Keys.Type, allowing allowed: [Keys] = Array(Keys.allCases)
  ) throws -> KeyedDecodingContainer<Keys> {
    let names = allowed.map(\.stringValue)
    let written = try container(keyedBy: _AnyKey.self)
    for key in written.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
    where !names.contains(key.stringValue) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: written,
        debugDescription:
          "unknown key '\(key.stringValue)'; expected one of \(names.joined(separator: ", "))")
    }
    return try container(keyedBy: Keys.self)
  }
}

extension KeyedDecodingContainer {
  /// A non-negative integer.
  func _count(_ key: Key) throws -> Int {
    let value = try decode(Int.self, forKey: key)
    guard value >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "\(key.stringValue) \(value) is negative")
    }
    return value
  }

  /// A map from item texts to cells, as a JSON object.
  func _cells(_ key: Key) throws -> [String: WebCell] {
    let cells = try nestedContainer(keyedBy: _AnyKey.self, forKey: key)
    var result: [String: WebCell] = [:]
    for name in cells.allKeys {
      result[name.stringValue] = try cells.decode(WebCell.self, forKey: name)
    }
    return result
  }
}

extension KeyedEncodingContainer {
  /// Writes a map from item texts to cells as a JSON object, its keys in
  /// ascending order (an encoder that keeps the order it is given writes the
  /// same text every time).
  mutating func _encode(cells: [String: WebCell], forKey key: Key) throws {
    var container = nestedContainer(keyedBy: _AnyKey.self, forKey: key)
    for name in cells.keys.sorted() {
      try container.encode(cells[name]!, forKey: _AnyKey(name))
    }
  }
}
