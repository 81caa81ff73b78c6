import Dispatch

/// The clock a session reads and sleeps on, whatever its type: instants
/// are the durations since the session began.
struct _WebClock: Sendable {
  /// The time since the session began.
  let now: @Sendable () -> Duration
  /// Sleeps until `instant` (a time since the session began); throws when
  /// the task is cancelled.
  let sleep: @Sendable (_ instant: Duration) async throws -> Void
  /// Runs an action once `instant` is reached or passed, without a task:
  /// a timer of Dispatch's, for the clocks of real time (continuous and
  /// suspending); `nil` for other clocks, which only a task sleeping on
  /// them can follow. The action runs off any actor, once, and cannot be
  /// called off: it checks for itself whether it is still wanted.
  ///
  /// A sleeping task costs a connection about 2 KiB of task memory for
  /// its whole life; a Dispatch timer about 200 bytes.
  let wake: (@Sendable (_ instant: Duration, _ action: @escaping @Sendable () -> Void) -> Void)?

  /// `clock`, from now on.
  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    if C.self == ContinuousClock.self || C.self == SuspendingClock.self {
      wake = { instant, action in
        let left = clock.now.duration(to: origin.advanced(by: instant)).components
        let nanoseconds =
          left.seconds < 0
          ? 0 : min(left.seconds, 1 << 32) * 1_000_000_000 + left.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(
          deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: action)
      }
    } else {
      wake = nil
    }
  }
}
