import Foundation

/// A value shared by the threads and tasks of a test, behind a lock.
public final class Shared<Value>: @unchecked Sendable {
  // `@unchecked`: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// A copy of the value, read under the lock.
  public var current: Value { withLock { $0 } }
}
