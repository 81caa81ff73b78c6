public import DiffableCore

/// One call to `apply`, `applySnapshotUsingReloadData`, `apply(_:to:)` or a
/// user action on an outline, waiting its turn.
///
/// A request is a change of the data source's contents, made in the caller's
/// module (where `apply` is inlined) so that it runs specialized for the
/// caller's identifier types, as the diff does. The worker performs the
/// changes of a round in call order, starting from what the view shows.
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
    /// specialized) where this is inlined. The differ runs off the main
    /// actor, so it also builds the new snapshot's item index there (the
    /// diff builds it unless the snapshots are equal): the main actor's
    /// lookups then find it built.
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
  @usableFromInline var completion: (@MainActor @Sendable () -> Void)?

  @inlinable
  init(
    change: @escaping Change, marks: _Marks<S, I> = _Marks(), kind: Kind,
    completion: (@MainActor @Sendable () -> Void)?
  ) {
    self.change = change
    self.marks = marks
    self.kind = kind
    self.completion = completion
  }

  /// A request that shows `snapshot`, keeping the trees of the outline
  /// sections it still has.
  @inlinable
  init(snapshot: Snapshot, kind: Kind, completion: (@MainActor @Sendable () -> Void)?) {
    self.init(
      change: { $0.replaceSnapshot(with: snapshot) }, marks: _Marks(of: snapshot), kind: kind,
      completion: completion)
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

/// What the main-actor step did with a round.
enum _CommitOutcome<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  /// The view shows the round's result (and whatever the completions, which
  /// ran in the step, did after it).
  case committed
  /// The data source's snapshot changed on the main actor (an interactive
  /// reorder) since the round's base was read: perform the round's changes
  /// again on this state, and diff again.
  case stale(_DataSourceState<S, I>)
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
  /// Diffs computed again because the snapshot changed on the main actor
  /// while they ran.
  public var staleRetries = 0
  /// Diffs computed on the main actor: after an apply went stale twice, and
  /// for the requests performed at once.
  public var mainActorDiffs = 0
  /// Requests made on the main actor while nothing was queued, performed
  /// before the call returned, as UIKit does.
  public var performedAtOnce = 0
  /// Applies that changed nothing the view shows.
  public var emptyApplies = 0
  /// Steps on the main actor.
  public var mainActorSteps = 0
  /// The time the steps on the main actor took, in all.
  public var mainActorTime: Duration = .zero

  /// Counters at zero.
  public init() {}
}

