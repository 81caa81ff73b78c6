// MARK: - Removing items

extension DiffableDataSourceSectionSnapshot {
  /// Removes items and all their descendants.
  ///
  /// Identifiers that are not in the section snapshot, or that repeat, or
  /// that lie below another item being removed, are ignored.
  ///
  /// ```swift
  /// outline.append(["Fruit", "Vegetables"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.delete(["Fruit"])
  /// outline.items  // ["Vegetables"]
  /// ```
  ///
  /// - Parameter items: The items to remove.
  /// - Complexity: O(*k* + *r* + *s* + *d*) expected, where *k* is the number
  ///   of items passed, *r* the number of items removed with their
  ///   descendants, *s* the total number of siblings of the removed items and
  ///   *d* the sum of their depths: one hash per item passed and per item
  ///   removed.
  @inlinable
  public mutating func delete(_ items: [ItemIdentifierType]) {
    // Pass 1: free each subtree and uncount it from its ancestors, noting the
    // parents whose children lists now hold freed slots. An item already
    // freed with an ancestor earlier in the list is no longer indexed.
    var rootsChanged = false
    var parents = Set<Int>()
    for item in items {
      guard let slot = _slots[item] else { continue }
      let parent = _nodes[slot].parent
      _addDescendants(-(_nodes[slot].descendantCount + 1), from: parent)
      if parent == _noSlot {
        rootsChanged = true
      } else {
        parents.insert(parent)
      }
      _freeSubtree(slot)
    }
    // Pass 2: drop the freed slots from each such list once, skipping lists
    // that were freed themselves.
    if rootsChanged { _removeFreedChildren(of: _noSlot) }
    for parent in parents where _nodes[parent].isLive { _removeFreedChildren(of: parent) }
    _checkInvariants()
  }

  /// Drops freed slots from the children of `parent` (`_noSlot` for the
  /// root items).
  ///
  /// - Complexity: O(*s*), where *s* is the number of children.
  @inlinable
  mutating func _removeFreedChildren(of parent: Int) {
    var children = _takeChildren(of: parent)
    children.removeAll { !_nodes[$0].isLive }
    _setChildren(children, of: parent)
  }

  /// Removes every item, leaving an empty section snapshot.
  ///
  /// - Complexity: O(1) (the old storage is released when no other copy
  ///   shares it).
  @inlinable
  public mutating func deleteAll() {
    self = Self()
  }
}
