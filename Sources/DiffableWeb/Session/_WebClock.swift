/// The clock a session reads and sleeps on, whatever its type: instants
/// are the durations since the session began.
struct _WebClock: Sendable {
  /// The time since the session began.
  let now: @Sendable () -> Duration
  /// Sleeps until `instant` (a time since the session began); throws when
  /// the task is cancelled.
  let sleep: @Sendable (_ instant: Duration) async throws -> Void

  /// `clock`, from now on.
  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
  }
}
