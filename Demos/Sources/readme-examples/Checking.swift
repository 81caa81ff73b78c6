import Foundation

// What the README's program (main.swift, generated from the README's Swift
// blocks by Scripts/extract-doc-examples.swift) checks with: the README's
// `expression  // value` lines become calls to `expect`, its `print` lines
// with the printed text become calls to `printChecking`.

/// The checks made so far, and the ones that failed.
@MainActor
enum Checks {
  static var made = 0
  static var failures: [String] = []
}

/// Records a failure, naming the condition, if `condition` is false.
@MainActor
func expect(_ condition: Bool, _ text: String) {
  Checks.made += 1
  if !condition { Checks.failures.append(text) }
}

/// Prints `items` as `print` does, and checks that the text, without its
/// final line breaks, is `expected`; an `expected` that ends in ` ...` need
/// only begin the text.
@MainActor
func printChecking(
  _ items: Any..., separator: String = " ", terminator: String = "\n", expecting expected: String
) {
  let text = items.map { "\($0)" }.joined(separator: separator) + terminator
  print(text, terminator: "")
  var printed = Substring(text)
  while printed.hasSuffix("\n") { printed = printed.dropLast() }
  if expected.hasSuffix(" ...") {
    expect(printed.hasPrefix(expected.dropLast(" ...".count)), "printed: \(printed)")
  } else {
    expect(printed == expected, "printed: \(printed)\nexpected: \(expected)")
  }
}

/// Says how many checks passed, or lists the failures and exits with
/// status 1.
@MainActor
func finishExamples() {
  guard Checks.failures.isEmpty else {
    for failure in Checks.failures {
      FileHandle.standardError.write(Data("failed: \(failure)\n".utf8))
    }
    FileHandle.standardError.write(
      Data("README examples: \(Checks.failures.count) of \(Checks.made) checks failed\n".utf8))
    exit(1)
  }
  print("README examples: all \(Checks.made) checks passed")
}
