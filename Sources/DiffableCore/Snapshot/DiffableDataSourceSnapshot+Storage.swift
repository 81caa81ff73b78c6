// The storage primitives every public mutation is built from. Each one either
// completes or, if it finds a problem, restores what it changed before it
// reports; public members validate first and call these afterwards.

// MARK: - Lookups that stop on absent identifiers

extension DiffableDataSourceSnapshot {
  @inlinable
  func _slot(of section: SectionIdentifierType, _ operation: StaticString) -> Int {
    guard let slot = _sectionSlots[section] else { _absentSection(section, operation) }
    return slot
  }

  @inlinable
  func _location(of item: ItemIdentifierType, _ operation: StaticString) -> _ItemLocation {
    guard let location = _itemLocations[item] else { _absentItem(item, operation) }
    return location
  }

  /// Reports a section that could not be found, telling a broken `Hashable`
  /// conformance apart from a plain mistake. Runs only on the way to stopping,
  /// so the linear scan costs nothing in a correct program.
  @usableFromInline @inline(never)
  func _absentSection(_ section: SectionIdentifierType, _ operation: StaticString) -> Never {
    _checkHashable(section, among: _order.lazy.map { self._records[$0].id }, "section", operation)
    _diffableFailure(operation, "section identifier \(_describe([section])) does not exist")
  }

  @usableFromInline @inline(never)
  func _absentItem(_ item: ItemIdentifierType, _ operation: StaticString) -> Never {
    _checkHashable(item, among: _order.lazy.flatMap { self._records[$0].items }, "item", operation)
    _diffableFailure(operation, "item identifier \(_describe([item])) does not exist")
  }

  @usableFromInline @inline(never)
  func _checkHashable<T: Hashable, S: Sequence<T>>(
    _ value: T, among stored: S, _ kind: String, _ operation: StaticString
  ) {
    if value != value {
      _diffableFailure(
        operation,
        "\(kind) identifier \(_describe([value])) is not equal to itself; "
          + "\(T.self)'s == must be reflexive")
    }
    if let twin = stored.first(where: { $0 == value }) {
      _hashMismatchFailure(value, equalTo: twin, kind, operation)
    }
  }

  /// Stops if an identifier about to be stored is not equal to itself: such an
  /// identifier could be stored but never found again.
  @inlinable @inline(__always)
  func _requireReflexive<T: Hashable>(_ value: T, _ kind: String, _ operation: StaticString) {
    if _slowPath(value != value) {
      _diffableFailure(
        operation,
        "\(kind) identifier \(_describe([value])) is not equal to itself; "
          + "\(T.self)'s == must be reflexive")
    }
  }

  /// Stops if an argument array repeats an identifier, naming the repeats.
  @inlinable
  func _requireUnique<T: Hashable>(_ values: [T], _ kind: String, _ operation: StaticString) {
    guard values.count > 1 else { return }
    var seen = Set<T>(minimumCapacity: values.count)
    var repeated: [T] = []
    for value in values where !seen.insert(value).inserted { repeated.append(value) }
    if !repeated.isEmpty {
      _diffableFailure(operation, "\(kind) identifiers are not unique: \(_describe(repeated))")
    }
  }
}

// MARK: - Section bookkeeping

extension DiffableDataSourceSnapshot {
  /// Recomputes `position` and `start` for the sections at `position` and
  /// after.
  ///
  /// - Complexity: O(*s* − `position`).
  @inlinable
  mutating func _renumberSections(from position: Int) {
    guard position < _order.count else { return }
    var start: Int
    if position == 0 {
      start = 0
    } else {
      let previous = _records[_order[position - 1]]
      start = previous.start + previous.items.count
    }
    for p in position..<_order.count {
      let slot = _order[p]
      _records[slot].position = p
      _records[slot].start = start
      start += _records[slot].items.count
    }
  }

