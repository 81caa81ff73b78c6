import DiffableCore

/// A clock the test moves by hand: its time stands still until
/// ``advance(by:)``, which wakes every sleep due by then. Nothing waits on
/// real time.
final class ManualClock: Clock, Sendable {
  typealias Instant = ContinuousClock.Instant

  private struct State {
    var elapsed: Duration = .zero
    /// The sleeps, each with its deadline.
    var sleepers = _Waiters<Instant, Void>()
    /// Those waiting for a number of sleeps, with the number.
    var watchers = _Waiters<Int, Void>()
  }

  let start = ContinuousClock.now
  private let state = _Locked(State())

  var now: Instant { start + state.withLock { $0.elapsed } }
  var minimumResolution: Duration { .zero }

  /// Moves the time on by `duration`, and wakes the sleeps due by then.
  func advance(by duration: Duration) {
    state.resumeWaiters(\.sleepers, after: { $0.elapsed += duration }, outcome: due)
  }

  /// Returns once at least `count` sleeps wait on the clock.
  func sleeping(_ count: Int = 1) async {
    _ = await state.wait(\.watchers, for: count) { state, count in
      state.sleepers.count >= count ? () : nil
    }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let woke: Void? = await state.wait(\.sleepers, for: deadline, outcome: due) { state in
      // One more sleep waits: wake those waiting for as many.
      let sleeping = state.sleepers.count
      for (watcher, _) in state.watchers.takeDone({ $0 <= sleeping ? () : nil }) {
        watcher.resume(returning: ())
      }
    }
    if woke == nil { throw CancellationError() }
  }

  /// Whether a sleep until `deadline` is due in `state`.
  private func due(_ state: State, _ deadline: Instant) -> Void? {
    deadline <= start + state.elapsed ? () : nil
  }
}
