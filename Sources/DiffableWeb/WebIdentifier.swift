import Foundation

/// A section or item identifier as it travels to the browser: a JSON value.
///
/// A `String` identifier travels as a JSON string, an integer as a JSON
/// number, and an identifier of any other `Encodable` type as its JSON
/// encoding. The browser keys sections and items by the identifier's
/// ``text``: a string as it is, anything else as its compact JSON text.
///
/// ```swift
/// let fruit = WebIdentifier("apple")
/// fruit.text  // "apple"
/// let row = WebIdentifier(42)
/// row.text  // "42"
/// struct Row: Encodable { var id: Int; var kind: String }
/// let custom = try WebIdentifier(encoding: Row(id: 7, kind: "a"))
/// custom.text  // #"{"id":7,"kind":"a"}"#
/// ```
///
/// JSON `null` is not an identifier: in a message, `null` stands for a
/// position that has none.
public struct WebIdentifier: Sendable, Hashable {
  var _value: _JSONValue

  /// An identifier that is a string.
  public init(_ string: String) {
    _value = .string(string)
  }

  /// An identifier that is an integer.
  public init(_ integer: Int) {
    _value = .integer(integer)
  }

  /// The identifier that `value` encodes to in JSON.
  ///
  /// A `String` gives a JSON string and an integer a JSON number, as the
  /// dedicated initializers do; any other value gives its `JSONEncoder`
  /// encoding (for a `UUID`, a string: its `uuidString`).
  ///
  /// - Throws: `EncodingError` when the value cannot be encoded as JSON, or
  ///   encodes to `null`.
  /// - Complexity: O(1) for a `String` or an `Int`; otherwise the cost of
  ///   encoding and decoding the value's JSON.
  public init(encoding value: some Encodable) throws {
    // Comparing metatypes, not casting: in unspecialized generic code (a
    // message built for any snapshot type) a cast per identifier costs a
    // runtime call.
    if type(of: value) == String.self {
      _value = .string(unsafeBitCast(value, to: String.self))
      return
    }
    if type(of: value) == Int.self {
      _value = .integer(unsafeBitCast(value, to: Int.self))
      return
    }
    // A `UUID` encodes as its `uuidString`; made here without an encoder,
    // as lists keyed by `UUID` make one per cell of every batch.
    if type(of: value) == UUID.self {
      _value = .string(unsafeBitCast(value, to: UUID.self).uuidString)
      return
    }
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(_JSONValue.self, from: data)
    guard decoded != .null else {
      throw EncodingError.invalidValue(
        value,
        .init(codingPath: [], debugDescription: "an identifier cannot encode to JSON null"))
    }
    _value = decoded
  }

  /// The text the browser keys the identifier by, and shows in
  /// `data-item` and `data-section`: a string as it is, anything else as its
  /// compact JSON text with object keys in ascending order.
  ///
  /// - Complexity: O(1) for a string; otherwise O(*n*), where *n* is the
  ///   length of the JSON text.
  public var text: String {
    switch _value {
    case .string(let string): return string
    case .integer(let integer): return String(integer)
    default: return _value._text
    }
  }

  /// The identifier's string, if it is a JSON string.
  public var string: String? {
    if case .string(let string) = _value { return string }
    return nil
  }

  /// The identifier's integer, if it is a JSON number without a fraction
  /// that fits in an `Int`.
  public var integer: Int? {
    if case .integer(let integer) = _value { return integer }
    return nil
  }
}

extension WebIdentifier: CustomStringConvertible {
  /// The identifier's ``text``.
  public var description: String { text }
}

extension WebIdentifier: ExpressibleByStringLiteral {
  /// An identifier that is a string.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension WebIdentifier: ExpressibleByIntegerLiteral {
  /// An identifier that is an integer.
  public init(integerLiteral value: Int) {
    self.init(value)
  }
}

extension WebIdentifier: Codable {
  /// Encodes the identifier as the JSON value it stands for.
  public func encode(to encoder: any Encoder) throws {
    try _value.encode(to: encoder)
  }

  /// Decodes any JSON value but `null` as an identifier.
  ///
  /// - Throws: `DecodingError.valueNotFound` for `null`.
  public init(from decoder: any Decoder) throws {
    let value = try _JSONValue(from: decoder)
    guard value != .null else {
      throw DecodingError.valueNotFound(
        WebIdentifier.self,
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected an identifier (a JSON value other than null), found null"))
    }
    _value = value
  }
}
