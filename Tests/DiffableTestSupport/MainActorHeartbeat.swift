import Testing

/// Keeps a job of the main actor pending, every 20 ms, while the tests of a
/// suite run.
///
/// On Linux, a job enqueued on the main actor is now and then not run until
/// another job is enqueued there after it. A test that awaits something the
/// main actor must do then waits with every thread idle until the run is
/// stopped: a process inspected while stopped had no thread doing anything
/// and no timer pending. Measured on 2 cores kept busy by three other
/// processes, the data source, adapter and web session tests under
/// ThreadSanitizer stalled in 1 run of 5 without this trait (in a test
/// that uses no timer) and in none of 10 with it: a timer's job that wakes
/// on the main actor runs whatever waits there with it. It does not end
/// every stall: a later debug run of the whole suite, on a quiet machine,
/// stalled with many main-actor tests waiting at once, this trait
/// included (CI runs a stalled suite once more).
///
/// It changes when main-actor jobs run, never what they do: every
/// expectation still has to hold.
public struct MainActorHeartbeat: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    _ = heartbeat
    try await function()
  }
}

extension Trait where Self == MainActorHeartbeat {
  /// Keeps a job of the main actor pending while the suite's tests run (see
  /// ``MainActorHeartbeat``).
  public static var mainActorHeartbeat: Self { Self() }
}

/// The heartbeat: started by the first test that asks for it, it runs until
/// the process ends. (A global is initialized once, on first use, by any
/// thread.)
private let heartbeat = Task { @MainActor in
  while true {
    try? await Task.sleep(for: .milliseconds(20))
  }
}
