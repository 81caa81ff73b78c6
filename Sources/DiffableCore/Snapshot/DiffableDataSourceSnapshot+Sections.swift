// MARK: - Adding, removing and moving sections

extension DiffableDataSourceSnapshot {
  /// Adds sections, empty, after the last section.
  ///
  /// - Parameter identifiers: The sections to add, in order.
  /// - Precondition: None of the sections is already in the snapshot, and
  ///   `identifiers` has no repeats.
  /// - Complexity: O(*k*) expected, where *k* is the number of identifiers.
  @inlinable
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    _insertSections(identifiers, at: _order.count, "appendSections(_:)")
    _checkInvariants()
  }

  /// Adds sections, empty, just before another section.
  ///
  /// - Parameters:
  ///   - identifiers: The sections to add, in order.
  ///   - toIdentifier: The section that will follow them.
  /// - Precondition: `toIdentifier` is in the snapshot; none of `identifiers`
  ///   is, and they have no repeats.
  /// - Complexity: O(*k* + *s*), where *k* is the number of identifiers and *s*
  ///   the number of sections. Items are not touched.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
  ) {
    let operation: StaticString = "insertSections(_:beforeSection:)"
    let position = _records[_slot(of: toIdentifier, operation)].position
    _insertSections(identifiers, at: position, operation)
    _checkInvariants()
  }

  /// Adds sections, empty, just after another section.
  ///
  /// - Parameters:
  ///   - identifiers: The sections to add, in order.
  ///   - toIdentifier: The section that will precede them.
  /// - Precondition: `toIdentifier` is in the snapshot; none of `identifiers`
  ///   is, and they have no repeats.
  /// - Complexity: O(*k* + *s*), where *k* is the number of identifiers and *s*
  ///   the number of sections. Items are not touched.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
  ) {
    let operation: StaticString = "insertSections(_:afterSection:)"
    let position = _records[_slot(of: toIdentifier, operation)].position
    _insertSections(identifiers, at: position + 1, operation)
    _checkInvariants()
  }

  /// Removes sections and all their items.
  ///
  /// Identifiers that are not in the snapshot are ignored, as in UIKit. Marks
  /// on the removed sections and items are dropped.
  ///
  /// - Complexity: O(*k* + *m* + *s*), where *k* is the number of identifiers,
  ///   *m* the number of items in the removed sections and *s* the number of
  ///   sections.
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    let operation: StaticString = "deleteSections(_:)"
    guard identifiers.contains(where: { _sectionSlots[$0] != nil }) else { return }
    _prepareIndex(operation)
    let locations = _index
    var firstPosition = Int.max
    var removedAny = false
    for identifier in identifiers {
      guard let slot = _sectionSlots.removeValue(forKey: identifier) else { continue }
      removedAny = true
      for item in _records[slot].items { locations.table.removeValue(forKey: item) }
      _records[slot].items = []
      firstPosition = Swift.min(firstPosition, _records[slot].position)
      _records[slot].position = -1
      _freeSlots.append(slot)
    }
    guard removedAny else { return }
    _order.removeAll { _records[$0].position < 0 }
    _renumberSections(from: firstPosition)
    let slots = _sectionSlots
    _reloadedSections.removeAll { slots[$0] == nil }
    _dropStaleItemMarks(operation)
    _checkInvariants()
  }

  /// Moves a section, with its items, just before another section.
  ///
  /// - Precondition: Both sections are in the snapshot and are different.
  /// - Complexity: O(*s*), where *s* is the number of sections.
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
  ) {
    _moveSection(identifier, toIdentifier, after: false, "moveSection(_:beforeSection:)")
  }

  /// Moves a section, with its items, just after another section.
  ///
  /// - Precondition: Both sections are in the snapshot and are different.
  /// - Complexity: O(*s*), where *s* is the number of sections.
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
  ) {
    _moveSection(identifier, toIdentifier, after: true, "moveSection(_:afterSection:)")
  }

  @inlinable
  mutating func _moveSection(
    _ identifier: SectionIdentifierType, _ toIdentifier: SectionIdentifierType,
    after: Bool, _ operation: StaticString
  ) {
    let slot = _slot(of: identifier, operation)
    let anchor = _slot(of: toIdentifier, operation)
    _takeSettledSections()
    if slot == anchor {
      _diffableFailure(
        operation, "cannot move section identifier \(_describe([identifier])) relative to itself")
    }
    let from = _records[slot].position
    _order.remove(at: from)
    let to = _records[anchor].position - (_records[anchor].position > from ? 1 : 0)
    _order.insert(slot, at: after ? to + 1 : to)
    _renumberSections(from: Swift.min(from, to))
    _checkInvariants()
  }

  /// Marks sections to be reloaded: the data source replaces their cells and
  /// supplementary views when it applies this snapshot.
  ///
  /// - Precondition: Every section is in the snapshot; no repeats.
  /// - Complexity: O(*k*), where *k* is the number of identifiers.
  @inlinable
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    let operation: StaticString = "reloadSections(_:)"
    _requireUnique(identifiers, "section", operation)
    for identifier in identifiers { _ = _slot(of: identifier, operation) }
    for identifier in identifiers { _reloadedSections.insert(identifier) }
  }
}
