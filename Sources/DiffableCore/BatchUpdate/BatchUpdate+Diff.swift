#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a new item was in the old snapshot: section position and index, or
/// section -1 if it is new.
@frozen
@usableFromInline
struct _ItemSource {
  @usableFromInline var section: Int32
  @usableFromInline var index: Int32

  @inlinable @inline(__always)
  init(section: Int32, index: Int32) {
    self.section = section
    self.index = index
  }
}

/// What happens to one section in a batch.
@usableFromInline
enum _SectionFate: UInt8 {
  /// Neither deleted, inserted, reloaded nor moved: the only kind of section
  /// that item operations may touch.
  case stable
  /// Deleted (old side) or inserted (new side), possibly as the two halves of
  /// a move or reload that the rules do not allow.
  case replaced
  /// Reloaded: its items are fresh.
  case reloaded
  /// Moved with its items unchanged.
  case moved
}

extension BatchUpdate {
  /// Computes the batch update that takes a list showing `old` to `new`.
  ///
  /// The batch is valid under every rule that ``validate(from:to:)`` checks,
  /// honours the reload and reconfigure marks of `new`, and moves as few
  /// items and sections as possible.
  ///
  /// ```swift
  /// // old: fruits: [apple, pear]     new: fruits: [pear, apple, fig]
  /// let update = BatchUpdate(from: old, to: new)
  /// update.itemMoves    // [[0, 1] -> [0, 0]]: one move; apple stays put
  /// update.itemInserts  // [[0, 2]]
  /// ```
  ///
  /// The diff reuses the item index `old` already holds and never hashes an
  /// item of `old`. It hashes an item of `new` only when the item does not
  /// follow the same item as it did in `old`: a list with a few changes costs
  /// about one `==` per item and one hash per change.
  ///
  /// A new identifier that the old snapshot's index does not hold is
  /// compared with the old one at its place (one `==` per inserted item or
  /// section); if the two are equal, they hash differently, and the diff
  /// stops with a message naming both. This catches the usual broken
  /// conformance, an `==` that compares an `id` and a `hash(into:)` that also
  /// feeds a property the app changed, which would otherwise turn an edit
  /// into a silent delete and insert. Debug builds also compare the first 32
  /// inserted items with the first 32 deleted ones (at most 1,024 `==`),
  /// which catches such an edit that also moved the item; release builds do
  /// not look for an equal identifier elsewhere in the old snapshot.
  ///
  /// - Complexity: O(*n* + *s* log *s*) expected, plus O(*m* log *m*) for the
  ///   *m* items that stay in their section and change order, and
  ///   O(*r* log *r*) to sort the *r* reconfigures, where *n* is the number
  ///   of items and *s* the number of sections in both snapshots.
  @inlinable
  public init<S, I>(
    from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>
  ) {
    self.init()
    _diff(old, new)
    #if DEBUG
      _checkEqualTwins(old, new)
    #endif
  }

