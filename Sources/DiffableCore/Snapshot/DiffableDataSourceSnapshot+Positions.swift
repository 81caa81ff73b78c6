#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Positional reads for the data source engine, which answers a list view's
// questions by index path. Apple's snapshot has no positional queries, so
// these are `package` members: O(1) reads of the storage, with the range
// checks left to the caller, which names its own operation in any failure.

extension DiffableDataSourceSnapshot {
  /// The identifier of the section at `index`.
  ///
  /// - Precondition: `0 <= index < numberOfSections` (checked by the caller).
  /// - Complexity: O(1).
  @inlinable
  package func _sectionIdentifier(at index: Int) -> SectionIdentifierType {
    _records[_order[index]].id
  }

  /// The items of the section at `index`, sharing the snapshot's storage.
  ///
  /// - Precondition: `0 <= index < numberOfSections` (checked by the caller).
  /// - Complexity: O(1).
  @inlinable
  package func _itemIdentifiers(atSection index: Int) -> [ItemIdentifierType] {
    if _isSettledAsStored { return _records[_order[index]].items }
    return _settledRecords("itemIdentifiers(inSection:)")[_order[index]].items
  }

  /// The number of items in the section at `index`.
  ///
  /// - Precondition: `0 <= index < numberOfSections` (checked by the caller).
  /// - Complexity: O(1).
  @inlinable
  package func _numberOfItems(atSection index: Int) -> Int {
    if _isSettledAsStored { return _records[_order[index]].items.count }
    return _settledRecords("numberOfItems(inSection:)")[_order[index]].items.count
  }

  /// The item at `index` of the section at `section`, or `nil` if either
  /// index is out of range: one call where a caller would otherwise make
  /// three.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _itemIdentifierIfPresent(section: Int, item index: Int) -> ItemIdentifierType? {
    guard 0 <= section && section < _order.count else { return nil }
    let slot = _order[section]
    if _isSettledAsStored {
      guard 0 <= index && index < _records[slot].items.count else { return nil }
      return _records[slot].items[index]
    }
    let records = _settledRecords("itemIdentifier(for:)")
    guard 0 <= index && index < records[slot].items.count else { return nil }
    return records[slot].items[index]
  }

  /// The index path of an item (section position, index in the section), or
  /// `nil` if the item is not in the snapshot.
  ///
  /// - Complexity: O(1) expected: one hash of `identifier`.
  @inlinable
  package func _indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
    guard let location = _settledIndex("indexPath(for:)").table[identifier] else { return nil }
    return IndexPath(item: Int(location.index), section: _records[Int(location.slot)].position)
  }
}
