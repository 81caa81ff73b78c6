public import DiffableCore

/// One call to `apply`, `applySnapshotUsingReloadData`, `apply(_:to:)` or a
/// user action on an outline, waiting its turn: what it changes, without its
/// completion, which stays with the data source.
///
/// A request is a change of the data source's contents, made in the caller's
/// module (where `apply` is inlined) so that it runs specialized for the
/// caller's identifier types, as the diff does. It is `Sendable`: its change
/// and its diff run off the data source's actor.
@usableFromInline
struct _ApplyRequest<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<S, I>
  @usableFromInline typealias Differ = @Sendable (Snapshot, Snapshot) -> BatchUpdate
  @usableFromInline typealias Change = @Sendable (inout _Contents<S, I>) -> Void

  @usableFromInline
  enum Kind: Sendable {
    /// Diff against what the view shows and perform one batch. The differ is
    /// made where `apply` is inlined, so the diff is specialized for the
    /// caller's identifier types.
    case batch(animated: Bool, differ: Differ)
    /// Reload the view without diffing.
    case reloadData

    /// A batch diffed with `BatchUpdate(from:to:)`, the differ made (and so
    /// specialized) where this is inlined. The differ runs off the data
    /// source's actor, so it also builds the new snapshot's item index there
    /// (the diff builds it unless the snapshots are equal): the lookups on
    /// the actor then find it built.
    @inlinable
    static func diffing(animated: Bool) -> Kind {
      .batch(
        animated: animated,
        differ: { old, new in
          let update = BatchUpdate(from: old, to: new)
          new._prepareItemIndex()
          return update
        })
    }
  }

  @usableFromInline var change: Change
  /// The reload and reconfigure marks the change makes, carried over to the
  /// round's result if a later request in the round supersedes them.
  @usableFromInline var marks: _Marks<S, I>
  @usableFromInline var kind: Kind

  @inlinable
  init(change: @escaping Change, marks: _Marks<S, I> = _Marks(), kind: Kind) {
    self.change = change
    self.marks = marks
    self.kind = kind
  }

  /// A request that shows `snapshot`, keeping the trees of the outline
  /// sections it still has.
  @inlinable
  init(snapshot: Snapshot, kind: Kind) {
    self.init(
      change: { $0.replaceSnapshot(with: snapshot) }, marks: _Marks(of: snapshot), kind: kind)
  }
}

/// The reload and reconfigure marks of a request.
@usableFromInline
struct _Marks<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  @usableFromInline var reloadedSections: [S] = []
  @usableFromInline var reloadedItems: [I] = []
  @usableFromInline var reconfiguredItems: [I] = []

  @inlinable init() {}

  /// The marks of a snapshot.
  ///
  /// - Complexity: O(1): the arrays share the snapshot's storage.
  @inlinable
  init(of snapshot: DiffableDataSourceSnapshot<S, I>) {
    reloadedSections = snapshot.reloadedSectionIdentifiers
    reloadedItems = snapshot.reloadedItemIdentifiers
    reconfiguredItems = snapshot.reconfiguredItemIdentifiers
  }

  /// Adds the marks to `target`, where their items and sections are still
  /// there: a request skipped in favour of a later one must not lose a
  /// reload its caller asked for.
  ///
  /// - Complexity: O(*m*) expected, where *m* is the number of marks.
  func add(to target: inout DiffableDataSourceSnapshot<S, I>) {
    let sections = reloadedSections.filter { target.indexOfSection($0) != nil }
    let reloaded = reloadedItems.filter { target.indexOfItem($0) != nil }
    let reconfigured = reconfiguredItems.filter { target.indexOfItem($0) != nil }
    if !sections.isEmpty { target.reloadSections(sections) }
    if !reloaded.isEmpty { target.reloadItems(reloaded) }
    if !reconfigured.isEmpty { target.reconfigureItems(reconfigured) }
  }
}

/// Counters of the apply pipeline, for tests and benchmarks.
@_spi(Testing)
public struct _ApplyStatistics: Sendable, Hashable {
  /// Calls to `apply`, `applySnapshotUsingReloadData`, `apply(_:to:)` and
  /// the user actions on outlines that change something.
  public var requests = 0
  /// Requests skipped because a later one superseded them before their diff
  /// started (their completions still ran).
  public var skipped = 0
  /// Diffs computed, retries included.
  public var diffs = 0
  /// Diffs computed again because the snapshot changed on the data
  /// source's actor (an interactive reorder) while they ran.
  public var staleRetries = 0
  /// Diffs computed on the data source's actor: after an apply went stale
  /// twice, and for the requests performed at once.
  public var actorDiffs = 0
  /// Requests made while nothing was queued, performed before the call
  /// returned, as UIKit does on the main queue.
  public var performedAtOnce = 0
  /// Applies that changed nothing the view shows.
  public var emptyApplies = 0
  /// Steps on the data source's actor that switched the view.
  public var actorSteps = 0
  /// The time those steps took, in all.
  public var actorTime: Duration = .zero

