import Foundation
import Testing

/// The README is the front door: every `swift run --package-path Demos demo
/// ...` command it shows must work, and print what the README says it
/// prints. (The root package's tests check its `swift run diffable` lines.)
@Suite("README demo commands")
struct ReadmeTests {
  /// A command shown in the README, with the output lines shown under it as
  /// `# ...` comments.
  struct Example: CustomTestStringConvertible {
    var arguments: [String]
    var expectedLines: [String]
    var testDescription: String { (["demo"] + arguments).joined(separator: " ") }
  }

  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let command = "swift run --package-path Demos demo"

  /// Every `swift run --package-path Demos demo` line inside a `sh` code
  /// block.
  static func examples() throws -> [Example] {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var examples: [Example] = []
    var current: Example?
    var inShellBlock = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inShellBlock = line == "```sh"
        continue
      }
      guard inShellBlock else { continue }
      if line == command || line.hasPrefix(command + " ") {
        if let current { examples.append(current) }
        let rest = line.dropFirst(command.count).split(separator: "#", maxSplits: 1).first ?? ""
        current = Example(arguments: rest.split(separator: " ").map(String.init), expectedLines: [])
      } else if line.hasPrefix("# "), current != nil {
        current?.expectedLines.append(String(line.dropFirst(2)))
      } else if let finished = current {
        examples.append(finished)
        current = nil
      }
    }
    if let current { examples.append(current) }
    return examples
  }

  @Test("the README starts with the demo and shows each demo")
  func readmeHasTheDemos() throws {
    let shown = try Self.examples().map(\.testDescription)
    #expect(shown.first == "demo")
    for name in ["wifi", "sort", "chat", "expand", "outline", "reststop"] {
      #expect(shown.contains { $0.hasPrefix("demo \(name)") }, "\(name)")
    }
  }

  @Test("the README names every demo that takes --interactive, and only those")
  func interactiveDemos() throws {
    let readme = try String(
      contentsOf: Self.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let sentence = try #require(
      readme.components(separatedBy: "\n\n").first { $0.contains("take\n`--interactive`") })
    for name in ["mountains", "wifi", "sort", "chat", "expand", "outline", "reststop"] {
      let help = try runDemo([name, "--help"]).standardOutput
      let named = sentence.contains("`\(name)`") && !sentence.contains("(`\(name)`")
      #expect(help.contains("--interactive") == named, "\(name)")
    }
  }

  @Test(
    "each demo command runs, prints what the README shows and leaves the clone clean",
    arguments: try examples())
  func commandRuns(_ example: Example) throws {
    // Run in an empty scratch directory, standing for the clone a reader
    // runs the command in: whatever the command writes, it must not write
    // there.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demo-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let run = try runDemo(example.arguments, in: directory)
    #expect(run.status == 0, "\(run.standardError)")
    if !example.expectedLines.isEmpty {
      #expect(run.outputLines.map(String.init) == example.expectedLines)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
  }
}
