/// The data of a list at one moment: its sections, in order, and the items of
/// each section, in order, all named by their identifiers.
///
/// A snapshot is what you hand to a data source's `apply`: build a new one
/// whenever your data changes, and let ``BatchUpdate`` work out what changed.
/// The type keeps every member of Apple's `NSDiffableDataSourceSnapshot`, with
/// the same names, argument labels and semantics, so that code written against
/// UIKit compiles after dropping the `NS` prefix.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, String>()
/// snapshot.appendSections(["fruits", "veg"])
/// snapshot.appendItems(["apple", "pear"], toSection: "fruits")
/// snapshot.appendItems(["leek"])                        // to the last section
/// snapshot.indexOfItem("leek")                          // 2
/// snapshot.sectionIdentifier(containingItem: "pear")    // "fruits"
/// ```
///
/// ## Identity
///
/// Sections and items are identified by `==` and `hashValue` alone, in two
/// separate namespaces: a section `1` and an item `1` may coexist. Item
/// identifiers are unique across the whole snapshot, not per section. A diff
/// never infers that an item's content changed; mark such items with
/// ``reloadItems(_:)`` (replace the cell) or ``reconfigureItems(_:)`` (update
/// the existing cell in place). Marks are consumed by the data source's
/// `apply` and do not take part in equality.
///
/// ## Programmer errors
///
/// Misuse (appending to a section that does not exist, inserting a section
/// twice, repeating an identifier inside one argument, moving an item relative
/// to itself, marking an absent item, ...) stops the program with a message
/// that names the operation and the identifiers, in every build
/// configuration. A call that is refused changes nothing first. Identifier
/// types whose `Hashable` conformance is broken are diagnosed where that is
/// cheap, in every build configuration:
///
/// - A value not equal to itself: on every insertion.
/// - Equal values with different hashes: whenever a lookup that must succeed
///   fails (the snapshot then scans for an equal identifier, on the way to
///   stopping), and in ``BatchUpdate/init(from:to:)`` when a new identifier
///   is equal to the old one at its place.
///
/// Not caught: equal values with different hashes that no failed lookup or
/// diff position brings together (appending such a twin stores both; a
/// lookup that lands in the right bucket by chance succeeds), and hashes
/// that change while an identifier is stored.
///
/// Two behaviours are kept from UIKit because code relies on them:
/// ``deleteAllItems()`` also removes every section, and inserting or appending
/// an item that is already in the snapshot moves it (and reports a
/// ``DiffableDiagnostic`` instead of crashing).
///
/// ## Performance
///
/// Every query is O(1) expected: ``indexOfItem(_:)``, ``indexOfSection(_:)``,
/// ``sectionIdentifier(containingItem:)``, ``numberOfItems(inSection:)`` and
/// ``itemIdentifiers(inSection:)``. Appending *k* items costs O(*k*); every
/// other mutation costs what it touches: the identifiers passed, the items
/// that follow the change in the sections it changes, and the sections that
/// follow them. Copying a snapshot is O(1): storage is shared until one copy
/// is mutated. The memory a snapshot takes per item is measured by the
/// core benchmarks (the README's benchmark tables).
///
/// ## Storage
///
/// Each section lives in a *slot* of `_records`, which also holds its items
/// in order, its position among the sections and the flattened index of its
/// first item. A slot never changes while its section exists, so inserting,
/// moving or deleting a section renumbers only section records, never items.
/// Two dictionaries index the records: section identifier to slot, and item
/// identifier to `_ItemLocation` (slot and index in the section). Marks are
/// small insertion-ordered sets.
///
/// ## Invariants
///
/// `_checkInvariants()` verifies that every index agrees with the storage. It
/// runs after every mutation when the package is built with
/// `DIFFABLE_INTERNAL_CHECKS=1` in the environment, and is free otherwise.
@frozen
public struct DiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable {
  @usableFromInline
  typealias _Record = _SectionRecord<SectionIdentifierType, ItemIdentifierType>

  /// Sections by slot. A freed slot keeps a stale record until it is reused.
  @usableFromInline var _records: [_Record]
  /// Slots that no section uses.
  @usableFromInline var _freeSlots: [Int]
  /// Section slots in section order.
  @usableFromInline var _order: [Int]
  @usableFromInline var _sectionSlots: [SectionIdentifierType: Int]
  @usableFromInline var _itemLocations: [ItemIdentifierType: _ItemLocation]
  @usableFromInline var _reloadedSections: _OrderedMarks<SectionIdentifierType>
  @usableFromInline var _reloadedItems: _OrderedMarks<ItemIdentifierType>
  @usableFromInline var _reconfiguredItems: _OrderedMarks<ItemIdentifierType>

