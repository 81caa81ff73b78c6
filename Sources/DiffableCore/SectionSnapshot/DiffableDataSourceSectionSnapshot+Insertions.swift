// MARK: - Adding items

extension DiffableDataSourceSectionSnapshot {
  /// Adds items at the end of a parent's children, or at the end of the root
  /// items.
  ///
  /// The new items are collapsed and have no children. If `parent` is
  /// expanded (and visible), they are visible at once.
  ///
  /// ```swift
  /// var outline = DiffableDataSourceSectionSnapshot<String>()
  /// outline.append(["Fruit"])
  /// outline.append(["Apple", "Pear"], to: "Fruit")
  /// outline.items         // ["Fruit", "Apple", "Pear"]
  /// outline.rootItems     // ["Fruit"]
  /// ```
  ///
  /// - Parameters:
  ///   - items: The items to add, in order.
  ///   - parent: The item to add them under, or `nil` to add root items.
  /// - Precondition: `parent` (if any) is in the section snapshot; no item of
  ///   `items` is, and `items` has no repeats.
  /// - Complexity: O(*k* + *d*) expected, where *k* is the number of items
  ///   and *d* the depth of `parent`: one hash per item, and one for `parent`.
  @inlinable
  public mutating func append(
    _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
  ) {
    let operation: StaticString = "append(_:to:)"
    let parentSlot = parent.map { _slot(of: $0, operation, role: "parent") } ?? _noSlot
    let level = _childLevel(of: parentSlot)
    let new = _claimSlots(
      for: items, operation, destination: parent, parent: parentSlot, level: level)
    var children = _takeChildren(of: parentSlot)
    children.append(contentsOf: new)
    _setChildren(children, of: parentSlot)
    _addDescendants(new.count, from: parentSlot)
    _checkInvariants()
  }

  /// Adds items just before another item, as its siblings.
  ///
  /// ```swift
  /// outline.append(["Apple", "Pear"], to: "Fruit")
  /// outline.insert(["Fig"], before: "Pear")
  /// outline.snapshot(of: "Fruit").items  // ["Apple", "Fig", "Pear"]
  /// ```
  ///
  /// - Parameters:
  ///   - items: The items to add, in order, at the level of `item`.
  ///   - item: The item to add them before.
  /// - Precondition: `item` is in the section snapshot; no item of `items` is
  ///   (so `item` is not among them), and `items` has no repeats.
  /// - Complexity: O(*k* + *s* + *d*) expected, where *k* is the number of
  ///   items, *s* the number of siblings of `item` and *d* its depth: one hash
  ///   per item, and one for `item`.
  @inlinable
  public mutating func insert(
    _ items: [ItemIdentifierType], before item: ItemIdentifierType
  ) {
    _insert(items, besides: item, after: false, "insert(_:before:)")
  }

  /// Adds items just after another item and all its descendants, as its
  /// siblings.
  ///
  /// ```swift
  /// outline.append(["Fruit", "Vegetables"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.insert(["Nuts"], after: "Fruit")
  /// outline.items  // ["Fruit", "Apple", "Nuts", "Vegetables"]
  /// ```
  ///
  /// - Parameters:
  ///   - items: The items to add, in order, at the level of `item`.
  ///   - item: The item to add them after.
  /// - Precondition: `item` is in the section snapshot; no item of `items` is
  ///   (so `item` is not among them), and `items` has no repeats.
  /// - Complexity: O(*k* + *s* + *d*) expected, where *k* is the number of
  ///   items, *s* the number of siblings of `item` and *d* its depth: one hash
  ///   per item, and one for `item`.
  @inlinable
  public mutating func insert(
    _ items: [ItemIdentifierType], after item: ItemIdentifierType
  ) {
    _insert(items, besides: item, after: true, "insert(_:after:)")
  }

  @inlinable
  mutating func _insert(
    _ items: [ItemIdentifierType], besides item: ItemIdentifierType, after: Bool,
    _ operation: StaticString
  ) {
    let destination = _slot(of: item, operation)
    let level = _nodes[destination].level
    let new = _claimSlots(for: items, operation, destination: item, level: level)
    _link(new, besides: destination, after: after, descendants: new.count)
    _checkInvariants()
  }

