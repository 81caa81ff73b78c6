/// The item index's table: item identifier to ``_ItemLocation``, with
/// `Dictionary`'s value semantics (copy on write) and the operations the
/// snapshot needs, built for the one thing `Dictionary` cannot do: take in a
/// run of identifiers while the memory each one lands in is already on its
/// way to the cache.
///
/// ## Layout
///
/// Open addressing with linear probing in a power-of-two number of buckets,
/// at most three quarters full (as `Dictionary`). Each bucket is an
/// identifier and its location side by side, so that a lookup reads one
/// bucket, not a key and a value in two arrays; a separate byte per bucket
/// says whether it is used and how far the entry sits from the bucket its
/// hash names (0 for empty, otherwise the distance plus one, 255 for 254 or
/// more). A lookup compares an identifier only where the distance matches,
/// and a removal shifts the entries after it back (no tombstones) using the
/// distances, without hashing them again; only an entry 254 or more buckets
/// from home, which a hash function that spreads well never makes, is
/// hashed again.
///
/// ## Taking in a run
///
/// ``updateValues(_:slot:range:replaced:)`` hashes the identifiers a block
/// at a time, and reads the distance byte of each one's bucket a dozen
/// inserts before it is inserted, so that the cache misses of several
/// inserts overlap instead of coming one after the other. Building the
/// index of a large snapshot is bound by those misses: one or two per item.
@frozen
@usableFromInline
struct _ItemTable<Key: Hashable & Sendable>: Sendable {
  @usableFromInline var _storage: _UnsafeItemTableStorage<Key>?

  /// An empty table, which allocates nothing.
  @inlinable
  init() { _storage = nil }

  /// The number of identifiers in the table.
  @inlinable
  var count: Int { _storage?.count ?? 0 }

