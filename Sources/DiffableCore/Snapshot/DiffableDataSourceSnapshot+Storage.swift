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
    guard let location = _settledIndex(operation).table[item] else {
      _absentItem(item, operation)
    }
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
    let records = _settledRecords(operation)
    _checkHashable(item, among: _order.lazy.flatMap { records[$0].items }, "item", operation)
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

// MARK: - The item index

extension DiffableDataSourceSnapshot {
  /// Whether ``appendItems(_:toSection:)`` builds the item index at the call
  /// (debug builds), so that a repeated identifier stops the program there.
  /// The snapshot that results is the same either way.
  @inlinable
  static var _settlesAppendsAtCall: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  /// The item index, built first if it is pending; `operation` names the
  /// caller in a message if building it finds an identifier repeated.
  ///
  /// - Complexity: O(1) once built; building hashes each pending item once.
  @inlinable
  func _settledIndex(_ operation: StaticString) -> _ItemIndex<
    SectionIdentifierType, ItemIdentifierType
  > {
    let index = _index
    if _slowPath(!index.isBuilt) { _buildIndex(operation) }
    return index
  }

  /// The sections as they settle: `_records`, unless building the index
  /// removed items appended again by a later call.
  @inlinable
  func _settledRecords(_ operation: StaticString) -> [_Record] {
    _settledIndex(operation).settled ?? _records
  }

  /// Whether the sections as stored are the sections as they settle: the
  /// index is built and moved nothing. The common case, which the hot reads
  /// test first, so that they read `_records` in place.
  @inlinable @inline(__always)
  var _isSettledAsStored: Bool {
    let index: _ItemIndexState = _index
    return _fastPath(index.isBuilt) && _fastPath(!index.hasSettled)
  }

  /// Whether the counts as stored are the counts as they settle without
  /// building the index: it is built and moved nothing, or its pending
  /// items came from one append call onto an empty table and nothing was
  /// deleted since (`_ItemIndex.countsAsStored`).
  @inlinable @inline(__always)
  var _countsAsStored: Bool {
    if _isSettledAsStored { return true }
    let index = _index
    return !index.isBuilt && index.countsAsStored
  }

  /// The flattened index of the first item of the section at `slot`, in the
  /// sections as they settle, once the index is built.
  @inlinable @inline(__always)
  func _start(ofSlot slot: Int, _ index: _ItemIndex<SectionIdentifierType, ItemIdentifierType>)
    -> Int
  {
    if _fastPath(!index.hasSettled) { return _records[slot].start }
    return index.settled![slot].start
  }

