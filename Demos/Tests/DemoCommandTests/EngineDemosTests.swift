import DemoScreens
import Diffable
import Foundation
import TerminalRenderer
import Testing

@testable import DemoCommand

/// The demos that drive the data source engine: each runs unattended,
/// finishes on its own, and is run here as users run it.
@Suite("demo wifi, sort, chat, expand, outline")
struct EngineDemosTests {
  /// Runs `demo` with `arguments`, expecting it to succeed without a
  /// word on standard error, and returns its output.
  func demoOutput(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let run = try runDemo(arguments, sourceLocation: sourceLocation)
    #expect(run.status == 0, sourceLocation: sourceLocation)
    #expect(run.standardError == "", sourceLocation: sourceLocation)
    return run.standardOutput
  }

  /// The text after the last line starting with `caption`.
  func lastStep(_ output: String, _ caption: String) throws -> Substring {
    let start = try #require(output.range(of: "\n" + caption, options: .backwards)).upperBound
    return output[start...]
  }

  func batchCount(_ output: String) -> Int {
    output.split(separator: "\n").filter { $0.hasPrefix("batch update: ") }.count
  }

  // MARK: wifi

  @Test("wifi: Wi-Fi on, scans, off and on again; every step is one apply")
  func wifi() throws {
    let output = try demoOutput(["wifi", "--fast", "--steps", "6"])
    #expect(!output.contains("\u{1B}["))
    #expect(output.contains("reloadData: 1 rows"), "the first apply reloads")
    #expect(batchCount(output) == 6)
    let on = try lastStep(output, "Wi-Fi on: scan 5 finds ")
    #expect(on.contains("+ Choose a network…"))
    // Turning Wi-Fi on is a scan of its own, named in the caption, and the
    // list shows what it found.
    #expect(output.contains("Wi-Fi on: scan 1 finds "))
    let found = try #require(Int(on.prefix { $0.isNumber }))
    let networks = on.split(separator: "\n").filter { $0.hasPrefix("+      ") }
    #expect(networks.count == found, "\(on)")
    #expect(on.contains("~    Wi-Fi                   [ on ]  (reconfigured)"))
    #expect(on.contains(#"insert item "Home" at [0, 1]"#))
    let off = try lastStep(output, "Wi-Fi off: it goes")
    #expect(off.contains("- Choose a network…"))
    #expect(off.contains("delete section Choose a network… at 1"))
    #expect(output.contains("scan 3: "))
    #expect(!output.contains("scan 5: "), "the fifth scan is the one Wi-Fi on made")
  }

  @Test("wifi: the same seed gives the same run, another seed another")
  func wifiSeed() throws {
    let first = try runDemo(["wifi", "--fast", "--seed", "7"])
    let again = try runDemo(["wifi", "--fast", "--seed", "7"])
    let other = try runDemo(["wifi", "--fast", "--seed", "8"])
    #expect(first.standardOutput == again.standardOutput)
    #expect(first.standardOutput != other.standardOutput)
  }

  // MARK: sort

  @Test("sort: one move per unsorted row per step, then a reshuffle when sorted")
  func sort() throws {
    // Two rows of three cells are sorted within four steps.
    let output = try demoOutput([
      "sort", "--fast", "--rows", "2", "--width", "3", "--steps", "5",
    ])
    #expect(output.contains("every row is sorted; shuffle again"))
    for line in output.split(separator: "\n") where line.hasPrefix("batch update: ") {
      let isMoves = line == "batch update: 1 item move" || line == "batch update: 2 item moves"
      let isShuffle = line.contains("item deletes") && line.contains("item inserts")
      #expect(isMoves || isShuffle, "\(line)")
    }
    #expect(output.contains("row 1  a b c"))
    #expect(output.contains("row 2  a b c"))
  }

  @Test("sort: colour blocks when colour is on")
  @MainActor
  func sortBlocks() {
    #expect(SortSession.block(0, of: 10, styler: .plain) == "a ")
    #expect(SortSession.block(9, of: 10, styler: .plain) == "j ")
    let coloured = SortSession.block(0, of: 10, styler: TextStyler(isEnabled: true))
    #expect(coloured.hasPrefix("\u{1B}[38;5;") && coloured.contains("██"))
    #expect(visibleWidth(coloured) == 2)
  }

  @Test("sort: in colour, where every cell's text is a block, batch lines name cells by letter")
  @MainActor
  func sortNamesCellsInColour() {
    let session = SortSession(rows: 1, width: 3, seed: 1, styler: TextStyler(isEnabled: true))
    #expect(session.view.describeItem?(SortCell(row: 0, value: 2, round: 0)) == "c")
    #expect(session.view.describeItem?(SortCell(row: 0, value: 0, round: 1)) == "a")
  }

  // MARK: chat

  @Test("chat: the history, then typing, messages and replies, each one apply")
  func chat() throws {
    let output = try demoOutput(["chat", "--fast", "--steps", "2"])
    #expect(output.contains("reloadData: 3 rows"))
    #expect(batchCount(output) == 6)
    let arrival = try lastStep(output, "Ada's message replaces the indicator")
    #expect(arrival.contains("-    Ada is typing…"))
    #expect(arrival.contains("+    Ada: One insert, one delete, one reconfigure. All in one go."))
    #expect(arrival.contains("~    you: It did, smoothly.  ✓✓ read  (reconfigured)"))
    #expect(arrival.contains("batch update: 1 item delete, 1 item insert, 1 item reconfigure"))
    let reply = try lastStep(output, "you reply")
    #expect(reply.contains("+    you: Even the typing indicator?  ✓ sent"))
  }

  // MARK: expand

