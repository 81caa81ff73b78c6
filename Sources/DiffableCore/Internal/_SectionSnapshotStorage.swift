// The primitives every section snapshot operation is built from: looking up
// slots, claiming slots for new items (or refusing without a trace), copying
// subtrees between snapshots, freeing subtrees, and keeping descendant counts
// right along the ancestors of a change.
//
// Public members validate everything that can be validated by lookups first,
// then claim slots (the only step that can still refuse, and that undoes
// itself before it does), then relink nodes, which cannot fail.

/// One identifier, as error messages show it.
@usableFromInline
internal func _describeItem<Item>(_ item: Item) -> String {
  String(reflecting: item)
}

extension DiffableDataSourceSectionSnapshot {
  /// The slot of an item that must be present.
  ///
  /// - Complexity: Expected O(1): one hash.
  @inlinable
  func _slot(of item: ItemIdentifierType, _ operation: StaticString, role: String = "item")
    -> Int
  {
    guard let slot = _slots[item] else {
      _diffableFailure(
        operation, "\(role) \(_describeItem(item)) is not in the section snapshot")
    }
    return slot
  }

  /// The level of the children of `parent` (`_noSlot` for the root items).
  @inlinable
  func _childLevel(of parent: Int) -> Int {
    parent == _noSlot ? 0 : _nodes[parent].level + 1
  }

  /// The slots of the children of `parent` (`_noSlot` for the root items).
  @inlinable
  func _children(of parent: Int) -> [Int] {
    parent == _noSlot ? _roots : _nodes[parent].children
  }

  /// Moves the children of `parent` (`_noSlot` for the root items) out of the
  /// storage, so that they can be changed in place while `_nodes` is read.
  /// Put them back with `_setChildren(_:of:)`.
  @inlinable
  mutating func _takeChildren(of parent: Int) -> [Int] {
    if parent == _noSlot {
      defer { _roots = [] }
      return _roots
    } else {
      defer { _nodes[parent].children = [] }
      return _nodes[parent].children
    }
  }

  /// Stores the children of `parent` (`_noSlot` for the root items).
  @inlinable
  mutating func _setChildren(_ children: [Int], of parent: Int) {
    if parent == _noSlot {
      _roots = children
    } else {
      _nodes[parent].children = children
    }
  }

  /// Adds `delta` to the descendant count of `slot` and of all its ancestors.
  ///
  /// - Complexity: O(*d*), where *d* is the depth of `slot`.
  @inlinable
  mutating func _addDescendants(_ delta: Int, from slot: Int) {
    var slot = slot
    while slot != _noSlot {
      _nodes[slot].descendantCount += delta
      slot = _nodes[slot].parent
    }
  }

  /// Gives each item a slot holding a new collapsed node with the given
  /// parent and level, in order, and indexes it; or, if any item is already
  /// present or repeats, undoes everything and stops the program naming those
  /// items.
  ///
  /// The nodes are not linked into their parent's children: callers do that
  /// (and set anything else) afterwards.
  ///
  /// - Parameter destination: An item the call places the new items relative
  ///   to, named in the message when it is among them.
  /// - Complexity: O(*k*) expected, where *k* is the number of items: one
  ///   hash each.
  @inlinable
  mutating func _claimSlots<C: Collection>(
    for items: C, _ operation: StaticString, destination: ItemIdentifierType? = nil,
    parent: Int = _noSlot, level: Int = 0
  ) -> [Int] where C.Element == ItemIdentifierType {
    var claimed: [Int] = []
    claimed.reserveCapacity(items.count)
    let reusableCount = _freeSlots.count
    let nodeCount = _nodes.count
    _slots.reserveCapacity(_slots.count + items.count)
    for item in items {
      let reusing = !_freeSlots.isEmpty
      let slot = reusing ? _freeSlots.removeLast() : _nodes.count
      if let previous = _slots.updateValue(slot, forKey: item) {
        // Refused: put every slot and index entry back as it was.
        _slots[item] = previous
        if reusing { _freeSlots.append(slot) }
        for claimedSlot in claimed.reversed() {
          _slots.removeValue(forKey: _nodes[claimedSlot].item)
          if claimedSlot < nodeCount {
            _nodes[claimedSlot].level = _freedLevel
            _freeSlots.append(claimedSlot)
          }
        }
        _nodes.removeSubrange(nodeCount...)
        _expanded.removeSubrange(nodeCount...)
        assert(_freeSlots.count == reusableCount)
        _refuseNewItems(items, operation, destination: destination)
      }
      let node = _Node(item: item, parent: parent, level: level)
      if reusing {
        _nodes[slot] = node
        _expanded[slot] = false
      } else {
        _nodes.append(node)
        _expanded.append(false)
      }
      claimed.append(slot)
    }
    return claimed
  }

