public import DiffableCore

// MARK: - Applying snapshots

extension DiffableDataSource {
  /// Updates the view to show `snapshot`, in one batch update computed by
  /// diffing it against what the view shows.
  ///
  /// Calls are performed in the order they are made, in the data source's
  /// isolation (the main actor, in an app), where ``snapshot()`` then
  /// returns `snapshot` (without its marks). The first apply to an empty
  /// view reloads it instead. `animatingDifferences: false` still diffs (as
  /// UIKit does since iOS 15): cells keep their identity, the view just does
  /// not animate.
  ///
  /// Called while no other apply is queued or in flight, it is performed
  /// before it returns, as UIKit does on the main queue: the diff runs
  /// there, and the view and ``snapshot()`` show `snapshot` when the call
  /// returns (the completion still runs when the view has finished).
  /// Otherwise (behind other applies, inside a completion or the view's
  /// update) it is queued, and diffed off the data source's actor. The
  /// `async` form, ``apply(_:animatingDifferences:isolation:)``, always
  /// queues, so its diff never runs on the actor.
  ///
  /// ```swift
  /// var snapshot = dataSource.snapshot()
  /// snapshot.appendItems(["fig"])
  /// dataSource.apply(snapshot) {
  ///   // once the view shows "fig"
  /// }
  /// ```
  ///
  /// If later applies are queued before this one's diff starts, it is skipped
  /// in their favour: its reload and reconfigure marks carry over to the
  /// snapshot that is applied, and its completion runs when that one is on
  /// screen.
  ///
  /// Outline sections (those showing a section snapshot) that `snapshot`
  /// still has keep their trees: removed items leave the tree, and new
  /// items join it at the level of the rows around them (see
  /// <doc:Outlines>). A section `snapshot` does not have loses its section
  /// snapshot.
  ///
  /// - Parameters:
  ///   - snapshot: What the view should show. Items marked with
  ///     `reloadItems(_:)` get new cells, items marked with
  ///     `reconfigureItems(_:)` have their cells updated in place.
  ///   - animatingDifferences: Whether the view animates the changes.
  ///   - completion: Runs once, in the data source's isolation, when the
  ///     view shows `snapshot` (or a later one that superseded it).
  ///   - isolation: The actor the data source lives on: the caller's,
  ///     which the compiler passes.
  /// - Complexity: Queued, O(1) for the caller, then O(*n*) off the actor
  ///   for the diff, *n* being the number of items, and on the actor work
  ///   proportional to the change (performed at once, the diff runs on the
  ///   actor too). With outline sections, also off the actor, O(*h*)
  ///   expected for their *h* hidden items, and O(*k* × *d*) to reconcile
  ///   an outline section of *k* items and depth *d* whose items changed.
  @inlinable
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil, isolation: isolated any Actor = #isolation
  ) {
    _submit(
      _ApplyRequest(snapshot: snapshot, kind: .diffing(animated: animatingDifferences)),
      completion: completion)
  }

  /// Updates the view to show `snapshot`, and returns when it does.
  ///
  /// The same as ``apply(_:animatingDifferences:completion:isolation:)``,
  /// always queued, so that the diff runs off the data source's actor;
  /// awaiting it makes the next ``snapshot()`` return `snapshot` (or a later
  /// one).
  ///
  /// ```swift
  /// var snapshot = dataSource.snapshot()
  /// snapshot.appendItems(["fig"])
  /// await dataSource.apply(snapshot)
  /// dataSource.snapshot().itemIdentifiers.last  // "fig"
  /// ```
  ///
  /// - Complexity: As ``apply(_:animatingDifferences:completion:isolation:)``.
  @inlinable
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await _queueAndWait(
      _ApplyRequest(snapshot: snapshot, kind: .diffing(animated: animatingDifferences)))
  }

  /// Resets the view to show `snapshot` without diffing or animating: the
  /// view reloads everything.
  ///
  /// Use it to replace the whole content, when animating the change would be
  /// meaningless. Like ``apply(_:animatingDifferences:completion:isolation:)``,
  /// it is performed before it returns when nothing is queued, and queued
  /// with the other applies, in call order, otherwise.
  ///
  /// - Parameters:
  ///   - snapshot: What the view should show.
  ///   - completion: Runs once, in the data source's isolation, when the
  ///     view shows `snapshot` (or a later one that superseded it).
  ///   - isolation: The actor the data source lives on: the caller's.
  /// - Complexity: O(1) for the caller, then the view reloads on the
  ///   actor (before the call returns when performed at once).
  @inlinable
  public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (() -> Void)? = nil,
    isolation: isolated any Actor = #isolation
  ) {
    _submit(_ApplyRequest(snapshot: snapshot, kind: .reloadData), completion: completion)
  }

  /// Resets the view to show `snapshot` without diffing, and returns when it
  /// does.
  ///
  /// - Complexity: As ``applySnapshotUsingReloadData(_:completion:isolation:)``.
  @inlinable
  public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, isolation: isolated (any Actor)? = #isolation
  ) async {
    await _queueAndWait(_ApplyRequest(snapshot: snapshot, kind: .reloadData))
  }

  /// Performs a request at once if nothing is queued (see
  /// ``apply(_:animatingDifferences:completion:isolation:)``), or queues it
  /// and has a task of `isolation` drain the queue.
  @usableFromInline
  func _submit(
    _ request: _ApplyRequest<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)?, isolation: isolated any Actor = #isolation
  ) {
    if _performAtOnce(request, completion: completion) { return }
    _enqueue(request, completion: completion)
  }

  /// Queues a request, and starts a task of `isolation` draining the queue
  /// if none does.
  @usableFromInline
  func _enqueue(
    _ request: _ApplyRequest<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)?, isolation: isolated any Actor = #isolation
  ) {
    guard _queue.append(request, completion: completion) else { return }
    _startDraining()
  }

  /// Starts a task of `isolation` that drains the queue; the queue is
  /// busy, and nothing else drains it.
  func _startDraining(isolation: isolated any Actor = #isolation) {
    Task {
      _ = isolation
      await self._drain()
    }
  }

  /// Queues a request and returns when its completion runs: the `async`
  /// forms, which always queue, so that their diff runs off the data
  /// source's actor. With no task draining the queue, the caller drains it.
  @usableFromInline
  func _queueAndWait(
    _ request: _ApplyRequest<SectionIdentifierType, ItemIdentifierType>,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let signal = _Signal()
    if _queue.append(request, completion: signal.fire) { await _drain() }
    await signal.wait()
  }

  /// Counters of the apply pipeline: requests, skipped snapshots, diffs,
  /// empty applies, steps on the data source's actor and the time they
  /// took.
  @_spi(Testing)
  public var _applyStatistics: _ApplyStatistics { _queue.statistics }
}

