public import DiffableCore

/// What a data source shows: the snapshot, and the section snapshot of every
/// outline section.
///
/// A section becomes an outline section when a section snapshot is applied
/// to it, or when the user expands one of its items; it stays one until a
/// snapshot without it is applied. For every outline section, the section
/// snapshot's visible items are the section's items in `snapshot`, in order:
/// every change below keeps this true.
///
/// Each kind of request in the apply queue is one of these mutations. They
/// are `@inlinable`, and the closures that call them are made in the
/// `@inlinable` public entry points, so that they run specialized for the
/// caller's identifier types.
@usableFromInline
struct _Contents<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<S, I>
  @usableFromInline typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<I>

  @usableFromInline var snapshot: Snapshot
  @usableFromInline var outlines: [S: SectionSnapshot]

  @inlinable
  init(snapshot: Snapshot = Snapshot(), outlines: [S: SectionSnapshot] = [:]) {
    self.snapshot = snapshot
    self.outlines = outlines
  }

  /// The section snapshot of a section: the kept one, or the section's items
  /// as root items (empty if the section does not exist).
  ///
  /// - Complexity: O(1) for an outline section; otherwise O(*k*) expected,
  ///   where *k* is the number of items of the section.
  @inlinable
  func sectionSnapshot(of section: S) -> SectionSnapshot {
    if let outline = outlines[section] { return outline }
    var flat = SectionSnapshot()
    if snapshot.indexOfSection(section) != nil {
      flat.append(snapshot.itemIdentifiers(inSection: section))
    }
    return flat
  }

  /// The section that shows `item`, or hides it in its section snapshot, if
  /// any.
  ///
  /// - Complexity: O(1) expected for a shown item; otherwise O(*o*)
  ///   expected, where *o* is the number of outline sections.
  @inlinable
  func section(holding item: I) -> S? {
    snapshot.sectionIdentifier(containingItem: item)
      ?? outlines.first(where: { $0.value.contains(item) })?.key
  }
}

// MARK: - A full apply

extension _Contents {
  /// Shows `new`, keeping the tree of every outline section that is still
  /// there.
  ///
  /// An outline section whose items did not change, and none of whose hidden
  /// items `new` shows, keeps its section snapshot as it is. Another one is
  /// reconciled with its new items (see `_reconciled(toVisibleItems:in:)`).
  /// An outline section that `new` does not have is forgotten.
  ///
  /// - Parameter checksHiddenItems: Whether `new` may show hidden items of
  ///   outline sections. An interactive move, which only moves a shown item,
  ///   passes `false` and skips the check.
  /// - Complexity: O(*h*) expected, where *h* is the number of hidden items
  ///   of the outline sections (each is looked up in `new`), plus the cost of
  ///   reconciling each outline section that changed.
  @inlinable
  mutating func replaceSnapshot(with new: Snapshot, checksHiddenItems: Bool = true) {
    let old = snapshot
    snapshot = new
    guard !outlines.isEmpty else { return }
    for (section, outline) in outlines {
      guard new.indexOfSection(section) != nil else {
        outlines[section] = nil
        continue
      }
      let items = new.itemIdentifiers(inSection: section)
      // The previous items of the section are the outline's visible items.
      // Comparing arrays built from the same storage is O(1). The hidden
      // items are looked up only if the items are the same: reconciling
      // looks up every hidden item it carries over anyway.
      let itemsChanged =
        old.indexOfSection(section) == nil || old.itemIdentifiers(inSection: section) != items
      guard
        itemsChanged
          || checksHiddenItems && outline._itemCount > items.count
            && outline._hiddenItems.contains(where: { new.indexOfItem($0) != nil })
      else { continue }
      outlines[section] = outline._reconciled(toVisibleItems: items, in: new)
    }
  }
}

// MARK: - A section snapshot applied to a section

