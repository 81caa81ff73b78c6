#if !canImport(Darwin)
  import Synchronization
#endif

/// The items one `appendItems(_:toSection:)` call stored before the item
/// index took them in: `count` items from `start` in the section at `slot`.
@frozen
@usableFromInline
struct _AppendRun: Sendable {
  @usableFromInline var slot: Int
  @usableFromInline var start: Int
  @usableFromInline var count: Int

  @inlinable
  init(slot: Int, start: Int, count: Int) {
    self.slot = slot
    self.start = start
    self.count = count
  }
}

/// A snapshot's item index (item identifier to ``_ItemLocation``) and what it
/// has not taken in yet, shared by the copies of a snapshot until one of them
/// is mutated.
///
/// ## Life cycle
///
/// The index is *built* when `table` holds every item of the snapshot. An
/// empty snapshot's index is built. Appending items stores them in their
/// section and records the call in `runs`: the index is then *pending*, and
/// nothing is hashed. The first read that needs the items as they settle (a
/// lookup, a count unless `countsAsStored`, the items themselves, a diff, a
/// mutation other than appending) *builds* it: the runs are hashed into
/// `table`, in call order, one hash per item, in a table sized for them once. An identifier found
/// twice is resolved then as UIKit resolves it at the call: if the two
/// occurrences come from different calls, the later one stays and the
/// earlier one is removed (with a ``DiffableDiagnostic``); if they come from
/// the same call, the program stops. When items are removed that way by a
/// read, which cannot change the snapshot's own storage, the sections as
/// they settle are kept in `settled`, which every read uses; the next
/// mutation takes them over.
///
/// Two more mutations wait for the build while the index is pending, so that
/// they hash only the identifiers they are given: `deleteItems(_:)` puts its
/// identifiers in `deleted`, which the build looks each item of the runs up
/// in, with the hash that stores the item, leaving out the deleted ones; in release builds, `reloadItems(_:)` and `reconfigureItems(_:)`
/// mark their items at once and set `hasUnverifiedMarks`, and the build then
/// looks the snapshot's marks up (a mark on an absent item stops the program
/// there, naming the call that made it). They wait in that order: appends, then deletions,
/// then marks; a mutation that would break the order builds the index first.
///
/// ## Thread safety
///
/// Snapshots are `Sendable`, so several threads may make the first read of
/// copies of one snapshot at once. The first of them builds the index under
/// the lock and then sets the built flag with release ordering; a reader
/// that sees the flag set (acquire ordering) sees the whole table and takes
/// no lock. The fields are otherwise written only by a mutation of the one
/// snapshot that holds this object (`isKnownUniquelyReferenced`), which no
/// other thread can be reading, and a mutation of a snapshot that shares it
/// takes a copy under the lock. On Apple platforms `Atomic` needs macOS 15
/// and iOS 18, which the package does not require, so there the flag lives
/// under the lock and every read takes it.
///
/// The class is `@unchecked Sendable` because the compiler cannot see these
/// rules: the fields are plain stored properties.
@usableFromInline
final class _ItemIndex<Section: Hashable & Sendable, Item: Hashable & Sendable>:
  _ItemIndexState, @unchecked Sendable
{
  /// Item identifier to location, for every item but those of `runs`.
  @usableFromInline @exclusivity(unchecked) var table: _ItemTable<Item>
  /// The append calls not yet in `table`, in call order.
  @usableFromInline @exclusivity(unchecked) var runs: [_AppendRun]
  @usableFromInline @exclusivity(unchecked) var _settled: [_SectionRecord<Section, Item>]?
  /// Identifiers deleted while the index was pending, for the build to
  /// remove as it takes the runs in; `nil` if none. A table of the index's
  /// own kind, so that the build looks each item of the runs up in it with
  /// the hash that stores the item (the locations are unused until then).
  @usableFromInline @exclusivity(unchecked) var deleted: _ItemTable<Item>?
  /// Whether items were marked while the index was pending: the build then
  /// looks up the marks of the snapshot that builds it (the snapshots that
  /// share this object have the same marks: a mutation that adds or removes
  /// marks takes its own copy first).
  @usableFromInline @exclusivity(unchecked) var hasUnverifiedMarks: Bool

  /// Whether deletions or marks were left for the build since the index was
  /// last built: appending must then build it first, to keep them in call
  /// order, and items as stored are not the items as they settle. Written
  /// only by a mutation of the one snapshot that holds this object (the
  /// build leaves it), so a reader that found the index pending may read it
  /// without the lock.
  @usableFromInline @exclusivity(unchecked) var hasWaitingChanges: Bool

  /// Whether the pending items are those of one append call made when the
  /// table was empty, with nothing deleted since: no item can have moved, so
  /// the counts as stored are the counts as they settle (unless the call
  /// repeated an item, which stops the program when the index is built).
  /// Marks do not change counts. Written, like `hasWaitingChanges`, only by
  /// a mutation of the one snapshot that holds this object.
  @usableFromInline @exclusivity(unchecked) var countsAsStored: Bool

  /// The sections as they settle, when building the index removed items
  /// that a later call appended again; `nil` otherwise.
  @inlinable
  var settled: [_SectionRecord<Section, Item>]? {
    get { _settled }
    set {
      _settled = newValue
      hasSettled = newValue != nil
    }
  }

  /// A built, empty index.
  @inlinable
  convenience init() {
    self.init(table: _ItemTable(), runs: [], settled: nil, isBuilt: true)
  }

  @usableFromInline
  init(
    table: _ItemTable<Item>, runs: [_AppendRun], settled: [_SectionRecord<Section, Item>]?,
    deleted: _ItemTable<Item>? = nil, hasUnverifiedMarks: Bool = false,
    countsAsStored: Bool = false, isBuilt: Bool
  ) {
    self.countsAsStored = countsAsStored
    self.table = table
    self.runs = runs
    self._settled = settled
    self.deleted = deleted
    self.hasUnverifiedMarks = hasUnverifiedMarks
    self.hasWaitingChanges = deleted != nil || hasUnverifiedMarks
    super.init(isBuilt: isBuilt, hasSettled: settled != nil)
  }

  /// A copy for a snapshot about to be mutated, taken under the lock: another
  /// copy of the snapshot may be building this index meanwhile.
  @usableFromInline
  func copy() -> _ItemIndex {
    _withLock { isBuilt in
      _ItemIndex(
        table: table, runs: runs, settled: _settled, deleted: deleted,
        hasUnverifiedMarks: hasUnverifiedMarks, countsAsStored: countsAsStored,
        isBuilt: isBuilt)
    }
  }
}

