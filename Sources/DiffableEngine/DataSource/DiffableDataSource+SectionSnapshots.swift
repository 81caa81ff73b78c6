public import DiffableCore

// Outline sections: section snapshots applied to one section, the section
// snapshots the data source keeps, and the user actions that expand and
// collapse their items through `sectionSnapshotHandlers`.

// MARK: - Applying a section snapshot

extension DiffableDataSource {
  /// Updates one section to show a section snapshot: the section's items
  /// become the section snapshot's visible items, in one batch update
  /// computed by diffing against what the view shows.
  ///
  /// The data source keeps the section snapshot, hidden items and expansion
  /// state included: ``snapshot(for:)`` returns it, the user actions
  /// (``expandItem(_:animatingDifferences:completion:isolation:)`` and the others)
  /// change it, and a full ``apply(_:animatingDifferences:completion:isolation:)``
  /// keeps its tree. A section that is not in the snapshot is appended
  /// after the others, as UIKit does.
  ///
  /// Like ``apply(_:animatingDifferences:completion:isolation:)``, it is performed
  /// before it returns when called with nothing queued,
  /// and queued otherwise; the `async` form always queues.
  ///
  /// ```swift
  /// var outline = DiffableDataSourceSectionSnapshot<String>()
  /// outline.append(["Fruit", "Vegetables"])
  /// outline.append(["Apple", "Pear"], to: "Fruit")
  /// outline.expand(["Fruit"])
  /// await dataSource.apply(outline, to: "food")
  /// dataSource.snapshot().itemIdentifiers(inSection: "food")
  /// // ["Fruit", "Apple", "Pear", "Vegetables"]
  /// dataSource.snapshot(for: "food").isExpanded("Fruit")  // true
  /// ```
  ///
  /// Calls are queued with the full applies, in the order they are made,
  /// in the data source's isolation: a section snapshot applied after a snapshot
  /// changes that snapshot's section, and a snapshot applied after a section
  /// snapshot replaces everything but keeps the section's tree. As with a
  /// full apply, the call returns before the view and ``snapshot(for:)``
  /// change.
  ///
  /// - Parameters:
  ///   - snapshot: The outline the section should show.
  ///   - section: The section to show it in.
  ///   - animatingDifferences: Whether the view animates the changes.
  ///   - completion: Runs once, in the data source's isolation, when the
  ///     view shows the section snapshot (or a later apply that superseded
  ///     it).
  ///   - isolation: The actor the data source lives on: the caller's.
  /// - Precondition: No item of `snapshot`, shown or hidden, is in another
  ///   section when the apply is performed. The program stops, naming the
  ///   items and their sections, before anything changes.
  /// - Complexity: O(1) for the caller when queued. Then, off the actor (on
  ///   it when performed at once), O(*m* × *o*) expected to check the *m* items of `snapshot` against the *o*
  ///   outline sections, O(*v* + *t*) to change the section's *v* items
  ///   where they differ (*t* being the number of items after the first
  ///   change) and O(*n*) for the diff, *n* being the number of items; on
  ///   the actor, work proportional to the change.
  @inlinable
  public func apply(
    _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil, isolation: isolated any Actor = #isolation
  ) {
    _submit(
      _sectionRequest(snapshot, to: section, animatingDifferences: animatingDifferences),
      completion: completion)
  }

  /// The request of a section snapshot apply, in either form.
  @inlinable
  func _sectionRequest(
    _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType, animatingDifferences: Bool
  ) -> _ApplyRequest<SectionIdentifierType, ItemIdentifierType> {
    _ApplyRequest(
      change: { $0.apply(snapshot, to: section, "apply(_:to:animatingDifferences:completion:)") },
      kind: .diffing(animated: animatingDifferences))
  }

  /// Updates one section to show a section snapshot, and returns when the
  /// view shows it.
  ///
  /// The same as ``apply(_:to:animatingDifferences:completion:isolation:)``; awaiting
  /// it makes the next ``snapshot(for:)`` return `snapshot` (or what a later
  /// apply made of it).
  ///
  /// - Complexity: As ``apply(_:to:animatingDifferences:completion:isolation:)``.
  @inlinable
  public func apply(
    _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType, animatingDifferences: Bool = true,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await _queueAndWait(
      _sectionRequest(snapshot, to: section, animatingDifferences: animatingDifferences))
  }

