// The building blocks of `DiffableDataSourceSnapshot`'s storage. See the
// "Storage" section of the type's documentation for how they fit together.

/// Where an item lives: the storage slot of its section (stable while the
/// section exists, whatever its position) and its index inside that section.
///
/// Eight bytes, so that the item index stays small: one bucket of its table
/// (``_ItemTable``) holds an identifier and one of these.
@frozen
@usableFromInline
internal struct _ItemLocation: Hashable, Sendable {
  @usableFromInline var slot: UInt32
  @usableFromInline var index: UInt32

  @inlinable @inline(__always)
  init(slot: Int, index: Int) {
    self.slot = UInt32(truncatingIfNeeded: slot)
    self.index = UInt32(truncatingIfNeeded: index)
  }
}

/// One section: its identifier, its items in order, and where it currently
/// stands among the sections.
@usableFromInline
internal struct _SectionRecord<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  /// The section identifier. Kept (but unreachable) after the slot is freed.
  @usableFromInline var id: Section
  @usableFromInline var items: [Item]
  /// The index of the section among the sections.
  @usableFromInline var position: Int
  /// The flattened index of the section's first item.
  @usableFromInline var start: Int

  @inlinable
  init(id: Section, position: Int, start: Int) {
    self.id = id
    self.items = []
    self.position = position
    self.start = start
  }
}

/// A set that remembers insertion order: the reload and reconfigure marks.
/// Marks are few, so removal is a linear filter.
@usableFromInline
internal struct _OrderedMarks<Element: Hashable & Sendable>: Sendable {
  @usableFromInline var elements: [Element] = []
  /// The elements, for membership.
  @usableFromInline var members: Set<Element> = []

  @inlinable init() {}

  @inlinable var isEmpty: Bool { elements.isEmpty }

  @inlinable var count: Int { elements.count }

  @inlinable
  func contains(_ element: Element) -> Bool { !members.isEmpty && members.contains(element) }

  /// Makes room for `count` more marks, so that adding them rehashes none.
  @inlinable
  mutating func reserveCapacity(adding count: Int) {
    members.reserveCapacity(members.count + count)
  }

  /// Adds `element` unless it is present, with one hash, and returns whether
  /// it was new.
  @inlinable
  @discardableResult
  mutating func insert(_ element: Element) -> Bool {
    guard members.insert(element).inserted else { return false }
    elements.append(element)
    return true
  }

  /// Removes every mark for which `isRemoved` is true.
  @inlinable
  mutating func removeAll(where isRemoved: (Element) -> Bool) {
    guard !elements.isEmpty else { return }
    let before = elements.count
    elements.removeAll(where: isRemoved)
    if elements.count != before { members = Set(elements) }
  }

  /// Removes the marks from index `count` on.
  @inlinable
  mutating func truncate(to count: Int) {
    guard count < elements.count else { return }
    elements.removeLast(elements.count - count)
    members = Set(elements)
  }

  @inlinable
  mutating func removeAll() {
    elements = []
    members = []
  }
}