  /// Stores new, empty sections at `position`. Stops, changing nothing, if
  /// one of them is already present or repeated.
  ///
  /// - Complexity: O(*k* + *s*), where *k* is the number of identifiers and
  ///   *s* the number of sections.
  @inlinable
  mutating func _insertSections(
    _ identifiers: [SectionIdentifierType], at position: Int, _ operation: StaticString
  ) {
    for identifier in identifiers { _requireReflexive(identifier, "section", operation) }
    _requireUnique(identifiers, "section", operation)
    let existing = identifiers.filter { _sectionSlots[$0] != nil }
    if !existing.isEmpty {
      _diffableFailure(operation, "section identifiers already exist: \(_describe(existing))")
    }
    var slots: [Int] = []
    slots.reserveCapacity(identifiers.count)
    for identifier in identifiers {
      let record = _Record(id: identifier, position: 0, start: 0)
      let slot: Int
      if let free = _freeSlots.popLast() {
        slot = free
        _records[slot] = record
      } else {
        slot = _records.count
        _records.append(record)
      }
      _sectionSlots[identifier] = slot
      slots.append(slot)
    }
    _order.insert(contentsOf: slots, at: position)
    _renumberSections(from: position)
  }
}

// MARK: - Item storage

extension DiffableDataSourceSnapshot {
  /// Where new items go.
  @usableFromInline
  enum _Destination {
    case end(slot: Int)
    case before(ItemIdentifierType)
    case after(ItemIdentifierType)
  }

  @inlinable
  func _resolve(_ destination: _Destination, _ operation: StaticString) -> (slot: Int, index: Int) {
    switch destination {
    case .end(let slot):
      return (slot, _records[slot].items.count)
    case .before(let item):
      let location = _location(of: item, operation)
      return (Int(location.slot), Int(location.index))
    case .after(let item):
      let location = _location(of: item, operation)
      return (Int(location.slot), Int(location.index) + 1)
    }
  }

  /// Inserts items at a destination. Items already in the snapshot move there,
  /// as in UIKit, and a diagnostic names them.
  ///
  /// The fast path hashes each new identifier once: it stores the identifier's
  /// location and learns from the same lookup whether it was already present.
  /// If any was, everything is undone and the slow path validates, removes the
  /// existing items from their old places and inserts again.
  ///
  /// - Complexity: O(*k* + *t*), where *k* is the number of identifiers and *t*
  ///   the number of items after the destination in its section (and, on the
  ///   slow path, in the sections the moved items leave).
  @inlinable
  mutating func _insertItems(
    _ identifiers: [ItemIdentifierType], _ destination: _Destination, _ operation: StaticString
  ) {
    guard !identifiers.isEmpty else { return }
    let (slot, index) = _resolve(destination, operation)
    if _insertNewItems(identifiers, slot: slot, at: index, operation) { return }

    // Slow path: repeated identifiers are an error; existing ones move.
    _requireUnique(identifiers, "item", operation)
    switch destination {
    case .before(let anchor), .after(let anchor):
      if identifiers.contains(anchor) {
        _diffableFailure(
          operation,
          "cannot insert item identifiers relative to \(_describe([anchor])), one of themselves")
      }
    case .end: break
    }
    let existing = identifiers.filter { _itemLocations[$0] != nil }
    DiffableDiagnostics.report(
      operation,
      "item identifiers already in the snapshot were moved, as UIKit does: \(_describe(existing))")
    _removeItems(existing, keepingMarks: true)
    let (newSlot, newIndex) = _resolve(destination, operation)
    let inserted = _insertNewItems(identifiers, slot: newSlot, at: newIndex, operation)
    assert(inserted, "every identifier is new after removing the existing ones")
  }

