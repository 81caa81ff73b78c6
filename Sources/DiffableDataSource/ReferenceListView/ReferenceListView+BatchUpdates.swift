public import DiffableCore

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
  ///   (rules 1 to 7 of ``BatchUpdate/validate(from:to:)``). An invalid
  ///   batch stops the program with the rule and UIKit's wording, and
  ///   nothing in the view changes first (with an ``invalidBatchHandler``,
  ///   the batch is refused instead and the view is left as it was).
  /// - Complexity: O(*s* + *b* + *m*) plus the cell requests, where *s* is
  ///   the number of sections, *b* the size of the batch and *m* the number
  ///   of items in sections whose items change; the items of sections the
  ///   batch leaves alone are not touched.
  public func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping @MainActor () -> Void,
    completion: @escaping @MainActor (Bool) -> Void
  ) {
    let oldCounts = cells.map(\.count)
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
  /// Pass by pass: group the item operations by section; then build each new
  /// section from where it comes from. An inserted or reloaded section gets
  /// fresh cells; a moved section, or a surviving one no item operation
  /// touches, keeps its array as is; any other surviving section is merged:
  /// its surviving cells, in order, fill the positions that inserts and moves
  /// do not take, copied a run at a time, and reloaded survivors get fresh
  /// cells.
  private func cells(after update: BatchUpdate, plan: _BatchPlan, newCounts: [Int]) -> [[Cell]] {
    var removed: [Int: [Int]] = [:]  // old section: old indices deleted or moved out
    var reloaded: [Int: [Int]] = [:]  // old section: old indices reloaded
    var taken: [Int: [(index: Int, from: IndexPath?)]] = [:]  // new section: inserts, moves in
    for path in update.itemDeletes { removed[path[0], default: []].append(path[1]) }
    for path in update.itemReloads { reloaded[path[0], default: []].append(path[1]) }
    for path in update.itemInserts { taken[path[0], default: []].append((path[1], nil)) }
    for move in update.itemMoves {
      removed[move.from[0], default: []].append(move.from[1])
      taken[move.to[0], default: []].append((move.to[1], move.from))
    }

    var result: [[Cell]] = []
    result.reserveCapacity(newCounts.count)
    for (q, count) in newCounts.enumerated() {
      let p = plan.sourceOfNew[q]
      if p < 0 || plan.reloadedOld.contains(p) {
        result.append((0..<count).map { requestCell(at: IndexPath(item: $0, section: q)) })
      } else if removed[p] == nil && reloaded[p] == nil && taken[q] == nil {
        result.append(cells[p])
      } else {
        result.append(
          merged(
            section: p, into: q, count: count, removing: (removed[p] ?? []).sorted(),
            reloading: (reloaded[p] ?? []).sorted(),
            taking: (taken[q] ?? []).sorted { $0.index < $1.index }))
      }
    }
    return result
  }

  /// The new cells of a surviving section `p`, now at `q`.
  private func merged(
    section p: Int, into q: Int, count: Int, removing removed: [Int], reloading reloaded: [Int],
    taking taken: [(index: Int, from: IndexPath?)]
  ) -> [Cell] {
    let old = cells[p]
    var result: [Cell] = []
    result.reserveCapacity(count)
    var next = 0  // the next old index to consider
    var nextRemoved = 0
    var nextReloaded = 0
    var refreshed: [Int] = []  // new indices of reloaded survivors

    // Appends the next `n` surviving cells, a run between removed indices
    // at a time.
    func copySurvivors(_ n: Int) {
      var n = n
      while n > 0 {
        while nextRemoved < removed.count && removed[nextRemoved] == next {
          next += 1
          nextRemoved += 1
        }
        let runEnd = min(nextRemoved < removed.count ? removed[nextRemoved] : old.count, next + n)
        while nextReloaded < reloaded.count && reloaded[nextReloaded] < runEnd {
          refreshed.append(result.count + reloaded[nextReloaded] - next)
          nextReloaded += 1
        }
        result.append(contentsOf: old[next..<runEnd])
        n -= runEnd - next
        next = runEnd
      }
    }

    for (index, from) in taken {
      copySurvivors(index - result.count)
      if let from {
        result.append(cells[from[0]][from[1]])
      } else {
        result.append(requestCell(at: IndexPath(item: index, section: q)))
      }
    }
    copySurvivors(count - result.count)
    for index in refreshed {
      result[index] = requestCell(at: IndexPath(item: index, section: q))
    }
    return result
  }
}
