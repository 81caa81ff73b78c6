import Diffable
import Foundation
import Testing

@testable import DiffableCommand

/// The demos that drive the data source engine: each runs unattended,
/// finishes on its own, and is run here as users run it.
@Suite("diffable demo wifi, sort, chat, expand, outline")
struct EngineDemosTests {
  /// Runs `diffable` with `arguments`, expecting it to succeed without a
  /// word on standard error, and returns its output.
  func demoOutput(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let run = try runDiffable(arguments, sourceLocation: sourceLocation)
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
    let output = try demoOutput(["demo", "wifi", "--fast", "--steps", "6"])
    #expect(!output.contains("\u{1B}["))
    #expect(output.contains("reloadData: 1 rows"), "the first apply reloads")
    #expect(batchCount(output) == 6)
    let on = try lastStep(output, "Wi-Fi on: the networks section appears")
    #expect(on.contains("+ Choose a network…"))
    #expect(on.contains("~    Wi-Fi                   [ on ]  (reconfigured)"))
    #expect(on.contains(#"insert item "current network" at [0, 1]"#))
    let off = try lastStep(output, "Wi-Fi off: it goes")
    #expect(off.contains("- Choose a network…"))
    #expect(off.contains("delete section Choose a network… at 1"))
    #expect(output.contains("scan 3: "))
  }

  @Test("wifi: the same seed gives the same run, another seed another")
  func wifiSeed() throws {
    let first = try runDiffable(["demo", "wifi", "--fast", "--seed", "7"])
    let again = try runDiffable(["demo", "wifi", "--fast", "--seed", "7"])
    let other = try runDiffable(["demo", "wifi", "--fast", "--seed", "8"])
    #expect(first.standardOutput == again.standardOutput)
    #expect(first.standardOutput != other.standardOutput)
  }

  @Test("wifi: scans find networks sorted by name, and report signal changes")
  func scanner() {
    var scanner = WifiScanner(seed: 3)
    var sawChange = false
    var previous: [String: Int] = [:]
    for _ in 0..<20 {
      let found = scanner.scan()
      #expect(found.map { $0.name.lowercased() } == found.map { $0.name.lowercased() }.sorted())
      #expect(found.allSatisfy { (1...3).contains($0.bars) })
      for network in found where previous[network.name].map({ $0 != network.bars }) == true {
        sawChange = true
      }
      previous = Dictionary(uniqueKeysWithValues: found.map { ($0.name, $0.bars) })
    }
    #expect(sawChange)
  }

  // MARK: sort

