import DiffableCore
import DiffableWeb
import DiffableWebTools
import Foundation
import Testing

/// The inspector's screen without a page: what it sets on the page for
/// each input, and the list it shows.
@MainActor
@Suite struct BatchInspectorTests {
  /// Two pages whose last change the inspector can take.
  nonisolated static let mountains = BatchInspector.Source(
    name: "mountains", title: "Mountains", path: "/demos/mountains", list: "mountains")
  nonisolated static let sort = BatchInspector.Source(
    name: "sort", title: "Insertion sort", path: "/demos/sort", list: "sort")

  /// An inspector on a session of its own, opened.
  static func inspector() async -> (WebSession, BatchInspectorScreen) {
    let session = WebSession()
    let screen = BatchInspectorScreen(
      session: session, listName: "inspector", sources: [mountains, sort])
    await screen.settled()
    return (session, screen)
  }

  /// What the list shows, as `section: items` lines.
  static func shown(_ screen: BatchInspectorScreen) -> [String] {
    let snapshot = screen.shownSnapshot
    return snapshot.sectionIdentifiers.map { section in
      "\(section): " + snapshot.itemIdentifiers(inSection: section).joined(separator: " ")
    }
  }

  /// Tells the screen that the page's control `name` now says `value`.
  static func type(
    _ value: String, in name: String, _ session: WebSession, _ screen: BatchInspectorScreen
  ) async {
    screen.session(
      session, didReceive: WebInput(name: name, value: value), isolation: MainActor.shared)
    await screen.settled()
  }