  /// Creates an empty snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {
    _records = []
    _freeSlots = []
    _order = []
    _sectionSlots = [:]
    _itemLocations = [:]
    _reloadedSections = _OrderedMarks()
    _reloadedItems = _OrderedMarks()
    _reconfiguredItems = _OrderedMarks()
  }
}

// MARK: - Queries

extension DiffableDataSourceSnapshot {
  /// The number of items in all sections.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { _itemLocations.count }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfSections: Int { _order.count }

  /// The section identifiers, in order.
  ///
  /// - Complexity: O(*s*), where *s* is the number of sections.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifierType] {
    _order.map { _records[$0].id }
  }

  /// The identifiers of every item, section after section, in order.
  ///
  /// An item's position in this array is its ``indexOfItem(_:)``.
  ///
  /// - Complexity: O(1) when there is one section (the section's own storage
  ///   is shared); otherwise O(*n*), where *n* is the number of items: one
  ///   array allocation and a copy.
  @inlinable
  public var itemIdentifiers: [ItemIdentifierType] {
    if _order.count == 1 { return _records[_order[0]].items }
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(numberOfItems)
    for slot in _order { result.append(contentsOf: _records[slot].items) }
    return result
  }

  /// The number of items in a section.
  ///
  /// - Precondition: The section is in the snapshot.
  /// - Complexity: O(1) expected.
  @inlinable
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    _records[_slot(of: identifier, "numberOfItems(inSection:)")].items.count
  }

  /// The identifiers of a section's items, in order.
  ///
  /// - Precondition: The section is in the snapshot.
  /// - Complexity: O(1) expected: the array shares the snapshot's storage.
  @inlinable
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    _records[_slot(of: identifier, "itemIdentifiers(inSection:)")].items
  }

  /// The identifier of the section that holds an item, or `nil` if the item is
  /// not in the snapshot.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    guard let location = _itemLocations[identifier] else { return nil }
    return _records[Int(location.slot)].id
  }

  /// The index of an item in ``itemIdentifiers`` (counting across sections),
  /// or `nil` if the item is not in the snapshot.
  ///
  /// ```swift
  /// // sections: fruits: [apple, pear], veg: [leek]
  /// snapshot.indexOfItem("leek")  // 2
  /// ```
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    guard let location = _itemLocations[identifier] else { return nil }
    return _records[Int(location.slot)].start + Int(location.index)
  }

  /// The index of a section, or `nil` if it is not in the snapshot.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    guard let slot = _sectionSlots[identifier] else { return nil }
    return _records[slot].position
  }

  /// The sections marked with ``reloadSections(_:)``, in the order they were
  /// first marked.
  ///
  /// - Complexity: O(*r*), where *r* is the number of marked sections.
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifierType] { _reloadedSections.elements }

  /// The items marked with ``reloadItems(_:)``, in the order they were first
  /// marked.
  ///
  /// - Complexity: O(*r*), where *r* is the number of marked items.
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifierType] { _reloadedItems.elements }

  /// The items marked with ``reconfigureItems(_:)``, in the order they were
  /// first marked.
  ///
  /// - Complexity: O(*r*), where *r* is the number of marked items.
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] { _reconfiguredItems.elements }
}

// MARK: - Equality and description

extension DiffableDataSourceSnapshot: Equatable {
  /// Two snapshots are equal when they hold the same sections in the same
  /// order, each with the same items in the same order. Reload and
  /// reconfigure marks do not count.
  ///
  /// - Complexity: O(*n* + *s*) for the items and sections compared.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.numberOfItems == rhs.numberOfItems, lhs._order.count == rhs._order.count else {
      return false
    }
    for (left, right) in zip(lhs._order, rhs._order) {
      let a = lhs._records[left]
      let b = rhs._records[right]
      guard a.id == b.id, a.items == b.items else { return false }
    }
    return true
  }
}

extension DiffableDataSourceSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
  /// The sections and their items, such as `["fruits": ["apple"], "veg": []]`,
  /// followed by any marks.
  public var description: String {
    var text = "["
    for (position, slot) in _order.enumerated() {
      if position > 0 { text += ", " }
      text +=
        String(reflecting: _records[slot].id) + ": " + String(describing: _records[slot].items)
    }
    text += _order.isEmpty ? ":]" : "]"
    if !_reloadedSections.isEmpty { text += " reloadedSections: \(_reloadedSections.elements)" }
    if !_reloadedItems.isEmpty { text += " reloadedItems: \(_reloadedItems.elements)" }
    if !_reconfiguredItems.isEmpty {
      text += " reconfiguredItems: \(_reconfiguredItems.elements)"
    }
    return text
  }

  /// The ``description`` wrapped in the type name.
  public var debugDescription: String { "DiffableDataSourceSnapshot(\(description))" }
}
