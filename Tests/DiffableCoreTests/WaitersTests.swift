import Testing

@testable import DiffableCore

/// `_Waiters`: tasks waiting on a locked state, each resumed once.
@Suite("Waiters on a locked state")
struct WaitersTests {
  struct State {
    var level = 0
    var waiters = _Waiters<Int, Int>()
    var registrations = 0
  }

  /// The level, once it reaches the one waited for.
  static func reached(_ state: State, _ wanted: Int) -> Int? {
    state.level >= wanted ? state.level : nil
  }

  @Test("a condition that holds returns at once, and registers nothing")
  func atOnce() async {
    let state = _Locked(State(level: 3))
    let value = await state.wait(\.waiters, for: 2, outcome: Self.reached) { $0.registrations += 1 }
    #expect(value == 3)
    #expect(state.withLock { ($0.waiters.count, $0.registrations) } == (0, 0))
  }

  @Test("waiters are resumed by the change that satisfies them, and only them")
  func resumedByChange() async {
    let state = _Locked(State())
    let (registered, registration) = AsyncStream.makeStream(of: Int.self)
    async let low = state.wait(\.waiters, for: 1, outcome: Self.reached) {
      $0.registrations += 1
      registration.yield($0.registrations)
    }
    async let high = state.wait(\.waiters, for: 5, outcome: Self.reached) {
      $0.registrations += 1
      registration.yield($0.registrations)
    }
    var iterator = registered.makeAsyncIterator()
    _ = await iterator.next()
    _ = await iterator.next()
    #expect(state.withLock { $0.waiters.count } == 2)

    state.resumeWaiters(\.waiters, after: { $0.level = 2 }, outcome: Self.reached)
    #expect(await low == 2)
    #expect(state.withLock { $0.waiters.count } == 1)
    state.resumeWaiters(\.waiters, after: { $0.level = 7 }, outcome: Self.reached)
    #expect(await high == 7)
    #expect(state.withLock { $0.waiters.count } == 0)
  }

  @Test("a cancelled wait returns nil, whether it was waiting or not yet")
  func cancelled() async {
    let state = _Locked(State())
    let (registered, registration) = AsyncStream.makeStream(of: Void.self)
    let waiting = Task {
      await state.wait(\.waiters, for: 1, outcome: Self.reached) { _ in registration.yield() }
    }
    var iterator = registered.makeAsyncIterator()
    await iterator.next()
    waiting.cancel()
    #expect(await waiting.value == nil)
    #expect(state.withLock { $0.waiters.count } == 0)

    // Cancelled before it runs: it never registers, and holds nothing.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await state.wait(\.waiters, for: 1, outcome: Self.reached)
    }
    #expect(await early.value == nil)
    #expect(state.withLock { $0.waiters.count } == 0)
  }
}