  /// The location of `key`, or `nil`; setting `nil` removes it.
  @inlinable
  subscript(key: Key) -> _ItemLocation? {
    get {
      let (bucket, found) = _find(key, hash: _UnsafeItemTableStorage<Key>.hash(key))
      return found ? _storage.unsafelyUnwrapped.entries[bucket].location : nil
    }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// The bucket holding `key` (`found`), or the empty bucket where it would
  /// go (none, if the table has no storage).
  @inlinable @inline(__always)
  func _find(_ key: Key, hash: Int) -> (bucket: Int, found: Bool) {
    guard let storage = _storage, storage.count > 0 else { return (0, false) }
    return storage.find(key, hash: hash)
  }

  /// Stores `location` for `key` and returns the location it replaced.
  @inlinable
  @discardableResult
  mutating func updateValue(_ location: _ItemLocation, forKey key: Key) -> _ItemLocation? {
    let hash = _UnsafeItemTableStorage<Key>.hash(key)
    let (bucket, found) = _find(key, hash: hash)
    if found {
      // A copy keeps every entry in its bucket: `bucket` stays right.
      let storage = _uniqueStorage(minimumCapacity: count)
      let previous = storage.entries[bucket].location
      storage.entries[bucket].location = location
      return previous
    }
    _uniqueStorage(minimumCapacity: count + 1).insertNew(key, location, hash: hash)
    return nil
  }

  /// Sets the index part of `key`'s location, if `key` is in the table.
  @inlinable
  mutating func setIndex(_ index: Int, forKey key: Key) {
    let (bucket, found) = _find(key, hash: _UnsafeItemTableStorage<Key>.hash(key))
    guard found else { return }
    _uniqueStorage(minimumCapacity: count).entries[bucket].location.index =
      UInt32(truncatingIfNeeded: index)
  }

  /// Removes `key` and returns its location, or `nil` if it was absent.
  @inlinable
  @discardableResult
  mutating func removeValue(forKey key: Key) -> _ItemLocation? {
    let (bucket, found) = _find(key, hash: _UnsafeItemTableStorage<Key>.hash(key))
    guard found else { return nil }
    return _uniqueStorage(minimumCapacity: count).remove(at: bucket)
  }

  /// Makes room for `minimumCapacity` identifiers, so that storing that
  /// many grows nothing.
  @inlinable
  mutating func reserveCapacity(_ minimumCapacity: Int) {
    _ = _uniqueStorage(minimumCapacity: minimumCapacity)
  }

  /// Stores the location of each item of `items[range]` (index `i` in the
  /// section at `slot`), in order, and calls `replaced` with the location
  /// an identifier had before and its index `i`, for each identifier that
  /// was already in the table.
  ///
  /// - Complexity: O(*k*) expected, where *k* is the length of `range`: one
  ///   hash each.
  @inlinable
  mutating func updateValues(
    _ items: UnsafeBufferPointer<Key>, slot: Int, range: Range<Int>,
    replaced: (_ previous: _ItemLocation, _ index: Int) -> Void
  ) {
    var unused: [Key] = []
    updateValues(
      items, slot: slot, range: range, firstIndex: range.lowerBound, excluding: nil, tag: 0,
      keeping: false, kept: &unused, movedAndDropped: { _, _ in }, replaced: replaced)
  }

  /// Stores the items of `items[range]` that are not in `excluded`, in
  /// order, the first one at index `firstIndex` in the section at `slot`
  /// and each next one after the previous, as ``updateValues(_:slot:range:replaced:)``
  /// does, and if `keeping` appends each one stored to `kept`. Each
  /// identifier is hashed once, for both tables: one found in `excluded` is
  /// not stored, and the `slot` of its location there becomes `tag`; if it
  /// was not 0 (another call found it first), `movedAndDropped` is called
  /// with it and the index `i` in `items`.
  ///
  /// - Complexity: O(*k*) expected, where *k* is the length of `range`: one
  ///   hash each.
  @inlinable @inline(__always)
  mutating func updateValues(
    _ items: UnsafeBufferPointer<Key>, slot: Int, range: Range<Int>, firstIndex: Int,
    excluding excluded: _ItemTable?, tag: UInt32, keeping: Bool, kept: inout [Key],
    movedAndDropped: (_ previousTag: UInt32, _ index: Int) -> Void,
    replaced: (_ previous: _ItemLocation, _ index: Int) -> Void
  ) {
    guard !range.isEmpty else { return }
    let storage = _uniqueStorage(minimumCapacity: count + range.count)
    // An excluded table is its owner's own (`reserveCapacity`): its tags
    // are written in place.
    let excludedStorage = excluded.flatMap { $0.count > 0 ? $0._storage : nil }
    storage.updateValues(
      items, slot: slot, range: range, firstIndex: firstIndex, excluding: excludedStorage,
      tag: tag, keeping: keeping, kept: &kept, movedAndDropped: movedAndDropped,
      replaced: replaced)
  }

  /// Calls `body` with each identifier in the table and its location, which
  /// `body` may change, in no particular order.
  @inlinable
  mutating func updateEach(_ body: (Key, inout _ItemLocation) -> Void) {
    guard count > 0 else { return }
    let storage = _uniqueStorage(minimumCapacity: count)
    var bucket = 0
    while bucket <= storage.mask {
      if storage.distances[bucket] != 0 {
        body(storage.entries[bucket].key, &storage.entries[bucket].location)
      }
      bucket &+= 1
    }
  }

  /// The storage, this table's own and able to hold `minimumCapacity`
  /// identifiers.
  @inlinable
  mutating func _uniqueStorage(minimumCapacity: Int) -> _UnsafeItemTableStorage<Key> {
    // Tested before a local reference to the storage is taken.
    let isUnique = isKnownUniquelyReferenced(&_storage)
    if let storage = _storage {
      if _fastPath(isUnique && storage.capacity >= minimumCapacity) { return storage }
      let buckets = _UnsafeItemTableStorage<Key>.bucketCount(for: minimumCapacity)
      let copy = storage.copy(bucketCount: Swift.max(buckets, storage.bucketCount))
      _storage = copy
      return copy
    }
    let storage = _UnsafeItemTableStorage<Key>(
      bucketCount: _UnsafeItemTableStorage<Key>.bucketCount(for: minimumCapacity))
    _storage = storage
    return storage
  }
}

/// One bucket of ``_ItemTable``: an identifier and its location.
@frozen
@usableFromInline
struct _ItemTableEntry<Key> {
  @usableFromInline var key: Key
  @usableFromInline var location: _ItemLocation

