import DemoScreens
import Diffable
import Foundation
import TerminalRenderer
import Testing

@testable import DemoCommand

@Suite("demo mountains")
struct MountainsDemoTests {
  static let mountains: [Mountain] = {
    do { return try Mountain.bundled() } catch { fatalError("\(error)") }
  }()

  /// The lines of the step from query `old` to query `new`, in plain text.
  static func step(
    from old: String, to new: String, order: MountainSearch.Order = .name,
    maximumLines: Int? = nil
  ) -> [String] {
    let search = MountainSearch(mountains: mountains, order: order)
    let (before, after) = (search.snapshot(matching: old), search.snapshot(matching: new))
    return MountainRows(search: search, styler: .plain).render(
      query: new, from: before, to: after, batch: BatchUpdate(from: before, to: after),
      maximumLines: maximumLines)
  }

  @Test("the rendered step marks deleted rows and keeps the matching row")
  func renderedStep() {
    let lines = Self.step(from: "ki", to: "kil")
    #expect(lines[0] == #"query "kil": 1 of \#(Self.mountains.count) mountains"#)
    #expect(lines.contains { $0.hasPrefix("   Kilimanjaro") && $0.contains("5,895 m") })
    #expect(lines.contains { $0.hasPrefix("-  Aoraki / Mount Cook") })
    #expect(lines.contains("batch update: 6 item deletes"))
    #expect(lines.contains(#"  delete item "Kings Peak" at [0, 2]"#))
  }

  @Test("a step cut to fit keeps its header and batch lines, and counts the rows it leaves out")
  func stepCutToFit() throws {
    let whole = Self.step(from: "", to: "k")
    let cut = Self.step(from: "", to: "k", maximumLines: 23)
    try #require(whole.count > 23)
    #expect(cut.count == 23)
    #expect(cut.first == whole.first)
    let more = try #require(cut.firstIndex { $0.hasPrefix("  … ") })
    #expect(Array(cut[..<more]) == Array(whole[..<more]))
    #expect(cut[more] == "  … \(whole.count - cut.count + 1) more rows")
    // What follows the list is the batch update, whole.
    #expect(cut[(more + 1)...].first?.hasPrefix("batch update: ") == true)
    #expect(Array(cut[(more + 1)...]) == Array(whole.suffix(cut.count - more - 1)))
  }

  @Test("a step that fits is not cut, and a tiny screen still shows three rows")
  func stepThatFits() {
    let whole = Self.step(from: "ki", to: "kil")
    #expect(Self.step(from: "ki", to: "kil", maximumLines: whole.count) == whole)
    let tiny = Self.step(from: "ki", to: "kil", maximumLines: 2)
    let listed = tiny.prefix { !$0.hasPrefix("batch update: ") }.dropFirst()
    #expect(listed.count == 3)
    #expect(listed.last == "  … \(whole.count - tiny.count + 1) more rows")
  }

  // MARK: The executable

  @Test("off a terminal, each step fits 24 lines and says how many rows it leaves out")
  func stepsFitTwentyFourLines() throws {
    let run = try runDemo(["mountains", "--fast"])
    #expect(run.status == 0)
    // The title and the legend, then each step after a blank line.
    let steps = run.outputLines.split(separator: "", omittingEmptySubsequences: false).dropFirst()
    #expect(steps.count == MountainsDemo.defaultSteps.count)
    for step in steps {
      #expect(step.count + 1 <= 24, "\(step.first ?? "")")
    }
    // The first step, from every mountain to those matching "k", is cut.
    let expected = Self.step(from: "", to: "k", maximumLines: 23)
    #expect(steps.first.map { $0.map(String.init) } == expected)
    #expect(expected.contains { $0.hasPrefix("  … ") && $0.hasSuffix(" more rows") })
  }

  @Test("runs on its own with --query, printing each step, no colour when piped")
  func runsWithQuery() throws {
    let run = try runDemo(["mountains", "--query", "kil"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let output = run.standardOutput
    #expect(!output.contains("\u{1B}["))
    #expect(output.contains(#"query "k": "#))
    #expect(output.contains(#"query "ki": 7 of "#))
    #expect(output.contains(#"query "kil": 1 of "#))
    let lastStep = try #require(output.range(of: #"query "kil""#)).upperBound
    let tail = output[lastStep...]
    #expect(tail.contains("   Kilimanjaro"))
    #expect(tail.contains("-  Kings Peak"))
    #expect(tail.contains("batch update: 6 item deletes"))
  }

  @Test("the default script types \"kil\" and erases a letter, so rows come back marked inserted")
  func defaultScript() throws {
    let run = try runDemo(["mountains", "--fast"])
    #expect(run.status == 0)
    let output = run.standardOutput
    let lastStep = try #require(output.range(of: #"query "ki""#, options: .backwards)).upperBound
    let tail = output[lastStep...]
    #expect(tail.contains("+  Kings Peak"))
    #expect(tail.contains("+  Mount Kinabalu"))
    #expect(tail.contains("batch update: 6 item inserts"))
  }

  @Test("sorting by match shows moves")
  func moves() throws {
    let lines = Self.step(from: "a", to: "an", order: .match)
    #expect(lines.contains { $0.contains("(moved from row") })
    // The executable's steps are cut to fit 24 lines: their batch lines
    // still count the moves.
    let run = try runDemo(["mountains", "--sort", "match", "--query", "an"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("item moves"))
  }

  @Test("`demo` lists the demos, then runs the mountains")
  func demoGroup() throws {
    let run = try runDemo(["--no-color"])
    #expect(run.status == 0)
    let lines = run.outputLines
    #expect(lines.first?.hasPrefix("Demos") == true)
    for demo in DemoRegistry.demos {
      let name = try #require(demo.configuration.commandName)
      #expect(lines.contains { $0.hasPrefix("  \(name) ") })
    }
    #expect(run.standardOutput.contains("Mountain search"))
    #expect(run.standardOutput.contains(#"query "kil""#))
  }

  @Test("--interactive needs a terminal: a clear error, not a hang")
  func interactiveWithoutTerminal() throws {
    let run = try runDemo(["mountains", "--interactive"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("needs standard input and output to be a terminal"))
  }

  @Test(
    "bad demo arguments are usage errors",
    arguments: [
      ["mountains", "--query", ""],
      ["mountains", "--sort", "colour"],
      ["mountains", "--delay", "-1"],
      ["--delay", "abc"],
      ["mountains", "--interactive", "--query", "k"],
      ["volcanoes"],
    ])
  func badArguments(arguments: [String]) throws {
    let run = try runDemo(arguments)
    #expect(run.status == 64, "\(arguments): \(run.standardError)")
    #expect(run.standardOutput == "")
  }
}