extension _Contents {
  /// Makes `outline` the section snapshot of `section`, and its visible items
  /// the section's items; appends the section if it is missing.
  ///
  /// - Precondition: No item of `outline` is in another section, shown or
  ///   hidden. Checked before anything changes.
  /// - Complexity: O(*m* × *o* + *v* + *t*) expected, where *m* is the
  ///   number of items of `outline`, *o* the number of outline sections, *v*
  ///   the number of items of the section before and after, and *t* the
  ///   number of items after the first that changes.
  @inlinable
  mutating func apply(_ outline: SectionSnapshot, to section: S, _ operation: StaticString) {
    var conflicts: [(item: I, section: S)] = []
    for item in outline.items {
      if let other = self.section(holding: item), other != section {
        conflicts.append((item, other))
      }
    }
    if !conflicts.isEmpty {
      _diffableFailure(
        operation,
        "cannot apply a section snapshot to section \(_describe([section])): "
          + Self.describe(conflicts) + "; an item can be in one section only")
    }
    if snapshot.indexOfSection(section) == nil { snapshot.appendSections([section]) }
    outlines[section] = nil
    setItems(outline.visibleItems, ofSection: section)
    outlines[section] = outline
  }

  /// `item identifiers ["a", "b"] are already in section ["t"]; ...`,
  /// grouping the conflicts by section in the order they were found.
  @usableFromInline
  static func describe(_ conflicts: [(item: I, section: S)]) -> String {
    var order: [S] = []
    var items: [S: [I]] = [:]
    for (item, section) in conflicts {
      if items[section] == nil { order.append(section) }
      items[section, default: []].append(item)
    }
    return order.map { describe(items[$0]!, alreadyIn: $0) }.joined(separator: "; ")
  }

  /// `item identifier ["a"] is already in section ["t"]`, or `item
  /// identifiers ["a", "b"] are ...`.
  @usableFromInline
  static func describe(_ items: [I], alreadyIn section: S) -> String {
    let (noun, verb) = items.count == 1 ? ("identifier", "is") : ("identifiers", "are")
    return "item \(noun) \(_describe(items)) \(verb) already in section \(_describe([section]))"
  }

  /// Replaces the items of `section` with `items`, touching only the run
  /// between their common prefix and suffix.
  ///
  /// - Precondition: The section exists, and no item of `items` is in
  ///   another section.
  /// - Complexity: O(*v*) comparisons, where *v* is the number of items of
  ///   the section before and after, plus O(*k* + *t*) expected, where *k* is
  ///   the number of items removed and added and *t* the number after them in
  ///   the section.
  @inlinable
  mutating func setItems(_ items: [I], ofSection section: S) {
    let old = snapshot.itemIdentifiers(inSection: section)
    let common = Swift.min(old.count, items.count)
    var prefix = 0
    while prefix < common && old[prefix] == items[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix && old[old.count - 1 - suffix] == items[items.count - 1 - suffix]
    {
      suffix += 1
    }
    let removed = old[prefix..<(old.count - suffix)]
    let added = items[prefix..<(items.count - suffix)]
    if !removed.isEmpty { snapshot.deleteItems(Array(removed)) }
    guard !added.isEmpty else { return }
    if suffix > 0 {
      snapshot.insertItems(Array(added), beforeItem: items[items.count - suffix])
    } else {
      snapshot.appendItems(Array(added), toSection: section)
    }
  }
}

// MARK: - Expanding and collapsing, as the user does

/// What a user action asks of an outline section: expand or collapse one
/// item, with the children `snapshotForExpandingParent` loaded for it.
@usableFromInline
struct _OutlineAction<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  @usableFromInline var section: S
  @usableFromInline var item: I
  @usableFromInline var expands: Bool
  /// The new children of `item`, or `nil` to keep them.
  @usableFromInline var children: DiffableDataSourceSectionSnapshot<I>?
  /// The user action, named in messages.
  @usableFromInline var operation: StaticString