  @inlinable
  init(key: Key, location: _ItemLocation) {
    self.key = key
    self.location = location
  }
}

/// The buckets of an ``_ItemTable``. Its pointers never leave it; it is
/// mutated only through a table that holds the one reference to it, so the
/// class is `@unchecked Sendable`.
@usableFromInline
final class _UnsafeItemTableStorage<Key: Hashable & Sendable>: @unchecked Sendable {
  /// The number of buckets minus one; the number of buckets is a power of two.
  @usableFromInline let mask: Int
  @usableFromInline @exclusivity(unchecked) var count: Int
  /// Per bucket: 0 if empty, otherwise the entry's distance from the bucket
  /// its hash names, plus one (255 for a distance of 254 or more).
  @usableFromInline let distances: UnsafeMutablePointer<UInt8>
  /// Per bucket: initialized where the distance byte is not 0.
  @usableFromInline let entries: UnsafeMutablePointer<_ItemTableEntry<Key>>
  /// What the reads made ahead of inserts found, kept so that they are made.
  @usableFromInline @exclusivity(unchecked) var _touched: UInt8 = 0

  @inlinable
  init(bucketCount: Int) {
    mask = bucketCount - 1
    count = 0
    distances = .allocate(capacity: bucketCount)
    distances.initialize(repeating: 0, count: bucketCount)
    entries = .allocate(capacity: bucketCount)
  }

  @inlinable
  deinit {
    if !_isPOD(Key.self) {
      var bucket = 0
      while bucket <= mask {
        if distances[bucket] != 0 { (entries + bucket).deinitialize(count: 1) }
        bucket &+= 1
      }
    }
    distances.deallocate()
    entries.deallocate()
  }

  @inlinable
  var bucketCount: Int { mask &+ 1 }

  /// The number of entries the buckets may hold: three quarters of them.
  @inlinable
  var capacity: Int { bucketCount &* 3 / 4 }

  /// The number of buckets for `capacity` identifiers: a power of two, at
  /// most three quarters full, so that one bucket at least stays empty.
  @inlinable
  static func bucketCount(for capacity: Int) -> Int {
    var buckets = 2
    while buckets * 3 / 4 < capacity { buckets &<<= 1 }
    return buckets
  }

  @inlinable @inline(__always)
  static func hash(_ key: Key) -> Int { key._rawHashValue(seed: 0) }

  /// The distance byte for an entry `distance` buckets from home.
  @inlinable @inline(__always)
  static func distanceByte(_ distance: Int) -> UInt8 {
    distance < 254 ? UInt8(truncatingIfNeeded: distance + 1) : 255
  }

  /// The bucket holding `key` (`found`), or the empty bucket where it would
  /// go.
  @inlinable @inline(__always)
  func find(_ key: Key, hash: Int) -> (bucket: Int, found: Bool) {
    var bucket = hash & mask
    var expected: UInt8 = 1
    while true {
      let byte = distances[bucket]
      if byte == 0 { return (bucket, false) }
      if byte == expected && entries[bucket].key == key { return (bucket, true) }
      bucket = (bucket &+ 1) & mask
      if expected < 255 { expected &+= 1 }
    }
  }

  /// Stores an identifier known to be absent; the storage has room.
  @inlinable @inline(__always)
  func insertNew(_ key: Key, _ location: _ItemLocation, hash: Int) {
    let home = hash & mask
    var bucket = home
    while distances[bucket] != 0 { bucket = (bucket &+ 1) & mask }
    distances[bucket] = Self.distanceByte((bucket &- home) & mask)
    (entries + bucket).initialize(to: _ItemTableEntry(key: key, location: location))
    count &+= 1
  }

  /// Removes the entry at `bucket` and returns its location, shifting the
  /// entries after it back so that every entry stays reachable from home.
  @inlinable
  func remove(at bucket: Int) -> _ItemLocation {
    let removed = (entries + bucket).move()
    count &-= 1
    var hole = bucket
    var next = (bucket &+ 1) & mask
    while true {
      let byte = distances[next]
      if byte == 0 { break }
      let distance =
        byte < 255 ? Int(byte) - 1 : (next &- (Self.hash(entries[next].key) & mask)) & mask
      let gap = (next &- hole) & mask
      if gap <= distance {
        (entries + hole).moveInitialize(from: entries + next, count: 1)
        distances[hole] = Self.distanceByte(distance - gap)
        hole = next
      }
      next = (next &+ 1) & mask
    }
    distances[hole] = 0
    return removed.location
  }

