// MARK: - Reading the outline

extension DiffableDataSourceSectionSnapshot {
  /// Every item, in depth-first pre-order: each item is followed by its
  /// descendants, whether or not they are visible.
  ///
  /// ```swift
  /// outline.append(["Fruit", "Vegetables"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.items  // ["Fruit", "Apple", "Vegetables"]
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the number of items. No identifier
  ///   is hashed or compared.
  @inlinable
  public var items: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(_slots.count)
    _walk(from: _roots, expandedOnly: false) { result.append($0) }
    return result
  }

  /// Calls `body` with the items of `tops` (sibling slots) and their
  /// descendants in depth-first pre-order, entering an item's children only
  /// if it is expanded or `expandedOnly` is false.
  ///
  /// The walk keeps a stack of sibling lists and a position in each, so that
  /// no child list is copied or reversed, and reads nodes in place.
  ///
  /// - Complexity: O(*k*) for the *k* items passed to `body`.
  @inlinable
  func _walk(from tops: [Int], expandedOnly: Bool, _ body: (ItemIdentifierType) -> Void) {
    _nodes.withUnsafeBufferPointer { nodes in
      _expanded.withUnsafeBufferPointer { expanded in
        var siblings: [[Int]] = [tops]
        var positions: [Int] = [0]
        while let level = siblings.indices.last {
          let position = positions[level]
          guard position < siblings[level].count else {
            siblings.removeLast()
            positions.removeLast()
            continue
          }
          positions[level] = position + 1
          let slot = siblings[level][position]
          body(nodes[slot].item)
          if (!expandedOnly || expanded[slot]) && !nodes[slot].children.isEmpty {
            siblings.append(nodes[slot].children)
            positions.append(0)
          }
        }
      }
    }
  }

  /// The items at level 0, in order.
  ///
  /// - Complexity: O(*r*), where *r* is the number of root items.
  @inlinable
  public var rootItems: [ItemIdentifierType] {
    _roots.map { _nodes[$0].item }
  }

  /// The items whose ancestors are all expanded, in depth-first pre-order:
  /// what a list shows for this section.
  ///
  /// ```swift
  /// outline.append(["Fruit", "Vegetables"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.visibleItems     // ["Fruit", "Vegetables"]
  /// outline.expand(["Fruit"])
  /// outline.visibleItems     // ["Fruit", "Apple", "Vegetables"]
  /// ```
  ///
  /// - Complexity: O(*v*), where *v* is the number of visible items, however
  ///   many items are hidden: the walk enters only expanded items, all of
  ///   whose children are visible. No identifier is hashed or compared.
  @inlinable
  public var visibleItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    _walk(from: _roots, expandedOnly: true) { result.append($0) }
    return result
  }

  /// Whether an item is in the section snapshot, visible or not.
  ///
  /// - Complexity: Expected O(1): one hash.
  @inlinable
  public func contains(_ item: ItemIdentifierType) -> Bool {
    _slots[item] != nil
  }

  /// The position of an item in ``items`` (depth-first pre-order, hidden items
  /// included), or `nil` if it is not in the section snapshot.
  ///
  /// ```swift
  /// outline.append(["Fruit", "Vegetables"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.index(of: "Vegetables")  // 2
  /// ```
  ///
  /// - Complexity: O(*d* + *p*) expected, where *d* is the depth of the item
  ///   and *p* the number of earlier siblings of the item and of each of its
  ///   ancestors: whole subtrees are skipped using their sizes. One hash.
  @inlinable
  public func index(of item: ItemIdentifierType) -> Int? {
    guard var slot = _slots[item] else { return nil }
    // Climb to the root: the item's index is, at every level, the number of
    // items in the subtrees of earlier siblings, plus one per ancestor.
    var index = 0
    while true {
      let parent = _nodes[slot].parent
      for sibling in _children(of: parent) {
        if sibling == slot { break }
        index += 1 + _nodes[sibling].descendantCount
      }
      if parent == _noSlot { return index }
      index += 1
      slot = parent
    }
  }

  /// The depth of an item: 0 for a root item, one more than its parent's
  /// otherwise.
  ///
  /// - Precondition: The item is in the section snapshot.
  /// - Complexity: Expected O(1): one hash.
  @inlinable
  public func level(of item: ItemIdentifierType) -> Int {
    _nodes[_slot(of: item, "level(of:)")].level
  }

  /// The parent of an item, or `nil` if the item is a root item or is not in
  /// the section snapshot.
  ///
  /// - Complexity: Expected O(1): one hash.
  @inlinable
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
    guard let slot = _slots[child] else { return nil }
    let parent = _nodes[slot].parent
    return parent == _noSlot ? nil : _nodes[parent].item
  }

  /// Whether an item is expanded. An item that is not in the section snapshot
  /// is not expanded.
  ///
  /// Expansion is kept whether or not the item has children.
  ///
  /// - Complexity: Expected O(1): one hash.
  @inlinable
  public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    guard let slot = _slots[item] else { return false }
    return _expanded[slot]
  }

  /// Whether an item is in ``visibleItems``: whether all its ancestors are
  /// expanded. Root items are always visible; an item that is not in the
  /// section snapshot is not.
  ///
  /// - Complexity: O(*d*) expected, where *d* is the depth of the item. One
  ///   hash.
  @inlinable
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    guard var slot = _slots[item] else { return false }
    while case let parent = _nodes[slot].parent, parent != _noSlot {
      guard _expanded[parent] else { return false }
      slot = parent
    }
    return true
  }
}

// MARK: - Extracting a subtree

extension DiffableDataSourceSectionSnapshot {
  /// A section snapshot of the descendants of an item, with their expansion
  /// state, and with levels that start again at 0.
  ///
  /// ```swift
  /// outline.append(["Fruit"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.append(["Cox"], to: "Apple")
  /// outline.snapshot(of: "Fruit").rootItems                        // ["Apple"]
  /// outline.snapshot(of: "Fruit", includingParent: true).rootItems // ["Fruit"]
  /// outline.snapshot(of: "Fruit").level(of: "Cox")                 // 1
  /// ```
  ///
  /// - Parameters:
  ///   - parent: The item whose descendants to copy.
  ///   - includingParent: Whether `parent` itself is copied too, as the only
  ///     root item. If `false`, the children of `parent` are the root items.
  /// - Returns: A new section snapshot.
  /// - Precondition: `parent` is in the section snapshot.
  /// - Complexity: O(*m*) expected, where *m* is the number of items copied:
  ///   one hash each, and one for `parent`.
  @inlinable
  public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
    let operation: StaticString = "snapshot(of:includingParent:)"
    let slot = _slot(of: parent, operation, role: "parent")
    var result = Self()
    let tops = includingParent ? [slot] : _nodes[slot].children
    result._roots = result._graft(self, tops, under: _noSlot, level: 0, operation)
    result._checkInvariants()
    return result
  }
}
