extension DiffableDataSourceSnapshot {
  /// Whether `_checkInvariants()` does anything in this build.
  @_spi(Testing)
  public static var _isCheckingInvariants: Bool {
    #if DIFFABLE_INTERNAL_CHECKS
      true
    #else
      false
    #endif
  }

  /// Verifies every index against the storage, stopping on the first
  /// disagreement. A no-op unless the package is built with
  /// `DIFFABLE_INTERNAL_CHECKS=1` in the environment.
  ///
  /// - Complexity: O(*n* + *s*) when enabled, O(1) otherwise.
  @inlinable
  package func _checkInvariants() {
    #if DIFFABLE_INTERNAL_CHECKS
      precondition(_order.count == _sectionSlots.count, "section index and order disagree")
      precondition(
        _order.count + _freeSlots.count == _records.count, "slots are lost or shared")
      var start = 0
      for (position, slot) in _order.enumerated() {
        let record = _records[slot]
        precondition(_sectionSlots[record.id] == slot, "section \(record.id) is indexed wrongly")
        precondition(record.position == position, "section \(record.id) has a stale position")
        precondition(record.start == start, "section \(record.id) has a stale start")
        for (index, item) in record.items.enumerated() {
          precondition(
            _itemLocations[item] == _ItemLocation(slot: slot, index: index),
            "item \(item) is indexed wrongly")
        }
        start += record.items.count
      }
      precondition(start == _itemLocations.count, "item index has stale entries")
      for slot in _freeSlots {
        precondition(_records[slot].items.isEmpty, "a free slot holds items")
      }
      for section in _reloadedSections.elements {
        precondition(_sectionSlots[section] != nil, "reload mark on absent section \(section)")
      }
      for item in _reloadedItems.elements + _reconfiguredItems.elements {
        precondition(_itemLocations[item] != nil, "mark on absent item \(item)")
      }
    #endif
  }
}
