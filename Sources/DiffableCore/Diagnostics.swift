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
/// ``DiffableDiagnostics/handler``, which writes them to standard error unless
/// you bind your own handler, for example to fail a test or to count them.
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

  public var description: String { "\(operation): \(message)" }
}

/// Where diagnostics go.
///
/// The handler is a task-local value, so tests can observe diagnostics without
/// any global state:
///
/// ```swift
/// var seen: [DiffableDiagnostic] = []
/// DiffableDiagnostics.$handler.withValue({ seen.append($0) }) {
///   snapshot.appendItems(["a"])  // "a" already exists: it moves, and a diagnostic is reported
/// }
/// ```
public enum DiffableDiagnostics {
  /// Receives every diagnostic reported by the code running in this task (or
  /// thread, for synchronous code). The default writes one line to standard
  /// error.
  @TaskLocal public static var handler: @Sendable (DiffableDiagnostic) -> Void = { diagnostic in
    _writeToStandardError("swift-diffable warning: \(diagnostic)\n")
  }

  @usableFromInline
  static func report(_ operation: StaticString, _ message: String) {
    handler(DiffableDiagnostic(operation: "\(operation)", message: message))
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
