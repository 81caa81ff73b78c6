public import DiffableCore

// MARK: - Applying snapshots

extension DiffableDataSource {
  /// Updates the view to show `snapshot`, in one batch update computed by
  /// diffing it against what the view shows.
  ///
  /// Call it from any thread or task. Calls are performed in the order they
  /// are made; the view changes on the main actor, where ``snapshot()`` then
  /// returns `snapshot` (without its marks). The first apply to an empty
  /// view reloads it instead. `animatingDifferences: false` still diffs (as
  /// UIKit does since iOS 15): cells keep their identity, the view just does
  /// not animate.
  ///
  /// Called on the main actor while no other apply is queued or in flight,
  /// it is performed before it returns, as UIKit does on the main queue:
  /// the diff runs there, and the view and ``snapshot()`` show `snapshot`
  /// when the call returns (the completion still runs when the view has
  /// finished). Anywhere else (another thread or task, behind other
  /// applies, inside a completion or the view's update) it is queued and
  /// diffed off the main actor. The `async` form,
  /// ``apply(_:animatingDifferences:)``, always queues, so its diff never
  /// runs on the main actor.
  ///
  /// ```swift
  /// var snapshot = dataSource.snapshot()
  /// snapshot.appendItems(["fig"])
  /// dataSource.apply(snapshot) {
  ///   // on the main actor, once the view shows "fig"
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
  ///   - completion: Runs once on the main actor when the view shows
  ///     `snapshot` (or a later one that superseded it).
  /// - Complexity: Queued, O(1) for the caller, then O(*n*) off the main
  ///   actor for the diff, *n* being the number of items, and on the main
  ///   actor work proportional to the change (performed at once, the diff
  ///   runs on the main actor too). With outline sections, also off the main
  ///   actor, O(*h*) expected for their *h* hidden items, and O(*k* × *d*)
  ///   to reconcile an outline section of *k* items and depth *d* whose
  ///   items changed.
  @inlinable
  public nonisolated func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    _submit(
      _ApplyRequest(
        snapshot: snapshot, kind: .diffing(animated: animatingDifferences), completion: completion))
  }

  /// Updates the view to show `snapshot`, and returns when it does.
  ///
  /// The same as ``apply(_:animatingDifferences:completion:)``, always
  /// queued, so that the diff runs off the main actor; awaiting it makes the
  /// next ``snapshot()`` return `snapshot` (or a later one).
  ///
  /// ```swift
  /// var snapshot = dataSource.snapshot()
  /// snapshot.appendItems(["fig"])
  /// await dataSource.apply(snapshot)
  /// dataSource.snapshot().itemIdentifiers.last  // "fig"
  /// ```
  ///
  /// - Complexity: As ``apply(_:animatingDifferences:completion:)``.
  @inlinable
  public nonisolated func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    await _queueAndWait {
      _ApplyRequest(
        snapshot: snapshot, kind: .diffing(animated: animatingDifferences), completion: $0)
    }
  }

  /// Resets the view to show `snapshot` without diffing or animating: the
  /// view reloads everything.
  ///
  /// Use it to replace the whole content, when animating the change would be
  /// meaningless. Like ``apply(_:animatingDifferences:completion:)``, it is
  /// performed before it returns when called on the main actor with nothing
  /// queued, and queued with the other applies, in call order, otherwise.
  ///
  /// - Parameters:
  ///   - snapshot: What the view should show.
  ///   - completion: Runs once on the main actor when the view shows
  ///     `snapshot` (or a later one that superseded it).
  /// - Complexity: O(1) for the caller, then the view reloads on the main
  ///   actor (before the call returns when performed at once).
  @inlinable
  public nonisolated func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    _submit(_ApplyRequest(snapshot: snapshot, kind: .reloadData, completion: completion))
  }

  /// Resets the view to show `snapshot` without diffing, and returns when it
  /// does.
  ///
  /// - Complexity: As ``applySnapshotUsingReloadData(_:completion:)``.
  @inlinable
  public nonisolated func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
    await _queueAndWait { _ApplyRequest(snapshot: snapshot, kind: .reloadData, completion: $0) }
  }

  /// Performs a request at once when called on the main actor with nothing
  /// queued (see ``apply(_:animatingDifferences:completion:)``), or queues
  /// it.
  @usableFromInline
  nonisolated func _submit(
    _ request: _ApplyRequest<SectionIdentifierType, ItemIdentifierType>
  ) {
    if _MainQueue.isCurrent, MainActor.assumeIsolated({ _performAtOnce(request) }) { return }
    _queue.enqueue(request, owner: self)
  }

  /// Queues the request `makeRequest` makes with the completion it is
  /// given, and returns when that completion runs: the `async` forms, which
  /// always queue, so that their diff runs off the main actor.
  @inlinable
  nonisolated func _queueAndWait(
    _ makeRequest: (
      _ completion: @escaping @MainActor @Sendable () -> Void
    ) -> _ApplyRequest<SectionIdentifierType, ItemIdentifierType>
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _queue.enqueue(makeRequest { continuation.resume() }, owner: self)
    }
  }

  /// Counters of the apply pipeline: requests, skipped snapshots, diffs,
  /// empty applies, steps on the main actor and the time they took.
  @_spi(Testing)
  public nonisolated var _applyStatistics: _ApplyStatistics { _queue.statistics }
}

