import DiffableCore
import Testing

@testable import DiffableWeb

/// The session's clock: timers without tasks on the clocks of real time.
@Suite("Web session: the clock's timers")
struct WebClockTests {
  @Test("a continuous clock's timer runs its action once the instant is reached, not before")
  func continuousTimer() async throws {
    let clock = _WebClock(ContinuousClock())
    let wake = try #require(clock.wake)
    let instant = clock.now() + .milliseconds(5)
    let seen: Duration = await withCheckedContinuation { continuation in
      wake(instant) { continuation.resume(returning: clock.now()) }
    }
    #expect(seen >= instant)
    // An instant already passed runs at once.
    let late: Duration = await withCheckedContinuation { continuation in
      wake(.zero) { continuation.resume(returning: clock.now()) }
    }
    #expect(late >= .zero)
  }

  @Test("a suspending clock has timers too; a manual one sleeps in tasks")
  func whichClocksHaveTimers() {
    #expect(_WebClock(SuspendingClock()).wake != nil)
    #expect(_WebClock(ManualClock()).wake == nil)
  }
}
