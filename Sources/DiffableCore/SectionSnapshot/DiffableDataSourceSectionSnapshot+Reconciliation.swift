// Rebuilding an outline along a new flat list of its visible items: after
// the items of its section were changed without the tree (inserted, deleted
// or moved in a `DiffableDataSourceSnapshot`), the outline must show exactly
// those items, in order, while the tree keeps as much of its shape as the new
// order allows. Apple's section snapshot has no such operation, so this is a
// `package` member.

extension DiffableDataSourceSectionSnapshot {
  /// This outline, rebuilt so that its visible items are `items`.
  ///
  /// The rules:
  ///
  /// 1. *Removed items.* An item that was visible and is not in `items`
  ///    leaves the tree with its hidden descendants. Its visible descendants
  ///    that stay take its place under its parent.
  /// 2. *Kept items.* An item that stays keeps its expansion state, and its
  ///    place under its nearest ancestor that stays (or among the root
  ///    items), if the new order allows it: the ancestor must come before it
  ///    with nothing but its own descendants in between, and be expanded.
  ///    A collapsed item keeps its hidden descendants, except those that
  ///    `whole` shows (in this section or another).
  /// 3. *New items*, and kept items whose place the new order breaks, join
  ///    the level of the rows around them: if the next kept item after them
  ///    can keep its place, they become its siblings, just before it;
  ///    otherwise they become siblings of the item just before them (root
  ///    items, if they come first). New items are collapsed.
  ///
  /// So inserting an item into the flat snapshot before or after a kept item
  /// puts it at that item's level, and inserting it just after an expanded
  /// item that keeps its children makes it that item's first child: where
  /// it would appear, indented, in the list.
  ///
  /// - Parameters:
  ///   - items: The outline's new visible items: the items of its section
  ///     in `whole`, none of them in another section.
  ///   - whole: The snapshot that holds them. A hidden item that `whole`
  ///     shows (in this section or another) is not carried over.
  /// - Complexity: O(*k* × *d* + *c*) expected, where *k* is the number of
  ///   items, *d* the depth of the tree, and *c* the number of hidden items
  ///   carried over under collapsed items.
  @inlinable
  package func _reconciled<S>(
    toVisibleItems items: [ItemIdentifierType],
    in whole: DiffableDataSourceSnapshot<S, ItemIdentifierType>
  ) -> Self {
    let shown = Set(items)
    /// The nearest ancestor of a kept item that stays, or `nil` for none.
    func keptAncestor(of item: ItemIdentifierType) -> ItemIdentifierType? {
      var ancestor = parent(of: item)
      while let next = ancestor, !shown.contains(next) { ancestor = parent(of: next) }
      return ancestor
    }
    // For each position, the position of the first item at or after it that
    // this outline holds (`items.count` if none): the look-ahead of rule 3,
    // and whether the item there is kept (it is if it is its own).
    var nextKept = [Int](repeating: items.count, count: items.count + 1)
    for index in items.indices.reversed() {
      nextKept[index] = contains(items[index]) ? index : nextKept[index + 1]
    }

    var result = Self()
    // The items from a root down to the last item placed, and whether each
    // is expanded: an item can only go under one of these that is expanded.
    var path: [(item: ItemIdentifierType, isExpanded: Bool)] = []
    /// Where a kept item may go: -1 among the roots, an index into `path`,
    /// or `nil` if the order breaks its place.
    func depth(keeping item: ItemIdentifierType) -> Int? {
      guard let ancestor = keptAncestor(of: item) else { return -1 }
      guard let index = path.lastIndex(where: { $0.item == ancestor }), path[index].isExpanded
      else { return nil }
      return index
    }

    for (index, item) in items.enumerated() {
      let isKept = nextKept[index] == index
      var parentDepth: Int
      if isKept, let depth = depth(keeping: item) {
        parentDepth = depth
      } else if case let next = nextKept[index + 1], next < items.count,
        let depth = depth(keeping: items[next])
      {
        parentDepth = depth
      } else {
        // The parent of the item before (none for the first item: a root).
        parentDepth = Swift.max(path.count - 2, -1)
      }
      path.removeSubrange((parentDepth + 1)...)
      result.append([item], to: parentDepth >= 0 ? path[parentDepth].item : nil)
      let isExpanded = isKept && isExpanded(item)
      if isExpanded {
        result.expand([item])
      } else if isKept {
        var carried = snapshot(of: item)
        if carried._itemCount > 0 {
          carried.delete(carried.items.filter { whole.indexOfItem($0) != nil })
          if carried._itemCount > 0 { result.replace(childrenOf: item, using: carried) }
        }
      }
      path.append((item, isExpanded))
    }
    assert(result.visibleItems == items, "a reconciled outline shows other items")
    return result
  }
}
