import Testing

/// Waits until `condition` holds, yielding to other tasks meanwhile;
/// records an issue and returns `false` if it does not hold after many
/// turns, so that a test waiting for something that never happens fails
/// instead of running forever. It runs in its caller's isolation.
@discardableResult
func eventually(
  _ what: String, _ condition: () -> Bool, isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  for _ in 0..<1_000_000 {
    if condition() { return true }
    await Task.yield()
  }
  Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
  return false
}
