import Foundation
import Testing

@testable import DiffableWeb

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

/// The text `message.jsonData()` writes.
func writtenText(_ message: WebServerMessage) throws -> String {
  String(decoding: try message.jsonData(), as: UTF8.self)
}

/// `text` decoded as any JSON (the identifiers' `_JSONValue`) and encoded
/// again by `JSONEncoder`, keys sorted and slashes unescaped: equal to
/// `text`, numbers aside, when `text` is in that form. (A number comes back
/// as an integer when it can: `1e+16` as `10000000000000000`; compare with
/// ``numbersBlanked(_:)``. Numbers have a test of their own.)
func reencoded(_ text: String) throws -> String {
  try jsonText(decode(_JSONValue.self, text))
}

/// `text` with every run that reads as a JSON number written `0`, in and
/// out of strings alike: two texts that differ only in how their numbers
/// are written become equal.
func numbersBlanked(_ text: String) -> String {
  text.replacing(/-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/, with: "0")
}