  /// The section snapshot of a section, as the view shows it.
  ///
  /// For a section that received a section snapshot (or whose items the
  /// user expanded), the kept section snapshot, with its hidden items and
  /// expansion state; for any other section, its items as root items, as
  /// UIKit returns them; for a section the data source does not have, an
  /// empty section snapshot.
  ///
  /// ```swift
  /// // sections: fruits: [apple, pear]
  /// dataSource.snapshot(for: "fruits").rootItems  // ["apple", "pear"]
  /// dataSource.snapshot(for: "none").items        // []
  /// ```
  ///
  /// - Complexity: O(1) for a kept section snapshot: the copy shares storage
  ///   until it is changed. O(*k*) expected for the *k* items of another
  ///   section.
  public func snapshot(
    for section: SectionIdentifierType
  ) -> DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
    _state.contents.sectionSnapshot(of: section)
  }
}

// MARK: - Expanding and collapsing, as the user does

extension DiffableDataSource {
  /// Expands an item the way a tap on its disclosure control does: asks
  /// ``SectionSnapshotHandlers/shouldExpandItem``, calls
  /// ``SectionSnapshotHandlers/willExpandItem``, lets
  /// ``SectionSnapshotHandlers/snapshotForExpandingParent`` load the item's
  /// children, then expands the item in its section snapshot and applies the
  /// change with an animation.
  ///
  /// UIKit's data source does this when the user taps an outline disclosure
  /// accessory; here a view (or a key handler, or a test) calls it. The
  /// handlers run at once, in the data source's isolation, in that order; the change is
  /// queued behind the applies already made, like an apply. The view then
  /// inserts the items the expansion reveals, and reconfigures the expanded
  /// item so that its cell can show its new state (a turned disclosure
  /// mark).
  ///
  /// ```swift
  /// dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
  ///   var loaded = DiffableDataSourceSectionSnapshot<String>()
  ///   loaded.append(["\(parent)/a", "\(parent)/b"])
  ///   return loaded
  /// }
  /// // sections: files: [docs]
  /// await dataSource.expandItem("docs")                    // true
  /// dataSource.snapshot().itemIdentifiers(inSection: "files")
  /// // ["docs", "docs/a", "docs/b"]
  /// ```
  ///
  /// The item may be in a section that never received a section snapshot:
  /// its items are then root items, and expanding one turns the section
  /// into an outline section (the place to load children lazily). It may
  /// also be a hidden item of a section snapshot: it expands, and nothing
  /// the view shows changes.
  ///
  /// The item is looked up in what the view shows now. If nothing is queued
  /// the change is performed before this returns, as an apply on the main
  /// actor is (the `async` form always queues it). If applies queued before
  /// this call remove the item or its section, the change does nothing when
  /// its turn comes.
  ///
  /// - Parameters:
  ///   - item: The item to expand.
  ///   - animatingDifferences: Whether the view animates the changes.
  ///   - completion: Runs once, in the data source's isolation, when the
  ///     view shows the change; if nothing changes, on the actor's next
  ///     turn.
  ///   - isolation: The actor the data source lives on: the caller's.
  /// - Returns: Whether the item expands: `false` if it is already expanded
  ///   (no handler is called) or `shouldExpandItem` refused.
  /// - Precondition: The item is in a section of the data source, shown or
  ///   hidden in a section snapshot. The children that
  ///   `snapshotForExpandingParent` returns hold neither the item nor any
  ///   item of another section, nor any item of the section outside the
  ///   item's subtree (checked when the change is performed, before anything
  ///   changes).
  /// - Complexity: On the data source's actor, O(*o*) expected to find the item
  ///   (*o* being the number of outline sections, if the item is hidden),
  ///   plus the handlers, plus O(*m*) to hand `snapshotForExpandingParent`
  ///   the *m* current descendants of the item. Off the actor, O(*r* +
  ///   *t*) expected to change the section by the *r* items revealed, *t*
  ///   being the number of items after the item, and O(*n*) for the diff; on
  ///   the actor again, work proportional to the change.
  @inlinable
  @discardableResult
  public func expandItem(
    _ item: ItemIdentifierType, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil, isolation: isolated any Actor = #isolation
  ) -> Bool {
    _userAction(
      .expand, on: item, "expandItem(_:animatingDifferences:completion:)",
      animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Expands an item as the user does, and returns when the view shows the
  /// change.
  ///
  /// The same as ``expandItem(_:animatingDifferences:completion:isolation:)``.
  ///
  /// - Returns: Whether the item expanded.
  /// - Complexity: As ``expandItem(_:animatingDifferences:completion:isolation:)``.
  @inlinable
  @discardableResult
  public func expandItem(
    _ item: ItemIdentifierType, animatingDifferences: Bool = true,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    await _userAction(
      .expand, on: item, "expandItem(_:animatingDifferences:)",
      animatingDifferences: animatingDifferences)
  }

  /// Collapses an item the way a tap on its disclosure control does: asks
  /// ``SectionSnapshotHandlers/shouldCollapseItem``, calls
  /// ``SectionSnapshotHandlers/willCollapseItem``, then collapses the item
  /// in its section snapshot and applies the change with an animation.
  ///
  /// The view deletes the items the item hides, and reconfigures the item.
  /// Its descendants keep their own expansion state, so expanding it again
  /// shows them as they were. See
  /// ``expandItem(_:animatingDifferences:completion:isolation:)`` for when the change
  /// happens.
  ///
  /// - Parameters:
  ///   - item: The item to collapse.
  ///   - animatingDifferences: Whether the view animates the changes.
  ///   - completion: Runs once, in the data source's isolation, when the
  ///     view shows the change; if nothing changes, on the actor's next
  ///     turn.
  ///   - isolation: The actor the data source lives on: the caller's.
  /// - Returns: Whether the item collapses: `false` if it is not expanded
  ///   (no handler is called) or `shouldCollapseItem` refused.
  /// - Precondition: The item is in a section of the data source, shown or
  ///   hidden in a section snapshot.
  /// - Complexity: On the data source's actor, O(*o*) expected to find the item, plus
  ///   the handlers. Off the actor, O(*r* + *t*) expected to change the
  ///   section by the *r* items hidden, *t* being the number of items after
  ///   them, and O(*n*) for the diff; on the actor again, work
  ///   proportional to the change.
  @inlinable
  @discardableResult
  public func collapseItem(
    _ item: ItemIdentifierType, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil, isolation: isolated any Actor = #isolation
  ) -> Bool {
    _userAction(
      .collapse, on: item, "collapseItem(_:animatingDifferences:completion:)",
      animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Collapses an item as the user does, and returns when the view shows
  /// the change.
  ///
  /// The same as ``collapseItem(_:animatingDifferences:completion:isolation:)``.
  ///
  /// - Returns: Whether the item collapsed.
  /// - Complexity: As ``collapseItem(_:animatingDifferences:completion:isolation:)``.
  @inlinable
  @discardableResult
  public func collapseItem(
    _ item: ItemIdentifierType, animatingDifferences: Bool = true,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    await _userAction(
      .collapse, on: item, "collapseItem(_:animatingDifferences:)",
      animatingDifferences: animatingDifferences)
  }

  /// Expands a collapsed item or collapses an expanded one, as a tap on its
  /// disclosure control does, through the handlers: what a view calls when
  /// the user taps the control or presses Enter on the row.
  ///
  /// ```swift
  /// // sections: food: outline [Fruit: [Apple]], collapsed
  /// await dataSource.toggleExpansion(of: "Fruit")   // expands: true
  /// await dataSource.toggleExpansion(of: "Fruit")   // collapses: true
  /// ```
  ///
  /// - Parameters:
  ///   - item: The item to expand or collapse.
  ///   - animatingDifferences: Whether the view animates the changes.
  ///   - completion: Runs once, in the data source's isolation, when the
  ///     view shows the change; if nothing changes, on the actor's next
  ///     turn.
  ///   - isolation: The actor the data source lives on: the caller's.
  /// - Returns: Whether the item changes: `false` if the should-handler
  ///   refused.
  /// - Precondition: As ``expandItem(_:animatingDifferences:completion:isolation:)``.
  /// - Complexity: As ``expandItem(_:animatingDifferences:completion:isolation:)`` or
  ///   ``collapseItem(_:animatingDifferences:completion:isolation:)``.
  @inlinable
  @discardableResult
  public func toggleExpansion(
    of item: ItemIdentifierType, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil, isolation: isolated any Actor = #isolation
  ) -> Bool {
    _userAction(
      .toggle, on: item, "toggleExpansion(of:animatingDifferences:completion:)",
      animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Expands or collapses an item as the user does, and returns when the
  /// view shows the change.
  ///
  /// The same as ``toggleExpansion(of:animatingDifferences:completion:isolation:)``.
  ///
  /// - Returns: Whether the item changed.
  /// - Complexity: As ``toggleExpansion(of:animatingDifferences:completion:isolation:)``.
  @inlinable
  @discardableResult
  public func toggleExpansion(
    of item: ItemIdentifierType, animatingDifferences: Bool = true,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    await _userAction(
      .toggle, on: item, "toggleExpansion(of:animatingDifferences:)",
      animatingDifferences: animatingDifferences)
  }

  /// The user actions on an outline item.
  @usableFromInline
  enum _UserAction: Sendable {
    case expand
    case collapse
    case toggle
  }

  /// A user action: consults the handlers, then performs the change, or
  /// queues it if something is queued. The change is made here, where the
  /// caller inlines this, so that it runs specialized for the caller's
  /// identifier types.
  @inlinable
  func _userAction(
    _ action: _UserAction, on item: ItemIdentifierType, _ operation: StaticString,
    animatingDifferences: Bool, completion: (() -> Void)?,
    isolation: isolated any Actor = #isolation
  ) -> Bool {
    guard
      let request = _userActionRequest(
        action, on: item, operation, animatingDifferences: animatingDifferences)
    else {
      if let completion {
        Task {
          _ = isolation
          completion()
        }
      }
      return false
    }
    _submit(request, completion: completion)
    return true
  }

  /// A user action, always queued, returning when the view shows its
  /// change, or at once if it changes nothing.
  @inlinable
  func _userAction(
    _ action: _UserAction, on item: ItemIdentifierType, _ operation: StaticString,
    animatingDifferences: Bool, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    guard
      let request = _userActionRequest(
        action, on: item, operation, animatingDifferences: animatingDifferences)
    else { return false }
    await _queueAndWait(request)
    return true
  }

  /// The request of a user action, after its handlers, or `nil` if the item
  /// already is as asked or a should-handler refused.
  @inlinable
  func _userActionRequest(
    _ action: _UserAction, on item: ItemIdentifierType, _ operation: StaticString,
    animatingDifferences: Bool
  ) -> _ApplyRequest<SectionIdentifierType, ItemIdentifierType>? {
    guard let change = _outlineAction(action, on: item, operation) else { return nil }
    var marks = _Marks<SectionIdentifierType, ItemIdentifierType>()
    marks.reconfiguredItems = [item]
    return _ApplyRequest(
      change: { $0.perform(change) }, marks: marks,
      kind: .diffing(animated: animatingDifferences))
  }

  /// The actor's part of a user action: finds the item and consults the
  /// handlers. Returns the change to queue, or `nil` if the item already is
  /// as asked or a should-handler refused.
  @usableFromInline
  func _outlineAction(
    _ action: _UserAction, on item: ItemIdentifierType, _ operation: StaticString
  ) -> _OutlineAction<SectionIdentifierType, ItemIdentifierType>? {
    let contents = _state.contents
    guard let section = contents.section(holding: item) else {
      _diffableFailure(
        operation,
        "item identifier \(_describe([item])) is not in any section of the data source, "
          + "shown or hidden in a section snapshot")
    }
    let outline = contents.outlines[section]
    let isExpanded = outline?.isExpanded(item) ?? false
    let expands =
      switch action {
      case .expand: true
      case .collapse: false
      case .toggle: !isExpanded
      }
    guard expands != isExpanded else { return nil }
    let handlers = sectionSnapshotHandlers
    var children: DiffableDataSourceSectionSnapshot<ItemIdentifierType>?
    if expands {
      if let shouldExpand = handlers.shouldExpandItem, !shouldExpand(item) { return nil }
      handlers.willExpandItem?(item)
      if let load = handlers.snapshotForExpandingParent {
        children = load(item, outline?.snapshot(of: item) ?? .init())
      }
    } else {
      if let shouldCollapse = handlers.shouldCollapseItem, !shouldCollapse(item) { return nil }
      handlers.willCollapseItem?(item)
    }
    return _OutlineAction(
      section: section, item: item, expands: expands, children: children, operation: operation)
  }
}
