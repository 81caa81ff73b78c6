#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The structural half of batch validation: what a list view can check
/// knowing only its section and item counts before and after the update.
///
/// The plan checks rules 1 to 7 (duplicates, ranges, section and item counts,
/// operations inside sections that are themselves changed, reloads beside
/// section moves, reloaded items that move) and works out where each new
/// section comes from. It never looks at identifiers, so it costs
/// O(*s* + *b*), where *s* is the number of sections on both sides and *b*
/// the size of the batch, whatever the number of items.
///
/// ``BatchUpdate/replay(on:insertingFrom:)`` builds on it to replay the batch
/// by identity; the data source module's reference list view builds on it to
/// refuse a batch before changing anything, as UIKit's views do.
package struct _BatchPlan: Sendable {
  /// How an old or new section position is used by the batch: `nil` when the
  /// batch leaves it alone.
  package var oldSectionUse: [String?]
  package var newSectionUse: [String?]
  /// Where each new section comes from: an old position, or -1 if inserted.
  /// Moves go to their destinations; the other surviving sections (reloaded
  /// ones included) fill the free positions in order.
  package var sourceOfNew: [Int]
  /// The new position of each old section, or -1 if deleted.
  package var newOfOld: [Int]
  /// Old positions of reloaded and of moved sections.
  package var reloadedOld: Set<Int>
  package var movedOld: Set<Int>
  /// How each old and new item position is used, keyed by ``key(_:)``.
  package var oldItemUse: [Int: String]
  package var newItemUse: [Int: String]

  /// A dictionary key for an item index path.
  @inline(__always)
  package static func key(_ path: IndexPath) -> Int { path[0] << 32 | path[1] }

  /// Whether the items of an old section may be touched by item operations.
  package func oldIsStable(_ p: Int) -> Bool { oldSectionUse[p] == nil }

  /// Whether the items of a new section may be touched by item operations.
  package func newIsStable(_ q: Int) -> Bool {
    newSectionUse[q] == nil && !reloadedOld.contains(sourceOfNew[q])
  }

  /// Checks `update` against the counts of a list before and after it.
  ///
  /// - Parameters:
  ///   - oldItemCounts: The number of items in each section before the
  ///     update, in order.
  ///   - newItemCounts: The number of items in each section after it.
  /// - Throws: ``BatchUpdate/ValidationError`` for the first of rules 1 to 7
  ///   the batch breaks, worded as UIKit words it.
  /// - Complexity: O(*s* + *b*) expected.
  package init(
    _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
  ) throws(BatchUpdate.ValidationError) {
    typealias ValidationError = BatchUpdate.ValidationError
    let oldCount = oldItemCounts.count
    let newCount = newItemCounts.count

    // Sections: ranges (rule 2), duplicates (rule 1), rule 6, rule 3.
    func checkOld(_ p: Int, _ verb: String) throws(ValidationError) {
      guard 0 <= p && p < oldCount else {
        throw ValidationError(
          rule: 2,
          message: "attempt to \(verb) section \(p), but there are only \(oldCount) sections "
            + "before the update")
      }
    }
    func checkNew(_ q: Int, _ verb: String) throws(ValidationError) {
      guard 0 <= q && q < newCount else {
        throw ValidationError(
          rule: 2,
          message: "attempt to \(verb) section \(q), but there are only \(newCount) sections "
            + "after the update")
      }
    }
    var oldSectionUse = [String?](repeating: nil, count: oldCount)
    var newSectionUse = [String?](repeating: nil, count: newCount)
    func claimOld(_ p: Int, _ verb: String) throws(ValidationError) {
      try checkOld(p, verb)
      if let earlier = oldSectionUse[p] {
        throw ValidationError(
          rule: 1, message: "attempt to \(earlier) and \(verb) the same section (\(p))")
      }
      oldSectionUse[p] = verb
    }
    func claimNew(_ q: Int, _ verb: String) throws(ValidationError) {
      try checkNew(q, verb)
      if let earlier = newSectionUse[q] {
        throw ValidationError(
          rule: 1, message: "attempt to \(earlier) and \(verb) the same section (\(q))")
      }
      newSectionUse[q] = verb
    }
    for p in update.sectionDeletes { try claimOld(p, "delete") }
    for p in update.sectionReloads { try claimOld(p, "reload") }
    for move in update.sectionMoves { try claimOld(move.from, "move") }
    for q in update.sectionInserts { try claimNew(q, "insert") }
    for move in update.sectionMoves { try claimNew(move.to, "move to") }
    if !update.sectionReloads.isEmpty && !update.sectionMoves.isEmpty {
      throw ValidationError(
        rule: 6,
        message: "cannot reload sections \(update.sectionReloads) in a batch that also moves "
          + "sections (\(update.sectionMoves.map { "\($0.from) -> \($0.to)" }.joined(separator: ", ")))"
      )
    }
    guard newCount == oldCount - update.sectionDeletes.count + update.sectionInserts.count else {
      throw ValidationError(
        rule: 3,
        message: "invalid number of sections. The number of sections contained in the list "
          + "view after the update (\(newCount)) must be equal to the number of sections "
          + "contained in the list view before the update (\(oldCount)), plus or minus the "
          + "number of sections inserted or deleted (\(update.sectionInserts.count) inserted, "
          + "\(update.sectionDeletes.count) deleted).")
    }

    // Where each new section comes from: moves go to their destinations; the
    // rest fill the free positions in order.
    var sourceOfNew = [Int](repeating: -1, count: newCount)
    var newOfOld = [Int](repeating: -1, count: oldCount)
    for move in update.sectionMoves {
      sourceOfNew[move.to] = move.from
      newOfOld[move.from] = move.to
    }
    do {
      var q = 0
      for p in 0..<oldCount where oldSectionUse[p] == nil || oldSectionUse[p] == "reload" {
        while newSectionUse[q] != nil { q += 1 }
        sourceOfNew[q] = p
        newOfOld[p] = q
        q += 1
      }
    }
    self.oldSectionUse = oldSectionUse
    self.newSectionUse = newSectionUse
    self.sourceOfNew = sourceOfNew
    self.newOfOld = newOfOld
    self.reloadedOld = Set(update.sectionReloads)
    self.movedOld = Set(update.sectionMoves.map(\.from))
    self.oldItemUse = [:]
    self.newItemUse = [:]
    try claimItems(update, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
  }

  /// Items: ranges (rule 2), sections (rule 5), duplicates (rules 1 and 7),
  /// then the counts of surviving sections (rule 4).
  private mutating func claimItems(
    _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
  ) throws(BatchUpdate.ValidationError) {
    typealias ValidationError = BatchUpdate.ValidationError
    let oldCount = oldItemCounts.count
    let newCount = newItemCounts.count
    func describeOld(_ p: Int) -> String {
      oldSectionUse[p] == "delete" ? "deleted" : reloadedOld.contains(p) ? "reloaded" : "moved"
    }
    func describeNew(_ q: Int) -> String {
      newSectionUse[q] == "insert"
        ? "inserted" : newSectionUse[q] == "move to" ? "moved" : "reloaded"
    }
    func describe(_ path: IndexPath) -> String { "[\(path[0]), \(path[1])]" }
    func claimOldItem(_ path: IndexPath, _ verb: String) throws(ValidationError) {
      guard path.count == 2 else {
        throw ValidationError(rule: 2, message: "index path \(path) does not have two indices")
      }
      let (p, i) = (path[0], path[1])
      guard 0 <= p && p < oldCount else {
        throw ValidationError(
          rule: 2,
          message: "attempt to \(verb) item \(i) from section \(p), but there are only "
            + "\(oldCount) sections before the update")
      }
      guard 0 <= i && i < oldItemCounts[p] else {
        throw ValidationError(
          rule: 2,
          message: "attempt to \(verb) item \(i) from section \(p) which only contains "
            + "\(oldItemCounts[p]) items before the update")
      }
      guard oldIsStable(p) else {
        throw ValidationError(
          rule: 5,
          message: "attempt to \(verb) item \(i) from section \(p), which is also being "
            + describeOld(p))
      }
      if let earlier = oldItemUse.updateValue(verb, forKey: Self.key(path)) {
        let pair = Set([earlier, verb])
        throw ValidationError(
          rule: pair == ["reload", "move"] ? 7 : 1,
          message: "attempt to \(earlier) and \(verb) the same index path (\(describe(path)))")
      }
    }
    func claimNewItem(_ path: IndexPath, _ verb: String) throws(ValidationError) {
      guard path.count == 2 else {
        throw ValidationError(rule: 2, message: "index path \(path) does not have two indices")
      }
      let (q, k) = (path[0], path[1])
      guard 0 <= q && q < newCount else {
        throw ValidationError(
          rule: 2,
          message: "attempt to \(verb) item \(k) into section \(q), but there are only "
            + "\(newCount) sections after the update")
      }
      guard 0 <= k && k < newItemCounts[q] else {
        throw ValidationError(
          rule: 2,
          message: "attempt to \(verb) item \(k) into section \(q), but there are only "
            + "\(newItemCounts[q]) items in section \(q) after the update")
      }
      guard newIsStable(q) else {
        throw ValidationError(
          rule: 5,
          message: "attempt to \(verb) item \(k) into section \(q), which is also being "
            + describeNew(q))
      }
      if let earlier = newItemUse.updateValue(verb, forKey: Self.key(path)) {
        throw ValidationError(
          rule: 1,
          message: "attempt to \(earlier) and \(verb) the same index path (\(describe(path)))")
      }
    }
    oldItemUse.reserveCapacity(
      update.itemDeletes.count + update.itemReloads.count + update.itemMoves.count)
    newItemUse.reserveCapacity(update.itemInserts.count + update.itemMoves.count)
    for path in update.itemDeletes { try claimOldItem(path, "delete") }
    for path in update.itemReloads { try claimOldItem(path, "reload") }
    for move in update.itemMoves { try claimOldItem(move.from, "move") }
    for path in update.itemInserts { try claimNewItem(path, "insert") }
    for move in update.itemMoves { try claimNewItem(move.to, "move") }
    for path in update.itemReconfigures {
      guard path.count == 2, 0 <= path[0] && path[0] < newCount,
        0 <= path[1] && path[1] < newItemCounts[path[0]]
      else {
        throw ValidationError(
          rule: 2,
          message: "attempt to reconfigure item at \(path), which is not in the new snapshot")
      }
    }

    // Rule 4: counts of surviving sections.
    var deleted = [Int](repeating: 0, count: oldCount)
    var movedOut = [Int](repeating: 0, count: oldCount)
    var inserted = [Int](repeating: 0, count: newCount)
    var movedIn = [Int](repeating: 0, count: newCount)
    for path in update.itemDeletes { deleted[path[0]] += 1 }
    for path in update.itemInserts { inserted[path[0]] += 1 }
    for move in update.itemMoves {
      movedOut[move.from[0]] += 1
      movedIn[move.to[0]] += 1
    }
    for q in 0..<newCount where sourceOfNew[q] >= 0 && !reloadedOld.contains(sourceOfNew[q]) {
      let p = sourceOfNew[q]
      let before = oldItemCounts[p]
      let after = newItemCounts[q]
      guard after == before - deleted[p] - movedOut[p] + inserted[q] + movedIn[q] else {
        throw ValidationError(
          rule: 4,
          message: "invalid number of items in section \(q). The number of items contained "
            + "in an existing section after the update (\(after)) must be equal to the number "
            + "of items contained in that section before the update (\(before)), plus or minus "
            + "the number of items inserted or deleted from that section (\(inserted[q]) "
            + "inserted, \(deleted[p]) deleted) and plus or minus the number of items moved "
            + "into or out of that section (\(movedIn[q]) moved in, \(movedOut[p]) moved out).")
      }
    }
  }
}