  /// Whether every diff compares inserted items with deleted ones in this
  /// build (debug builds).
  @_spi(Testing)
  public static var _isCheckingEqualTwins: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }

  /// The most items of each side that ``_checkEqualTwins(_:_:)`` compares.
  @usableFromInline static var _twinCheckLimit: Int { 32 }

  /// Stops if an inserted item that the old snapshot's index does not find
  /// is equal to a deleted one: the two hash differently. Compares the first
  /// ``_twinCheckLimit`` of each, pairwise; debug builds run it after every
  /// diff.
  @usableFromInline
  func _checkEqualTwins<S, I>(
    _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
  ) {
    guard !itemDeletes.isEmpty && !itemInserts.isEmpty else { return }
    let operation: StaticString = "BatchUpdate(from:to:)"
    func items(_ paths: [IndexPath], of snapshot: DiffableDataSourceSnapshot<S, I>) -> [I] {
      let records = snapshot._settledRecords(operation)
      return paths.prefix(Self._twinCheckLimit).map {
        records[snapshot._order[$0.section]].items[$0.item]
      }
    }
    let deleted = items(itemDeletes, of: old)
    let oldTable = old._settledIndex(operation).table
    for item in items(itemInserts, of: new) {
      // An item the old index finds was deleted and inserted on purpose (a
      // move the rules do not allow, such as into a new section).
      if let twin = deleted.first(where: { $0 == item }), oldTable[item] == nil {
        _hashMismatchFailure(item, equalTo: twin, "item", operation)
      }
    }
  }

  // The diff, pass by pass. Positions are `Int`; per-item tables are `Int32`
  // to halve their memory traffic.
  @inlinable
  mutating func _diff<S, I>(
    _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>
  ) {
    let operation: StaticString = "BatchUpdate(from:to:)"
    // The old snapshot's index is built (the data source built it when the
    // snapshot was new). Equal snapshots need no batch: one `==` per section
    // identifier and one array comparison per section tell (arrays that share
    // storage compare in O(1)), and the new snapshot then needs no index of
    // its own; it takes the old one's if its sections use the same slots.
    let oldIndex = old._settledIndex(operation)
    let oldRecords = oldIndex.settled ?? old._records
    let oldTable = oldIndex.table
    let oldCount = old._order.last.map { oldRecords[$0].start + oldRecords[$0].items.count } ?? 0
    if new._reloadedItems.isEmpty && new._reloadedSections.isEmpty
      && new._reconfiguredItems.isEmpty && new._storedItemCount == oldCount
      && new._hasItems(ofSettled: oldRecords, old._order)
    {
      if new._order == old._order { new._adoptIndex(oldIndex.table) }
      return
    }
    let newIndex = new._settledIndex(operation)
    let newRecords = newIndex.settled ?? new._records
    let newTable = newIndex.table
    let oldSectionCount = old._order.count
    let newSectionCount = new._order.count

    // Pass 1: sections. The sections that stand where they stood, in a run
    // from the first, are matched with one `==` each; after the first that
    // does not, one hash per old section maps old positions to new ones. The
    // inverse map is filled from it.
    var newOfOld = [Int](repeating: -1, count: oldSectionCount)
    var oldOfNew = [Int](repeating: -1, count: newSectionCount)
    var samePrefix = 0
    while samePrefix < Swift.min(oldSectionCount, newSectionCount)
      && oldRecords[old._order[samePrefix]].id == newRecords[new._order[samePrefix]].id
    {
      newOfOld[samePrefix] = samePrefix
      oldOfNew[samePrefix] = samePrefix
      samePrefix += 1
    }
    for p in samePrefix..<oldSectionCount {
      if let slot = new._sectionSlots[oldRecords[old._order[p]].id] {
        let q = newRecords[slot].position
        newOfOld[p] = q
        oldOfNew[q] = p
      }
    }
    // A new section the old index does not hold, equal to the old section
    // at its position, hashes differently from it: one `==` per inserted
    // section catches the common case of a broken `Hashable` conformance
    // (an `==` on an id, a hash that also feeds a changed name).
    for q in 0..<min(oldSectionCount, newSectionCount) where oldOfNew[q] < 0 {
      let id = newRecords[new._order[q]].id
      let oldID = oldRecords[old._order[q]].id
      if id == oldID {
        _hashMismatchFailure(id, equalTo: oldID, "section", "BatchUpdate(from:to:)")
      }
    }
    var oldPositionOfSlot = [Int32](repeating: -1, count: oldRecords.count)
    for p in 0..<oldSectionCount { oldPositionOfSlot[old._order[p]] = Int32(p) }

    // Pass 2: items. Find each new item's old section and index. Most items
    // follow the same item as in the old snapshot, so the item after the
    // last one found is tried first: one `==` instead of a hash. Only when
    // that guess fails is the item looked up in the index `old` holds (one
    // hash). Identifiers are unique, so an equal guess is the item itself.
    // A surviving section is *dirty* if its items changed in any way that
    // needs an item operation.
    let newItemCount = new.numberOfItems
    var sources = [_ItemSource](repeating: _ItemSource(section: -1, index: 0), count: newItemCount)
    var dirty = [Bool](repeating: false, count: newSectionCount)
    var matched = 0
    var guessSection: Int32 = -1  // the old position of the guessed item's section
    var guessItems: [I] = []  // that section's items
    var guessIndex = 0
    sources.withUnsafeMutableBufferPointer { sources in
      for q in 0..<newSectionCount {
        let record = newRecords[new._order[q]]
        let p = Int32(oldOfNew[q])
        var isDirty = false
        var oldItems: [I] = []  // the section's old items, if it survives
        if p >= 0 {
          // A surviving section most likely starts where it used to.
          guessSection = p
          guessItems = oldRecords[old._order[Int(p)]].items
          guessIndex = 0
          oldItems = guessItems
          isDirty = guessItems.count != record.items.count
          if _unsafeSharesStorage(guessItems, record.items) {
            // A section a copy left untouched: no comparison.
            let start = record.start
            for k in 0..<record.items.count {
              sources[start + k] = _ItemSource(section: p, index: Int32(k))
            }
            matched += record.items.count
            guessIndex = record.items.count
            dirty[q] = false
            continue
          }
        }
        let start = record.start
        record.items.withUnsafeBufferPointer { items in
          for k in 0..<items.count {
            let item = items[k]
            let section: Int32
            let index: Int
            if guessIndex < guessItems.count && guessItems[guessIndex] == item {
              section = guessSection
              index = guessIndex
            } else if let location = oldTable[item] {
              section = oldPositionOfSlot[Int(location.slot)]
              index = Int(location.index)
              if section != guessSection {
                guessSection = section
                guessItems = oldRecords[Int(location.slot)].items
              }
            } else {
              // Not in the old index. If the old item at its position is
              // equal to it, the two hash differently: one `==` per
              // inserted item catches the common broken conformance.
              if k < oldItems.count && oldItems[k] == item {
                _hashMismatchFailure(item, equalTo: oldItems[k], "item", "BatchUpdate(from:to:)")
              }
              isDirty = true
              continue
            }
            guessIndex = index + 1
            matched += 1
            sources[start + k] = _ItemSource(
              section: section, index: Int32(truncatingIfNeeded: index))
            if section != p || index != k { isDirty = true }
          }
        }
        dirty[q] = isDirty
      }
    }

    // Reload marks: a marked item makes its section dirty.
    var reloadFlag: [Bool] = []
    if !new._reloadedItems.isEmpty {
      reloadFlag = [Bool](repeating: false, count: newItemCount)
      for item in new._reloadedItems.elements {
        guard let location = newTable[item] else { continue }
        let record = newRecords[Int(location.slot)]
        reloadFlag[record.start + Int(location.index)] = true
        dirty[record.position] = true
      }
    }
    var reloadMarked = [Bool](repeating: false, count: newSectionCount)
    for section in new._reloadedSections.elements {
      if let slot = new._sectionSlots[section] { reloadMarked[newRecords[slot].position] = true }
    }

    // Pass 3: section fates. Among the surviving sections that are not marked
    // for reloading, keep in place a heaviest increasing subsequence of their
    // old positions, where a dirty section weighs its items (moving it would
    // turn them all into fresh cells) and a clean one weighs 1. The others
    // move if they are clean, and are deleted and inserted if not (rule 5).
    var survivors: [Int] = []
    var survivorOld: [Int] = []
    var survivorWeight: [Int] = []
    for q in 0..<newSectionCount where oldOfNew[q] >= 0 && !reloadMarked[q] {
      let p = oldOfNew[q]
      survivors.append(q)
      survivorOld.append(p)
      survivorWeight.append(
        dirty[q]
          ? 1 + newRecords[new._order[q]].items.count + oldRecords[old._order[p]].items.count
          : 1)
    }
    let kept = _heaviestIncreasingSubsequence(
      survivorOld, weights: survivorWeight, domain: oldSectionCount)
    var oldFate = [_SectionFate](repeating: .replaced, count: oldSectionCount)
    var newFate = [_SectionFate](repeating: .replaced, count: newSectionCount)
    var movesSections = false
    for (j, q) in survivors.enumerated() {
      let fate: _SectionFate = kept[j] ? .stable : dirty[q] ? .replaced : .moved
      if fate == .moved { movesSections = true }
      oldFate[survivorOld[j]] = fate
      newFate[q] = fate
    }
    // Sections marked for reloading. Rule 6: with section moves in the batch,
    // they are deleted and inserted. Without, each is reloaded in place if it
    // sits in order among the stable sections, and deleted and inserted if
    // not: stable sections weigh more than all reloads together, so they all
    // stay in the subsequence.
    let reloadCandidates = (0..<newSectionCount).filter { oldOfNew[$0] >= 0 && reloadMarked[$0] }
    if !reloadCandidates.isEmpty && !movesSections {
      var order: [Int] = []
      var values: [Int] = []
      var weights: [Int] = []
      for q in 0..<newSectionCount
      where oldOfNew[q] >= 0 && (newFate[q] == .stable || reloadMarked[q]) {
        order.append(q)
        values.append(oldOfNew[q])
        weights.append(reloadMarked[q] ? 1 : newSectionCount + 1)
      }
      let inPlace = _heaviestIncreasingSubsequence(
        values, weights: weights, domain: oldSectionCount)
      for (j, q) in order.enumerated() where reloadMarked[q] && inPlace[j] {
        oldFate[oldOfNew[q]] = .reloaded
        newFate[q] = .reloaded
      }
    }
    for p in 0..<oldSectionCount {
      switch oldFate[p] {
      case .replaced: sectionDeletes.append(p)
      case .reloaded: sectionReloads.append(p)
      case .stable, .moved: break
      }
    }
    for q in 0..<newSectionCount {
      switch newFate[q] {
      case .replaced: sectionInserts.append(q)
      case .moved: sectionMoves.append(Move(from: oldOfNew[q], to: q))
      case .stable, .reloaded: break
      }
    }

    // Pass 4: items of stable sections, in new order. An item from the same
    // section stays unless the longest increasing subsequence says it moves;
    // an item from another stable section moves across; anything else is
    // inserted (its old copy, if any, goes with its section or is deleted in
    // pass 5). `carried` marks old items that survive into a stable section.
    var carried = [Bool](repeating: false, count: old.numberOfItems)
    // Which new items got fresh cells; only reconfigures need to know.
    let tracksFresh = !new._reconfiguredItems.isEmpty
    var fresh = tracksFresh ? [Bool](repeating: false, count: newItemCount) : []
    let hasReloads = !reloadFlag.isEmpty
    // Most inserts are new identifiers and most deletes are vanished ones;
    // reserving for those avoids regrowing the lists.
    itemInserts.reserveCapacity(newItemCount - matched)
    itemDeletes.reserveCapacity(old.numberOfItems - matched)
    // The loops below run once per item: they work on buffer pointers, so
    // that no write pays for a uniqueness check.
    carried.withUnsafeMutableBufferPointer { carried in
      sources.withUnsafeBufferPointer { sources in
        reloadFlag.withUnsafeBufferPointer { reloadFlag in
          for q in 0..<newSectionCount where newFate[q] == .stable {
            let p = oldOfNew[q]
            let oldStart = oldRecords[old._order[p]].start
            let record = newRecords[new._order[q]]
            let start = record.start
            let count = record.items.count
            if !dirty[q] {
              for i in 0..<count { carried[oldStart + i] = true }
              continue
            }
            // The old indices of the items that stay in this section, in new
            // order. If they are already increasing (nothing moved inside the
            // section), every one of them stays put and the subsequence
            // search is skipped.
            let section = Int32(p)
            var increasing = true
            var stayCount = 0
            var last: Int32 = -1
            for g in start..<(start + count) where sources[g].section == section {
              if last > sources[g].index { increasing = false }
              last = sources[g].index
              stayCount += 1
            }
            var stays: [Bool] = []
            if !increasing {
              let stayValues = [Int32](unsafeUninitializedCapacity: stayCount) { values, written in
                for g in start..<(start + count) where sources[g].section == section {
                  values[written] = sources[g].index
                  written += 1
                }
              }
              stays = _longestIncreasingSubsequence(stayValues)
            }
            stays.withUnsafeBufferPointer { stays in
              var stay = 0
              for k in 0..<count {
                let g = start + k
                let source = sources[g]
                let ps = Int(source.section)
                let si = Int(source.index)
                let reload = hasReloads && reloadFlag[g]
                if ps == p {
                  let kept = increasing || stays[stay]
                  stay += 1
                  if kept {
                    carried[oldStart + si] = true
                    if reload { itemReloads.append(_indexPath(p, si)) }
                    continue
                  }
                  if !reload {
                    itemMoves.append(Move(from: _indexPath(p, si), to: _indexPath(q, k)))
                    carried[oldStart + si] = true
                    continue
                  }
                  // Rule 7: a reloaded item does not move; its old copy is
                  // deleted in pass 5 and it is inserted here.
                } else if ps >= 0, oldFate[ps] == .stable, !reload {
                  itemMoves.append(Move(from: _indexPath(ps, si), to: _indexPath(q, k)))
                  carried[oldRecords[old._order[ps]].start + si] = true
                  continue
                }
                itemInserts.append(_indexPath(q, k))
                if tracksFresh { fresh[g] = true }
              }
            }
          }
        }
      }
    }

    // Pass 5: deletes. Old items of stable sections that nothing carried.
    carried.withUnsafeBufferPointer { carried in
      for p in 0..<oldSectionCount where oldFate[p] == .stable {
        let record = oldRecords[old._order[p]]
        for i in 0..<record.items.count where !carried[record.start + i] {
          itemDeletes.append(_indexPath(p, i))
        }
      }
    }

    // Pass 6: reconfigures, after the batch, for marked items that are not
    // fresh cells anyway.
    if !new._reconfiguredItems.isEmpty {
      for item in new._reconfiguredItems.elements {
        guard let location = newTable[item] else { continue }
        let record = newRecords[Int(location.slot)]
        let g = record.start + Int(location.index)
        switch newFate[record.position] {
        case .replaced, .reloaded: continue
        case .stable where fresh[g] || (hasReloads && reloadFlag[g]): continue
        case .stable, .moved:
          itemReconfigures.append(_indexPath(record.position, Int(location.index)))
        }
      }
      itemReconfigures.sort()
    }
  }
}

/// A two-element index path. Appending to a one-element path is about three
/// times faster than `IndexPath(indexes: [section, item])`, which allocates
/// its array argument; a diff creates one per operation.
@inlinable @inline(__always)
func _indexPath(_ section: Int, _ item: Int) -> IndexPath {
  var path = IndexPath(index: section)
  path.append(item)
  return path
}
