public import DiffableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AnySendableHashable: Encodable {
  /// Encodes the wrapped value, so that a list of mixed kinds of items
  /// (`DiffableDataSourceSnapshot<Section, AnySendableHashable>`) can be
  /// shown by a ``WebListView``: an item travels as its value's encoding.
  ///
  /// Give each wrapped type an encoding of its own (a key naming its kind,
  /// say), so that values of two types never encode to the same identifier.
  ///
  /// - Throws: `EncodingError.invalidValue` when the wrapped value is not
  ///   `Encodable`.
  public func encode(to encoder: any Encoder) throws {
    guard let value = base as? any Encodable else {
      throw EncodingError.invalidValue(
        self,
        .init(
          codingPath: encoder.codingPath,
          debugDescription:
            "AnySendableHashable wraps \(String(reflecting: base)), whose type "
            + "\(type(of: base)) is not Encodable"))
    }
    try value.encode(to: encoder)
  }
}
