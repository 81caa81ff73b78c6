/// The tasks waiting for a condition on the state a ``_Locked`` guards,
/// each resumed once: with a value when the state satisfies its condition,
/// or with `nil` when its task is cancelled, even before it began to wait.
///
/// Kept inside the state it waits on, so that testing a condition and
/// registering a waiter happen under one lock: the web session's outbox
/// (for its transport to close) and the tests' manual clock (for a
/// deadline) use it.
package struct _Waiters<Condition, Value: Sendable> {
  fileprivate var waiting:
    [Int: (condition: Condition, continuation: CheckedContinuation<Value?, Never>)] = [:]
  /// Numbers of waits cancelled before they registered.
  fileprivate var cancelledEarly: Set<Int> = []
  fileprivate var nextNumber = 0

  package init() {}

  /// How many tasks wait.
  package var count: Int { waiting.count }

  /// Removes the waiters that `outcome` says are done, and returns them
  /// with their values, to be resumed once the lock is released.
  package mutating func takeDone(
    _ outcome: (Condition) -> Value?
  ) -> [(CheckedContinuation<Value?, Never>, Value)] {
    var done: [(CheckedContinuation<Value?, Never>, Value)] = []
    for (number, waiter) in waiting {
      guard let value = outcome(waiter.condition) else { continue }
      waiting[number] = nil
      done.append((waiter.continuation, value))
    }
    return done
  }
}

extension _Locked {
  /// Returns the value `outcome` gives for `condition` in the state, as
  /// soon as it gives one: at once, or after a change announced with
  /// ``resumeWaiters(_:after:outcome:)``; `nil` if the calling task is
  /// cancelled first.
  ///
  /// - Parameters:
  ///   - waiters: Where the state keeps the waiters of this kind.
  ///   - condition: What the caller waits for.
  ///   - outcome: The value for a condition in a state, or `nil` while it
  ///     does not hold.
  ///   - registered: Runs under the lock once the waiter is registered.
  package func wait<Condition, Value: Sendable>(
    _ waiters: WritableKeyPath<State, _Waiters<Condition, Value>> & Sendable,
    for condition: Condition,
    outcome: (State, Condition) -> Value?,
    registered: (inout State) -> Void = { _ in }
  ) async -> Value? {
    let number = withLock { state in
      defer { state[keyPath: waiters].nextNumber += 1 }
      return state[keyPath: waiters].nextNumber
    }
    let value = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let now: Value?? = withLock { state in
          if state[keyPath: waiters].cancelledEarly.remove(number) != nil { return .some(nil) }
          if let value = outcome(state, condition) { return .some(value) }
          state[keyPath: waiters].waiting[number] = (condition, continuation)
          registered(&state)
          return .none
        }
        if let now { continuation.resume(returning: now) }
      }
    } onCancel: {
      let waiter = withLock { state in
        let waiter = state[keyPath: waiters].waiting.removeValue(forKey: number)
        if waiter == nil { state[keyPath: waiters].cancelledEarly.insert(number) }
        return waiter
      }
      waiter?.continuation.resume(returning: nil)
    }
    // A cancellation after the waiter was resumed left its number behind.
    withLock { _ = $0[keyPath: waiters].cancelledEarly.remove(number) }
    return value
  }

  /// Changes the state, then resumes the waiters whose condition then
  /// holds, with the value `outcome` gives.
  package func resumeWaiters<Condition, Value: Sendable>(
    _ waiters: WritableKeyPath<State, _Waiters<Condition, Value>>,
    after change: (inout State) -> Void, outcome: (State, Condition) -> Value?
  ) {
    let done = withLock { state in
      change(&state)
      // Taken out while it changes, so that the state read by `outcome`
      // does not share its storage.
      var list = state[keyPath: waiters]
      state[keyPath: waiters] = _Waiters()
      defer { state[keyPath: waiters] = list }
      return list.takeDone { outcome(state, $0) }
    }
    for (continuation, value) in done { continuation.resume(returning: value) }
  }
}