  /// Builds the item index, unless another thread has built it: hashes the
  /// items of the pending append calls into the table, in call order, in a
  /// table grown once. An identifier found twice, from two calls, stays where
  /// the later call put it, as UIKit moves it at the call, and a
  /// ``DiffableDiagnostic`` names it; from one call, it stops the program.
  /// Items deleted while the index was pending are left out as the runs go
  /// in (each item is looked up among them with the hash that stores it).
  /// Then looks up the items marked meanwhile: a mark on an absent item
  /// stops the program.
  ///
  /// - Complexity: O(*p* + *d* + *m*) expected, where *p* is the number of
  ///   pending items, *d* the number of identifiers deleted and *m* the number
  ///   of items marked while it was pending: one hash per pending item and
  ///   per mark, none per deletion if the table was empty (one each
  ///   otherwise); more if items move, or deleted items stood before the
  ///   pending ones (those after them in their sections are reindexed).
  @inlinable @inline(never)
  func _buildIndex(_ operation: StaticString) {
    let index = _index
    let outcome = index.build {
      () -> (moved: [(run: Int, item: ItemIdentifierType)], absent: (ItemIdentifierType, Bool)?) in
      var table = index.table
      index.table = _ItemTable()  // so that `table` is the only reference to its storage
      let tableWasEmpty = table.count == 0
      var pending = 0
      for run in index.runs { pending += run.count }
      table.reserveCapacity(table.count + pending)
      // Identifiers deleted while the index was pending leave as the runs go
      // in: each run's item is looked up in `deleted` with the hash that
      // stores it, and the items that stay are copied out, section by
      // section (`kept`), so that no item is hashed twice and no location
      // is sorted. `deleted` marks each identifier with the run that found
      // it (`slot`: the run's number plus one), to tell a repeat inside one
      // call from an identifier that a later call moved.
      var deleted = index.deleted
      index.deleted = nil
      let filtering = deleted != nil
      // The places of the items that leave (deleted items that were in the
      // table, earlier places of identifiers appended again), and who moved
      // them.
      var removed: [_ItemLocation] = []
      var moved: [(run: Int, item: ItemIdentifierType)] = []
      // Deleted items that stood before the runs, in the table already,
      // leave it first, marked `inTable`: a run that has one moved it.
      let inTable = UInt32.max
      if tableWasEmpty {
        deleted?.reserveCapacity(0)  // its own storage, to mark
      } else {
        deleted?.updateEach { item, location in
          guard let place = table.removeValue(forKey: item) else { return }
          removed.append(place)
          location.slot = inTable
        }
      }
      var kept: [[ItemIdentifierType]] =
        filtering ? Array(repeating: [], count: _records.count) : []
      var keptFrom: [Int] = filtering ? Array(repeating: -1, count: _records.count) : []
      for (r, run) in index.runs.enumerated() {
        _records[run.slot].items.withUnsafeBufferPointer { items in
          var out: [ItemIdentifierType] = []
          if filtering {
            if keptFrom[run.slot] < 0 {
              // The section's items before its first run are in the table.
              keptFrom[run.slot] = run.start
              out.reserveCapacity(items.count)
              out.append(contentsOf: items[..<run.start])
            } else {
              swap(&out, &kept[run.slot])
            }
          }
          // Where the run's first item that stays goes.
          let first = filtering ? out.count : run.start
          table.updateValues(
            items, slot: run.slot, range: run.start..<(run.start + run.count), firstIndex: first,
            excluding: deleted, tag: UInt32(truncatingIfNeeded: r + 1), keeping: filtering,
            kept: &out,
            movedAndDropped: { tag, i in
              if tag == UInt32(truncatingIfNeeded: r + 1) { _repeatedInOneCall(run, operation) }
              // Found by an earlier call or in the table: this call moved it,
              // then it was deleted.
              moved.append((r, items[i]))
            },
            replaced: { previous, i in
              if Int(previous.slot) == run.slot && Int(previous.index) >= first {
                _repeatedInOneCall(run, operation)
              }
              removed.append(previous)
              moved.append((r, items[i]))
            })
          if filtering { swap(&out, &kept[run.slot]) }
        }
      }
      var records = _records
      var changed = false
      if filtering {
        for slot in _order
        where keptFrom[slot] >= 0 && kept[slot].count != records[slot].items.count {
          records[slot].items = kept[slot]
          changed = true
        }
        kept = []
      }
      if !removed.isEmpty {
        // The sections as they settle: the items at `removed` taken out.
        // When they are many, the table is built again from the items that
        // stay (one hash each); otherwise the items after the first removed
        // one are reindexed. (Written here, in the specialized closure, as
        // many items may pass.)
        let rebuilds = 2 * removed.count >= table.count
        if rebuilds {
          table = _ItemTable()
          let stored = _order.reduce(0) { $0 + records[$1].items.count }
          table.reserveCapacity(stored - removed.count)
        }
        var bySlot: [Int: [Int]] = [:]
        for location in removed {
          bySlot[Int(location.slot), default: []].append(Int(location.index))
        }
        for slot in _order {
          let sorted = bySlot[slot].map { $0.sorted() } ?? []
          if sorted.isEmpty {
            guard rebuilds else { continue }
            // A section that loses nothing: its items go back in as they are.
            records[slot].items.withUnsafeBufferPointer { items in
              table.updateValues(items, slot: slot, range: items.indices) { _, _ in }
            }
            continue
          }
          let from = rebuilds ? 0 : sorted[0]
          var stays: [ItemIdentifierType] = []
          stays.reserveCapacity(records[slot].items.count - sorted.count)
          stays.append(contentsOf: records[slot].items[..<from])
          var next = 0
          records[slot].items.withUnsafeBufferPointer { items in
            for i in from..<items.count {
              if next < sorted.count && sorted[next] == i {
                next += 1
                continue
              }
              if !rebuilds { table[items[i]] = _ItemLocation(slot: slot, index: stays.count) }
              stays.append(items[i])
            }
          }
          if rebuilds {
            // The items that stay in a section are unique: none replaces another.
            stays.withUnsafeBufferPointer { items in
              table.updateValues(items, slot: slot, range: items.indices) { _, _ in }
            }
          }
          records[slot].items = stays
        }
        changed = true
      }
      if changed {
        var start = 0
        for slot in _order {
          records[slot].start = start
          start += records[slot].items.count
        }
        index.settled = records
      }
      var absent: (ItemIdentifierType, Bool)?
      if index.hasUnverifiedMarks {
        if let item = _reloadedItems.elements.first(where: { table[$0] == nil }) {
          absent = (item, true)
        } else if let item = _reconfiguredItems.elements.first(where: { table[$0] == nil }) {
          absent = (item, false)
        }
      }
      index.runs = []
      index.hasUnverifiedMarks = false
      index.table = table
      return (moved, absent)
    }
    guard let outcome else { return }
    // Stop on a mark of an absent item, and report the moves once, from the
    // thread that built the index, one diagnostic per call, as the calls
    // would have. Both need the index built.
    if let (item, reload) = outcome.absent {
      _absentMarkedItem(item, reload: reload, foundBy: operation)
    }
    let moved = outcome.moved
    var start = 0
    while start < moved.count {
      var end = start + 1
      while end < moved.count && moved[end].run == moved[start].run { end += 1 }
      DiffableDiagnostics.report(
        "appendItems(_:toSection:)",
        "item identifiers already in the snapshot were moved, as UIKit does: "
          + _describe(moved[start..<end].lazy.map(\.item)))
      start = end
    }
  }

