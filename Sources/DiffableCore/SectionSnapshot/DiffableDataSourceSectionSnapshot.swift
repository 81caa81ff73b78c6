/// The items of one section of a list, arranged as an outline: a forest of
/// items, some of them expanded to show their children.
///
/// Build a section snapshot when a section's data is hierarchical, such as a
/// file tree or a menu with submenus. The type keeps every member of Apple's
/// `NSDiffableDataSourceSectionSnapshot`, with the same names, argument labels
/// and semantics, so that code written against UIKit compiles after dropping
/// the `NS` prefix.
///
/// ```swift
/// var outline = DiffableDataSourceSectionSnapshot<String>()
/// outline.append(["Fruit", "Vegetables"])
/// outline.append(["Apple", "Pear"], to: "Fruit")
/// outline.append(["Leek"], to: "Vegetables")
/// outline.items          // ["Fruit", "Apple", "Pear", "Vegetables", "Leek"]
/// outline.visibleItems   // ["Fruit", "Vegetables"]
/// outline.expand(["Fruit"])
/// outline.visibleItems   // ["Fruit", "Apple", "Pear", "Vegetables"]
/// outline.level(of: "Pear")   // 1
/// outline.parent(of: "Pear")  // "Fruit"
/// ```
///
/// ## Overview
///
/// The items form a forest listed in depth-first pre-order: ``items`` lists
/// each item followed by its descendants, and ``index(of:)`` is a position in
/// that list. The *root items* have level 0; a child's level is one more than
/// its parent's. An item is *visible* when every one of its ancestors is
/// expanded, so root items are always visible; ``visibleItems`` is what a list
/// shows for the section. Expansion is a property of each item and survives
/// changes to its children: an item without children can be expanded, and
/// items appended to it later are visible at once. New items are collapsed.
///
/// There is no move operation, as in UIKit: to move an item, delete it and
/// insert it again.
///
/// ## Programmer errors
///
/// Identifiers are unique within a section snapshot. Inserting an identifier
/// that is already present, repeating one inside a single argument, naming a
/// parent or destination that is absent, or placing items relative to an item
/// inside the content being inserted stops the program with a message that
/// names the operation and the identifiers, in every build configuration. A
/// call that is refused changes nothing first. (UIKit corrupts its tree in some
/// of these cases; swift-diffable refuses instead.)
///
/// ## Performance
///
/// ``contains(_:)``, ``level(of:)``, ``parent(of:)`` and ``isExpanded(_:)``
/// take expected O(1) time; ``isVisible(_:)`` takes O(*d*), where *d* is the
/// item's depth. ``visibleItems`` costs O(*v*) for *v* visible items, however
/// many items are hidden; ``items`` costs O(*n*) for *n* items. Expanding or
/// collapsing an item costs O(1): what it reveals or hides is found only when
/// visible items are listed. Insertions and deletions cost what they touch:
/// the identifiers passed (or the snapshot inserted, or the subtrees deleted),
/// the siblings at the insertion point, and the ancestors above it. Copying a
/// section snapshot is O(1): storage is shared until one copy is mutated. The
/// first mutation of a shared copy copies what it changes: expanding or
/// collapsing copies only the expansion flags, one byte per item, without
/// retaining anything.
///
/// Only the identifiers that a call names are hashed, once or twice each;
/// walking the tree never hashes or compares an identifier.
///
/// ## Storage
///
/// Each item lives in a *slot* of `_nodes`, which records its identifier, its
/// parent's slot, its children's slots in order, its level and the number of
/// its descendants; `_expanded` records, slot by slot, whether it is expanded.
/// The flags are apart from the nodes so that expanding or collapsing an item
/// of a section snapshot whose storage a copy shares copies a flat array of
/// flags (a `memcpy`), not the nodes with their child lists. `_roots` lists the slots of the root
/// items in order, and `_slots` maps each identifier to its slot. A slot never
/// changes while its item is present; deleting an item frees its slot for a
/// later insertion (`_freeSlots`). The descendant counts let ``index(of:)``
/// skip whole subtrees, and are adjusted along the ancestors of every change.
///
/// ## Invariants
///
/// `_checkInvariants()` verifies that the identifier index, the parent and
/// child links, the levels, the descendant counts and the free slots agree.
/// It runs after every mutation when the package is built with
/// `DIFFABLE_INTERNAL_CHECKS=1` in the environment, and is free otherwise.
@frozen
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>:
  Sendable
{
  @usableFromInline
  typealias _Node = _OutlineNode<ItemIdentifierType>

  /// Items by slot. A freed slot keeps a stale node until it is reused.
  @usableFromInline var _nodes: [_Node]
  /// Whether the item of each slot is expanded; as many as `_nodes`.
  @usableFromInline var _expanded: [Bool]
  /// The slots of the root items, in order.
  @usableFromInline var _roots: [Int]
  /// The slot of every item.
  @usableFromInline var _slots: [ItemIdentifierType: Int]
  /// Slots that no item uses.
  @usableFromInline var _freeSlots: [Int]

  /// Creates an empty section snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {
    _nodes = []
    _expanded = []
    _roots = []
    _slots = [:]
    _freeSlots = []
  }
}

// MARK: - Equatable

extension DiffableDataSourceSectionSnapshot: Equatable {
  /// Whether two section snapshots hold the same outline: the same items in
  /// the same tree, and the same items expanded.
  ///
  /// Expansion counts even for items without children, because it decides
  /// whether children added later are visible.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs._slots.count == rhs._slots.count, lhs._roots.count == rhs._roots.count else {
      return false
    }
    // Walk both forests in step; equal shapes visit equal slot pairs in the
    // same order.
    var stack: [(Int, Int)] = zip(lhs._roots, rhs._roots).reversed()
    while let (left, right) = stack.popLast() {
      let l = lhs._nodes[left]
      let r = rhs._nodes[right]
      guard l.children.count == r.children.count,
        lhs._expanded[left] == rhs._expanded[right], l.item == r.item
      else { return false }
      stack.append(contentsOf: zip(l.children, r.children).reversed())
    }
    return true
  }
}
