public import DiffableCore

/// One call to `apply` or `applySnapshotUsingReloadData`, waiting its turn.
@usableFromInline
struct _ApplyRequest<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<S, I>
  @usableFromInline typealias Differ = @Sendable (Snapshot, Snapshot) -> BatchUpdate

  @usableFromInline
  enum Kind: Sendable {
    /// Diff against what the view shows and perform one batch. The differ is
    /// made where `apply` is inlined, so the diff is specialized for the
    /// caller's identifier types.
    case batch(animated: Bool, differ: Differ)
    /// Reload the view without diffing.
    case reloadData
  }

  @usableFromInline var snapshot: Snapshot
  @usableFromInline var kind: Kind
  @usableFromInline var completion: (@MainActor @Sendable () -> Void)?

  @inlinable
  init(snapshot: Snapshot, kind: Kind, completion: (@MainActor @Sendable () -> Void)?) {
    self.snapshot = snapshot
    self.kind = kind
    self.completion = completion
  }
}

/// What the main-actor step did with a diff.
enum _CommitOutcome<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  /// The view shows the target now; `version` is the data source's new
  /// version.
  case committed(version: Int)
  /// The data source's snapshot changed on the main actor (an interactive
  /// reorder) since the diff's base was read: diff again against `current`.
  case stale(current: DiffableDataSourceSnapshot<S, I>, version: Int)
}

/// Counters of the apply pipeline, for tests and benchmarks.
@_spi(Testing)
public struct _ApplyStatistics: Sendable, Hashable {
  /// Calls to `apply` and `applySnapshotUsingReloadData`.
  public var requests = 0
  /// Requests skipped because a later one superseded them before their diff
  /// started (their completions still ran).
  public var skipped = 0
  /// Diffs computed, retries included.
  public var diffs = 0
  /// Diffs computed again because the snapshot changed on the main actor
  /// while they ran.
  public var staleRetries = 0
  /// Diffs computed on the main actor, after an apply went stale twice.
  public var mainActorDiffs = 0
  /// Batches handed to the view, reloads of the view, and applies that
  /// changed nothing the view shows.
  public var batches = 0
  public var reloads = 0
  public var emptyApplies = 0
  /// Steps on the main actor, and the time they took.
  public var mainActorSteps = 0
  public var mainActorTime: Duration = .zero

  public init() {}
}

/// The serial pipeline behind `apply`: a queue any thread may append to, and
/// at most one worker task draining it.
///
/// The worker takes every waiting request at once, keeps the last (the
/// others are superseded: their reload marks are carried over and their
/// completions run with it), diffs off the main actor against the snapshot
/// the view shows, then hops to the main actor once to hand the batch to the
/// view. A request that arrives meanwhile, from any thread, a completion or a
/// cell provider, waits for the next round: nothing is re-entered and no
/// thread ever waits for another.
@usableFromInline
final class _ApplyQueue<S: Hashable & Sendable, I: Hashable & Sendable>: Sendable {
  typealias Snapshot = DiffableDataSourceSnapshot<S, I>

  struct State {
    var pending: [_ApplyRequest<S, I>] = []
    var isDraining = false
    /// What the view shows, as far as the worker knows, and the data
    /// source's version of it. Only the worker reads and writes these.
    var shown = Snapshot()
    var shownVersion = 0
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

  var statistics: _ApplyStatistics { state.withLock { $0.statistics } }

  func record(_ update: (inout _ApplyStatistics) -> Void) {
    state.withLock { update(&$0.statistics) }
  }

  /// Drains the queue, then marks the worker as gone, atomically with the
  /// check that nothing is waiting (so a request never waits without a
  /// worker).
  private func drain(owner: DiffableDataSource<S, I>) async {
    while true {
      let round: (requests: [_ApplyRequest<S, I>], shown: Snapshot, version: Int)? =
        state.withLock { state in
          guard !state.pending.isEmpty else {
            state.isDraining = false
            return nil
          }
          let requests = state.pending
          state.pending = []
          state.statistics.skipped += requests.count - 1
          return (requests, state.shown, state.shownVersion)
        }
      guard let round else { return }
      let (shown, version) = await perform(
        round.requests, shown: round.shown, version: round.version, owner: owner)
      state.withLock { state in
        state.shown = shown
        state.shownVersion = version
      }
    }
  }

  /// Applies the last of `requests`, running every completion, and returns
  /// what the view shows afterwards.
  private func perform(
    _ requests: [_ApplyRequest<S, I>], shown: Snapshot, version: Int,
    owner: DiffableDataSource<S, I>
  ) async -> (Snapshot, Int) {
    let last = requests[requests.count - 1]
    let target = Self.carryingMarks(of: requests.dropLast(), into: last.snapshot)
    let completions = requests.compactMap(\.completion)
    var shown = shown
    var version = version
    var staleRounds = 0
    while true {
      let batch: BatchUpdate?
      let animated: Bool
      var differ: _ApplyRequest<S, I>.Differ?
      switch last.kind {
      case .reloadData:
        (batch, animated) = (nil, false)
      case .batch(let isAnimated, let makeBatch):
        // The first apply to an empty view is a reload, as in UIKit.
        if shown.numberOfSections == 0 {
          batch = nil
        } else {
          batch = makeBatch(shown, target)
          record { $0.diffs += 1 }
        }
        animated = isAnimated
        differ = makeBatch
      }
      let expectedVersion: Int? =
        if case .reloadData = last.kind { nil } else { version }
      // After two stale rounds, the main actor diffs itself if the snapshot
      // changed again: reorders arriving faster than a diff and a hop can
      // otherwise starve the apply.
      let outcome = await owner._applyOnMainActor(
        target, batch: batch, animatingDifferences: animated, expectedVersion: expectedVersion,
        diffingIfStale: staleRounds >= Self.staleRoundsBeforeDiffingOnMainActor ? differ : nil,
        completions: completions)
      switch outcome {
      case .committed(let newVersion):
        var result = target
        result._removeMarks()
        return (result, newVersion)
      case .stale(let current, let currentVersion):
        record { $0.staleRetries += 1 }
        staleRounds += 1
        shown = current
        version = currentVersion
      }
    }
  }

  /// How many times an apply is diffed again off the main actor, when the
  /// snapshot keeps changing under it, before the main actor diffs it.
  static var staleRoundsBeforeDiffingOnMainActor: Int { 2 }

  /// `target` with the reload and reconfigure marks of the superseded
  /// snapshots added, where their items and sections are still there: a
  /// skipped snapshot must not lose a reload its caller asked for.
  ///
  /// - Complexity: O(*m*) expected, where *m* is the number of marks of the
  ///   superseded snapshots.
  static func carryingMarks(
    of superseded: ArraySlice<_ApplyRequest<S, I>>, into target: Snapshot
  ) -> Snapshot {
    var target = target
    for request in superseded {
      let skipped = request.snapshot
      let reloadedSections = skipped.reloadedSectionIdentifiers.filter {
        target.indexOfSection($0) != nil
      }
      let reloadedItems = skipped.reloadedItemIdentifiers.filter { target.indexOfItem($0) != nil }
      let reconfiguredItems = skipped.reconfiguredItemIdentifiers.filter {
        target.indexOfItem($0) != nil
      }
      if !reloadedSections.isEmpty { target.reloadSections(reloadedSections) }
      if !reloadedItems.isEmpty { target.reloadItems(reloadedItems) }
      if !reconfiguredItems.isEmpty { target.reconfigureItems(reconfiguredItems) }
    }
    return target
  }
}