// MARK: - The main-actor step

extension DiffableDataSource {
  /// Performs one round on the view: switches to its target and hands its
  /// batch to the view (or reloads the view when it has none), then runs the
  /// completions once the view is done.
  ///
  /// - Parameters:
  ///   - round: What the worker made of the contents at `version`.
  ///   - version: The version of the contents the round was made from. If
  ///     the snapshot changed since (an interactive reorder), nothing
  ///     happens and the worker performs the round again, unless `rebuild`
  ///     is given.
  ///   - rebuild: Performs the round again here, on the current contents,
  ///     instead of sending a stale round back.
  /// - Complexity: O(1) here, plus what the view does with the batch; plus
  ///   the round's changes and an O(*n*) diff when the round was stale and
  ///   is rebuilt here.
  func _applyOnMainActor(
    _ round: _Round<SectionIdentifierType, ItemIdentifierType>, madeFrom version: Int,
    rebuildingIfStale rebuild: _Rebuild<SectionIdentifierType, ItemIdentifierType>?,
    completions: [@MainActor @Sendable () -> Void]
  ) -> _CommitOutcome<SectionIdentifierType, ItemIdentifierType> {
    _timedStep {
      var round = round
      if version != _state.version {
        guard let rebuild else { return .stale(_state) }
        round = rebuild(_state.contents)
        _queue.record { $0.mainActorDiffs += 1 }
      }
      _commit(round, completions: completions)
      return .committed
    }
  }

  /// Performs a request before the caller's `apply` returns, as UIKit does
  /// on the main queue, if nothing else is queued or in flight, and if the
  /// call does not come from inside the view's update or a completion
  /// (those wait for the next round, as queued requests do).
  ///
  /// - Returns: Whether the request was performed; if not, the caller
  ///   queues it.
  /// - Complexity: The request's changes and an O(*n*) diff, here on the
  ///   main actor, plus what the view does with the batch.
  @usableFromInline
  func _performAtOnce(_ request: _ApplyRequest<SectionIdentifierType, ItemIdentifierType>)
    -> Bool
  {
    guard !_isUpdatingView, _completionDepth == 0, _queue.claimIfIdle() else { return false }
    defer { _queue.endClaim(owner: self) }
    let queue = _queue
    let rebuild = _ApplyQueue.rebuilding([request]) {
      queue.record {
        $0.diffs += 1
        $0.mainActorDiffs += 1
      }
    }
    _timedStep {
      _commit(rebuild(_state.contents), completions: request.completion.map { [$0] } ?? [])
    }
    return true
  }

  /// Runs a step on the main actor and adds it to the statistics.
  private func _timedStep<Result>(_ step: () -> Result) -> Result {
    let start = ContinuousClock.now
    defer {
      let elapsed = ContinuousClock.now - start
      _queue.record {
        $0.mainActorSteps += 1
        $0.mainActorTime += elapsed
      }
    }
    return step()
  }

  /// Switches the view to a round's target: one batch, nothing (the batch
  /// is empty) or a reload; the completions run once the view is done.
  private func _commit(
    _ round: _Round<SectionIdentifierType, ItemIdentifierType>,
    completions: [@MainActor @Sendable () -> Void]
  ) {
    let gate = _CompletionGate(completions) { [weak self] run in
      self?._completionDepth += 1
      run()
      self?._completionDepth -= 1
    }
    if let batch = round.batch, batch.isEmpty {
      // Nothing the view shows changes; identifiers may carry new payloads.
      _state.replace(with: round.target)
      _queue.record { $0.emptyApplies += 1 }
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
@MainActor
final class _CompletionGate {
  private var completions: [@MainActor @Sendable () -> Void]
  private var viewIsDone = false
  private var engineIsDone = false
  /// Runs the completions it is given: the data source marks that it is
  /// inside a completion meanwhile.
  private let around: @MainActor (() -> Void) -> Void

  init(
    _ completions: [@MainActor @Sendable () -> Void],
    around: @escaping @MainActor (() -> Void) -> Void
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
