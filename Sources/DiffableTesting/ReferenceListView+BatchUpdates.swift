public import DiffableCore
public import DiffableEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ReferenceListView {
  /// Performs a batch update the way `UICollectionView` does: calls
  /// `updatingData`, checks the batch against the counts before and after,
  /// moves the cells it keeps and asks for the cells it does not have, then
  /// calls `completion` (at once: a headless view has no animations).
  ///
  /// Cells are requested for inserted items, reloaded items, and every item
  /// of an inserted or reloaded section; moved items keep their cells.
  /// `update.itemReconfigures` is left to ``reconfigureItems(at:)``.
  ///
  /// - Precondition: The batch is valid for the counts before and after
  ///   (rules 1 to 7 of `BatchUpdate/validate(from:to:)`). An invalid
  ///   batch stops the program with the rule and UIKit's wording, and
  ///   nothing in the view changes first (with an ``invalidBatchHandler``,
  ///   the batch is refused instead and the view is left as it was).
  /// - Complexity: O(*s* + *b* + *m*) plus the cell requests, where *s* is
  ///   the number of sections, *b* the size of the batch and *m* the number
  ///   of items in sections whose items change; the items of sections the
  ///   batch leaves alone are not touched.
  public func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    var oldCounts: [Int] = []
    oldCounts.reserveCapacity(cells.count)
    for section in cells { oldCounts.append(section.count) }
    updatingData()
    let newCounts = currentCounts()
    let plan: _BatchPlan
    do {
      plan = try _BatchPlan(update, oldItemCounts: oldCounts, newItemCounts: newCounts)
    } catch {
      guard let invalidBatchHandler else {
        _diffableFailure(
          "performBatchUpdates(_:animatingDifferences:rowAnimation:updatingData:completion:)",
          "\(error)")
      }
      requestedCells = []
      invalidBatchHandler(error)
      completion(false)
      return
    }
    cells = cells(after: update, plan: plan, newCounts: newCounts)
    record(.batchUpdate(update, animated: animatingDifferences, rowAnimation: rowAnimation))
    completion(true)
  }

  /// The cells after a valid batch.
  ///
  /// Pass by pass: read the item operations into plain integer pairs, sorted
  /// (on Linux `IndexPath` is a resilient type, slow to store and sort; the
  /// lists of a batch from `BatchUpdate(from:to:)` are sorted already, except
  /// move sources, and a batch made by hand is sorted here); then
  /// build each new section from where it comes from. An inserted or
  /// reloaded section gets fresh cells; a moved section, or a surviving one
  /// no item operation touches, keeps its array as is; any other surviving
  /// section is merged. Surviving sections keep their relative order, so one
  /// cursor per list walks each list once.
  private func cells(after update: BatchUpdate, plan: _BatchPlan, newCounts: [Int]) -> [[Cell]] {
    func pairs(_ paths: [IndexPath]) -> [_Position] {
      var pairs = paths.map(_Position.init)
      if pairs.indices.dropFirst().contains(where: { pairs[$0] < pairs[$0 - 1] }) { pairs.sort() }
      return pairs
    }
    let deletes = pairs(update.itemDeletes)
    let reloads = pairs(update.itemReloads)
    let inserts = pairs(update.itemInserts)
    var moves: [(from: _Position, to: _Position)] = update.itemMoves.map {
      (_Position($0.from), _Position($0.to))
    }
    let sources = moves.map(\.from).sorted()
    moves.sort { $0.to < $1.to }
    let destinations = moves.map(\.to)
    var cursors = (deletes: 0, reloads: 0, inserts: 0, sources: 0, moves: 0)
    /// The items of `list` in `section` from `cursor` on, advancing it.
    func take(_ list: [_Position], in section: Int, from cursor: inout Int) -> ArraySlice<_Position>
    {
      while cursor < list.count && list[cursor].section < section { cursor += 1 }
      let start = cursor
      while cursor < list.count && list[cursor].section == section { cursor += 1 }
      return list[start..<cursor]
    }

    var result: [[Cell]] = []
    result.reserveCapacity(newCounts.count)
    for (q, count) in newCounts.enumerated() {
      let p = plan.sourceOfNew[q]
      if p < 0 || plan.oldIsReloaded(p) {
        result.append(requestCells(inSection: q, items: Array(0..<count)))
        continue
      }
      guard plan.oldIsStable(p) else {
        result.append(cells[p])  // moved: its items travel with it
        continue
      }
      let deleted = take(deletes, in: p, from: &cursors.deletes)
      let movedOut = take(sources, in: p, from: &cursors.sources)
      let reloaded = take(reloads, in: p, from: &cursors.reloads)
      let inserted = take(inserts, in: q, from: &cursors.inserts)
      let movedIn = moves[take(destinations, in: q, from: &cursors.moves).indices]
      if deleted.isEmpty && movedOut.isEmpty && reloaded.isEmpty && inserted.isEmpty
        && movedIn.isEmpty
      {
        result.append(cells[p])
        continue
      }
      // Arrivals in new-index order: inserts and move destinations.
      var arrivals: [_Arrival] = []
      arrivals.reserveCapacity(inserted.count + movedIn.count)
      var i = inserted.startIndex
      var m = movedIn.startIndex
      while i < inserted.endIndex || m < movedIn.endIndex {
        if m == movedIn.endIndex || i < inserted.endIndex && inserted[i].item < movedIn[m].to.item {
          arrivals.append(_Arrival(index: inserted[i].item, fromSection: -1, fromItem: 0))
          i += 1
        } else {
          let move = movedIn[m]
          arrivals.append(
            _Arrival(index: move.to.item, fromSection: move.from.section, fromItem: move.from.item))
          m += 1
        }
      }
      var removed = deleted.map(\.item)
      if !movedOut.isEmpty {
        removed += movedOut.map(\.item)
        removed.sort()
      }
      result.append(
        merged(
          section: p, into: q, count: count, removing: removed, reloading: reloaded.map(\.item),
          taking: arrivals))
    }
    return result
  }

  /// The new cells of a surviving section `p`, now at `q`.
  ///
  /// First, with integers only, the pieces of the new section: runs of
  /// surviving old cells between the positions that are removed, reloaded or
  /// taken by arrivals, and single new or moved cells; then the new cells,
  /// inserted ones first, then reloaded ones, each in index order (one
  /// request per kind); then one bulk copy per run.
  private func merged(
    section p: Int, into q: Int, count: Int, removing removed: [Int], reloading reloaded: [Int],
    taking taken: [_Arrival]
  ) -> [Cell] {
    let oldCount = cells[p].count
    // `extras` will hold the inserted cells, then the reloaded ones, then
    // the moved-in ones: a piece `(-1 - k, 1)` stands for `extras[k]`.
    let insertCount = taken.count { $0.fromSection < 0 }
    let firstReloaded = insertCount
    var nextMoved = insertCount + reloaded.count
    var pieces: [(start: Int, length: Int)] = []
    pieces.reserveCapacity(2 * (removed.count + reloaded.count + taken.count) + 1)
    var insertedItems: [Int] = []  // new indices of inserted cells
    insertedItems.reserveCapacity(insertCount)
    var reloadedItems: [Int] = []  // new indices of reloaded survivors
    reloadedItems.reserveCapacity(reloaded.count)
    var movedIn: [(section: Int, item: Int)] = []
    movedIn.reserveCapacity(taken.count - insertCount)
    var filled = 0  // positions of the new section decided so far
    var next = 0  // the next old index to consider
    var nextRemoved = 0
    var nextReloaded = 0

    // The next `n` surviving cells: runs between removed and reloaded
    // indices, and each reloaded survivor on its own.
    func takeSurvivors(_ n: Int) {
      var n = n
      while n > 0 {
        while nextRemoved < removed.count && removed[nextRemoved] == next {
          next += 1
          nextRemoved += 1
        }
        if nextReloaded < reloaded.count && reloaded[nextReloaded] == next {
          pieces.append((-1 - (firstReloaded + reloadedItems.count), 1))
          reloadedItems.append(filled)
          nextReloaded += 1
          next += 1
          filled += 1
          n -= 1
          continue
        }
        var runEnd = min(nextRemoved < removed.count ? removed[nextRemoved] : oldCount, next + n)
        if nextReloaded < reloaded.count { runEnd = min(runEnd, reloaded[nextReloaded]) }
        pieces.append((next, runEnd - next))
        filled += runEnd - next
        n -= runEnd - next
        next = runEnd
      }
    }

    for arrival in taken {
      takeSurvivors(arrival.index - filled)
      if arrival.fromSection >= 0 {
        movedIn.append((arrival.fromSection, arrival.fromItem))
        pieces.append((-1 - nextMoved, 1))
        nextMoved += 1
      } else {
        pieces.append((-1 - insertedItems.count, 1))
        insertedItems.append(arrival.index)
      }
      filled += 1
    }
    takeSurvivors(count - filled)

    var extras = requestCells(inSection: q, items: insertedItems)
    extras.append(contentsOf: requestCells(inSection: q, items: reloadedItems))
    for (section, item) in movedIn { extras.append(cells[section][item]) }
    return _assemble(count: count, from: cells[p], pieces: pieces, extras: extras)
  }
}

/// A position in a list, in plain integers, ordered section first.
struct _Position: Comparable {
  var section: Int
  var item: Int

  /// The position of a two-index path.
  init(_ indexPath: IndexPath) {
    section = indexPath[0]
    item = indexPath[1]
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }
}

/// An item arriving in a section: inserted (`fromSection` is -1) or moved in
/// from an old index path.
struct _Arrival {
  var index: Int
  var fromSection: Int
  var fromItem: Int
}
