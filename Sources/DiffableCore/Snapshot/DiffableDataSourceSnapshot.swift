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
/// configuration. A call that is refused changes nothing first. Two of them
/// need the whole item index, which release builds make when a read first
/// needs it: an identifier repeated inside one ``appendItems(_:toSection:)``
/// call, and a mark on an absent item made while the index is pending (the
/// snapshot is being built). In release builds they stop that read, and the
/// message names it as well (`reloadItems(_:): item identifier ["zz"] does
/// not exist (found when indexOfItem(_:) built the item index)`); debug
/// builds stop at the call. Identifier types whose `Hashable` conformance is
/// broken are diagnosed where that is cheap, in every build configuration:
///
/// - A value not equal to itself: on every insertion.
/// - Equal values with different hashes: whenever a lookup that must succeed
///   fails (the snapshot then scans for an equal identifier, on the way to
///   stopping), and in ``BatchUpdate/init(from:to:)`` when a new identifier
///   is equal to the old one at its place. Debug builds also stop the diff
///   when one of the first 32 inserted items is equal to one of the first
///   32 deleted ones (an edited item that also moved).
///
/// Not caught: equal values with different hashes that no failed lookup or
/// diff comparison brings together (appending such a twin stores both; a
/// lookup that lands in the right bucket by chance succeeds), and hashes
/// that change while an identifier is stored.
///
/// Two behaviours are kept from UIKit because code relies on them:
/// ``deleteAllItems()`` also removes every section, and inserting or appending
/// an item that is already in the snapshot moves it (and reports a
/// ``DiffableDiagnostic`` instead of crashing).
///
/// ``appendItems(_:toSection:)`` hashes nothing: the item index takes the
/// appended items in when a read first needs it (see Performance). A repeat
/// inside one call is found then, and stops the program, naming the call's
/// section and the repeat's two places in it; an item appended again by a
/// later call moves then, with its diagnostic. The snapshot is the same as if
/// every call had been checked at once, which debug builds do.
///
/// ## Performance
///
/// Appending *k* items costs O(*k*) and hashes nothing: an array append and
/// the section's bookkeeping. The item index (item identifier to section and
/// position) is built when a read first needs it, in one pass over the items
/// appended since, in a table grown once: by a lookup, a count (unless the
/// items come from one append call, which cannot have moved one), the items, a
/// mutation other than appending, or ``BatchUpdate/init(from:to:)`` (the data
/// source diffs off the main actor, so that is where it is built). It is
/// built once, whichever copy on whichever thread needs it first. From then
/// on every query is O(1) expected: ``indexOfItem(_:)``,
/// ``indexOfSection(_:)``, ``sectionIdentifier(containingItem:)``,
/// ``numberOfItems(inSection:)`` and ``itemIdentifiers(inSection:)``. Every
/// other mutation costs what it touches: the identifiers passed, the items
/// that follow the change in the sections it changes, and the sections that
/// follow them; a deletion that would shift more items than it removes
/// empties the index instead, to be built again when needed. Copying a
/// snapshot is O(1): storage is shared until one copy is mutated. The memory
/// a snapshot takes per item is measured by the core benchmarks (the
/// README's benchmark tables).
///
/// ## Storage
///
/// Each section lives in a *slot* of `_records`, which also holds its items
/// in order, its position among the sections and the flattened index of its
/// first item. A slot never changes while its section exists, so inserting,
/// moving or deleting a section renumbers only section records, never items.
/// A dictionary maps section identifiers to slots; the item index
/// (`_ItemIndex`, whose documentation tells its life cycle) maps item
/// identifiers to `_ItemLocation` (slot and index in the section), and lists
/// the append calls it has not taken in yet. Marks are small
/// insertion-ordered sets.
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
  /// Item identifier to location, built when first needed (`_ItemIndex`
  /// tells its life cycle). Copies share it until one is mutated.
  @usableFromInline var _index: _ItemIndex<SectionIdentifierType, ItemIdentifierType>
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
    _index = _ItemIndex()
    _reloadedSections = _OrderedMarks()
    _reloadedItems = _OrderedMarks()
    _reconfiguredItems = _OrderedMarks()
  }
}