  /// Counters at zero.
  public init() {}
}

/// The requests behind `apply` that wait their turn, kept by the data
/// source in its isolation, with their completions beside them, and whether
/// a round is being performed.
///
/// One task at a time drains it (``DiffableDataSource/_drain(isolation:)``):
/// it takes every waiting request at once and performs their changes in
/// order on what the view shows, off the data source's actor; only the
/// result is shown (the requests before the last are superseded: their
/// reload marks are carried over and their completions run with it). A
/// request that arrives meanwhile, from a completion, a cell provider or
/// anywhere else in the actor, waits for the next round: nothing is
/// re-entered and nothing waits for anything but the diff.
@usableFromInline
struct _ApplyQueue<S: Hashable & Sendable, I: Hashable & Sendable> {
  var pending: [_ApplyRequest<S, I>] = []
  var completions: [() -> Void] = []
  /// Whether a task drains the queue or a request is being performed at
  /// once: a new request then waits.
  var isBusy = false
  var statistics = _ApplyStatistics()

  @usableFromInline init() {}

  /// Appends a request, and its completion if it has one, in call order.
  ///
  /// - Returns: Whether the caller is to drain the queue: nothing was
  ///   draining it, and from now on the caller is.
  /// - Complexity: O(1) amortized.
  mutating func append(_ request: _ApplyRequest<S, I>, completion: (() -> Void)?) -> Bool {
    pending.append(request)
    if let completion { completions.append(completion) }
    statistics.requests += 1
    guard !isBusy else { return false }
    isBusy = true
    return true
  }

  /// Takes every waiting request and completion, for one round.
  ///
  /// - Complexity: O(1).
  mutating func takeRound() -> (requests: [_ApplyRequest<S, I>], completions: [() -> Void])? {
    guard !pending.isEmpty else { return nil }
    defer {
      pending = []
      completions = []
    }
    statistics.skipped += pending.count - 1
    return (pending, completions)
  }

  /// Counts the diff of `round`, if it made one, and where.
  mutating func count(_ round: _Round<S, I>, onActor: Bool) {
    guard round.diffed else { return }
    statistics.diffs += 1
    if onActor { statistics.actorDiffs += 1 }
  }

  /// What a round does to a base: performs its changes in order, carries
  /// the marks of the superseded requests over, and diffs the result against
  /// the base (or makes no batch, for a reload: the first apply to an empty
  /// view, or a round ending with `applySnapshotUsingReloadData`).
  static func rebuilding(_ requests: [_ApplyRequest<S, I>]) -> _Rebuild<S, I> {
    { base in
      var target = base
      for request in requests { request.change(&target) }
      for request in requests.dropLast() { request.marks.add(to: &target.snapshot) }
      guard case .batch(let animated, let differ) = requests[requests.count - 1].kind else {
        // The item index is built here, off the data source's actor, as a
        // diff does.
        target.snapshot._prepareItemIndex()
        return _Round(target: target, batch: nil, animated: false, diffed: false)
      }
      guard base.snapshot.numberOfSections > 0 else {
        target.snapshot._prepareItemIndex()
        return _Round(target: target, batch: nil, animated: animated, diffed: false)
      }
      return _Round(
        target: target, batch: differ(base.snapshot, target.snapshot), animated: animated,
        diffed: true)
    }
  }

  /// Performs a round off the data source's actor.
  @concurrent
  static func rebuild(_ base: _Contents<S, I>, by rebuild: _Rebuild<S, I>) async -> _Round<S, I> {
    rebuild(base)
  }
}

/// How many times an apply is diffed again off the data source's actor,
/// when the snapshot keeps changing under it, before the actor diffs it.
let _staleRoundsBeforeDiffingOnActor = 2

/// What a round of requests makes of the contents it starts from.
struct _Round<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  /// The contents the round ends with, marks included.
  var target: _Contents<S, I>
  /// The batch from the base to `target`, or `nil` to reload the view.
  var batch: BatchUpdate?
  var animated: Bool
  /// Whether the round diffed (a reload does not).
  var diffed: Bool
}

/// A round of requests as a function of the contents it starts from.
typealias _Rebuild<S: Hashable & Sendable, I: Hashable & Sendable> =
  @Sendable (_Contents<S, I>) -> _Round<S, I>
