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

  @Test("the rendered step marks deleted rows and keeps the matching row")
  func renderedStep() {
    let search = MountainSearch(mountains: Self.mountains, order: .name)
    let old = search.snapshot(matching: "ki")
    let new = search.snapshot(matching: "kil")
    let lines = MountainRows(search: search, styler: .plain).render(
      query: "kil", from: old, to: new, batch: BatchUpdate(from: old, to: new))
    #expect(lines[0] == #"query "kil": 1 of \#(Self.mountains.count) mountains"#)
    #expect(lines.contains { $0.hasPrefix("   Kilimanjaro") && $0.contains("5,895 m") })
    #expect(lines.contains { $0.hasPrefix("-  Aoraki / Mount Cook") })
    #expect(lines.contains("batch update: 6 item deletes"))
    #expect(lines.contains(#"  delete item "Kings Peak" at [0, 2]"#))
  }

  // MARK: The executable

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
    let run = try runDemo(["mountains", "--sort", "match", "--query", "an"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("(moved from row"))
    #expect(run.standardOutput.contains("item move"))
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