/// The serial pipeline behind `apply`: a queue any thread may append to, and
/// at most one worker task draining it.
///
/// The worker takes every waiting request at once and performs their changes
/// in order on what the view shows, off the main actor; only the result is
/// shown (the requests before the last are superseded: their reload marks
/// are carried over and their completions run with it). It diffs the result
/// against what the view shows, then hops to the main actor once to hand the
/// batch to the view. A request that arrives meanwhile, from any thread, a completion or a
/// cell provider, waits for the next round: nothing is re-entered and no
/// thread ever waits for another.
@usableFromInline
final class _ApplyQueue<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  typealias Snapshot = DiffableDataSourceSnapshot<S, I>

  struct State {
    var pending: [_ApplyRequest<S, I>] = []
    var isDraining = false
    /// What the view shows and its version: the main actor replaces it with
    /// every change it makes (an apply, or an interactive move), and each
    /// round starts from it.
    var shown = _DataSourceState<S, I>()
    var statistics = _ApplyStatistics()
  }

  let state = _Locked(State())

  @usableFromInline init() {}

  /// Appends a request in call order, and starts a worker if none runs.
  ///
  /// - Complexity: O(1) amortized; never waits for the main actor.
  @usableFromInline
  func enqueue(_ request: _ApplyRequest<S, I>, owner: DiffableDataSource<S, I>) {
    let startsWorker = state.withLock { state in
      state.pending.append(request)
      state.statistics.requests += 1
      guard !state.isDraining else { return false }
      state.isDraining = true
      return true
    }
    if startsWorker {
      Task.detached { await self.drain(owner: owner) }
    }
  }

  /// Takes the queue for a request the main actor performs before `apply`
  /// returns, if nothing is queued or in flight: requests made meanwhile
  /// wait behind it, in call order, until ``endClaim(owner:)``.
  ///
  /// - Complexity: O(1).
  func claimIfIdle() -> Bool {
    state.withLock { state in
      guard !state.isDraining else { return false }
      state.isDraining = true
      state.statistics.requests += 1
      state.statistics.performedAtOnce += 1
      return true
    }
  }

  /// Gives the queue back after a request performed at once, starting a
  /// worker for the requests made meanwhile.
  ///
  /// - Complexity: O(1).
  func endClaim(owner: DiffableDataSource<S, I>) {
    let startsWorker = state.withLock { state in
      guard state.pending.isEmpty else { return true }
      state.isDraining = false
      return false
    }
    if startsWorker {
      Task.detached { await self.drain(owner: owner) }
    }
  }

  var statistics: _ApplyStatistics { state.withLock { $0.statistics } }

  /// Takes `shown` as what the view shows now: the base of the next round.
  ///
  /// The main actor calls it with every change of the data source's state,
  /// in order, so a round never starts from contents older than those of
  /// the requests it performs. (An interactive move that a round started
  /// before it did not see makes the round stale: see `perform`.)
  ///
  /// - Complexity: O(1): the state shares its storage.
  func viewDidChange(to shown: _DataSourceState<S, I>) {
    state.withLock { $0.shown = shown }
  }

  func record(_ update: (inout _ApplyStatistics) -> Void) {
    state.withLock { update(&$0.statistics) }
  }

  /// Drains the queue, then marks the worker as gone, atomically with the
  /// check that nothing is waiting (so a request never waits without a
  /// worker).
  private func drain(owner: DiffableDataSource<S, I>) async {
    while true {
      let round: (requests: [_ApplyRequest<S, I>], shown: _DataSourceState<S, I>)? =
        state.withLock { state in
          guard !state.pending.isEmpty else {
            state.isDraining = false
            return nil
          }
          let requests = state.pending
          state.pending = []
          state.statistics.skipped += requests.count - 1
          return (requests, state.shown)
        }
      guard let round else { return }
      await perform(round.requests, from: round.shown, owner: owner)
    }
  }

  /// Performs the changes of `requests` on what the view shows and applies
  /// the result, running every completion.
  ///
  /// `shown` is what the view showed when the round started. If the user
  /// moves an item meanwhile, the main actor sends the round back with what
  /// the view shows then, and the changes are performed again on it.
  private func perform(
    _ requests: [_ApplyRequest<S, I>], from shown: _DataSourceState<S, I>,
    owner: DiffableDataSource<S, I>
  ) async {
    let completions = requests.compactMap { $0.completion }
    let rebuild = Self.rebuilding(requests) { [self] in record { $0.diffs += 1 } }
    var shown = shown
    var staleRounds = 0
    while true {
      // After two stale rounds, the main actor rebuilds itself if the
      // snapshot changed again: reorders arriving faster than a diff and a
      // hop can otherwise starve the apply.
      let outcome = await owner._applyOnMainActor(
        rebuild(shown.contents), madeFrom: shown.version,
        rebuildingIfStale: staleRounds >= Self.staleRoundsBeforeDiffingOnMainActor
          ? rebuild : nil,
        completions: completions)
      switch outcome {
      case .committed:
        return
      case .stale(let current):
        record { $0.staleRetries += 1 }
        staleRounds += 1
        shown = current
      }
    }
  }

  /// What a round does to a base: performs its changes in order, carries
  /// the marks of the superseded requests over, and diffs the result against
  /// the base (or makes no batch, for a reload: the first apply to an empty
  /// view, or a round ending with `applySnapshotUsingReloadData`).
  static func rebuilding(
    _ requests: [_ApplyRequest<S, I>], countingDiffs countDiff: @escaping @Sendable () -> Void
  ) -> _Rebuild<S, I> {
    { base in
      var target = base
      for request in requests { request.change(&target) }
      for request in requests.dropLast() { request.marks.add(to: &target.snapshot) }
      guard case .batch(let animated, let differ) = requests[requests.count - 1].kind else {
        // The item index is built here, off the main actor, as a diff does.
        target.snapshot._prepareItemIndex()
        return _Round(target: target, batch: nil, animated: false)
      }
      guard base.snapshot.numberOfSections > 0 else {
        target.snapshot._prepareItemIndex()
        return _Round(target: target, batch: nil, animated: animated)
      }
      countDiff()
      return _Round(
        target: target, batch: differ(base.snapshot, target.snapshot), animated: animated)
    }
  }

  /// How many times an apply is diffed again off the main actor, when the
  /// snapshot keeps changing under it, before the main actor diffs it.
  static var staleRoundsBeforeDiffingOnMainActor: Int { 2 }
}

/// What a round of requests makes of the contents it starts from.
struct _Round<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  /// The contents the round ends with, marks included.
  var target: _Contents<S, I>
  /// The batch from the base to `target`, or `nil` to reload the view.
  var batch: BatchUpdate?
  var animated: Bool
}

/// A round of requests as a function of the contents it starts from.
typealias _Rebuild<S: Hashable & Sendable, I: Hashable & Sendable> =
  @Sendable (_Contents<S, I>) -> _Round<S, I>
