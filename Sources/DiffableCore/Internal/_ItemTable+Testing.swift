/// The item index's table, opened for tests: its operations, and a check of
/// its invariants.
@_spi(Testing)
public struct _TestingItemTable<Key: Hashable & Sendable>: Sendable {
  var table = _ItemTable<Key>()

  /// An empty table, which allocates nothing.
  public init() {}

  /// The number of identifiers in the table.
  public var count: Int { table.count }

  /// A location as (slot, index).
  static func pair(_ location: _ItemLocation) -> (slot: Int, index: Int) {
    (Int(location.slot), Int(location.index))
  }

  /// The location stored for `key` as (slot, index), or `nil`.
  public subscript(key: Key) -> (slot: Int, index: Int)? {
    table[key].map(Self.pair)
  }

  /// Stores a location and returns the one it replaced.
  ///
  /// - Complexity: O(1) expected: one hash.
  @discardableResult
  public mutating func updateValue(slot: Int, index: Int, forKey key: Key) -> (
    slot: Int, index: Int
  )? {
    table.updateValue(_ItemLocation(slot: slot, index: index), forKey: key).map(Self.pair)
  }

  /// Sets the index part of `key`'s location, if `key` is in the table.
  ///
  /// - Complexity: O(1) expected: one hash.
  public mutating func setIndex(_ index: Int, forKey key: Key) {
    table.setIndex(index, forKey: key)
  }

  /// Removes `key` and returns its location, or `nil` if it was absent.
  ///
  /// - Complexity: O(1) expected: one hash; the entries after it are moved
  ///   back without hashing them.
  @discardableResult
  public mutating func removeValue(forKey key: Key) -> (slot: Int, index: Int)? {
    table.removeValue(forKey: key).map(Self.pair)
  }

  /// Makes room for `minimumCapacity` identifiers, so that storing that
  /// many grows nothing.
  ///
  /// - Complexity: O(*n*) if it grows, where *n* is the number of
  ///   identifiers: each is hashed again.
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    table.reserveCapacity(minimumCapacity)
  }

  /// Stores `keys[i]` at (slot, i) for each `i` in `range`, and returns the
  /// indices whose key was already present, with the location it had.
  ///
  /// - Complexity: O(*k*) expected, for *k* keys in `range`: one hash each.
  public mutating func updateValues(_ keys: [Key], slot: Int, range: Range<Int>) -> [(
    index: Int, previous: (slot: Int, index: Int)
  )] {
    var replaced: [(index: Int, previous: (slot: Int, index: Int))] = []
    keys.withUnsafeBufferPointer { keys in
      table.updateValues(keys, slot: slot, range: range) { previous, i in
        replaced.append((i, Self.pair(previous)))
      }
    }
    return replaced
  }

  /// The number of buckets, 0 before the first insert.
  public var bucketCount: Int { table._storage?.bucketCount ?? 0 }

  /// Describes the first broken invariant, or returns `nil`: each entry's
  /// distance byte matches its distance from the bucket its hash names; no
  /// empty bucket lies between an entry and that bucket; the count is the
  /// number of entries; at least one bucket is empty.
  public func brokenInvariant() -> String? {
    guard let storage = table._storage else { return nil }
    var entries = 0
    for bucket in 0...storage.mask where storage.distances[bucket] != 0 {
      entries += 1
      let home = _UnsafeItemTableStorage<Key>.hash(storage.entries[bucket].key) & storage.mask
      let distance = (bucket - home) & storage.mask
      let byte = storage.distances[bucket]
      if byte != _UnsafeItemTableStorage<Key>.distanceByte(distance) {
        return "bucket \(bucket): distance byte \(byte) for a distance of \(distance)"
      }
      var probe = home
      while probe != bucket {
        if storage.distances[probe] == 0 {
          return "bucket \(bucket): empty bucket \(probe) between it and its home \(home)"
        }
        probe = (probe + 1) & storage.mask
      }
    }
    if entries != storage.count { return "count \(storage.count) for \(entries) entries" }
    if entries > storage.capacity { return "\(entries) entries over capacity \(storage.capacity)" }
    return nil
  }
}