/// Whether something happened, and the task waiting for it, in one
/// isolation: the completion of an `async` apply.
@usableFromInline
final class _Signal {
  private var fired = false
  private var waiter: CheckedContinuation<Void, Never>?

  @usableFromInline init() {}

  /// Marks it happened, resuming the waiter.
  func fire() {
    fired = true
    waiter?.resume()
    waiter = nil
  }

  /// Returns once ``fire()`` was called.
  func wait(isolation: isolated (any Actor)? = #isolation) async {
    guard !fired else { return }
    await withCheckedContinuation { waiter = $0 }
  }
}

// MARK: - Rounds

extension DiffableDataSource {
  /// Performs the waiting requests, round after round, until none waits;
  /// then the queue is free. Only one task drains at a time.
  ///
  /// Each round takes every waiting request, performs their changes on what
  /// the view shows and diffs the result, off the actor, then switches the
  /// view to it here. If the user moved an item meanwhile (the state's
  /// version changed), the round is performed again on what the view shows
  /// then; after two such rounds, the actor performs it itself if the
  /// snapshot changed again: reorders arriving faster than a diff could
  /// otherwise starve the apply.
  ///
  /// - Complexity: Per round, O(1) plus what the view does with the batch
  ///   on the actor; the round's changes and an O(*n*) diff off it (and on
  ///   it, when a stale round is rebuilt here).
  @usableFromInline
  func _drain(isolation: isolated (any Actor)? = #isolation) async {
    while let (requests, completions) = _queue.takeRound() {
      let rebuild = _ApplyQueue.rebuilding(requests)
      var staleRounds = 0
      while true {
        let base = _state
        var round = await _ApplyQueue.rebuild(base.contents, by: rebuild)
        _queue.count(round, onActor: false)
        if base.version != _state.version {
          guard staleRounds >= _staleRoundsBeforeDiffingOnActor else {
            _queue.statistics.staleRetries += 1
            staleRounds += 1
            continue
          }
          round = rebuild(_state.contents)
          _queue.count(round, onActor: true)
        }
        _timedStep { _commit(round, completions: completions) }
        break
      }
    }
    _queue.isBusy = false
  }