  @Test("expand: each selection reconfigures one row, which grows or shrinks in place")
  func expand() throws {
    let output = try demoOutput(["expand", "--fast", "--steps", "3"])
    #expect(batchCount(output) == 3)
    for line in output.split(separator: "\n") where line.hasPrefix("batch update: ") {
      #expect(line == "batch update: 1 item reconfigure")
    }
    let opened = try lastStep(output, #"select "The diff": expand"#)
    #expect(opened.contains("~  ▾ The diff\n     The data source compares the new snapshot"))
    #expect(opened.contains(#"reconfigure item "The diff" at [0, 1]"#))
    let closed = try lastStep(output, #"select "The diff": collapse"#)
    #expect(closed.contains("~  ▸ The diff  The data source compares"))
  }

  @Test("expand: texts wrap at word boundaries")
  @MainActor
  func wrap() {
    #expect(ExpandSession.wrap("one two three four", width: 9) == ["one two", "three", "four"])
    #expect(ExpandSession.wrap("", width: 9) == [])
  }

  // MARK: outline

  @Test("outline: folders open and close as a user taps them, through the handlers")
  func outline() throws {
    let output = try demoOutput(["outline", "--fast"])
    #expect(!output.contains("\u{1B}["))
    #expect(output.contains("reloadData: 4 rows"), "the tree starts closed")
    // Ten steps, one refused.
    #expect(batchCount(output) == 9)
    let first = try lastStep(
      output, #"open "Sources/DiffableCore/" (snapshotForExpandingParent loaded 3 entries)"#)
    #expect(first.contains("~  ▾ DiffableCore/  (reconfigured)\n+    ▸ Snapshot/\n"))
    #expect(first.contains("batch update: 3 item inserts, 1 item reconfigure"))
    #expect(first.contains(#"insert item "Sources/DiffableCore/Snapshot/" at [0, 1]"#))
    #expect(first.contains(#"reconfigure item "Sources/DiffableCore/" at [0, 0]"#))
    #expect(
      output.contains(
        #"open "Package.swift": shouldExpandItem said no (a file does not open); nothing changes"#
      ))
    // Opened again: the entries are loaded already, and SectionSnapshot/
    // is still open inside.
    let reopened = try lastStep(output, #"open "Sources/DiffableCore/""# + "\n")
    #expect(
      reopened.contains("+    ▾ SectionSnapshot/\n+        DiffableDataSourceSectionSnapshot.swift")
    )
    #expect(reopened.contains("batch update: 5 item inserts, 1 item reconfigure"))
    let closed = try lastStep(output, #"close "Sources/DiffableCore/""#)
    #expect(closed.contains("-    ▸ Snapshot/"))
    #expect(closed.contains("batch update: 3 item deletes, 1 item reconfigure"))
    #expect(closed.contains("   ▸ DiffableEngine/\n   ▸ diffable/\n     Package.swift"))
  }

  @Test("outline: --steps goes round the script again, with the entries loaded")
  func outlineSteps() throws {
    let run = try runDemo(["outline", "--fast", "--steps", "13"])
    #expect(run.status == 0)
    #expect(batchCount(run.standardOutput) == 12)
    #expect(
      run.standardOutput.components(separatedBy: "snapshotForExpandingParent loaded").count == 5)
  }

  // MARK: Options

  @Test(
    "--interactive needs a terminal: a clear error, not a hang",
    arguments: ["wifi", "chat", "expand", "outline"])
  func interactiveWithoutTerminal(demo: String) throws {
    let run = try runDemo([demo, "--interactive"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("needs standard input and output to be a terminal"))
  }

  @Test(
    "bad options are usage errors",
    arguments: [
      ["wifi", "--steps", "0"],
      ["chat", "--steps", "1001"],
      ["sort", "--rows", "0"],
      ["sort", "--width", "1"],
      ["wifi", "--seed", "-1"],
      ["expand", "--seed", "1"],
      ["outline", "--seed", "1"],
      ["outline", "--steps", "0"],
      ["sort", "--interactive"],
    ])
  func badOptions(arguments: [String]) throws {
    let run = try runDemo(arguments)
    #expect(run.status == 64, "\(arguments): \(run.standardError)")
    #expect(run.standardOutput == "")
  }

  @Test(
    "without --fast or --delay, output that is not a terminal is not paused",
    arguments: ["wifi", "sort", "chat", "expand", "outline"])
  func runsWithDefaults(demo: String) throws {
    #expect(try batchCount(demoOutput([demo, "--no-color"])) > 0)
  }

  @Test(
    "each demo's default run, as `demo` starts its default demo, prints what `demo NAME` prints"
  )
  @MainActor
  func defaultRuns() async throws {
    let options = try DemoOptions.parse(["--fast", "--no-color"])
    var lines: [String] = []
    TerminalOutput.writeLine = { lines.append($0) }
    defer { TerminalOutput.writeLine = { print($0) } }
    for demo in [WifiDemo.self, SortDemo.self, ChatDemo.self, ExpandDemo.self, OutlineDemo.self]
      as [any Demo.Type]
    {
      lines = []
      try await demo.runWithDefaults(options: options)
      let name = try #require(demo.configuration.commandName)
      let run = try runDemo([name, "--fast", "--no-color"])
      #expect(run.status == 0)
      // Run here, the demo printed exactly what its command prints, and its
      // default number of steps, each one batch.
      #expect(lines == run.outputLines.map(String.init), "\(name)")
      let batches = lines.filter { $0.hasPrefix("batch update: ") }.count
      #expect(batches > 0, "\(name)")
      #expect(lines.first?.contains(": ") == true, "\(name)")
    }
  }
}