  /// Stops the program, naming the items that are already present or that
  /// repeat. Only called on the way to a failure, so its cost does not matter.
  @usableFromInline
  @inline(never)
  func _refuseNewItems<C: Collection>(
    _ items: C, _ operation: StaticString, destination: ItemIdentifierType?
  ) -> Never where C.Element == ItemIdentifierType {
    var seen = Set<ItemIdentifierType>()
    var repeated: [ItemIdentifierType] = []
    var present: [ItemIdentifierType] = []
    for item in items {
      if !seen.insert(item).inserted {
        if !repeated.contains(item) { repeated.append(item) }
      } else if _slots[item] != nil {
        present.append(item)
      }
    }
    if let destination, seen.contains(destination) {
      _diffableFailure(
        operation,
        "cannot place items relative to \(_describeItem(destination)), which is among them")
    }
    var problems: [String] = []
    if !repeated.isEmpty {
      problems.append("item identifiers are not unique: \(_describe(repeated))")
    }
    if !present.isEmpty {
      problems.append("item identifiers are already in the section snapshot: \(_describe(present))")
    }
    if problems.isEmpty {
      // Every identifier was new and distinct, yet one collided: `==` and
      // `hashValue` disagree for the identifier type.
      problems.append(
        "identifiers \(_describe(items)) collide although they are distinct; "
          + "check that `==` and `hash(into:)` of \(ItemIdentifierType.self) agree")
    }
    _diffableFailure(operation, problems.joined(separator: "; "))
  }

  /// The slots of the subtrees rooted at `tops`, in depth-first pre-order.
  ///
  /// - Complexity: O(*m*), where *m* is the number of items in the subtrees.
  @inlinable
  func _preorder(from tops: [Int]) -> [Int] {
    var order: [Int] = []
    var stack: [Int] = tops.reversed()
    while let slot = stack.popLast() {
      order.append(slot)
      stack.append(contentsOf: _nodes[slot].children.reversed())
    }
    return order
  }

  /// Copies the subtrees of `source` rooted at `tops` (siblings, in order)
  /// into new slots, with their expansion state, as descendants of `parent`
  /// at level `level`, and returns the slots of their new tops.
  ///
  /// The caller links the returned slots into the children of `parent` and
  /// adjusts the descendant counts of `parent` and its ancestors. If an item
  /// of the subtrees is already present, nothing changes and the program stops.
  ///
  /// - Complexity: O(*m*) expected, where *m* is the number of items copied:
  ///   one hash each.
  @inlinable
  mutating func _graft(
    _ source: Self, _ tops: [Int], under parent: Int, level: Int,
    _ operation: StaticString, destination: ItemIdentifierType? = nil
  ) -> [Int] {
    guard let first = tops.first else { return [] }
    let order = source._preorder(from: tops)
    let claimed = _claimSlots(
      for: order.lazy.map { source._nodes[$0].item }, operation, destination: destination)
    let shift = level - source._nodes[first].level
    // Walk the source again in the same order: the i-th node visited takes the
    // i-th claimed slot, and the stack carries each node's new parent.
    var newTops: [Int] = []
    newTops.reserveCapacity(tops.count)
    var next = 0
    var stack: [(source: Int, parent: Int)] = tops.reversed().map { ($0, parent) }
    while let (sourceSlot, newParent) = stack.popLast() {
      let slot = claimed[next]
      next += 1
      let original = source._nodes[sourceSlot]
      _nodes[slot].parent = newParent
      _nodes[slot].level = original.level + shift
      _expanded[slot] = source._expanded[sourceSlot]
      _nodes[slot].descendantCount = original.descendantCount
      _nodes[slot].children.reserveCapacity(original.children.count)
      if newParent == parent {
        newTops.append(slot)
      } else {
        _nodes[newParent].children.append(slot)
      }
      for child in original.children.reversed() {
        stack.append((child, slot))
      }
    }
    return newTops
  }

  /// Frees `slot` and every slot below it, and removes their items from the
  /// index. Leaves the links above `slot` (the parent's children, the
  /// ancestors' descendant counts) to the caller.
  ///
  /// - Complexity: O(*m*) expected, where *m* is the number of items freed:
  ///   one hash each.
  @inlinable
  mutating func _freeSubtree(_ slot: Int) {
    var stack = [slot]
    while let slot = stack.popLast() {
      // `delete(_:)` may free an item before an ancestor of it, and unlinks
      // both only afterwards: skip what is already free.
      guard _nodes[slot].isLive else { continue }
      stack.append(contentsOf: _nodes[slot].children)
      _slots.removeValue(forKey: _nodes[slot].item)
      _nodes[slot].children = []
      _nodes[slot].parent = _noSlot
      _nodes[slot].level = _freedLevel
      _freeSlots.append(slot)
    }
  }

  /// Inserts the slots `new` (already holding nodes at the right level) among
  /// the siblings of `destination`, just before it or just after it, and
  /// counts them in the ancestors.
  ///
  /// - Complexity: O(*s* + *d* + *k*), where *s* is the number of siblings of
  ///   `destination`, *d* its depth and *k* the number of new slots.
  @inlinable
  mutating func _link(_ new: [Int], besides destination: Int, after: Bool, descendants: Int) {
    let parent = _nodes[destination].parent
    for slot in new { _nodes[slot].parent = parent }
    var siblings = _takeChildren(of: parent)
    // The destination is present, so it is among its parent's children.
    let position = siblings.firstIndex(of: destination)!
    siblings.insert(contentsOf: new, at: after ? position + 1 : position)
    _setChildren(siblings, of: parent)
    _addDescendants(descendants, from: parent)
  }
}