// MARK: - Queries

extension DiffableDataSourceSnapshot {
  /// The number of items in all sections.
  ///
  /// A snapshot whose items come from one ``appendItems(_:toSection:)``
  /// call since it was empty (and whatever marks) counts them as stored:
  /// no item can have moved, so the item index is not built for this read.
  ///
  /// - Complexity: O(1); if the item index is pending (items were appended
  ///   or deleted since it was last built), this read builds it first,
  ///   O(*p*) for *p* pending items, unless it counts them as stored.
  @inlinable
  public var numberOfItems: Int {
    guard let last = _order.last else { return 0 }
    if _countsAsStored { return _records[last].start + _records[last].items.count }
    let records = _settledRecords("numberOfItems")
    return records[last].start + records[last].items.count
  }

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
    let records = _settledRecords("itemIdentifiers")
    if _order.count == 1 { return records[_order[0]].items }
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(numberOfItems)
    for slot in _order { result.append(contentsOf: records[slot].items) }
    return result
  }

  /// The number of items in a section.
  ///
  /// - Precondition: The section is in the snapshot.
  /// - Complexity: O(1) expected.
  @inlinable
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    let operation: StaticString = "numberOfItems(inSection:)"
    let slot = _slot(of: identifier, operation)
    if _countsAsStored { return _records[slot].items.count }
    return _settledRecords(operation)[slot].items.count
  }

  /// The identifiers of a section's items, in order.
  ///
  /// - Precondition: The section is in the snapshot.
  /// - Complexity: O(1) expected: the array shares the snapshot's storage.
  @inlinable
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    let operation: StaticString = "itemIdentifiers(inSection:)"
    let slot = _slot(of: identifier, operation)
    if _isSettledAsStored { return _records[slot].items }
    return _settledRecords(operation)[slot].items
  }

  /// The identifier of the section that holds an item, or `nil` if the item is
  /// not in the snapshot.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    let index = _settledIndex("sectionIdentifier(containingItem:)")
    guard let location = index.table[identifier] else { return nil }
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
    let index = _settledIndex("indexOfItem(_:)")
    guard let location = index.table[identifier] else { return nil }
    return _start(ofSlot: Int(location.slot), index) + Int(location.index)
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
  /// - Complexity: O(*r*), where *r* is the number of marked items, once
  ///   the item index is built; if it is pending (items were appended or
  ///   marked since it was last built), this read builds it first, O(*p*)
  ///   for *p* items.
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifierType] {
    // Marks made while the index was pending are looked up when it is built.
    _ = _settledIndex("reloadedItemIdentifiers")
    return _reloadedItems.elements
  }

  /// The items marked with ``reconfigureItems(_:)``, in the order they were
  /// first marked.
  ///
  /// - Complexity: O(*r*), where *r* is the number of marked items, once
  ///   the item index is built; if it is pending (items were appended or
  ///   marked since it was last built), this read builds it first, O(*p*)
  ///   for *p* items.
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
    _ = _settledIndex("reconfiguredItemIdentifiers")
    return _reconfiguredItems.elements
  }
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
    let left = lhs._settledRecords("==")
    // Items as stored that equal the settled items of another snapshot hold
    // each item once, so they settle as they are: `rhs` need not build its
    // index to be found equal.
    if rhs._hasItems(ofSettled: left, lhs._order) { return true }
    if rhs._index.isBuilt || lhs._order.count != rhs._order.count { return false }
    return rhs._hasItems(ofSettled: left, lhs._order, settlingFirst: true)
  }
}

extension DiffableDataSourceSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
  /// The sections and their items, such as `["fruits": ["apple"], "veg": []]`,
  /// followed by any marks.
  public var description: String {
    let records = _settledRecords("description")
    var text = "["
    for (position, slot) in _order.enumerated() {
      if position > 0 { text += ", " }
      text +=
        String(reflecting: records[slot].id) + ": " + String(describing: records[slot].items)
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
