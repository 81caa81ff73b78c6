import Foundation
import Testing

/// The README is the front door: every `swift run diffable ...` command it
/// shows must work, and print what the README says it prints. (The `Demos`
/// package's tests check its `swift run --package-path Demos demo` lines.)
@Suite("README commands")
struct ReadmeTests {
  /// A command shown in the README, with the output lines shown under it as
  /// `# ...` comments.
  struct Example: CustomTestStringConvertible {
    var arguments: [String]
    var expectedLines: [String]
    var testDescription: String { "diffable " + arguments.joined(separator: " ") }
  }

  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every `swift run diffable` line inside a `sh` code block.
  static func examples() throws -> [Example] {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var examples: [Example] = []
    var inShellBlock = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inShellBlock = line == "```sh"
        continue
      }
      guard inShellBlock else { continue }
      if line.hasPrefix("swift run diffable ") {
        let command = line.dropFirst("swift run diffable ".count)
          .split(separator: "#", maxSplits: 1)[0]
        examples.append(
          Example(arguments: command.split(separator: " ").map(String.init), expectedLines: []))
      } else if line.hasPrefix("# "), !examples.isEmpty {
        examples[examples.count - 1].expectedLines.append(String(line.dropFirst(2)))
      }
    }
    return examples
  }

  @Test("the README shows the diff and layout commands")
  func readmeHasTheCommands() throws {
    let shown = try Self.examples().map(\.testDescription)
    #expect(shown.contains { $0.hasPrefix("diffable diff ") })
    #expect(shown.contains { $0.hasPrefix("diffable layout ") })
  }

  @Test(
    "each command runs, prints what the README shows and leaves the clone clean",
    arguments: try examples())
  func commandRuns(_ example: Example) throws {
    // Run in a scratch copy of the examples, standing for the clone a reader
    // runs the command in: whatever the command writes, it must not write
    // there.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "diffable-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      at: Self.repositoryRoot.appendingPathComponent("Examples"),
      to: directory.appendingPathComponent("Examples"))

    let run = try runDiffable(example.arguments, in: directory)
    #expect(run.status == 0, "\(run.standardError)")
    if !example.expectedLines.isEmpty {
      #expect(run.outputLines.map(String.init) == example.expectedLines)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Examples"])
    #expect(
      try FileManager.default.subpathsOfDirectory(
        atPath: directory.appendingPathComponent("Examples").path
      ).sorted()
        == FileManager.default.subpathsOfDirectory(
          atPath: Self.repositoryRoot.appendingPathComponent("Examples").path
        ).sorted())
  }
}