  /// Stops because `reloadItems(_:)` or `reconfigureItems(_:)` marked an
  /// item that was not in the snapshot, found when `operation` built the
  /// item index.
  @usableFromInline @inline(never)
  func _absentMarkedItem(_ item: ItemIdentifierType, reload: Bool, foundBy operation: StaticString)
    -> Never
  {
    let marking: StaticString = reload ? "reloadItems(_:)" : "reconfigureItems(_:)"
    let records = _settledRecords(operation)
    _checkHashable(item, among: _order.lazy.flatMap { records[$0].items }, "item", marking)
    _diffableFailure(
      marking,
      "item identifier \(_describe([item])) does not exist"
        + " (found when \(operation) built the item index)")
  }

  /// Stops because one append call repeated an identifier, naming the
  /// repeats and the first one's two places in the call.
  @usableFromInline @inline(never)
  func _repeatedInOneCall(_ run: _AppendRun, _ operation: StaticString) -> Never {
    let items = Array(_records[run.slot].items[run.start..<(run.start + run.count)])
    var firstOffset: [ItemIdentifierType: Int] = [:]
    var repeated: [ItemIdentifierType] = []
    var places = ""
    for (offset, item) in items.enumerated() {
      if let first = firstOffset[item] {
        if repeated.isEmpty {
          places = "\(_describe([item])) is at positions \(first) and \(offset)"
        }
        if !repeated.contains(item) { repeated.append(item) }
      } else {
        firstOffset[item] = offset
      }
    }
    let section = _describe([_records[run.slot].id])
    let foundBy =
      operation.description == "appendItems(_:toSection:)"
      ? "" : " (found when \(operation) built the item index)"
    _diffableFailure(
      "appendItems(_:toSection:)",
      "item identifiers are not unique: \(_describe(repeated)); \(places) of the "
        + "\(items.count) identifiers appended to section \(section)\(foundBy)")
  }

  /// Builds the item index now if it is pending, so that later reads, of
  /// this snapshot and of the copies that share its storage, find it built:
  /// for the data source, which diffs off the main actor.
  ///
  /// - Complexity: O(1) if the index is built, O(*p*) for *p* pending items
  ///   otherwise.
  @inlinable
  package func _prepareItemIndex() {
    _ = _settledIndex("apply(_:animatingDifferences:completion:)")
  }

  /// Whether this snapshot's sections, as they stand, hold the same
  /// identifiers, in the same order, as `records` (in `order`). Settled
  /// sections of another snapshot hold each item once; a pending snapshot
  /// whose stored items equal them then settles with its items as stored.
  @inlinable
  func _hasItems(ofSettled records: [_Record], _ order: [Int], settlingFirst: Bool = false)
    -> Bool
  {
    guard _order.count == order.count else { return false }
    let index = _index
    let mine =
      settlingFirst || index.isBuilt || index.hasWaitingChanges
      ? _settledRecords("==") : _records
    for (a, b) in zip(_order, order) {
      guard mine[a].id == records[b].id, mine[a].items == records[b].items else { return false }
    }
    return true
  }

  /// The number of items as stored: the number of items unless building a
  /// pending index removes some.
  @inlinable
  var _storedItemCount: Int {
    guard let last = _order.last else { return 0 }
    let index = _index
    let records = index.isBuilt ? (index.settled ?? _records) : _records
    return records[last].start + records[last].items.count
  }