  @inlinable
  init(
    section: S, item: I, expands: Bool, children: DiffableDataSourceSectionSnapshot<I>?,
    operation: StaticString
  ) {
    self.section = section
    self.item = item
    self.expands = expands
    self.children = children
    self.operation = operation
  }
}

extension _Contents {
  /// Expands or collapses an item of an outline section (a section without a
  /// section snapshot is one of root items), replacing its children first if
  /// the action carries new ones; the section's items change by what the
  /// item reveals or hides, and the item is reconfigured so that its cell can
  /// show its new state.
  ///
  /// The action was asked for on the data source's actor, against what the view
  /// showed then; applies queued before it may since have removed the item
  /// or its section, and then it does nothing.
  ///
  /// - Precondition: The new children, if any, hold neither the item nor any
  ///   item of another section, nor any item of this one outside the item's
  ///   subtree.
  /// - Complexity: O(*r* + *t*) expected, where *r* is the number of items
  ///   the item reveals or hides and *t* the number of items after it in the
  ///   section, plus O(*m* × (*d* + *o*)) to check and insert *m* new
  ///   children at depth *d*, with *o* outline sections; and the first
  ///   change of a section snapshot shared with the data source's actor copies its
  ///   storage (O(*n*) for its *n* items, without hashing).
  @inlinable
  mutating func perform(_ action: _OutlineAction<S, I>) {
    let (section, item) = (action.section, action.item)
    guard snapshot.indexOfSection(section) != nil else { return }
    guard
      outlines[section]?.contains(item)
        ?? (snapshot.sectionIdentifier(containingItem: item) == section)
    else { return }
    // Take the section snapshot out of the dictionary, so that changing it
    // does not copy it once more.
    var outline = outlines.removeValue(forKey: section) ?? sectionSnapshot(of: section)
    defer { outlines[section] = outline }
    let isShown = snapshot.indexOfItem(item) != nil
    let hidden = isShown ? outline._visibleDescendants(of: item) : []
    if let children = action.children {
      checkChildren(children, of: item, in: outline, section: section, action.operation)
      outline.replace(childrenOf: item, using: children)
    }
    if action.expands {
      outline.expand([item])
    } else {
      outline.collapse([item])
    }
    guard isShown else { return }
    let revealed = outline._visibleDescendants(of: item)
    if !hidden.isEmpty { snapshot.deleteItems(hidden) }
    if !revealed.isEmpty { snapshot.insertItems(revealed, afterItem: item) }
    snapshot.reconfigureItems([item])
  }

  /// Stops if `children` cannot become the children of `parent`.
  @inlinable
  func checkChildren(
    _ children: SectionSnapshot, of parent: I, in outline: SectionSnapshot, section: S,
    _ operation: StaticString
  ) {
    var conflicts: [(item: I, section: S)] = []
    var outside: [I] = []
    for child in children.items {
      if child == parent {
        _diffableFailure(
          operation,
          "snapshotForExpandingParent returned a section snapshot that contains the parent "
            + "item identifier \(_describe([parent])) itself")
      }
      if outline.contains(child) {
        var ancestor = outline.parent(of: child)
        while let next = ancestor, next != parent { ancestor = outline.parent(of: next) }
        if ancestor == nil { outside.append(child) }
      } else if let other = self.section(holding: child) {
        conflicts.append((child, other))
      }
    }
    guard conflicts.isEmpty && outside.isEmpty else {
      var problems: [String] = []
      if !outside.isEmpty {
        problems.append(
          Self.describe(outside, alreadyIn: section)
            + " outside the children of \(_describe([parent]))")
      }
      if !conflicts.isEmpty { problems.append(Self.describe(conflicts)) }
      _diffableFailure(
        operation,
        "snapshotForExpandingParent returned children for \(_describe([parent])) that cannot "
          + "be added: " + problems.joined(separator: "; "))
    }
  }
}
