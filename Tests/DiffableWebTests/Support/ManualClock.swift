import DiffableCore

/// A clock the test moves by hand: its time stands still until
/// ``advance(by:)``, which wakes every sleep due by then. Nothing waits on
/// real time.
final class ManualClock: Clock, Sendable {
  typealias Instant = ContinuousClock.Instant

  private struct State {
    var elapsed: Duration = .zero
    /// The sleeps, by number, each with its deadline.
    var sleepers: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] =
      [:]
    var nextSleeper = 0
    /// Sleeps cancelled before they began to wait.
    var cancelled: Set<Int> = []
    /// Those waiting for a number of sleeps, with the number.
    var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  let start = ContinuousClock.now
  private let state = _Locked(State())

  var now: Instant { start + state.withLock { $0.elapsed } }
  var minimumResolution: Duration { .zero }

  /// Moves the time on by `duration`, and wakes the sleeps due by then.
  func advance(by duration: Duration) {
    let due = state.withLock { state in
      state.elapsed += duration
      let now = start + state.elapsed
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for number in due.keys { state.sleepers[number] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Returns once at least `count` sleeps wait on the clock.
  func sleeping(_ count: Int = 1) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.sleepers.count >= count { return true }
        state.watchers.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let number = state.withLock { state in
      defer { state.nextSleeper += 1 }
      return state.nextSleeper
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (outcome, watchers) = state.withLock {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
          if state.cancelled.remove(number) != nil { return (.failure(CancellationError()), []) }
          if deadline <= start + state.elapsed { return (.success(()), []) }
          state.sleepers[number] = (deadline, continuation)
          let count = state.sleepers.count
          let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
          state.watchers.removeAll { $0.count <= count }
          return (nil, ready)
        }
        for watcher in watchers { watcher.resume() }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        let sleeper = state.sleepers.removeValue(forKey: number)
        if sleeper == nil { state.cancelled.insert(number) }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    state.withLock { _ = $0.cancelled.remove(number) }
  }
}
