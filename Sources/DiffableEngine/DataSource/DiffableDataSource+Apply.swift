public import DiffableCore

// MARK: - Applying snapshots

extension DiffableDataSource {
  /// Updates the view to show `snapshot`, in one batch update computed by
  /// diffing it against what the view shows.
  ///
  /// Call it from any thread or task. Calls are performed in the order they
  /// are made; the diff runs off the main actor; the view changes on the
  /// main actor, where ``snapshot()`` then returns `snapshot` (without its
  /// marks). The first apply to an empty view reloads it instead.
  /// `animatingDifferences: false` still diffs (as UIKit does since iOS 15):
  /// cells keep their identity, the view just does not animate.
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
  /// - Complexity: O(1) for the caller. Then O(*n*) off the main actor for
  ///   the diff, *n* being the number of items, and on the main actor work
  ///   proportional to the change. With outline sections, also off the main
  ///   actor, O(*h*) expected for their *h* hidden items, and O(*k* × *d*)
  ///   to reconcile an outline section of *k* items and depth *d* whose
  ///   items changed.
  @inlinable
  public nonisolated func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    _queue.enqueue(
      _ApplyRequest(
        snapshot: snapshot, kind: .diffing(animated: animatingDifferences), completion: completion),
      owner: self)
  }

  /// Updates the view to show `snapshot`, and returns when it does.
  ///
  /// The same as ``apply(_:animatingDifferences:completion:)``; awaiting it
  /// makes the next ``snapshot()`` return `snapshot` (or a later one).
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
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
    }
  }

  /// Resets the view to show `snapshot` without diffing or animating: the
  /// view reloads everything.
  ///
  /// Use it to replace the whole content, when animating the change would be
  /// meaningless. It is queued with the other applies, in call order.
  ///
  /// - Parameters:
  ///   - snapshot: What the view should show.
  ///   - completion: Runs once on the main actor when the view shows
  ///     `snapshot` (or a later one that superseded it).
  /// - Complexity: O(1) for the caller; the view reloads on the main actor.
  @inlinable
  public nonisolated func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (@MainActor @Sendable () -> Void)? = nil
  ) {
    _queue.enqueue(
      _ApplyRequest(snapshot: snapshot, kind: .reloadData, completion: completion), owner: self)
  }

  /// Resets the view to show `snapshot` without diffing, and returns when it
  /// does.
  ///
  /// - Complexity: As ``applySnapshotUsingReloadData(_:completion:)``.
  @inlinable
  public nonisolated func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      applySnapshotUsingReloadData(snapshot) { continuation.resume() }
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
    let start = ContinuousClock.now
    defer {
      let elapsed = ContinuousClock.now - start
      _queue.record {
        $0.mainActorSteps += 1
        $0.mainActorTime += elapsed
      }
    }
    var round = round
    if version != _state.version {
      guard let rebuild else { return .stale(_state) }
      round = rebuild(_state.contents)
      _queue.record { $0.mainActorDiffs += 1 }
    }
    let gate = _CompletionGate(completions)
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
    return .committed
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

  init(_ completions: [@MainActor @Sendable () -> Void]) {
    self.completions = completions
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
    for completion in completions { completion() }
  }
}
