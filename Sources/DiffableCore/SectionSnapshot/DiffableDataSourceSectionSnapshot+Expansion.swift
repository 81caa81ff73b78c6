// MARK: - Expanding and collapsing

extension DiffableDataSourceSectionSnapshot {
  /// Expands items, so that their children are visible whenever the items
  /// themselves are.
  ///
  /// Expansion is kept whether or not an item has children: children appended
  /// later to an expanded item are visible at once. Expanding an expanded item
  /// changes nothing.
  ///
  /// ```swift
  /// outline.append(["Fruit"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.visibleItems       // ["Fruit"]
  /// outline.expand(["Fruit"])
  /// outline.visibleItems       // ["Fruit", "Apple"]
  /// ```
  ///
  /// - Parameter items: The items to expand.
  /// - Precondition: Every item is in the section snapshot.
  /// - Complexity: O(*k*) expected, where *k* is the number of items: one
  ///   hash each, whatever the size of the tree or of what becomes visible.
  ///   Listing ``visibleItems`` afterwards pays for what was revealed.
  @inlinable
  public mutating func expand(_ items: [ItemIdentifierType]) {
    _setExpanded(items, true, "expand(_:)")
  }

  /// Collapses items, so that their descendants are hidden.
  ///
  /// Collapsing an item does not change the expansion state of its
  /// descendants: expanding it again shows them as they were. Collapsing a
  /// collapsed item changes nothing.
  ///
  /// - Parameter items: The items to collapse.
  /// - Precondition: Every item is in the section snapshot.
  /// - Complexity: O(*k*) expected, where *k* is the number of items: one
  ///   hash each, whatever the size of the tree or of what becomes hidden.
  @inlinable
  public mutating func collapse(_ items: [ItemIdentifierType]) {
    _setExpanded(items, false, "collapse(_:)")
  }

  @inlinable
  mutating func _setExpanded(
    _ items: [ItemIdentifierType], _ isExpanded: Bool, _ operation: StaticString
  ) {
    // Look every item up before changing any.
    var slots: [Int] = []
    slots.reserveCapacity(items.count)
    var missing: [ItemIdentifierType] = []
    for item in items {
      if let slot = _slots[item] {
        slots.append(slot)
      } else {
        missing.append(item)
      }
    }
    if !missing.isEmpty {
      _diffableFailure(
        operation, "item identifiers are not in the section snapshot: \(_describe(missing))")
    }
    for slot in slots { _expanded[slot] = isExpanded }
    _checkInvariants()
  }
}
