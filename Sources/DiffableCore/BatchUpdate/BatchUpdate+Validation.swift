#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdate {
  /// Why a batch update is invalid, in the words UIKit would use.
  ///
  /// ``rule`` is the number of the strict rule the batch breaks:
  ///
  /// 1. No duplicates: an old position appears at most once among deletes,
  ///    reloads and move sources; a new position at most once among inserts
  ///    and move destinations. The same for sections.
  /// 2. Every index is in range of the snapshot its space refers to.
  /// 3. Section count: new = old − deleted + inserted.
  /// 4. Per surviving section: new count = old count − deleted − moved out +
  ///    inserted + moved in.
  /// 5. No item operation inside a section that is deleted, inserted,
  ///    reloaded or moved in the same batch.
  /// 6. No section reloads in a batch that also moves sections.
  /// 7. A reloaded item is not also moved.
  /// 8. Replaying the batch by identity gives exactly the new snapshot.
  /// 9. Every item marked reloaded in the new snapshot is reloaded or fresh;
  ///    every item marked reconfigured is reconfigured or fresh; nothing else
  ///    is reloaded.
  public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The number of the rule the batch breaks, 1 through 9.
    public var rule: Int
    /// What is wrong, naming indices and identifiers.
    public var message: String

    /// Creates a validation error.
    public init(rule: Int, message: String) {
      self.rule = rule
      self.message = message
    }

    /// The rule and the message, as `Invalid batch update (rule 4): ...`.
    public var description: String { "Invalid batch update (rule \(rule)): \(message)" }
  }

  /// Performs the batch on `old` the way a list view does, and returns the
  /// snapshot it produces.
  ///
  /// Sections and items that are inserted, and the items of reloaded sections,
  /// take their identifiers from `new` at their new positions; everything
  /// else keeps its identity, as a list view keeps its cells. Sections that
  /// are neither deleted nor moved keep their relative order and fill the free
  /// positions; the same for the items inside a surviving section.
  ///
  /// Use ``validate(from:to:)`` to also require that the result is `new` and
  /// that the marks of `new` are honoured.
  ///
  /// - Throws: ``ValidationError`` for the first of rules 1 to 8 the batch
  ///   breaks (rule 8 only when the replay would hold an identifier twice).
  /// - Complexity: O(*n* + *b*), where *n* is the number of items of both
  ///   snapshots and *b* the size of the batch.
  public func replay<S, I>(
    on old: DiffableDataSourceSnapshot<S, I>,
    insertingFrom new: DiffableDataSourceSnapshot<S, I>
  ) throws(ValidationError) -> DiffableDataSourceSnapshot<S, I> {
    let oldRecords = old._settledRecords("replay(on:insertingFrom:)")
    let newRecords = new._settledRecords("replay(on:insertingFrom:)")
    let oldSections = old._order.map { oldRecords[$0] }
    let newSections = new._order.map { newRecords[$0] }
    let newCount = newSections.count
    let plan = try _BatchPlan(
      self, oldItemCounts: oldSections.map(\.items.count),
      newItemCounts: newSections.map(\.items.count))
    let sourceOfNew = plan.sourceOfNew

    // Replay by identity.
    var resultSections: [S] = []
    var resultItems: [[I]] = []
    resultSections.reserveCapacity(newCount)
    resultItems.reserveCapacity(newCount)
    var slotsByNewPath: [Int: I] = [:]
    for path in itemInserts {
      slotsByNewPath[_BatchPlan.key(path)] = newSections[path[0]].items[path[1]]
    }
    for move in itemMoves {
      slotsByNewPath[_BatchPlan.key(move.to)] = oldSections[move.from[0]].items[move.from[1]]
    }
    for q in 0..<newCount {
      let p = sourceOfNew[q]
      if p < 0 {
        resultSections.append(newSections[q].id)
        resultItems.append(newSections[q].items)
        continue
      }
      resultSections.append(oldSections[p].id)
      if plan.oldIsReloaded(p) {
        resultItems.append(newSections[q].items)
        continue
      }
      if plan.oldIsMoved(p) {
        resultItems.append(oldSections[p].items)
        continue
      }
      // Survivors of p, in order, fill the positions not taken by inserts or
      // move destinations.
      var survivors = oldSections[p].items.indices.lazy.filter {
        let use = plan.oldItemUse[_BatchPlan.key(section: p, item: $0)]
        return use == nil || use == .reload
      }.makeIterator()
      var items: [I] = []
      items.reserveCapacity(newSections[q].items.count)
      for k in 0..<newSections[q].items.count {
        if let item = slotsByNewPath[_BatchPlan.key(section: q, item: k)] {
          items.append(item)
        } else if let i = survivors.next() {
          items.append(oldSections[p].items[i])
        }
      }
      resultItems.append(items)
    }

    var seenSections = Set<S>(minimumCapacity: newCount)
    for (q, section) in resultSections.enumerated() where !seenSections.insert(section).inserted {
      throw ValidationError(
        rule: 8,
        message: "after the update, section identifier \(_describe([section])) would appear "
          + "twice (again at \(q))")
    }
    var seenItems = Set<I>(minimumCapacity: new.numberOfItems)
    for (q, items) in resultItems.enumerated() {
      for (k, item) in items.enumerated() where !seenItems.insert(item).inserted {
        throw ValidationError(
          rule: 8,
          message: "after the update, item identifier \(_describe([item])) would appear twice "
            + "(again at [\(q), \(k)])")
      }
    }
    var result = DiffableDataSourceSnapshot<S, I>()
    result.appendSections(resultSections)
    for (section, items) in zip(resultSections, resultItems) {
      result.appendItems(items, toSection: section)
    }
    return result
  }

  /// Checks that this batch takes a list showing `old` to `new`, under every
  /// strict rule, and explains the first rule it breaks.
  ///
  /// ```swift
  /// let update = BatchUpdate(itemInserts: [IndexPath(item: 0, section: 0)])
  /// try update.validate(from: old, to: new)
  /// // ValidationError(rule: 4): "invalid number of items in section 0. ..."
  /// ```
  ///
  /// - Throws: ``ValidationError`` naming the rule and the indices or
  ///   identifiers involved.
  /// - Complexity: O(*n* + *b*), where *n* is the number of items of both
  ///   snapshots and *b* the size of the batch.
  public func validate<S, I>(
    from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>
  ) throws(ValidationError) {
    let result = try replay(on: old, insertingFrom: new)
    try _requireSameContent(result, new)
    try _requireMarksHonoured(old, new)
  }

  func _requireSameContent<S, I>(
    _ result: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
  ) throws(ValidationError) {
    guard result != new else { return }
    for (q, (a, b)) in zip(result._order, new._order).enumerated() {
      let replayed = result._settledRecords("validate(from:to:)")[a]
      let expected = new._settledRecords("validate(from:to:)")[b]
      if replayed.id != expected.id {
        throw ValidationError(
          rule: 8,
          message: "after the update, section \(q) would be \(_describe([replayed.id])), but the "
            + "new snapshot has \(_describe([expected.id]))")
      }
      for (k, (x, y)) in zip(replayed.items, expected.items).enumerated() where x != y {
        throw ValidationError(
          rule: 8,
          message: "after the update, item [\(q), \(k)] would be \(_describe([x])), but the new "
            + "snapshot has \(_describe([y]))")
      }
    }
    throw ValidationError(rule: 8, message: "the update does not produce the new snapshot")
  }

  func _requireMarksHonoured<S, I>(
    _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
  ) throws(ValidationError) {
    let insertedSections = Set(sectionInserts)
    // New positions of reloaded sections: they fill free slots like survivors.
    var freshSections = insertedSections
    let oldRecords = old._settledRecords("validate(from:to:)")
    let newRecords = new._settledRecords("validate(from:to:)")
    let newTable = new._settledIndex("validate(from:to:)").table
    let reloadedIdentifiers = Set(sectionReloads.map { oldRecords[old._order[$0]].id })
    for section in reloadedIdentifiers {
      if let q = new.indexOfSection(section) { freshSections.insert(q) }
    }
    let insertedPaths = Set(itemInserts)
    func isFresh(_ path: IndexPath) -> Bool {
      freshSections.contains(path[0]) || insertedPaths.contains(path)
    }
    func newPath(of item: I) -> IndexPath {
      let location = newTable[item]!
      let record = newRecords[Int(location.slot)]
      return IndexPath(indexes: [record.position, Int(location.index)])
    }
    var reloadedItems = Set<I>()
    for path in itemReloads {
      let item = oldRecords[old._order[path[0]]].items[path[1]]
      guard new._reloadedItems.contains(item) else {
        throw ValidationError(
          rule: 9,
          message: "item \(_describe([item])) at \(path.bracketedDescription) is reloaded, but the "
            + "new snapshot does not mark it for reloading")
      }
      reloadedItems.insert(item)
    }
    for section in reloadedIdentifiers where !new._reloadedSections.contains(section) {
      throw ValidationError(
        rule: 9,
        message: "section \(_describe([section])) is reloaded, but the new snapshot does not "
          + "mark it for reloading")
    }
    for section in new._reloadedSections.elements where old.indexOfSection(section) != nil {
      let q = new.indexOfSection(section)!
      guard freshSections.contains(q) else {
        throw ValidationError(
          rule: 9,
          message: "section \(_describe([section])) is marked for reloading in the new snapshot, "
            + "but the update neither reloads nor inserts it")
      }
    }
    for item in new._reloadedItems.elements {
      let path = newPath(of: item)
      guard reloadedItems.contains(item) || isFresh(path) else {
        throw ValidationError(
          rule: 9,
          message: "item \(_describe([item])) is marked for reloading in the new snapshot, but "
            + "the update neither reloads nor inserts it")
      }
    }
    let reconfigured = Set(itemReconfigures)
    for item in new._reconfiguredItems.elements {
      let path = newPath(of: item)
      guard reconfigured.contains(path) || reloadedItems.contains(item) || isFresh(path) else {
        throw ValidationError(
          rule: 9,
          message: "item \(_describe([item])) is marked for reconfiguring in the new snapshot, "
            + "but the update neither reconfigures, reloads nor inserts it")
      }
    }
  }
}
