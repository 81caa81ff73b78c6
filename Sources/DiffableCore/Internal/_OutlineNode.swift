// One item of a section snapshot's forest, stored in a slot of
// `DiffableDataSourceSectionSnapshot._nodes`.
//
// Nodes refer to each other by slot, never by identifier, so walking the tree
// (to list items, to find what is visible, to climb to an ancestor) never
// hashes or compares an identifier. Only the identifier-to-slot dictionary
// does, once per call for each identifier the caller passes.

/// The slot that stands for "no node": the parent of a root item.
@usableFromInline
internal let _noSlot = -1

/// The level a freed slot carries, so that a stale slot is never mistaken for
/// a live one.
@usableFromInline
internal let _freedLevel = -1

/// One item of an outline and its links.
@usableFromInline
internal struct _OutlineNode<Item: Hashable & Sendable>: Sendable {
  /// The identifier. A freed slot keeps its stale identifier until the slot is
  /// reused.
  @usableFromInline var item: Item
  /// The slot of the parent, or `_noSlot` for a root item.
  @usableFromInline var parent: Int
  /// The slots of the children, in order.
  @usableFromInline var children: [Int]
  /// The depth: 0 for a root item. `_freedLevel` once the slot is freed.
  @usableFromInline var level: Int
  /// The number of items below this one, at any depth.
  @usableFromInline var descendantCount: Int

  // Whether the item is expanded is kept apart, in the section snapshot's
  // `_expanded`: expanding an item of a section snapshot that shares its
  // storage with a copy then copies an array of flags, not the nodes.

  @inlinable
  init(item: Item, parent: Int, level: Int) {
    self.item = item
    self.parent = parent
    self.children = []
    self.level = level
    self.descendantCount = 0
  }

  /// Whether this slot holds an item of the snapshot.
  @inlinable
  var isLive: Bool { level != _freedLevel }
}
