public import DiffableCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

// The questions a view and an app ask, answered from the snapshot the view
// shows. Every one is O(1).

extension DiffableDataSource {
  /// A copy of the snapshot the view shows, without reload or reconfigure
  /// marks (the apply that brought them consumed them).
  ///
  /// An apply still in the queue is not reflected until it reaches the view:
  /// await ``apply(_:animatingDifferences:isolation:)`` before building the next
  /// snapshot from this one.
  ///
  /// - Complexity: O(1): the copy shares storage until it is changed.
  public func snapshot() -> Snapshot {
    _state.snapshot
  }

  /// The number of sections the view shows.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { _state.snapshot.numberOfSections }

  /// The number of items in the section at `section`.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    _requireSection(section, "numberOfItems(inSection:)")
    return _state.snapshot._numberOfItems(atSection: section)
  }

  /// The identifier of the item at `indexPath`, or `nil` if the index path
  /// is out of range.
  ///
  /// ```swift
  /// // sections: fruits: [apple, pear]
  /// dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0))  // "pear"
  /// dataSource.itemIdentifier(for: IndexPath(item: 5, section: 0))  // nil
  /// ```
  ///
  /// - Precondition: `indexPath` has two indices, section and item (UIKit
  ///   raises for any other index path).
  /// - Complexity: O(1).
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    _requireTwoIndices(indexPath, "itemIdentifier(for:)")
    return _state.snapshot._itemIdentifierIfPresent(section: indexPath[0], item: indexPath[1])
  }

  /// The index path of an item, or `nil` if the view does not show it.
  ///
  /// - Complexity: O(1) expected.
  public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    _state.snapshot._indexPath(of: itemIdentifier)
  }

  /// The identifier of the section at `index`, or `nil` if the index is out
  /// of range.
  ///
  /// - Complexity: O(1).
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    let snapshot = _state.snapshot
    guard 0 <= index && index < snapshot.numberOfSections else { return nil }
    return snapshot._sectionIdentifier(at: index)
  }

  /// The index of a section, or `nil` if the view does not show it.
  ///
  /// - Complexity: O(1) expected.
  public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    _state.snapshot.indexOfSection(sectionIdentifier)
  }

  // MARK: Checks shared by the view-facing answers

  func _requireTwoIndices(_ indexPath: IndexPath, _ operation: StaticString) {
    guard indexPath.count == 2 else {
      _diffableFailure(
        operation,
        "index path \(indexPath.bracketedDescription) does not have exactly two indices (section and item)"
      )
    }
  }

  func _requireSection(_ section: Int, _ operation: StaticString) {
    let count = _state.snapshot.numberOfSections
    guard 0 <= section && section < count else {
      _diffableFailure(
        operation, "section \(section) is out of range: the data source has \(count) sections")
    }
  }

  /// The item at `indexPath`, or a stop naming the operation and what is in
  /// range.
  func _requireItem(at indexPath: IndexPath, _ operation: StaticString) -> ItemIdentifierType {
    _requireTwoIndices(indexPath, operation)
    let (section, item) = (indexPath[0], indexPath[1])
    if let found = _state.snapshot._itemIdentifierIfPresent(section: section, item: item) {
      return found
    }
    guard let sectionIdentifier = sectionIdentifier(for: section) else {
      _diffableFailure(
        operation,
        "index path \(indexPath.bracketedDescription) is out of range: the data source has "
          + "\(numberOfSections) sections")
    }
    let count = _state.snapshot._numberOfItems(atSection: section)
    _diffableFailure(
      operation,
      "index path \(indexPath.bracketedDescription) is out of range: section \(section) "
        + "\(_describe([sectionIdentifier])) has \(count) items")
  }

  /// `" in section \"fruits\""` (and the item, if the index path names one),
  /// for messages about an index path that may be out of range.
  func _describePlace(of indexPath: IndexPath) -> String {
    guard indexPath.count >= 1, let section = sectionIdentifier(for: indexPath[0]) else {
      return ""
    }
    var text = " in section \(_describe([section]))"
    if indexPath.count == 2, let item = itemIdentifier(for: indexPath) {
      text += ", item \(_describe([item]))"
    }
    return text
  }
}
