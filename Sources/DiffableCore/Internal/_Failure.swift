// Programmer errors stop the program with a message that names the operation.
//
// `precondition` drops its message in optimized builds, so every check in this
// package reports through `_diffableFailure`, which is built on `fatalError`
// and prints in every configuration but `-Ounchecked`. The helpers have
// `package` access so that the package's other modules report the same way.

/// Stops the program, naming the operation that was misused.
///
/// - Parameters:
///   - operation: The public member that was called, as it reads in source,
///     for example `"appendItems(_:toSection:)"`.
///   - message: What was wrong, naming the identifiers involved.
@usableFromInline
@inline(never)
package func _diffableFailure(
  _ operation: StaticString, _ message: String,
  file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError("\(operation): \(message)", file: file, line: line)
}

/// A short, bounded rendering of identifiers for error messages: at most
/// eight, then a count of the rest.
@usableFromInline
package func _describe<C: Collection>(_ identifiers: C) -> String {
  let shown = identifiers.prefix(8).map { String(reflecting: $0) }
  let rest = identifiers.count - shown.count
  return "[" + shown.joined(separator: ", ") + (rest > 0 ? ", … (\(rest) more)" : "") + "]"
}

/// Stops because `value` is equal to `twin` but the two hash differently:
/// the identifier type's `Hashable` conformance is broken.
@usableFromInline
@inline(never)
package func _hashMismatchFailure<T: Hashable>(
  _ value: T, equalTo twin: T, _ kind: String, _ operation: StaticString
) -> Never {
  _diffableFailure(
    operation,
    "\(kind) identifier \(_describe([value])) is equal to \(_describe([twin])) "
      + "but the two hash differently; \(T.self)'s hash(into:) must feed exactly the "
      + "properties that == compares")
}