  /// Gives a pending index `table`, the built table of a snapshot whose
  /// settled sections hold the same items in the same slots.
  @inlinable
  func _adoptIndex(_ table: _ItemTable<ItemIdentifierType>) {
    let index = _index
    guard !index.isBuilt else { return }
    _ = index.build {
      index.table = table
      index.runs = []
    }
  }

  /// Makes the item index this snapshot's own, before a mutation, and takes
  /// over the sections as they settled if building the index moved items.
  ///
  /// - Complexity: O(1); a shared index is copied, and its table with it
  ///   when the mutation changes it.
  @inlinable
  mutating func _ownIndex() {
    if !isKnownUniquelyReferenced(&_index) { _index = _index.copy() }
    if _slowPath(_index.hasWaitingChanges) && _index.isBuilt { _index.hasWaitingChanges = false }
    if let settled = _index.settled {
      _records = settled
      _index.settled = nil
    }
  }

  /// Builds the item index if it is pending and makes it this snapshot's
  /// own, before a mutation that needs locations.
  ///
  /// - Complexity: O(*p*) for *p* pending items; O(1) if none.
  @inlinable
  mutating func _prepareIndex(_ operation: StaticString) {
    if !_index.isBuilt { _buildIndex(operation) }
    _ownIndex()
  }