  /// Adds the items of another section snapshot just before an item: its root
  /// items become siblings of `item`, and their descendants come with them,
  /// with their expansion state.
  ///
  /// ```swift
  /// var nuts = DiffableDataSourceSectionSnapshot<String>()
  /// nuts.append(["Nuts"])
  /// nuts.append(["Almond"], to: "Nuts")
  /// outline.insert(nuts, before: "Vegetables")
  /// outline.parent(of: "Almond")  // "Nuts"
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The outline to add.
  ///   - item: The item to add it before.
  /// - Precondition: `item` is in this section snapshot and no item of
  ///   `snapshot` is (so `item` is not in `snapshot`).
  /// - Complexity: O(*m* + *s* + *d*) expected, where *m* is the number of
  ///   items of `snapshot`, *s* the number of siblings of `item` and *d* its
  ///   depth: one hash per item of `snapshot`, and one for `item`.
  @inlinable
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
    _insert(snapshot, besides: item, after: false, "insert(_:before:)")
  }

  /// Adds the items of another section snapshot just after an item and all
  /// its descendants: the snapshot's root items become siblings of `item`, and
  /// their descendants come with them, with their expansion state.
  ///
  /// - Parameters:
  ///   - snapshot: The outline to add.
  ///   - item: The item to add it after.
  /// - Precondition: `item` is in this section snapshot and no item of
  ///   `snapshot` is (so `item` is not in `snapshot`).
  /// - Complexity: O(*m* + *s* + *d*) expected, where *m* is the number of
  ///   items of `snapshot`, *s* the number of siblings of `item` and *d* its
  ///   depth: one hash per item of `snapshot`, and one for `item`.
  @inlinable
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
    _insert(snapshot, besides: item, after: true, "insert(_:after:)")
  }

  @inlinable
  mutating func _insert(
    _ snapshot: Self, besides item: ItemIdentifierType, after: Bool,
    _ operation: StaticString
  ) {
    let destination = _slot(of: item, operation)
    let level = _nodes[destination].level
    let parent = _nodes[destination].parent
    let new = _graft(
      snapshot, snapshot._roots, under: parent, level: level, operation, destination: item)
    _link(new, besides: destination, after: after, descendants: snapshot._slots.count)
    _checkInvariants()
  }

  /// Replaces the children of an item, and all their descendants, with the
  /// items of another section snapshot.
  ///
  /// The root items of `snapshot` become the children of `parent`, and their
  /// descendants come with them, with their expansion state. The expansion
  /// state of `parent` does not change. Items of `snapshot` may be among the
  /// descendants being replaced; any other item of `snapshot` must be new.
  ///
  /// ```swift
  /// var fruit = DiffableDataSourceSectionSnapshot<String>()
  /// fruit.append(["Plum", "Apple"])
  /// outline.replace(childrenOf: "Fruit", using: fruit)
  /// outline.snapshot(of: "Fruit").items  // ["Plum", "Apple"]
  /// ```
  ///
  /// - Parameters:
  ///   - parent: The item whose children to replace.
  ///   - snapshot: The new children, as an outline.
  /// - Precondition: `parent` is in this section snapshot and not in
  ///   `snapshot`; every item of `snapshot` is either absent from this section
  ///   snapshot or a descendant of `parent`.
  /// - Complexity: O(*m* + *r* + *d*) expected, where *m* is the number of
  ///   items of `snapshot`, *r* the number of descendants of `parent` and *d*
  ///   its depth: one or two hashes per item of `snapshot`, and one per item
  ///   removed. Checking an item of `snapshot` that is already present also
  ///   costs the difference of levels between it and `parent`.
  @inlinable
  public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
    let operation: StaticString = "replace(childrenOf:using:)"
    let parentSlot = _slot(of: parent, operation, role: "parent")
    let parentLevel = _nodes[parentSlot].level
    // Validate before changing anything: an item of `snapshot` that is
    // present must lie below `parent`, and will be removed first.
    if snapshot.contains(parent) {
      _diffableFailure(
        operation,
        "cannot replace the children of \(_describeItem(parent)) with a snapshot that contains it")
    }
    var elsewhere: [ItemIdentifierType] = []
    for item in snapshot._slots.keys {
      guard var slot = _slots[item] else { continue }
      while _nodes[slot].level > parentLevel + 1 { slot = _nodes[slot].parent }
      if _nodes[slot].parent != parentSlot { elsewhere.append(item) }
    }
    if !elsewhere.isEmpty {
      _diffableFailure(
        operation,
        "item identifiers are already in the section snapshot outside the children of "
          + "\(_describeItem(parent)): \(_describe(elsewhere))")
    }
    // Remove the old children, then graft the new ones.
    let removed = _nodes[parentSlot].descendantCount
    let oldChildren = _nodes[parentSlot].children
    _nodes[parentSlot].children = []
    for child in oldChildren { _freeSubtree(child) }
    let new = _graft(
      snapshot, snapshot._roots, under: parentSlot, level: parentLevel + 1, operation)
    _nodes[parentSlot].children = new
    _addDescendants(snapshot._slots.count - removed, from: parentSlot)
    _checkInvariants()
  }
}