  /// Inserts identifiers that are expected to be new. Returns `false`, with
  /// the snapshot unchanged, if one is already present or repeated.
  @inlinable
  mutating func _insertNewItems(
    _ identifiers: [ItemIdentifierType], slot: Int, at index: Int, _ operation: StaticString
  ) -> Bool {
    let oldCount = _records[slot].items.count
    if _slowPath(oldCount + identifiers.count > Int(UInt32.max)) {
      _diffableFailure(operation, "a section cannot hold more than \(UInt32.max) items")
    }
    _itemLocations.reserveCapacity(_itemLocations.count + identifiers.count)
    for (offset, identifier) in identifiers.enumerated() {
      _requireReflexive(identifier, "item", operation)
      let location = _ItemLocation(slot: slot, index: index + offset)
      if let previous = _itemLocations.updateValue(location, forKey: identifier) {
        // Restore the previous entry first: if `identifier` is repeated among
        // the ones stored before it, removing those below removes it as well.
        _itemLocations[identifier] = previous
        for stored in identifiers[..<offset] { _itemLocations.removeValue(forKey: stored) }
        return false
      }
    }
    if index == oldCount {
      _records[slot].items.append(contentsOf: identifiers)
    } else {
      _records[slot].items.insert(contentsOf: identifiers, at: index)
      _reindexItems(inSlot: slot, from: index + identifiers.count)
    }
    _renumberSections(from: _records[slot].position + 1)
    return true
  }

  /// Stores the index of every item of a section from `index` on.
  @inlinable
  mutating func _reindexItems(inSlot slot: Int, from index: Int) {
    let items = _records[slot].items
    for i in index..<items.count {
      _itemLocations[items[i]]?.index = UInt32(truncatingIfNeeded: i)
    }
  }

  /// Removes the items that are present among `identifiers`, ignoring the
  /// others, and returns how many were removed.
  ///
  /// - Complexity: O(*k* + *t*), where *k* is the number of identifiers and *t*
  ///   the number of items from the first removed one to the end of each
  ///   section that loses items.
  @inlinable
  @discardableResult
  mutating func _removeItems(
    _ identifiers: some Sequence<ItemIdentifierType>, keepingMarks: Bool
  ) -> Int {
    // Removed indices, grouped by slot in the order the slots are first met.
    var groups: [(slot: Int, indices: [Int])] = []
    var groupOfSlot: [Int: Int] = [:]
    var removed = 0
    for identifier in identifiers {
      guard let location = _itemLocations.removeValue(forKey: identifier) else { continue }
      removed += 1
      let slot = Int(location.slot)
      if let last = groups.indices.last, groups[last].slot == slot {
        groups[last].indices.append(Int(location.index))
      } else if let g = groupOfSlot[slot] {
        groups[g].indices.append(Int(location.index))
      } else {
        groupOfSlot[slot] = groups.count
        groups.append((slot, [Int(location.index)]))
      }
    }
    guard removed > 0 else { return 0 }
    var firstPosition = Int.max
    for group in groups {
      _compact(slot: group.slot, removing: group.indices)
      firstPosition = Swift.min(firstPosition, _records[group.slot].position)
    }
    _renumberSections(from: firstPosition)
    if !keepingMarks { _dropStaleItemMarks() }
    return removed
  }

  /// Closes the gaps left by removed items in one section and stores the new
  /// index of every item that shifted.
  @inlinable
  mutating func _compact(slot: Int, removing indices: [Int]) {
    let sorted = indices.count > 1 ? indices.sorted() : indices
    let count = _records[slot].items.count
    if sorted.count == count {
      _records[slot].items.removeAll()
      return
    }
    var next = 0  // into `sorted`
    var write = sorted[0]
    _records[slot].items.withUnsafeMutableBufferPointer { items in
      for read in sorted[0]..<count {
        if next < sorted.count, sorted[next] == read {
          next += 1
          continue
        }
        items.swapAt(write, read)
        write += 1
      }
    }
    _records[slot].items.removeLast(count - write)
    _reindexItems(inSlot: slot, from: sorted[0])
  }

  /// Drops marks whose items or sections are gone.
  @inlinable
  mutating func _dropStaleItemMarks() {
    let locations = _itemLocations
    _reloadedItems.removeAll { locations[$0] == nil }
    _reconfiguredItems.removeAll { locations[$0] == nil }
  }
}
