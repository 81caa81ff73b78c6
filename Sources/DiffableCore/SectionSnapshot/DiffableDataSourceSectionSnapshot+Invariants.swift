// MARK: - Invariants

extension DiffableDataSourceSectionSnapshot {
  /// Whether `_checkInvariants()` does anything in this build.
  @_spi(Testing)
  public static var _isCheckingInvariants: Bool {
    #if DIFFABLE_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }

  /// Verifies the identifier index, the links, the levels, the descendant
  /// counts and the free slots against one another, stopping on the first
  /// disagreement. A no-op unless the package is built with
  /// `DIFFABLE_INTERNAL_CHECKS=1` in the environment.
  ///
  /// - Complexity: O(*n* + *f*) when enabled, where *n* is the number of items
  ///   and *f* the number of free slots; O(1) otherwise.
  @inlinable
  package func _checkInvariants() {
    #if DIFFABLE_INTERNAL_CHECKS
      // Every live slot is reached exactly once from the roots, through
      // children lists that agree with the parent links and levels.
      var reached = [Bool](repeating: false, count: _nodes.count)
      var stack: [Int] = []
      for root in _roots {
        precondition(_nodes[root].parent == _noSlot, "root slot \(root) has a parent")
        stack.append(root)
      }
      var liveCount = 0
      while let slot = stack.popLast() {
        let node = _nodes[slot]
        precondition(node.isLive, "slot \(slot) is linked but freed")
        precondition(!reached[slot], "slot \(slot) is linked twice")
        reached[slot] = true
        liveCount += 1
        precondition(_slots[node.item] == slot, "item \(node.item) is indexed wrongly")
        let expectedLevel = node.parent == _noSlot ? 0 : _nodes[node.parent].level + 1
        precondition(node.level == expectedLevel, "item \(node.item) has a stale level")
        var descendants = 0
        for child in node.children {
          precondition(_nodes[child].parent == slot, "slot \(child) has a wrong parent link")
          descendants += 1 + _nodes[child].descendantCount
          stack.append(child)
        }
        precondition(
          node.descendantCount == descendants, "item \(node.item) has a stale descendant count")
      }
      precondition(liveCount == _slots.count, "the item index has stale entries")
      precondition(
        liveCount + _freeSlots.count == _nodes.count, "slots are lost or shared")
      precondition(_expanded.count == _nodes.count, "expansion flags are lost")
      for slot in _freeSlots {
        precondition(!_nodes[slot].isLive && !reached[slot], "free slot \(slot) is in use")
        precondition(_nodes[slot].children.isEmpty, "free slot \(slot) holds children")
      }
    #endif
  }
}
