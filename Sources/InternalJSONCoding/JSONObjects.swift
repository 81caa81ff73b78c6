// JSON objects with a fixed set of keys, for every module of the package
// that reads JSON from outside (batch updates, layout descriptions, the web
// renderer's messages). A container keyed by a `CodingKey` enumeration drops
// the keys it does not know; these helpers see every key as written, so that
// a misspelt key is an error rather than a silently ignored default.
//
// The module is not a product: its members have `package` access.

/// Any key of a JSON object, as written.
package struct _AnyKey: CodingKey, Sendable {
  package var stringValue: String
  package var intValue: Int? { nil }

  /// The key `string`.
  package init(_ string: String) { self.stringValue = string }
  package init?(stringValue: String) { self.stringValue = stringValue }
  package init?(intValue: Int) { nil }
}

extension Decoder {
  /// The container of a JSON object whose keys must be among `allowed`
  /// (by default every case of `Keys`, in the order an error lists them).
  ///
  /// - Throws: `DecodingError.dataCorrupted` at the first unknown key, in
  ///   ascending order of the keys written, naming it and the keys expected:
  ///   `unknown key 'x'; expected one of a, b`.
  package func _object<Keys: CodingKey & CaseIterable>(
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
