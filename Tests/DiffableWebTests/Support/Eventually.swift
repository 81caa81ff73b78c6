import Testing

/// Waits until `condition` holds, checking it every millisecond; records an
/// issue and returns `false` if it does not hold within four minutes, so
/// that a test waiting for something that never happens fails instead of
/// running forever. It runs in its caller's isolation.
///
/// The deadline catches what never happens, not what is slow: under
/// ThreadSanitizer on a loaded machine, other tests' work can hold this
/// one back for over a minute. Sleeping between checks, rather than
/// yielding, leaves the main actor and the cores to the work waited for.
@discardableResult
func eventually(
  _ what: String, _ condition: () -> Bool, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(240)
  while !condition() {
    guard ContinuousClock.now < deadline else {
      Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
      return false
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