  /// Takes over the sections as they settled, if building the index moved
  /// items, before a mutation of the sections alone.
  @inlinable
  mutating func _takeSettledSections() {
    if _index.isBuilt && _index.settled != nil { _ownIndex() }
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

  /// Moves the first item of every section from `position` on by `delta`,
  /// after items were added to the section before them: their positions
  /// stay, and their item arrays are not read.
  ///
  /// - Complexity: O(*s*), where *s* is the number of sections from
  ///   `position` on.
  @inlinable
  mutating func _shiftSectionStarts(from position: Int, by delta: Int) {
    guard position < _order.count else { return }
    // Each append to a section but the last shifts every section after it:
    // through the buffers, without a bounds, uniqueness or overflow check per
    // section (starts stay below the item count, an `Int`).
    _order.withUnsafeBufferPointer { order in
      _records.withUnsafeMutableBufferPointer { records in
        for p in position..<order.count { records[order[p]].start &+= delta }
      }
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
    _takeSettledSections()
    // Each identifier is hashed once, into `_sectionSlots`, in a dictionary
    // grown once: one repeated or already present finds an entry there, and
    // then the entries are restored and the call is refused by the checks
    // that name the identifiers. Free slots are reused last freed first.
    _sectionSlots.reserveCapacity(_sectionSlots.count + identifiers.count)
    var slots: [Int] = []
    slots.reserveCapacity(identifiers.count)
    var freeCount = _freeSlots.count
    var nextSlot = _records.count
    for (offset, identifier) in identifiers.enumerated() {
      let slot: Int
      if freeCount > 0 {
        freeCount -= 1
        slot = _freeSlots[freeCount]
      } else {
        slot = nextSlot
        nextSlot += 1
      }
      if let previous = _sectionSlots.updateValue(slot, forKey: identifier) {
        // The identifiers before it are new and unique.
        _sectionSlots[identifier] = previous
        for stored in identifiers[..<offset] { _sectionSlots.removeValue(forKey: stored) }
        _requireUnique(identifiers, "section", operation)
        let existing = identifiers.filter { _sectionSlots[$0] != nil }
        _diffableFailure(operation, "section identifiers already exist: \(_describe(existing))")
      }
      slots.append(slot)
    }
    _freeSlots.removeLast(_freeSlots.count - freeCount)
    _records.reserveCapacity(nextSlot)
    for (identifier, slot) in zip(identifiers, slots) {
      let record = _Record(id: identifier, position: 0, start: 0)
      if slot < _records.count {
        _records[slot] = record
      } else {
        _records.append(record)
      }
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
  /// Appending only stores the items and records the call (`_appendPending`);
  /// the item index takes them in when it is built. Inserting next to an
  /// item needs the index: the fast path hashes each new identifier once, to
  /// store its location and learn from the same lookup whether it was
  /// already present. If any was, everything is undone and the slow path
  /// validates, removes the existing items from their old places and inserts
  /// again.
  ///
  /// - Complexity: O(*k* + *t*), where *k* is the number of identifiers and *t*
  ///   the number of items after the destination in its section (and, on the
  ///   slow path, in the sections the moved items leave).
  @inlinable
  mutating func _insertItems(
    _ identifiers: [ItemIdentifierType], _ destination: _Destination, _ operation: StaticString
  ) {
    guard !identifiers.isEmpty else { return }
    if case .end(let slot) = destination {
      _appendPending(identifiers, slot: slot, operation)
      return
    }
    _prepareIndex(operation)
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
    let table = _index.table
    let existing = identifiers.filter { table[$0] != nil }
    DiffableDiagnostics.report(
      operation,
      "item identifiers already in the snapshot were moved, as UIKit does: \(_describe(existing))")
    _removeItems(existing, keepingMarks: true, operation)
    let (newSlot, newIndex) = _resolve(destination, operation)
    let inserted = _insertNewItems(identifiers, slot: newSlot, at: newIndex, operation)
    assert(inserted, "every identifier is new after removing the existing ones")
  }

  /// Appends items to a section and records the call, for the item index to
  /// take in when it is built. Hashes nothing.
  ///
  /// - Complexity: O(*k* + *s*), where *k* is the number of identifiers and
  ///   *s* the number of sections after the section.
  @inlinable
  mutating func _appendPending(
    _ identifiers: [ItemIdentifierType], slot: Int, _ operation: StaticString
  ) {
    _requireCapacity(slot, adding: identifiers.count, operation)
    for identifier in identifiers { _requireReflexive(identifier, "item", operation) }
    _ownIndex()
    // Deletions and marks waiting for the build apply to the items stored
    // before them: build the index first.
    if _slowPath(_index.hasWaitingChanges) {
      _buildIndex(operation)
      _ownIndex()
    }
    _index.countsAsStored = _index.runs.isEmpty && _index.table.count == 0
    let start = _records[slot].items.count
    _records[slot].items.append(contentsOf: identifiers)
    _index.runs.append(_AppendRun(slot: slot, start: start, count: identifiers.count))
    _index.setPending()
    _shiftSectionStarts(from: _records[slot].position + 1, by: identifiers.count)
  }

  @inlinable
  func _requireCapacity(_ slot: Int, adding count: Int, _ operation: StaticString) {
    if _slowPath(_records[slot].items.count + count > Int(UInt32.max)) {
      _diffableFailure(operation, "a section cannot hold more than \(UInt32.max) items")
    }
  }

  /// Inserts identifiers that are expected to be new. Returns `false`, with
  /// the snapshot unchanged, if one is already present or repeated.
  @inlinable
  mutating func _insertNewItems(
    _ identifiers: [ItemIdentifierType], slot: Int, at index: Int, _ operation: StaticString
  ) -> Bool {
    let oldCount = _records[slot].items.count
    _requireCapacity(slot, adding: identifiers.count, operation)
    let locations = _index
    locations.table.reserveCapacity(locations.table.count + identifiers.count)
    for (offset, identifier) in identifiers.enumerated() {
      _requireReflexive(identifier, "item", operation)
      let location = _ItemLocation(slot: slot, index: index + offset)
      if let previous = locations.table.updateValue(location, forKey: identifier) {
        // Restore the previous entry first: if `identifier` is repeated among
        // the ones stored before it, removing those below removes it as well.
        locations.table[identifier] = previous
        for stored in identifiers[..<offset] { locations.table.removeValue(forKey: stored) }
        return false
      }
    }
    if index == oldCount {
      _records[slot].items.append(contentsOf: identifiers)
    } else {
      _records[slot].items.insert(contentsOf: identifiers, at: index)
      _reindexItems(inSlot: slot, from: index + identifiers.count)
    }
    _shiftSectionStarts(from: _records[slot].position + 1, by: identifiers.count)
    return true
  }

  /// Stores the index of every item of a section from `index` on.
  @inlinable
  mutating func _reindexItems(inSlot slot: Int, from index: Int) {
    let items = _records[slot].items
    let locations = _index
    for i in index..<items.count {
      locations.table.setIndex(i, forKey: items[i])
    }
  }

  /// Removes the items that are present among `identifiers`, ignoring the
  /// others, and returns how many were removed. The item index must be built
  /// and this snapshot's own (`_prepareIndex(_:)`).
  ///
  /// With `mayDropIndex`, if more items would shift than half the number
  /// removed, the item index is dropped instead of rewritten: every item
  /// becomes pending again, to be hashed by the next read that needs the
  /// index. The removal then hashes each identifier passed once, and no
  /// other item.
  ///
  /// - Complexity: O(*k* + *t*), where *k* is the number of identifiers and *t*
  ///   the number of items from the first removed one to the end of each
  ///   section that loses items.
  @inlinable
  @discardableResult
  mutating func _removeItems(
    _ identifiers: some Sequence<ItemIdentifierType>, keepingMarks: Bool,
    mayDropIndex: Bool = false, _ operation: StaticString
  ) -> Int {
    _prepareIndex(operation)
    let locations = _index
    // Pass 1: find each identifier (one hash) and group the indices to
    // remove by slot, in the order the slots are first met.
    var groups: [(slot: Int, indices: [Int])] = []
    var groupOfSlot: [Int: Int] = [:]
    for identifier in identifiers {
      guard let location = locations.table[identifier] else { continue }
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
    guard !groups.isEmpty else { return 0 }
    // Pass 2: sort each group, drop repeated identifiers, and count the
    // items that shift.
    var removed = 0
    var shifted = 0
    for g in groups.indices {
      groups[g].indices = _sortedUnique(groups[g].indices)
      let indices = groups[g].indices
      removed += indices.count
      shifted += _records[groups[g].slot].items.count - indices[0] - indices.count
    }
    // Marks on removed items go, found from their locations before those
    // change: one hash per mark.
    if !keepingMarks && (!_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty) {
      func isRemoved(_ item: ItemIdentifierType) -> Bool {
        guard let location = locations.table[item], let g = groupOfSlot[Int(location.slot)]
        else { return false }
        return _binarySearch(groups[g].indices, Int(location.index))
      }
      _reloadedItems.removeAll(where: isRemoved)
      _reconfiguredItems.removeAll(where: isRemoved)
    }
    // Pass 3: remove, and either keep the index up to date or drop it.
    let keepsIndex = !mayDropIndex || 2 * shifted <= removed
    var firstPosition = Int.max
    for group in groups {
      if keepsIndex {
        for i in group.indices {
          locations.table.removeValue(forKey: _records[group.slot].items[i])
        }
      }
      _compact(slot: group.slot, removing: group.indices, reindexing: keepsIndex)
      firstPosition = Swift.min(firstPosition, _records[group.slot].position)
    }
    _renumberSections(from: firstPosition)
    if !keepsIndex { _dropIndex() }
    return removed
  }

  /// Empties the item index, which this snapshot owns: every item is
  /// pending again, one run per section (the items are known to be unique,
  /// so their order among the runs does not matter).
  @inlinable
  mutating func _dropIndex() {
    _index.table = _ItemTable()
    _index.runs = _order.compactMap { slot in
      let count = _records[slot].items.count
      return count == 0 ? nil : _AppendRun(slot: slot, start: 0, count: count)
    }
    _index.countsAsStored = true  // the items are unique: none can move
    if !_index.runs.isEmpty { _index.setPending() }
  }

  /// Closes the gaps left by removed items in one section and, if
  /// `reindexing`, stores the new index of every item that shifted.
  ///
  /// - Precondition: `sorted` is increasing and not empty.
  @inlinable
  mutating func _compact(slot: Int, removing sorted: [Int], reindexing: Bool) {
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
    if reindexing { _reindexItems(inSlot: slot, from: sorted[0]) }
  }

  /// Drops marks whose items or sections are gone.
  @inlinable
  mutating func _dropStaleItemMarks(_ operation: StaticString) {
    guard !_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty else { return }
    let table = _settledIndex(operation).table
    _reloadedItems.removeAll { table[$0] == nil }
    _reconfiguredItems.removeAll { table[$0] == nil }
  }
}

/// The values of `values`, sorted, each once.
@inlinable
func _sortedUnique(_ values: [Int]) -> [Int] {
  guard values.count > 1 else { return values }
  var sorted = values.sorted()
  var write = 1
  for read in 1..<sorted.count where sorted[read] != sorted[write - 1] {
    sorted[write] = sorted[read]
    write += 1
  }
  sorted.removeLast(sorted.count - write)
  return sorted
}

/// Whether the increasing `values` hold `value`.
@inlinable
func _binarySearch(_ values: [Int], _ value: Int) -> Bool {
  var low = 0
  var high = values.count
  while low < high {
    let middle = (low + high) / 2
    if values[middle] < value { low = middle + 1 } else { high = middle }
  }
  return low < values.count && values[low] == value
}