/// The part of the item index that does not depend on the identifier types:
/// its state, at offsets fixed at compile time, so that the reads of code
/// that is not specialized (a data source called from generic code) test it
/// without looking up the generic class's layout.
@usableFromInline
class _ItemIndexState: @unchecked Sendable {
  /// Whether `settled` holds sections.
  @usableFromInline @exclusivity(unchecked) final var hasSettled: Bool

  #if canImport(Darwin)
    /// Whether the table holds every item.
    @usableFromInline final let _state: _Locked<Bool>
  #else
    /// Whether the table holds every item. Set after the table, with release
    /// ordering.
    @usableFromInline final let _isBuilt: Atomic<Bool>
    /// Held while the index is built or copied. Its state is unused: a lock
    /// around an empty tuple made ThreadSanitizer see the empty value's
    /// address, shared with the lock's own storage, as a racing access.
    @usableFromInline final let _lock = _Locked(false)
  #endif

  @usableFromInline
  init(isBuilt: Bool, hasSettled: Bool) {
    self.hasSettled = hasSettled
    #if canImport(Darwin)
      _state = _Locked(isBuilt)
    #else
      _isBuilt = Atomic(isBuilt)
    #endif
  }

  /// Whether the index holds every item. Once this is `true`, the fields may
  /// be read without a lock.
  @inlinable
  final var isBuilt: Bool {
    #if canImport(Darwin)
      return _state.withLock { $0 }
    #else
      return _isBuilt.load(ordering: .acquiring)
    #endif
  }

  /// Runs `body` to build the index, unless another thread has built it, and
  /// returns once it is built, with what `body` returned (`nil` if another
  /// thread built it).
  @usableFromInline
  final func build<Result>(_ body: () -> Result) -> Result? {
    #if canImport(Darwin)
      return _state.withLock { isBuilt in
        guard !isBuilt else { return nil }
        let result = body()
        isBuilt = true
        return result
      }
    #else
      return _lock.withLock { _ in
        // The lock orders this read after the store of any earlier builder.
        guard !_isBuilt.load(ordering: .relaxed) else { return nil }
        let result = body()
        _isBuilt.store(true, ordering: .releasing)
        return result
      }
    #endif
  }

  /// Runs `body` under the lock, with whether the index is built.
  @usableFromInline
  final func _withLock<Result>(_ body: (Bool) -> Result) -> Result {
    #if canImport(Darwin)
      return _state.withLock { body($0) }
    #else
      return _lock.withLock { _ in body(_isBuilt.load(ordering: .relaxed)) }
    #endif
  }

  /// Records that items were appended, for the one snapshot that holds this
  /// object.
  @inlinable
  final func setPending() {
    #if canImport(Darwin)
      _state.withLock { $0 = false }
    #else
      _isBuilt.store(false, ordering: .releasing)
    #endif
  }
}
