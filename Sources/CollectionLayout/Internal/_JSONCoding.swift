import Foundation
import InternalJSONCoding

// The JSON form of layout descriptions, shared by every `+Codable` file of
// the module (Documentation/Layout.md, "The JSON form", lists the keys):
//
// - Keys are named after the Swift properties, and each type's keys are
//   written once, as the cases of its `_CodingKeys` enumeration. The order of
//   the cases is the order in which an error message lists them.
// - Decoding refuses a key outside those cases (`Decoder._object`, from the package's InternalJSONCoding module), so a
//   misspelt key is an error rather than a silently ignored default.
// - An enumeration with payloads is an object with exactly one key, its case
//   (`Decoder._oneKeyObject`); a plain enumeration is one of its raw values
//   (`_StringEnum`); a point is `[x, y]`; a frame `[x, y, width, height]`.
// - Decoding errors carry the coding path of the problem;
//   `CompositionalLayout.decode(json:)` renders it as a JSON path in a
//   `LayoutError`. Lengths must be finite, and non-negative unless they may
//   move things closer (spacing, insets, offsets).
// - Encoding leaves out what decoding would default (empty lists, zero
//   insets), except where the default is worth showing to a reader.

/// What is wrong with a finite number larger in size than
/// ``CompositionalLayout/maximumLength``, or `nil`.
func _lengthProblem(_ v: CGFloat) -> String? {
  let maximum = CompositionalLayout.maximumLength
  guard abs(v) > maximum else { return nil }
  return "\(_format(v)) is larger than the largest length, \(_format(maximum))"
}

/// What is wrong with a length, decoded or built in Swift: not finite,
/// negative where it may not be, or larger in size than
/// ``CompositionalLayout/maximumLength``; `nil` if nothing.
func _lengthProblem(_ v: CGFloat, allowNegative: Bool) -> String? {
  guard v.isFinite, allowNegative || v >= 0 else {
    return "\(v) is not a \(allowNegative ? "finite" : "non-negative finite") number"
  }
  return _lengthProblem(v)
}

/// An array index in a coding path.
struct _IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ i: Int) { intValue = i }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

extension Decoder {
  /// The container and the key of a JSON object with exactly one key, one of
  /// the cases of `Keys`: how an enumeration case with a payload is written.
  ///
  /// - Parameter what: The value, for the error message ("a dimension").
  func _oneKeyObject<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type, _ what: String) throws
    -> (KeyedDecodingContainer<Keys>, Keys)
  {
    let c = try _object(Keys.self)
    guard c.allKeys.count == 1, let key = c.allKeys.first else {
      let names = Keys.allCases.map(\.stringValue).joined(separator: ", ")
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath,
          debugDescription: "\(what) must be an object with exactly one of the keys \(names)"))
    }
    return (c, key)
  }
}

extension KeyedDecodingContainer {
  /// A length: a finite number, non-negative unless `allowNegative`, and
  /// at most ``CompositionalLayout/maximumLength`` in size.
  func _length(_ key: Key, allowNegative: Bool = false) throws -> CGFloat {
    let v = try decode(CGFloat.self, forKey: key)
    if let problem = _lengthProblem(v, allowNegative: allowNegative) {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: problem)
    }
    return v
  }

  /// A length if the key is present.
  func _length(ifPresent key: Key, allowNegative: Bool = false) throws -> CGFloat? {
    contains(key) ? try _length(key, allowNegative: allowNegative) : nil
  }

  /// A point written `[x, y]`, if the key is present.
  func _point(_ key: Key) throws -> CGPoint? {
    guard let a = try decodeIfPresent([CGFloat].self, forKey: key) else { return nil }
    guard a.count == 2, a.allSatisfy(\.isFinite) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "expected a point [x, y]")
    }
    if let problem = a.lazy.compactMap(_lengthProblem).first {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: problem)
    }
    return CGPoint(x: a[0], y: a[1])
  }
}

extension KeyedEncodingContainer {
  /// Writes a point as `[x, y]`.
  mutating func _encode(point: CGPoint, forKey key: Key) throws {
    try encode([point.x, point.y], forKey: key)
  }
}

/// An enumeration written as one of its raw string values.
protocol _StringEnum: RawRepresentable, CaseIterable, Codable where RawValue == String {}

extension _StringEnum {
  /// Decodes the value from one of its raw values, a string.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    let raw = try c.decode(String.self)
    guard let value = Self(rawValue: raw) else {
      let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        in: c, debugDescription: "unknown value '\(raw)'; expected one of \(names)")
    }
    self = value
  }

  /// Encodes the value as its raw value, a string.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(rawValue)
  }
}