  /// A copy with `bucketCount` buckets (at least as many as this one has).
  @inlinable
  func copy(bucketCount: Int) -> _UnsafeItemTableStorage {
    let copy = _UnsafeItemTableStorage(bucketCount: bucketCount)
    if bucketCount == self.bucketCount {
      copy.distances.update(from: distances, count: bucketCount)
      if _isPOD(Key.self) {
        UnsafeMutableRawPointer(copy.entries).copyMemory(
          from: entries, byteCount: bucketCount * MemoryLayout<_ItemTableEntry<Key>>.stride)
      } else {
        var bucket = 0
        while bucket <= mask {
          if distances[bucket] != 0 { (copy.entries + bucket).initialize(to: entries[bucket]) }
          bucket &+= 1
        }
      }
      copy.count = count
    } else {
      // `insertNew` counts the entries.
      var bucket = 0
      while bucket <= mask {
        if distances[bucket] != 0 {
          let entry = entries[bucket]
          copy.insertNew(entry.key, entry.location, hash: Self.hash(entry.key))
        }
        bucket &+= 1
      }
    }
    return copy
  }

  /// How many inserts ahead ``updateValues(_:slot:range:replaced:)`` reads
  /// the distance byte of an identifier's bucket.
  @inlinable
  static var lookahead: Int { 12 }

  /// How many identifiers ``updateValues(_:slot:range:replaced:)`` hashes in
  /// one go, before inserting them.
  @inlinable
  static var hashBlock: Int { 256 }

  /// See ``_ItemTable/updateValues(_:slot:range:replaced:)``; the storage
  /// has room for every item of `range`.
  ///
  /// The identifiers are hashed a block at a time, ahead of their inserts;
  /// each insert then reads the distance byte of the bucket of the insert
  /// `lookahead` places after it. Those reads are what starts the cache misses early, so the
  /// loop that makes them is kept short: hashing in it would fill the
  /// processor's window with work and stall on the read instead.
  @inlinable @inline(__always)
  func updateValues(
    _ items: UnsafeBufferPointer<Key>, slot: Int, range: Range<Int>, firstIndex: Int,
    excluding excluded: _UnsafeItemTableStorage?, tag: UInt32, keeping: Bool,
    kept: inout [Key], movedAndDropped: (_ previousTag: UInt32, _ index: Int) -> Void,
    replaced: (_ previous: _ItemLocation, _ index: Int) -> Void
  ) {
    let ahead = Self.lookahead
    let block = Self.hashBlock
    // Holds the hashes of items `i..<hashed`, item `j` at `j & ringMask`.
    let ringMask = 2 * block - 1
    var touched: UInt8 = 0
    // The index of the next item stored.
    var next = firstIndex
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * block) { ring in
      var hashed = range.lowerBound
      var i = range.lowerBound
      while i < range.upperBound {
        let blockEnd = Swift.min(i + block, range.upperBound)
        let hashEnd = Swift.min(blockEnd + ahead, range.upperBound)
        while hashed < hashEnd {
          ring[hashed & ringMask] = Self.hash(items[hashed])
          hashed += 1
        }
        for j in i..<blockEnd {
          if j + ahead < hashEnd {
            let bucket = ring[(j + ahead) & ringMask] & mask
            touched &+= distances[bucket]
          }
          let hash = ring[j & ringMask]
          if let excluded {
            let (bucket, found) = excluded.find(items[j], hash: hash)
            if found {
              let previousTag = excluded.entries[bucket].location.slot
              excluded.entries[bucket].location.slot = tag
              if _slowPath(previousTag != 0) { movedAndDropped(previousTag, j) }
              continue
            }
          }
          if keeping { kept.append(items[j]) }
          let location = _ItemLocation(slot: slot, index: next)
          next &+= 1
          let (bucket, found) = find(items[j], hash: hash)
          if found {
            let previous = entries[bucket].location
            entries[bucket].location = location
            replaced(previous, j)
          } else {
            distances[bucket] = Self.distanceByte((bucket &- (hash & mask)) & mask)
            (entries + bucket).initialize(to: _ItemTableEntry(key: items[j], location: location))
            count &+= 1
          }
        }
        i = blockEnd
      }
    }
    _touched = touched
  }
}
