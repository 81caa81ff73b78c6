import InternalJSONCoding

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// A batch update codes as one object with all nine lists, every key present:
//
//   {"sectionDeletes": [1], "sectionInserts": [0], "sectionMoves": [[2, 1]],
//    "sectionReloads": [], "itemDeletes": [[0, 3]], "itemInserts": [[1, 0]],
//    "itemMoves": [[[0, 1], [0, 0]]], "itemReloads": [[0, 2]],
//    "itemReconfigures": [[1, 4]]}
//
// An item path is `[section, item]` and a move is `[from, to]`, so the form
// does not depend on how a platform's `IndexPath` codes itself.

extension BatchUpdate: Codable {
  @usableFromInline
  internal enum _CodingKeys: String, CodingKey, CaseIterable {
    case sectionDeletes, sectionInserts, sectionMoves, sectionReloads
    case itemDeletes, itemInserts, itemMoves, itemReloads, itemReconfigures
  }

  /// Encodes the batch update as an object with all nine lists, each
  /// possibly empty, in the order the properties are declared.
  ///
  /// An item path is written `[section, item]`, a move `[from, to]`, so a
  /// move of an item reads `[[0, 1], [1, 0]]`. Every index is in the index
  /// space of its property: see ``BatchUpdate``.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Complexity: O(*c*), where *c* is the number of changes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _CodingKeys.self)
    try container.encode(sectionDeletes, forKey: .sectionDeletes)
    try container.encode(sectionInserts, forKey: .sectionInserts)
    var sectionMoveList = container.nestedUnkeyedContainer(forKey: .sectionMoves)
    for move in sectionMoves { try sectionMoveList.encode([move.from, move.to]) }
    try container.encode(sectionReloads, forKey: .sectionReloads)
    try Self._encodePaths(itemDeletes, .itemDeletes, in: &container)
    try Self._encodePaths(itemInserts, .itemInserts, in: &container)
    var itemMoveList = container.nestedUnkeyedContainer(forKey: .itemMoves)
    for move in itemMoves {
      var pair = itemMoveList.nestedUnkeyedContainer()
      try pair.encode([move.from.section, move.from.item])
      try pair.encode([move.to.section, move.to.item])
    }
    try Self._encodePaths(itemReloads, .itemReloads, in: &container)
    try Self._encodePaths(itemReconfigures, .itemReconfigures, in: &container)
  }

  /// Decodes a batch update written by ``encode(to:)``.
  ///
  /// Every key must be present, and no other. Decoding checks the form
  /// only: each index is a non-negative integer, each item path has two of
  /// them, each move two ends. Whether the batch fits a pair of snapshots is the business of
  /// ``validate(from:to:)``.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a key is missing or unknown, or a value
  ///   has the wrong form.
  /// - Complexity: O(*c*), where *c* is the number of changes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder._object(_CodingKeys.self)
    let sectionDeletes = try Self._decodeIndices(.sectionDeletes, in: container)
    let sectionInserts = try Self._decodeIndices(.sectionInserts, in: container)
    let sectionMoves = try Self._decodePairs(.sectionMoves, in: container) {
      Move(from: $0, to: $1)
    }
    let sectionReloads = try Self._decodeIndices(.sectionReloads, in: container)
    let itemDeletes = try Self._decodePaths(.itemDeletes, in: container)
    let itemInserts = try Self._decodePaths(.itemInserts, in: container)
    let itemMoves = try Self._decodePaths(.itemMoves, in: container, grouped: 2).map {
      Move(from: $0[0], to: $0[1])
    }
    let itemReloads = try Self._decodePaths(.itemReloads, in: container)
    let itemReconfigures = try Self._decodePaths(.itemReconfigures, in: container)

    self.init(
      sectionDeletes: sectionDeletes, sectionInserts: sectionInserts, sectionMoves: sectionMoves,
      sectionReloads: sectionReloads, itemDeletes: itemDeletes, itemInserts: itemInserts,
      itemMoves: itemMoves, itemReloads: itemReloads, itemReconfigures: itemReconfigures)
  }

  // MARK: Helpers

  private static func _encodePaths(
    _ paths: [IndexPath], _ key: _CodingKeys,
    in container: inout KeyedEncodingContainer<_CodingKeys>
  ) throws {
    var list = container.nestedUnkeyedContainer(forKey: key)
    for path in paths { try list.encode([path.section, path.item]) }
  }

  private static func _decodeIndices(
    _ key: _CodingKeys, in container: KeyedDecodingContainer<_CodingKeys>
  ) throws -> [Int] {
    let indices = try container.decode([Int].self, forKey: key)
    if let negative = indices.first(where: { $0 < 0 }) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "\(key.stringValue): index \(negative) is negative")
    }
    return indices
  }

  private static func _decodePairs<T>(
    _ key: _CodingKeys, in container: KeyedDecodingContainer<_CodingKeys>,
    _ make: (Int, Int) -> T
  ) throws -> [T] {
    let pairs = try container.decode([[Int]].self, forKey: key)
    return try pairs.map { pair in
      guard pair.count == 2, pair[0] >= 0, pair[1] >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\(key.stringValue): expected [from, to] with two non-negative indices, found \(pair)")
      }
      return make(pair[0], pair[1])
    }
  }

  /// Decodes a list of item paths, or with `grouped: 2` a list of moves,
  /// each a pair of item paths.
  private static func _decodePaths(
    _ key: _CodingKeys, in container: KeyedDecodingContainer<_CodingKeys>
  ) throws -> [IndexPath] {
    try _decodePaths(key, in: container, grouped: 1).map { $0[0] }
  }

  private static func _decodePaths(
    _ key: _CodingKeys, in container: KeyedDecodingContainer<_CodingKeys>, grouped: Int
  ) throws -> [[IndexPath]] {
    func path(_ indices: [Int]) throws -> IndexPath {
      guard indices.count == 2, indices[0] >= 0, indices[1] >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\(key.stringValue): expected an item path [section, item] with two "
            + "non-negative indices, found \(indices)")
      }
      return IndexPath(item: indices[1], section: indices[0])
    }
    if grouped == 1 {
      return try container.decode([[Int]].self, forKey: key).map { [try path($0)] }
    }
    let groups = try container.decode([[[Int]]].self, forKey: key)
    return try groups.map { group in
      guard group.count == grouped else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\(key.stringValue): expected a move [[section, item], [section, item]], "
            + "found \(group)")
      }
      return try group.map(path)
    }
  }
}
