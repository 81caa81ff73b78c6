import Foundation
import InternalJSONCoding

/// A JSON value: what an identifier of any `Encodable` type becomes on the
/// wire.
///
/// Objects are dictionaries, so two values are equal when their JSON is,
/// whatever the order of the keys; ``_text`` writes the keys in ascending
/// order.
enum _JSONValue: Sendable, Hashable {
  case string(String)
  case integer(Int)
  case number(Double)
  case bool(Bool)
  case null
  indirect case array([_JSONValue])
  indirect case object([String: _JSONValue])

  /// The compact JSON text of the value, with object keys in ascending order:
  /// what JavaScript's `JSON.stringify` writes for the value as it arrives.
  var _text: String {
    var result = ""
    _write(to: &result)
    return result
  }

  func _write(to output: inout String) {
    switch self {
    case .string(let string): _appendJSONString(string, to: &output)
    case .integer(let integer): output += String(integer)
    case .number(let number):
      if number == number.rounded(), abs(number) < 1e15 {
        output += String(Int(number))
      } else {
        output += String(number)
      }
    case .bool(let bool): output += bool ? "true" : "false"
    case .null: output += "null"
    case .array(let elements):
      output += "["
      for (i, element) in elements.enumerated() {
        if i > 0 { output += "," }
        element._write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (i, key) in members.keys.sorted().enumerated() {
        if i > 0 { output += "," }
        _appendJSONString(key, to: &output)
        output += ":"
        members[key]!._write(to: &output)
      }
      output += "}"
    }
  }
}

extension _JSONValue: Codable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let elements = try? container.decode([_JSONValue].self) {
      self = .array(elements)
    } else {
      self = .object(try container.decode([String: _JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .string(let string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    case .integer(let integer):
      var container = encoder.singleValueContainer()
      try container.encode(integer)
    case .number(let number):
      var container = encoder.singleValueContainer()
      try container.encode(number)
    case .bool(let bool):
      var container = encoder.singleValueContainer()
      try container.encode(bool)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let members):
      var container = encoder.container(keyedBy: _AnyKey.self)
      for key in members.keys.sorted() { try container.encode(members[key]!, forKey: _AnyKey(key)) }
    }
  }
}
