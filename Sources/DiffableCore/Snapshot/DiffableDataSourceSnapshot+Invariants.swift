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
      // A pending index holds every item but those of its runs, which must
      // lie at the ends of their sections; a built one holds every item of
      // the sections as they settle.
      let index = _index
      let isBuilt = index.isBuilt
      let records = isBuilt ? (index.settled ?? _records) : _records
      var pendingFrom = [Int: Int]()
      if !isBuilt {
        precondition(index.settled == nil, "a pending index has settled sections")
        for run in index.runs {
          precondition(
            run.start + run.count <= records[run.slot].items.count, "a run is out of range")
          pendingFrom[run.slot] = Swift.min(pendingFrom[run.slot] ?? run.start, run.start)
        }
      }
      var start = 0
      var pending = 0
      for (position, slot) in _order.enumerated() {
        let record = records[slot]
        precondition(_sectionSlots[record.id] == slot, "section \(record.id) is indexed wrongly")
        precondition(record.position == position, "section \(record.id) has a stale position")
        precondition(record.start == start, "section \(record.id) has a stale start")
        let indexed = pendingFrom[slot] ?? record.items.count
        pending += record.items.count - indexed
        for (i, item) in record.items.enumerated() where i < indexed {
          precondition(
            index.table[item] == _ItemLocation(slot: slot, index: i),
            "item \(item) is indexed wrongly")
        }
        start += record.items.count
      }
      precondition(start - pending == index.table.count, "item index has stale entries")
      for slot in _freeSlots {
        precondition(_records[slot].items.isEmpty, "a free slot holds items")
      }
      for section in _reloadedSections.elements {
        precondition(_sectionSlots[section] != nil, "reload mark on absent section \(section)")
      }
      for item in _reloadedItems.elements + _reconfiguredItems.elements {
        precondition(
          !isBuilt || index.table[item] != nil, "mark on absent item \(item)")
      }
    #endif
  }
}
