#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Something worth telling a developer that is not an error.
///
/// UIKit logs these to the console. swift-diffable hands them to
/// ``DiffableDiagnostics``, which writes them to standard error unless you
/// bind your own handler with ``DiffableDiagnostics/withHandler(_:operation:)``,
/// for example to fail a test or to count them.
public struct DiffableDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// The public member that produced the diagnostic, such as
  /// `"appendItems(_:toSection:)"`.
  public var operation: String
  /// A sentence describing what happened, naming the identifiers involved.
  public var message: String

  /// Creates a diagnostic.
  public init(operation: String, message: String) {
    self.operation = operation
    self.message = message
  }

  /// The operation and the message, such as `"appendItems(_:toSection:): ..."`.
  public var description: String { "\(operation): \(message)" }
}

/// Where diagnostics go.
///
/// By default each diagnostic is written to standard error as one line.
/// ``withHandler(_:operation:)`` sends the diagnostics reported by the code it
/// runs to a handler of yours instead, for example to fail a test or to count
/// them. The binding is task-local: it covers the operation and the child
/// tasks it creates, and nothing else, so concurrent tests do not see each
/// other's diagnostics.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, String>()
/// snapshot.appendSections(["fruits", "veg"])
/// snapshot.appendItems(["apple"], toSection: "fruits")
/// let seen = Mutex<[DiffableDiagnostic]>([])
/// DiffableDiagnostics.withHandler({ diagnostic in seen.withLock { $0.append(diagnostic) } }) {
///   snapshot.appendItems(["apple"], toSection: "veg")  // "apple" moves
///   _ = snapshot.indexOfItem("apple")  // one diagnostic by now (debug builds: at the append)
/// }
/// ```
public enum DiffableDiagnostics {
  /// Runs `operation`, sending every diagnostic it reports to `handler`.
  ///
  /// - Parameters:
  ///   - handler: Receives each diagnostic, on the thread that reports it.
  ///   - operation: The code whose diagnostics `handler` receives.
  /// - Returns: What `operation` returns.
  /// - Complexity: O(1) on top of `operation`.
  @discardableResult
  public static func withHandler<Result, Failure: Error>(
    _ handler: @escaping @Sendable (DiffableDiagnostic) -> Void,
    operation: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // A closure stored directly in a task-local crashes optimized builds of
    // Swift 6.3 (swiftlang/swift#88321); a struct around it does not.
    let result: Swift.Result<Result, Failure> = _Handler.$current.withValue(_Handler(handler)) {
      do throws(Failure) { return .success(try operation()) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Runs an asynchronous `operation`, sending every diagnostic it and its
  /// child tasks report to `handler`.
  ///
  /// - Complexity: O(1) on top of `operation`.
  @discardableResult
  public static func withHandler<Result: Sendable>(
    _ handler: @escaping @Sendable (DiffableDiagnostic) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await _Handler.$current.withValue(_Handler(handler), operation: operation)
  }

  /// Hands a diagnostic to the handler bound for the current task, or writes
  /// it to standard error if none is bound.
  ///
  /// Layers built on the snapshots report through this too, so one handler
  /// sees everything.
  ///
  /// - Complexity: O(1) plus what the handler does.
  public static func report(_ diagnostic: DiffableDiagnostic) {
    _Handler.current.body(diagnostic)
  }

  @usableFromInline
  static func report(_ operation: StaticString, _ message: String) {
    report(DiffableDiagnostic(operation: "\(operation)", message: message))
  }
}

/// The task-local binding behind ``DiffableDiagnostics``.
private struct _Handler: Sendable {
  var body: @Sendable (DiffableDiagnostic) -> Void

  init(_ body: @escaping @Sendable (DiffableDiagnostic) -> Void) { self.body = body }

  @TaskLocal static var current = _Handler { diagnostic in
    _writeToStandardError("swift-diffable warning: \(diagnostic)\n")
  }
}

private func _writeToStandardError(_ text: String) {
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  #else
    print(text, terminator: "")
  #endif
}
