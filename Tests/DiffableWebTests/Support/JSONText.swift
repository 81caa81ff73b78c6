import DiffableWeb
import Foundation
import Testing

/// JSON text in a canonical form: compact, object keys in ascending order,
/// slashes unescaped. Two texts with the same JSON have the same canonical
/// form, whatever their spacing and key order.
func canonicalJSON(_ text: String) throws -> String {
  let object = try JSONSerialization.jsonObject(
    with: Data(text.utf8), options: [.fragmentsAllowed])
  let data = try JSONSerialization.data(
    withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
  return String(decoding: data, as: UTF8.self)
}

/// The compact JSON text of a value, keys in ascending order.
func jsonText(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// Decodes a value from JSON text.
func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
  try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// What a decoding error says: its debug description and coding path.
func decodingFailure<T: Decodable>(_ type: T.Type, _ text: String) -> String {
  do {
    _ = try decode(type, text)
    return "decoded"
  } catch let error as DecodingError {
    let context: DecodingError.Context
    switch error {
    case .dataCorrupted(let c): context = c
    case .keyNotFound(let key, let c):
      return "missing key '\(key.stringValue)' at \(path(c.codingPath))"
    case .typeMismatch(_, let c): context = c
    case .valueNotFound(_, let c): context = c
    @unknown default: return "\(error)"
    }
    return "\(context.debugDescription) at \(path(context.codingPath))"
  } catch {
    return "\(error)"
  }
}

private func path(_ keys: [any CodingKey]) -> String {
  keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
}

/// Any JSON value, decoded as it is: what the tests re-encode with
/// `JSONEncoder` to check the form of a text the session's writer wrote
/// (compact, keys sorted, the same escapes), as server messages have no
/// `Encodable` conformance to compare with.
///
/// A number reads as an integer when it can (`-0` stays a `Double`), so
/// `1e+16` comes back as `10000000000000000`: compare the texts with
/// ``numbersBlanked(_:)``; numbers have a test of their own.
enum JSONTree: Codable, Equatable {
  case string(String)
  case integer(Int)
  case number(Double)
  case bool(Bool)
  case null
  indirect case array([JSONTree])
  indirect case object([String: JSONTree])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int.self),
      try integer != 0 || container.decode(Double.self).sign == .plus
    {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONTree].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONTree].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let string): try container.encode(string)
    case .integer(let integer): try container.encode(integer)
    case .number(let number): try container.encode(number)
    case .bool(let bool): try container.encode(bool)
    case .null: try container.encodeNil()
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}

/// The text `message.jsonData()` writes.
func writtenText(_ message: WebServerMessage) throws -> String {
  String(decoding: try message.jsonData(), as: UTF8.self)
}

/// `text` decoded as any JSON and encoded again by `JSONEncoder`, keys
/// sorted and slashes unescaped: equal to `text`, numbers aside, when
/// `text` is in that form.
func reencoded(_ text: String) throws -> String {
  try jsonText(decode(JSONTree.self, text))
}

/// `text` with every run that reads as a JSON number written `0`, in and
/// out of strings alike: two texts that differ only in how their numbers
/// are written become equal.
func numbersBlanked(_ text: String) -> String {
  text.replacing(/-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/, with: "0")
}
