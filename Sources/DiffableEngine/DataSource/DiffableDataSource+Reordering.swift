import DiffableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Interactive reordering and table-style editing: the view reports what the
// user did, the data source consults its handlers and updates its snapshot.

extension DiffableDataSource {
  /// Whether the item at `indexPath` may be dragged: false while
  /// `reorderingHandlers.canReorderItem` is `nil`.
  ///
  /// - Complexity: O(1) plus the handler.
  func _canMoveItem(at indexPath: IndexPath) -> Bool {
    let item = _requireItem(at: indexPath, "canMoveItem(at:)")
    return reorderingHandlers.canReorderItem?(item) ?? false
  }

  /// Takes an interactive move the view already shows: builds the
  /// transaction, calls `willReorder`, switches to the final snapshot, calls
  /// `didReorder`.
  ///
  /// Applies queued after the move start from the moved contents. A round
  /// whose diff began off the actor before the move is performed again on
  /// the moved contents when it comes back.
  ///
  /// - Complexity: O(*s* + *m*), where *m* is the number of items in the two
  ///   sections involved and *s* the number of sections, plus the handlers;
  ///   an outline section among the two is reconciled with its new items
  ///   (O(*m* × *d*) for a tree of depth *d*, plus its hidden items).
  func _moveItem(at source: IndexPath, to destination: IndexPath) {
    let operation: StaticString = "moveItem(at:to:)"
    guard !_isUpdatingView else {
      _diffableFailure(
        operation,
        "the view reported a move from \(source.bracketedDescription) to \(destination.bracketedDescription) while it "
          + "was performing an update; report moves only when the user ends a drag")
    }
    let item = _requireItem(at: source, operation)
    guard let canReorder = reorderingHandlers.canReorderItem else {
      _diffableFailure(
        operation,
        "item identifier \(_describe([item])) at \(source.bracketedDescription) cannot be moved: "
          + "reorderingHandlers.canReorderItem is nil, so reordering is off")
    }
    guard canReorder(item) else {
      _diffableFailure(
        operation,
        "item identifier \(_describe([item])) at \(source.bracketedDescription) cannot be moved: "
          + "reorderingHandlers.canReorderItem returned false for it")
    }
    _requireTwoIndices(destination, operation)
    let initial = _state.snapshot
    let (toSection, toItem) = (destination[0], destination[1])
    guard let toSectionIdentifier = sectionIdentifier(for: toSection) else {
      _diffableFailure(
        operation,
        "cannot move item identifier \(_describe([item])) to \(destination.bracketedDescription): the data "
          + "source has \(initial.numberOfSections) sections")
    }
    var remaining = initial._itemIdentifiers(atSection: toSection)
    if toSection == source[0] { remaining.remove(at: source[1]) }
    guard 0 <= toItem && toItem <= remaining.count else {
      _diffableFailure(
        operation,
        "cannot move item identifier \(_describe([item])) to \(destination.bracketedDescription): without "
          + "it, section \(toSection) \(_describe([toSectionIdentifier])) has "
          + "\(remaining.count) items")
    }
    guard source != destination else { return }

    var final = initial
    if toItem < remaining.count {
      final.moveItem(item, beforeItem: remaining[toItem])
    } else if let last = remaining.last {
      final.moveItem(item, afterItem: last)
    } else {
      final.deleteItems([item])
      final.appendItems([item], toSection: toSectionIdentifier)
    }
    // Outline sections follow the move: their trees are reconciled with
    // their new items.
    var contents = _state.contents
    contents.replaceSnapshot(with: final, checksHiddenItems: false)
    let transaction = Self._transaction(
      moving: item, from: source, to: destination, _state.contents, contents)
    reorderingHandlers.willReorder?(transaction)
    _state.replace(with: contents)
    reorderingHandlers.didReorder?(transaction)
  }

  /// The transaction of one item moved from `source` to `destination`. Its
  /// section transactions carry the sections' section snapshots: the kept
  /// ones of outline sections, the items as root items for the others.
  static func _transaction(
    moving item: ItemIdentifierType, from source: IndexPath, to destination: IndexPath,
    _ initialContents: _Contents<SectionIdentifierType, ItemIdentifierType>,
    _ finalContents: _Contents<SectionIdentifierType, ItemIdentifierType>
  ) -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType> {
    let (initial, final) = (initialContents.snapshot, finalContents.snapshot)
    func move(_ from: Int, _ to: Int) -> CollectionDifference<ItemIdentifierType> {
      CollectionDifference([
        .remove(offset: from, element: item, associatedWith: to),
        .insert(offset: to, element: item, associatedWith: from),
      ])!
    }
    func sectionTransaction(
      _ initialIndex: Int, _ finalIndex: Int, _ difference: CollectionDifference<ItemIdentifierType>
    ) -> DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType> {
      DiffableDataSourceSectionTransaction(
        sectionIdentifier: initial._sectionIdentifier(at: initialIndex),
        initialSnapshot: initialContents.sectionSnapshot(
          of: initial._sectionIdentifier(at: initialIndex)),
        finalSnapshot: finalContents.sectionSnapshot(of: final._sectionIdentifier(at: finalIndex)),
        difference: difference)
    }

    let sectionTransactions:
      [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
    if source[0] == destination[0] {
      sectionTransactions = [
        sectionTransaction(source[0], destination[0], move(source[1], destination[1]))
      ]
    } else {
      let left = sectionTransaction(
        source[0], source[0],
        CollectionDifference([.remove(offset: source[1], element: item, associatedWith: nil)])!)
      let arrived = sectionTransaction(
        destination[0], destination[0],
        CollectionDifference([.insert(offset: destination[1], element: item, associatedWith: nil)])!
      )
      sectionTransactions = source[0] < destination[0] ? [left, arrived] : [arrived, left]
    }
    return DiffableDataSourceTransaction(
      initialSnapshot: initial, finalSnapshot: final,
      difference: move(initial.indexOfItem(item)!, final.indexOfItem(item)!),
      sectionTransactions: sectionTransactions)
  }

  // MARK: Editing

  /// Whether the item at `indexPath` can be edited: false while
  /// `editingHandlers.canEditItem` is `nil`.
  ///
  /// - Complexity: O(1) plus the handler.
  func _canEditItem(at indexPath: IndexPath) -> Bool {
    let item = _requireItem(at: indexPath, "canEditItem(at:)")
    return editingHandlers.canEditItem?(item) ?? false
  }

  /// Hands a committed edit to `editingHandlers.commit`.
  ///
  /// - Complexity: O(1) plus the handlers.
  func _commitEditing(_ style: DiffableEditingStyle, forItemAt indexPath: IndexPath) {
    let operation: StaticString = "commit(_:forItemAt:)"
    let item = _requireItem(at: indexPath, operation)
    guard editingHandlers.canEditItem?(item) == true else {
      _diffableFailure(
        operation,
        "the view committed \(style) of item identifier \(_describe([item])) at "
          + "\(indexPath.bracketedDescription), which editingHandlers.canEditItem does not allow")
    }
    guard let commit = editingHandlers.commit else {
      _diffableFailure(
        operation,
        "the view committed \(style) of item identifier \(_describe([item])) at "
          + "\(indexPath.bracketedDescription), but editingHandlers.commit is nil")
    }
    commit(style, item)
  }
}
