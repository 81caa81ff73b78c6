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
/// by identity. It has `package` access so that a list view, which knows
/// only counts, can refuse a batch before changing anything, as UIKit's views
/// do.
package struct _BatchPlan: Sendable {
  /// What a batch does at an old or new position.
  enum Use: Sendable, Hashable {
    case delete, reload, move, insert
    /// A section move, at its destination (an item move is `move` at both
    /// ends).
    case moveTo

    /// The verb messages use: "attempt to *delete* item 3 ...".
    var verb: String {
      switch self {
      case .delete: "delete"
      case .reload: "reload"
      case .move: "move"
      case .insert: "insert"
      case .moveTo: "move to"
      }
    }

    /// What messages say a section changed this way is "also being".
    var participle: String {
      switch self {
      case .delete: "deleted"
      case .reload: "reloaded"
      case .move, .moveTo: "moved"
      case .insert: "inserted"
      }
    }
  }

  /// A side of the update: the positions before it or after it.
  private enum Side {
    case old, new

    var when: String { self == .old ? "before" : "after" }
  }

  /// How each old section position is used by the batch: `nil` when the
  /// batch leaves it alone.
  private var oldSectionUse: [Use?]
  /// How each new section position is used: `nil` for the positions the
  /// surviving sections fill.
  private var newSectionUse: [Use?]
  /// Where each new section comes from: an old position, or -1 if inserted.
  /// Moves go to their destinations; the other surviving sections (reloaded
  /// ones included) fill the free positions in order.
  package var sourceOfNew: [Int]
  /// How each old item position is used, keyed by ``key(section:item:)``;
  /// the positions the batch leaves alone are absent.
  var oldItemUse: [Int: Use]

  /// A dictionary key for an item position.
  @inline(__always)
  static func key(section: Int, item: Int) -> Int { section << 32 | item }

  /// A dictionary key for an item index path.
  @inline(__always)
  static func key(_ path: IndexPath) -> Int { key(section: path[0], item: path[1]) }

  /// Whether the items of an old section may be touched by item operations.
  package func oldIsStable(_ p: Int) -> Bool { oldSectionUse[p] == nil }

  /// Whether an old section is reloaded.
  package func oldIsReloaded(_ p: Int) -> Bool { oldSectionUse[p] == .reload }

  /// Whether an old section is moved.
  func oldIsMoved(_ p: Int) -> Bool { oldSectionUse[p] == .move }

  /// What the batch does to a new section: its own use, or `reload` when it
  /// is a reloaded old section; `nil` when its items may be touched by item
  /// operations.
  private func newSectionChange(_ q: Int) -> Use? {
    newSectionUse[q] ?? (oldIsReloaded(sourceOfNew[q]) ? .reload : nil)
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
    var oldSectionUse = [Use?](repeating: nil, count: oldCount)
    var newSectionUse = [Use?](repeating: nil, count: newCount)
    for p in update.sectionDeletes { try Self.claim(p, .delete, in: &oldSectionUse, .old) }
    for p in update.sectionReloads { try Self.claim(p, .reload, in: &oldSectionUse, .old) }
    for move in update.sectionMoves { try Self.claim(move.from, .move, in: &oldSectionUse, .old) }
    for q in update.sectionInserts { try Self.claim(q, .insert, in: &newSectionUse, .new) }
    for move in update.sectionMoves { try Self.claim(move.to, .moveTo, in: &newSectionUse, .new) }
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
    for move in update.sectionMoves { sourceOfNew[move.to] = move.from }
    do {
      var q = 0
      for p in 0..<oldCount where oldSectionUse[p] == nil || oldSectionUse[p] == .reload {
        while newSectionUse[q] != nil { q += 1 }
        sourceOfNew[q] = p
        q += 1
      }
    }
    self.oldSectionUse = oldSectionUse
    self.newSectionUse = newSectionUse
    self.sourceOfNew = sourceOfNew
    self.oldItemUse = [:]
    try claimItems(update, oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
  }

  /// Claims a section position for `use` in `uses`, one side's uses: checks
  /// its range (rule 2) and that no earlier operation claimed it (rule 1).
  private static func claim(
    _ index: Int, _ use: Use, in uses: inout [Use?], _ side: Side
  ) throws(BatchUpdate.ValidationError) {
    guard 0 <= index && index < uses.count else {
      throw BatchUpdate.ValidationError(
        rule: 2,
        message: "attempt to \(use.verb) section \(index), but there are only \(uses.count) "
          + "sections \(side.when) the update")
    }
    if let earlier = uses[index] {
      throw BatchUpdate.ValidationError(
        rule: 1, message: "attempt to \(earlier.verb) and \(use.verb) the same section (\(index))")
    }
    uses[index] = use
  }

  /// Items: ranges (rule 2), sections (rule 5), duplicates (rules 1 and 7),
  /// then the counts of surviving sections (rule 4).
  private mutating func claimItems(
    _ update: BatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]
  ) throws(BatchUpdate.ValidationError) {
    typealias ValidationError = BatchUpdate.ValidationError
    let oldCount = oldItemCounts.count
    let newCount = newItemCounts.count
    var newItemUse: [Int: Use] = [:]
    oldItemUse.reserveCapacity(
      update.itemDeletes.count + update.itemReloads.count + update.itemMoves.count)
    newItemUse.reserveCapacity(update.itemInserts.count + update.itemMoves.count)

    /// Claims an item position of one side for `use`, and returns its
    /// section.
    func claim(_ path: IndexPath, _ use: Use, _ side: Side) throws(ValidationError) -> Int {
      guard path.count == 2 else {
        throw ValidationError(
          rule: 2, message: "index path \(path.bracketedDescription) does not have two indices")
      }
      let (section, item) = (path[0], path[1])
      let counts = side == .old ? oldItemCounts : newItemCounts
      func attempt() -> String {
        "attempt to \(use.verb) item \(item) \(side == .old ? "from" : "into") section \(section)"
      }
      guard 0 <= section && section < counts.count else {
        throw ValidationError(
          rule: 2,
          message: attempt()
            + ", but there are only \(counts.count) sections \(side.when) the update"
        )
      }
      guard 0 <= item && item < counts[section] else {
        throw ValidationError(
          rule: 2,
          message: attempt()
            + (side == .old
              ? " which only contains \(counts[section]) items before the update"
              : ", but there are only \(counts[section]) items in section \(section) after the update")
        )
      }
      if let change = side == .old ? oldSectionUse[section] : newSectionChange(section) {
        throw ValidationError(
          rule: 5, message: attempt() + ", which is also being " + change.participle)
      }
      let key = Self.key(section: section, item: item)
      let earlier =
        side == .old
        ? oldItemUse.updateValue(use, forKey: key) : newItemUse.updateValue(use, forKey: key)
      if let earlier {
        throw ValidationError(
          rule: Set([earlier, use]) == [.reload, .move] ? 7 : 1,
          message: "attempt to \(earlier.verb) and \(use.verb) the same index path "
            + "(\(path.bracketedDescription))")
      }
      return section
    }

    // Claims, counting what leaves and enters each section for rule 4.
    var deleted = [Int](repeating: 0, count: oldCount)
    var movedOut = [Int](repeating: 0, count: oldCount)
    var inserted = [Int](repeating: 0, count: newCount)
    var movedIn = [Int](repeating: 0, count: newCount)
    for path in update.itemDeletes { try deleted[claim(path, .delete, .old)] += 1 }
    for path in update.itemReloads { _ = try claim(path, .reload, .old) }
    for move in update.itemMoves { try movedOut[claim(move.from, .move, .old)] += 1 }
    for path in update.itemInserts { try inserted[claim(path, .insert, .new)] += 1 }
    for move in update.itemMoves { try movedIn[claim(move.to, .move, .new)] += 1 }
    for path in update.itemReconfigures {
      guard path.count == 2, 0 <= path[0] && path[0] < newCount,
        0 <= path[1] && path[1] < newItemCounts[path[0]]
      else {
        throw ValidationError(
          rule: 2,
          message: "attempt to reconfigure item at \(path.bracketedDescription), which is not in "
            + "the new snapshot")
      }
    }

    // Rule 4: counts of surviving sections.
    for q in 0..<newCount where sourceOfNew[q] >= 0 && !oldIsReloaded(sourceOfNew[q]) {
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
