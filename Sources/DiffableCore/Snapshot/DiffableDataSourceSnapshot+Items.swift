// MARK: - Adding, removing and moving items

extension DiffableDataSourceSnapshot {
  /// Adds items at the end of a section.
  ///
  /// Items that are already in the snapshot move to the end of the section,
  /// as in UIKit, and a ``DiffableDiagnostic`` names them.
  ///
  /// ```swift
  /// snapshot.appendSections(["fruits", "veg"])
  /// snapshot.appendItems(["apple"], toSection: "fruits")
  /// snapshot.appendItems(["leek"])  // to "veg", the last section
  /// ```
  ///
  /// Appending stores the items and hashes none of them: the item index takes
  /// them in when a read first needs it (a lookup, a count of more than one
  /// call's items, the items, a diff, a mutation other than appending), and
  /// that is when an item appended again by a later call moves and is
  /// reported. The snapshot that results is the same as if each call had
  /// been checked at once. Debug builds do check at the call, so that a
  /// repeat stops the program there.
  ///
  /// - Parameters:
  ///   - identifiers: The items to add, in order.
  ///   - sectionIdentifier: The section to add them to, or `nil` for the last
  ///     section.
  /// - Precondition: The section exists (with `nil`: there is at least one
  ///   section), and `identifiers` has no repeats (checked at the call in
  ///   debug builds, when the item index is built otherwise; the message
  ///   names the repeats and their places in the call either way).
  /// - Complexity: O(*k*), where *k* is the number of identifiers, with no
  ///   hashing; the item index later hashes each item once. Debug builds hash
  ///   at the call. Moving existing items also costs what removing them
  ///   costs.
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    _appendItems(
      identifiers, toSection: sectionIdentifier, settlingAtCall: Self._settlesAppendsAtCall)
  }

  /// Appends items as ``appendItems(_:toSection:)`` does in release builds,
  /// in every build: the item index takes them in when a read first needs
  /// it. Lets tests reach the checks made then.
  @_spi(Testing)
  @inlinable
  public mutating func _appendItemsSettlingLater(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
  ) {
    _appendItems(identifiers, toSection: sectionIdentifier, settlingAtCall: false)
  }

  /// Whether ``appendItems(_:toSection:)`` builds the item index at the call
  /// in this build (debug builds).
  @_spi(Testing)
  public static var _isSettlingAppendsAtCall: Bool { _settlesAppendsAtCall }

  @inlinable
  mutating func _appendItems(
    _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType?,
    settlingAtCall: Bool
  ) {
    let operation: StaticString = "appendItems(_:toSection:)"
    let slot: Int
    if let sectionIdentifier {
      slot = _slot(of: sectionIdentifier, operation)
    } else {
      guard let last = _order.last else {
        _diffableFailure(
          operation,
          "there are no sections to append item identifiers \(_describe(identifiers)) to; "
            + "call appendSections(_:) first")
      }
      slot = last
    }
    _insertItems(identifiers, .end(slot: slot), operation)
    if settlingAtCall { _prepareIndex(operation) }
    _checkInvariants()
  }

  /// Adds items just before another item, in that item's section.
  ///
  /// Items that are already in the snapshot move, as in UIKit, and a
  /// ``DiffableDiagnostic`` names them.
  ///
  /// - Precondition: `beforeIdentifier` is in the snapshot and not among
  ///   `identifiers`; `identifiers` has no repeats.
  /// - Complexity: O(*k* + *t*) expected, where *k* is the number of
  ///   identifiers and *t* the number of items after the insertion point in
  ///   its section (their indexes change).
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
  ) {
    _insertItems(identifiers, .before(beforeIdentifier), "insertItems(_:beforeItem:)")
    _checkInvariants()
  }

  /// Adds items just after another item, in that item's section.
  ///
  /// Items that are already in the snapshot move, as in UIKit, and a
  /// ``DiffableDiagnostic`` names them.
  ///
  /// - Precondition: `afterIdentifier` is in the snapshot and not among
  ///   `identifiers`; `identifiers` has no repeats.
  /// - Complexity: O(*k* + *t*) expected, where *k* is the number of
  ///   identifiers and *t* the number of items after the insertion point in
  ///   its section.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
  ) {
    _insertItems(identifiers, .after(afterIdentifier), "insertItems(_:afterItem:)")
    _checkInvariants()
  }

  /// Removes items. Identifiers that are not in the snapshot, or that repeat,
  /// are ignored, as in UIKit. Sections that become empty stay.
  ///
  /// - Complexity: O(*k* + *t*) expected, where *k* is the number of
  ///   identifiers and *t* the number of items from the first removed item to
  ///   the end of each section that loses items: one hash per identifier,
  ///   and one per item that shifts, unless more than half as many shift as
  ///   are removed: then the item index is emptied instead, for the next read
  ///   that needs it to build again. If the item index is pending (items
  ///   were appended since it was last built), O(*k*): one hash per
  ///   identifier, and the items leave when a read next builds the index.
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    // Owned, the index is no longer built by another thread meanwhile.
    _ownIndex()
    if !_index.isBuilt && !_index.hasUnverifiedMarks {
      _deleteWhenBuilt(identifiers)
    } else {
      _removeItems(identifiers, keepingMarks: false, mayDropIndex: true, "deleteItems(_:)")
    }
    _checkInvariants()
  }

  /// Deletes items from a snapshot whose item index is pending and its own: the
  /// identifiers join the ones the build removes (one hash each), and marks
  /// on them go now.
  @inlinable
  mutating func _deleteWhenBuilt(_ identifiers: [ItemIdentifierType]) {
    guard !identifiers.isEmpty else { return }
    _index.hasWaitingChanges = true
    _index.countsAsStored = false
    var deleted = _index.deleted ?? _ItemTable()
    _index.deleted = nil  // so that `deleted` is the only reference to its storage
    identifiers.withUnsafeBufferPointer { identifiers in
      // Each identifier is tagged 0: no run has found it yet.
      deleted.updateValues(identifiers, slot: 0, range: identifiers.indices) { _, _ in }
    }
    if !_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty {
      _reloadedItems.removeAll { deleted[$0] != nil }
      _reconfiguredItems.removeAll { deleted[$0] != nil }
    }
    _index.deleted = deleted
  }

  /// Removes every item **and every section**, leaving an empty snapshot.
  ///
  /// UIKit's documentation mentions only items, but UIKit removes the
  /// sections too, and code relies on it; so does this method. Marks are
  /// dropped as well.
  ///
  /// - Complexity: O(1) (the old storage is released).
  @inlinable
  public mutating func deleteAllItems() {
    self = Self()
  }

  /// Moves an item just before another item, possibly into another section.
  ///
  /// - Precondition: Both items are in the snapshot and are different.
  /// - Complexity: O(*t*) expected, where *t* is the number of items after the
  ///   item's old place and after its new place in their sections.
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
  ) {
    _moveItem(identifier, .before(toIdentifier), "moveItem(_:beforeItem:)")
  }

  /// Moves an item just after another item, possibly into another section.
  ///
  /// - Precondition: Both items are in the snapshot and are different.
  /// - Complexity: O(*t*) expected, where *t* is the number of items after the
  ///   item's old place and after its new place in their sections.
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
  ) {
    _moveItem(identifier, .after(toIdentifier), "moveItem(_:afterItem:)")
  }

  @inlinable
  mutating func _moveItem(
    _ identifier: ItemIdentifierType, _ destination: _Destination, _ operation: StaticString
  ) {
    let anchor: ItemIdentifierType
    switch destination {
    case .before(let item), .after(let item): anchor = item
    case .end: preconditionFailure("items move relative to another item")
    }
    _prepareIndex(operation)
    _ = _location(of: identifier, operation)
    _ = _location(of: anchor, operation)
    if identifier == anchor {
      _diffableFailure(
        operation, "cannot move item identifier \(_describe([identifier])) relative to itself")
    }
    _removeItems(CollectionOfOne(identifier), keepingMarks: true, operation)
    let (slot, index) = _resolve(destination, operation)
    let inserted = _insertNewItems([identifier], slot: slot, at: index, operation)
    assert(inserted, "a removed item is new again")
    _checkInvariants()
  }

  // MARK: Marks

  /// Marks items to be reloaded: when the data source applies this snapshot,
  /// their cells are replaced by new ones from the cell provider.
  ///
  /// - Precondition: Every item is in the snapshot; no repeats. If the item
  ///   index is pending (items were appended since it was last built),
  ///   release builds look the items up when a read next builds it, and the
  ///   message then names the read as well.
  /// - Complexity: O(*k*) expected, where *k* is the number of identifiers:
  ///   two hashes each (debug builds build a pending item index first); one
  ///   each if the index is pending in a release build.
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    _markItems(identifiers, reload: true, checkingAtCall: Self._settlesAppendsAtCall)
  }

  /// Marks items to be reconfigured: when the data source applies this
  /// snapshot, their existing cells are updated in place, which is cheaper
  /// than a reload and keeps the cell's state.
  ///
  /// - Precondition: Every item is in the snapshot; no repeats. If the item
  ///   index is pending, release builds look the items up when a read next
  ///   builds it, as ``reloadItems(_:)`` does.
  /// - Complexity: O(*k*) expected, where *k* is the number of identifiers:
  ///   two hashes each (debug builds build a pending item index first); one
  ///   each if the index is pending in a release build.
  @inlinable
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    _markItems(identifiers, reload: false, checkingAtCall: Self._settlesAppendsAtCall)
  }

  /// Marks items as ``reloadItems(_:)`` (`reload`) or
  /// ``reconfigureItems(_:)`` do in release builds, in every build: if the
  /// item index is pending, the items are looked up when a read builds it.
  /// Lets tests reach the checks made then.
  @_spi(Testing)
  @inlinable
  public mutating func _markItemsCheckingLater(_ identifiers: [ItemIdentifierType], reload: Bool) {
    _markItems(identifiers, reload: reload, checkingAtCall: false)
  }

  /// Marks items for reload (`reload`) or reconfigure.
  @inlinable
  mutating func _markItems(
    _ identifiers: [ItemIdentifierType], reload: Bool, checkingAtCall: Bool
  ) {
    let operation: StaticString = reload ? "reloadItems(_:)" : "reconfigureItems(_:)"
    // Two hashes per identifier: one to find it, one to mark it; or, while
    // the index is pending and the check may wait, one to mark it, and the
    // build looks the marks up.
    var waits = false
    if !checkingAtCall && !_index.isBuilt {
      // Owned, the index is no longer built by another thread meanwhile.
      _ownIndex()
      waits = !_index.isBuilt
    }
    if !waits {
      for identifier in identifiers { _ = _location(of: identifier, operation) }
    }
    let repeated =
      reload
      ? Self._addMarks(identifiers, to: &_reloadedItems)
      : Self._addMarks(identifiers, to: &_reconfiguredItems)
    if repeated { _requireUnique(identifiers, "item", operation) }
    if waits {
      _index.hasWaitingChanges = true
      _index.hasUnverifiedMarks = true
    }
  }

  /// Adds marks, one hash each, and returns `false`; or, if `identifiers`
  /// repeats one, leaves the marks as they were and returns `true`. (An identifier
  /// marked by an earlier call is not a repeat: only then are the
  /// identifiers hashed again, to tell.)
  @inlinable
  static func _addMarks(
    _ identifiers: [ItemIdentifierType], to marks: inout _OrderedMarks<ItemIdentifierType>
  ) -> Bool {
    if marks.isEmpty {
      // The first marks: one set built from the identifiers, which become
      // the marks' order as they are.
      let members = Set(identifiers)
      guard members.count == identifiers.count else { return true }
      marks.members = members
      marks.elements = identifiers
      return false
    }
    let before = marks.count
    marks.reserveCapacity(adding: identifiers.count)
    for identifier in identifiers { marks.insert(identifier) }
    guard _slowPath(marks.count - before != identifiers.count) else { return false }
    guard Set(identifiers).count != identifiers.count else { return false }
    marks.truncate(to: before)
    return true
  }

  /// Removes every reload and reconfigure mark, so that a snapshot that has
  /// been shown asks for nothing more when it is diffed again.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func _removeMarks() {
    // Marks that wait to be looked up are looked up from the snapshot that
    // builds the index: a snapshot with other marks must not share it.
    if _slowPath(_index.hasWaitingChanges) { _ownIndex() }
    _reloadedSections.removeAll()
    _reloadedItems.removeAll()
    _reconfiguredItems.removeAll()
  }
}