  /// Performs a request before the caller's `apply` returns, as UIKit does
  /// on the main queue, if nothing else is queued or in flight, and if the
  /// call does not come from inside the view's update or a completion
  /// (those wait for the next round, as queued requests do).
  ///
  /// - Returns: Whether the request was performed; if not, the caller
  ///   queues it.
  /// - Complexity: The request's changes and an O(*n*) diff, here on the
  ///   actor, plus what the view does with the batch.
  @usableFromInline
  func _performAtOnce(
    _ request: _ApplyRequest<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)?, isolation: isolated any Actor = #isolation
  ) -> Bool {
    guard !_isUpdatingView, _completionDepth == 0, !_queue.isBusy else { return false }
    _queue.isBusy = true
    _queue.statistics.requests += 1
    _queue.statistics.performedAtOnce += 1
    let round = _ApplyQueue.rebuilding([request])(_state.contents)
    _queue.count(round, onActor: true)
    _timedStep { _commit(round, completions: completion.map { [$0] } ?? []) }
    // Requests made meanwhile (by the view, a cell provider) waited: the
    // queue stays busy for the task that performs them.
    if _queue.pending.isEmpty {
      _queue.isBusy = false
    } else {
      _startDraining()
    }
    return true
  }

  /// Runs a step on the actor and adds it to the statistics.
  private func _timedStep(_ step: () -> Void) {
    let start = ContinuousClock.now
    step()
    _queue.statistics.actorSteps += 1
    _queue.statistics.actorTime += ContinuousClock.now - start
  }

  /// Switches the view to a round's target: one batch, nothing (the batch
  /// is empty) or a reload; the completions run once the view is done.
  private func _commit(
    _ round: _Round<SectionIdentifierType, ItemIdentifierType>,
    completions: [() -> Void]
  ) {
    let gate = _CompletionGate(completions) { [weak self] run in
      self?._completionDepth += 1
      run()
      self?._completionDepth -= 1
    }
    if let batch = round.batch, batch.isEmpty {
      // Nothing the view shows changes; identifiers may carry new payloads.
      _state.replace(with: round.target)
      _queue.statistics.emptyApplies += 1
      gate.viewDidComplete()
    } else if let batch = round.batch {
      _performBatch(batch, to: round.target, animatingDifferences: round.animated, gate: gate)
    } else {
      _state.replace(with: round.target)
      _isUpdatingView = true
      _connection.reloadData()
      _isUpdatingView = false
      gate.viewDidComplete()
    }
    gate.engineStepDidFinish()
  }

  private func _performBatch(
    _ batch: BatchUpdate, to target: _Contents<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool, gate: _CompletionGate
  ) {
    let operation: StaticString =
      "performBatchUpdates(_:animatingDifferences:rowAnimation:updatingData:completion:)"
    var updated = false
    _isUpdatingView = true
    _connection.performBatchUpdates(
      batch, animatingDifferences: animatingDifferences, rowAnimation: defaultRowAnimation,
      updatingData: { [self] in
        guard !updated else {
          _diffableFailure(operation, "the view called updatingData twice; call it exactly once")
        }
        updated = true
        _state.replace(with: target)
      },
      completion: { _ in gate.viewDidComplete() })
    guard updated else {
      _diffableFailure(
        operation,
        "the view returned without calling updatingData; call it exactly once, inside the "
          + "batch, before returning")
    }
    if !batch.itemReconfigures.isEmpty {
      _connection.reconfigureItems(at: batch.itemReconfigures)
    }
    _isUpdatingView = false
  }
}

/// Runs the completions of one apply exactly once, when both the view has
/// called its completion and the engine has finished its step (reconfigures
/// included), whichever comes last.
final class _CompletionGate {
  private var completions: [() -> Void]
  private var viewIsDone = false
  private var engineIsDone = false
  /// Runs the completions it is given: the data source marks that it is
  /// inside a completion meanwhile.
  private let around: (() -> Void) -> Void

  init(
    _ completions: [() -> Void],
    around: @escaping (() -> Void) -> Void
  ) {
    self.completions = completions
    self.around = around
  }

  func viewDidComplete() {
    guard !viewIsDone else {
      _diffableFailure(
        "performBatchUpdates(_:animatingDifferences:rowAnimation:updatingData:completion:)",
        "the view called the completion twice; call it exactly once")
    }
    viewIsDone = true
    runIfDone()
  }

  func engineStepDidFinish() {
    engineIsDone = true
    runIfDone()
  }

  private func runIfDone() {
    guard viewIsDone && engineIsDone else { return }
    let completions = self.completions
    self.completions = []
    guard !completions.isEmpty else { return }
    around {
      for completion in completions { completion() }
    }
  }
}
