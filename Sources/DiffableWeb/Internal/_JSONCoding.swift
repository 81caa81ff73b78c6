import Foundation
import InternalJSONCoding

// The JSON form of the wire messages (Documentation/Web.md), shared by every
// `+Codable` file of the module:
//
// - Keys are named as the note names them, and each type's keys are written
//   once, as the cases of its `_CodingKeys` enumeration, in the order an
//   error message lists them.
// - Decoding refuses a key outside those cases (`Decoder._object`, from the package's InternalJSONCoding module), so a
//   misspelt key is an error rather than a silently ignored default.
// - Encoding leaves out what is absent (optional fields, empty accessory
//   lists, a zero indentation); decoding reads their absence as the default.
// - Decoding errors carry the coding path of the problem and say what was
//   expected.

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

  /// A string that may be absent, but not `null`: `nil` only when the key
  /// is missing.
  func _stringIfPresent(_ key: Key) throws -> String? {
    contains(key) ? try decode(String.self, forKey: key) : nil
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
  /// Writes a map keyed by text as a JSON object, its keys in ascending
  /// order.
  mutating func _encode<Value: Encodable>(byName map: [String: Value], forKey key: Key) throws {
    var container = nestedContainer(keyedBy: _AnyKey.self, forKey: key)
    for name in map.keys.sorted() {
      try container.encode(map[name]!, forKey: _AnyKey(name))
    }
  }
}
