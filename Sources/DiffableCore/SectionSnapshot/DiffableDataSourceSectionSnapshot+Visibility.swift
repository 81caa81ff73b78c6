// What an expansion reveals or hides, and what is hidden: the reads that
// keep a flat list of an outline's visible items in step with the outline
// (insert what expanding an item reveals, delete what collapsing hides).
// Apple's section snapshot has no such queries, so these are `package`
// members: walks of the storage that hash no identifier.

extension DiffableDataSourceSectionSnapshot {
  /// The number of items, visible or not.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var _itemCount: Int { _slots.count }

  /// The descendants of an item that are visible whenever the item is: those
  /// whose ancestors up to `item` are all expanded, in ``items`` order.
  /// Empty when `item` is collapsed, whatever is below it.
  ///
  /// - Precondition: `item` is in the section snapshot (checked by the
  ///   caller, which names its own operation).
  /// - Complexity: O(*k*), where *k* is the number of items returned: the
  ///   walk enters expanded items only. One hash, for `item`.
  @inlinable
  package func _visibleDescendants(of item: ItemIdentifierType) -> [ItemIdentifierType] {
    guard let slot = _slots[item], _expanded[slot] else { return [] }
    var result: [ItemIdentifierType] = []
    _walk(from: _nodes[slot].children, expandedOnly: true) { result.append($0) }
    return result
  }

  /// The items that are not visible, in ``items`` order.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items; no identifier is
  ///   hashed or compared.
  @inlinable
  package var _hiddenItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    var stack: [(slot: Int, isVisible: Bool)] = _roots.reversed().map { ($0, true) }
    while let (slot, isVisible) = stack.popLast() {
      if !isVisible { result.append(_nodes[slot].item) }
      let childrenAreVisible = isVisible && _expanded[slot]
      for child in _nodes[slot].children.reversed() { stack.append((child, childrenAreVisible)) }
    }
    return result
  }
}