  @Test func theExampleOpensAtItsFirstStepWithItsBatchStepsAndTest() async throws {
    let (session, screen) = await Self.inspector()
    let (old, new) = BatchInspectorScreen.example
    let batch = BatchUpdate(from: old, to: new)
    let texts = session.pageTexts
    #expect(
      try JSONDecoder().decode(BatchUpdate.self, from: Data((texts.values["batch"] ?? "").utf8))
        == batch)
    #expect(texts.maxima["step"] == batch.count)
    #expect(texts.values["step"] == "0")
    #expect(texts.lines["step"]?.texts.count == batch.count)
    #expect(texts.lines["step"]?.current == nil)
    #expect(texts.texts["error"] == "")
    #expect(texts.texts["test"] == BatchTestExport.test(old: old, new: new, batch: batch))
    #expect(
      Self.shown(screen) == ["fruits: apple banana cherry date", "vegetables: leek kale okra"])

    await Self.type("2", in: "step", session, screen)
    #expect(screen.shownStep == 2)
    #expect(session.pageTexts.lines["step"]?.current == 1)
    #expect(
      Self.shown(screen) == ["fruits: apple banana cherry date fig", "vegetables: leek okra"])
    await Self.type("99", in: "step", session, screen)
    #expect(screen.shownStep == batch.count, "a step past the last is the last")
    #expect(
      Self.shown(screen) == ["fruits: cherry apple date fig", "vegetables: leek banana okra"])
  }

  @Test func aRefusedEditShowsTheValidatorsMessageAtItsOperationAndKeepsTheDrawing() async throws {
    let (session, screen) = await Self.inspector()
    let (old, new) = BatchInspectorScreen.example
    var batch = BatchUpdate(from: old, to: new)
    batch.itemDeletes.append(IndexPath(item: 0, section: 1))
    let before = Self.shown(screen)
    let encoder = JSONEncoder()
    await Self.type(
      String(decoding: try encoder.encode(batch), as: UTF8.self), in: "batch", session, screen)
    let texts = session.pageTexts
    #expect(texts.texts["error"]?.hasPrefix("Invalid batch update (rule ") == true)
    let lines = try #require(texts.lines["step"])
    #expect(lines.invalid.map { lines.texts[$0] } == #"delete "leek" [1, 0]"#)
    #expect(texts.texts["test"]?.contains("#expect(throws: refusal)") == true)
    #expect(Self.shown(screen) == before)

    // Emptied, the field gets the batch between the snapshots again.
    await Self.type(" ", in: "batch", session, screen)
    #expect(session.pageTexts.texts["error"] == "")
    #expect(session.pageTexts.values["batch"] == BatchInspectorScreen.exampleTexts.batch)
    #expect(session.pageTexts.lines["step"]?.invalid == nil)
  }

  @Test(arguments: [
    ("old", "{", "old: not a valid snapshot: not JSON"),
    (
      "new", #"{"sections": [{"id": "a"}]}"#,
      #"new: not a valid snapshot: missing key "items" at sections[0]"#
    ),
    ("batch", "[]", "batch: not a valid batch: expected "),
    ("step", "-1", #"step: "-1" is not a step number"#),
    ("step", "two", #"step: "two" is not a step number"#),
  ])
  func badInputGetsAnErrorAndChangesNothingElse(name: String, value: String, error: String) async {
    let (session, screen) = await Self.inspector()
    let before = Self.shown(screen)
    await Self.type(value, in: name, session, screen)
    #expect(
      session.pageTexts.texts["error"]?.hasPrefix(error) == true,
      "\(session.pageTexts.texts["error"] ?? "")")
    #expect(Self.shown(screen) == before)
  }

  @Test func takingTheLastTwoAppliesOfAnotherTabFillsTheFields() async throws {
    let (session, screen) = await Self.inspector()
    let (asked, answer) = AsyncStream.makeStream(of: String.self)
    var old = TextSnapshot()
    old.appendSections(["peaks"])
    old.appendItems(["K2", "Kangchenjunga", "Makalu"], toSection: "peaks")
    var new = TextSnapshot()
    new.appendSections(["peaks"])
    new.appendItems(["Kangchenjunga", "K2"], toSection: "peaks")
    let change = WebListChange(old: old, new: new, applied: .now)
    screen.takeChange = { source in
      answer.yield(source.name)
      return source == Self.mountains ? change : nil
    }
    await Self.type("mountains", in: "take", session, screen)
    var names = asked.makeAsyncIterator()
    #expect(await names.next() == "mountains")
    #expect(session.pageTexts.values["old"] == BatchInspectorScreen.json(old))
    #expect(session.pageTexts.values["new"] == BatchInspectorScreen.json(new))
    #expect(session.pageTexts.texts["error"] == "")
    #expect(screen.steps?.batch == BatchUpdate(from: old, to: new))

    await Self.type("sort", in: "take", session, screen)
    #expect(await names.next() == "sort")
    #expect(
      session.pageTexts.texts["error"]
        == "take: no other tab of this browser shows Insertion sort with a change yet: open "
        + "/demos/sort in another tab and change it")
    await Self.type("inspector", in: "take", session, screen)
    #expect(
      session.pageTexts.texts["error"] == #"take: "inspector" is not a page the inspector reads"#)
  }

  @Test func tooManyItemsAreRefused() async {
    let (session, screen) = await Self.inspector()
    let items = (0...BatchInspectorScreen.maximumItems).map { "\"i\($0)\"" }.joined(
      separator: ",")
    await Self.type(
      #"{"sections": [{"id": "a", "items": [\#(items)]}]}"#, in: "old", session, screen)
    #expect(session.pageTexts.texts["error"] == "old: 1001 items; the inspector takes at most 1000")
  }

  /// The file of tests the documentation example tests compile and run.
  static let exportedTests = URL(filePath: #filePath).deletingLastPathComponent()
    .appending(path: "../DocumentationExampleTests/InspectorExportedTests.swift")

  /// What that file must say: the example's test, then a refused edit's.
  static var expectedExports: String {
    let (old, new) = BatchInspectorScreen.example
    var refused = BatchUpdate(from: old, to: new)
    refused.itemInserts.removeLast()
    return """
      // swift-format-ignore-file
      // The tests the batch inspector exports ("Copy as a test"), as it writes
      // them for its example pair, and for that pair with a batch edited by
      // hand that the validator refuses. DiffableWebToolsTests checks that the
      // inspector writes exactly these; `swift test` compiles and runs them.

      \(BatchTestExport.test(old: old, new: new, batch: BatchUpdate(from: old, to: new)))\
      // ---
      \(BatchTestExport.test(old: old, new: new, batch: refused, function: "aBatchTheValidatorRefuses")
        .replacingOccurrences(of: "import Diffable\nimport Testing\n\n", with: ""))
      """
  }

  @Test func theTestsTheInspectorExportsAreTheOnesCompiledAndRun() throws {
    if ProcessInfo.processInfo.environment["DIFFABLE_WRITE_EXPORTS"] == "1" {
      try Self.expectedExports.write(to: Self.exportedTests, atomically: true, encoding: .utf8)
    }
    #expect(try String(contentsOf: Self.exportedTests, encoding: .utf8) == Self.expectedExports)
  }
}