  @Test("sort: one move per unsorted row per step, then a reshuffle when sorted")
  func sort() throws {
    // Two rows of three cells are sorted within four steps.
    let output = try demoOutput([
      "demo", "sort", "--fast", "--rows", "2", "--width", "3", "--steps", "5",
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

  @Test("sort: a step is one insertion-sort step in every row")
  @MainActor
  func sortStep() {
    var snapshot = DiffableDataSourceSnapshot<Int, SortCell>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems([3, 1, 2, 0].map { SortCell(row: 0, value: $0, round: 1) }, toSection: 0)
    snapshot.appendItems([0, 1].map { SortCell(row: 1, value: $0, round: 1) }, toSection: 1)
    #expect(InsertionSort.step(&snapshot) == 1)
    #expect(snapshot.itemIdentifiers(inSection: 0).map(\.value) == [1, 3, 2, 0])
    #expect(InsertionSort.step(&snapshot) == 1)
    #expect(snapshot.itemIdentifiers(inSection: 0).map(\.value) == [1, 2, 3, 0])
    #expect(InsertionSort.step(&snapshot) == 1)
    #expect(snapshot.itemIdentifiers(inSection: 0).map(\.value) == [0, 1, 2, 3])
    #expect(InsertionSort.step(&snapshot) == 0)
  }

  @Test("sort: colour blocks when colour is on")
  @MainActor
  func sortBlocks() {
    #expect(InsertionSort.block(0, of: 10, styler: .plain) == "a ")
    #expect(InsertionSort.block(9, of: 10, styler: .plain) == "j ")
    let coloured = InsertionSort.block(0, of: 10, styler: TextStyler(isEnabled: true))
    #expect(coloured.hasPrefix("\u{1B}[38;5;") && coloured.contains("██"))
    #expect(visibleWidth(coloured) == 2)
  }

  // MARK: chat

  @Test("chat: the history, then typing, messages and replies, each one apply")
  func chat() throws {
    let output = try demoOutput(["demo", "chat", "--fast", "--steps", "2"])
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
    let output = try demoOutput(["demo", "expand", "--fast", "--steps", "3"])
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
    #expect(ExpandingTable.wrap("one two three four", width: 9) == ["one two", "three", "four"])
    #expect(ExpandingTable.wrap("", width: 9) == [])
  }

  // MARK: outline

  @Test("outline: folders open and close as a user taps them, through the handlers")
  func outline() throws {
    let output = try demoOutput(["demo", "outline", "--fast"])
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
    #expect(closed.contains("   ▸ DiffableDataSource/\n   ▸ diffable/\n     Package.swift"))
  }

  @Test("outline: --steps goes round the script again, with the entries loaded")
  func outlineSteps() throws {
    let run = try runDiffable(["demo", "outline", "--fast", "--steps", "13"])
    #expect(run.status == 0)
    #expect(batchCount(run.standardOutput) == 12)
    #expect(
      run.standardOutput.components(separatedBy: "snapshotForExpandingParent loaded").count == 5)
  }

  @Test("outline: rows are named by the last part of their path")
  @MainActor
  func outlineNames() {
    #expect(FileTree.name(of: "Sources/DiffableCore/") == "DiffableCore/")
    #expect(FileTree.name(of: "Sources/diffable/Demos/OutlineDemo.swift") == "OutlineDemo.swift")
    #expect(FileTree.name(of: "Package.swift") == "Package.swift")
    // Every folder of the script holds entries; every entry is unique.
    let entries = FileTree.folders.flatMap { folder, names in names.map { folder + $0 } }
    #expect(Set(entries).count == entries.count)
    for path in FileTree.script where FileTree.isFolder(path) {
      #expect(FileTree.folders[path] != nil, "\(path)")
    }
  }

  // MARK: Options

  @Test(
    "--interactive needs a terminal: a clear error, not a hang",
    arguments: ["wifi", "chat", "expand", "outline"])
  func interactiveWithoutTerminal(demo: String) throws {
    let run = try runDiffable(["demo", demo, "--interactive"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("needs standard input and output to be a terminal"))
  }

  @Test(
    "bad options are usage errors",
    arguments: [
      ["demo", "wifi", "--steps", "0"],
      ["demo", "chat", "--steps", "1001"],
      ["demo", "sort", "--rows", "0"],
      ["demo", "sort", "--width", "1"],
      ["demo", "wifi", "--seed", "-1"],
      ["demo", "expand", "--seed", "1"],
      ["demo", "outline", "--seed", "1"],
      ["demo", "outline", "--steps", "0"],
      ["demo", "sort", "--interactive"],
    ])
  func badOptions(arguments: [String]) throws {
    let run = try runDiffable(arguments)
    #expect(run.status == 64, "\(arguments): \(run.standardError)")
    #expect(run.standardOutput == "")
  }

  @Test(
    "without --fast or --delay, output that is not a terminal is not paused",
    arguments: ["wifi", "sort", "chat", "expand", "outline"])
  func runsWithDefaults(demo: String) throws {
    #expect(try batchCount(demoOutput(["demo", demo, "--no-color"])) > 0)
  }

  @Test("each demo's default run, as `diffable demo` starts its default demo, finishes")
  func defaultRuns() async throws {
    let options = try DemoOptions.parse(["--fast", "--no-color"])
    for demo in [WifiDemo.self, SortDemo.self, ChatDemo.self, ExpandDemo.self, OutlineDemo.self]
      as [any Demo.Type]
    {
      try await demo.runWithDefaults(options: options)
    }
  }
}
