import DiffableCore
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web pages: texts, control values and lines the app sets")
struct WebPageTextsTests {
  /// The next message, which must be a `page`.
  static func pageMessage(_ client: FakeWebClient) async throws -> WebPageTexts {
    try await client.receive("a page message") {
      if case .page(let texts) = $0 { texts } else { nil }
    }
  }

  @Test("a page message is written with every key in order, and read back")
  func wire() throws {
    let message = WebServerMessage.page(
      WebPageTexts(
        texts: ["error": "<b>rule 4</b>"], values: ["batch": "{}"], maxima: ["step": 3],
        lines: [
          "step": WebPageLines(["delete [0, 1]", "move"], current: 1, invalid: 0),
          "other": WebPageLines([]),
        ], listSizes: ["playground": WebSize(width: 390, height: 844.5)]))
    let text = String(decoding: try message.jsonData(), as: UTF8.self)
    #expect(
      text
        == #"{"lines":{"other":{"texts":[]},"step":{"current":1,"invalid":0,"texts":["#
        + #""delete [0, 1]","move"]}},"listSizes":{"playground":[390,844.5]},"maxima":{"step":3},"#
        + #""texts":{"error":"<b>rule 4</b>"},"#
        + #""type":"page","v":1,"values":{"batch":"{}"}}"#)
    #expect(try WebServerMessage(jsonData: Data(text.utf8)) == message)
  }

  @Test(
    "a malformed page message is refused",
    arguments: [
      #"{"v":1,"type":"page","texts":{},"values":{},"maxima":{}}"#,
      #"{"v":1,"type":"page","texts":{},"values":{},"maxima":{},"lines":{},"extra":1}"#,
      #"{"v":1,"type":"page","texts":{"a":1},"values":{},"maxima":{},"lines":{}}"#,
      #"{"v":1,"type":"page","texts":{},"values":{},"maxima":{},"lines":{"Step":{"texts":[]}}}"#,
      #"{"v":1,"type":"page","texts":{},"values":{},"maxima":{},"lines":{"s":{"texts":["a"],"current":1}}}"#,
    ])
  func refused(text: String) {
    #expect(throws: DecodingError.self) { try WebServerMessage(jsonData: Data(text.utf8)) }
  }

  @Test("lines names are lowercase attribute names")
  func linesNames() {
    for name in ["step", "a", "step-2", String(repeating: "a", count: 64)] {
      #expect(WebPageTexts.isLinesName(name), "\(name)")
    }
    for name in ["", "Step", "2step", "-a", "a b", "a_b", "é", String(repeating: "a", count: 65)] {
      #expect(!WebPageTexts.isLinesName(name), "\(name)")
    }
  }

  @Test("changes reach a ready page as they are made; a new page gets all of it after ready")
  func session() async throws {
    let session = WebSession()
    session.silenceTimeout = .seconds(3_600)
    session.setText("before any page", forElement: "error")
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.ready(viewport: WebViewport(width: 390, height: 844), lists: [:]))
    #expect(try await Self.pageMessage(client) == WebPageTexts(texts: ["error": "before any page"]))

    session.setValue("2", forControl: "step")
    session.setValue("2", forControl: "step")  // unchanged: not sent again
    session.setMaximum(3, forControl: "step")
    session.setLines(WebPageLines(["a", "b", "c"], current: 1), forElement: "step")
    #expect(try await Self.pageMessage(client) == WebPageTexts(values: ["step": "2"]))
    #expect(try await Self.pageMessage(client) == WebPageTexts(maxima: ["step": 3]))
    #expect(
      try await Self.pageMessage(client)
        == WebPageTexts(lines: ["step": WebPageLines(["a", "b", "c"], current: 1)]))
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1), "nothing else was sent")

    // A page that reconnects gets everything at once.
    let again = FakeWebClient()
    let servingAgain = Task { await session.serve(again.transport) }
    again.send(.ready(viewport: WebViewport(width: 390, height: 844), lists: [:]))
    #expect(
      try await Self.pageMessage(again)
        == WebPageTexts(
          texts: ["error": "before any page"], values: ["step": "2"], maxima: ["step": 3],
          lines: ["step": WebPageLines(["a", "b", "c"], current: 1)]))
    #expect(session.pageTexts.values == ["step": "2"])
    await again.transport.close()
    await servingAgain.value
    await serving.value
  }

  @Test("a list that shows its changes says so in its reloads; changing it sends one")
  func showsChanges() async throws {
    let (session, view, dataSource) = WebLayoutTests.session()
    await dataSource.apply(.make([("s", ["a", "b"])]))
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    func reload() async throws -> WebReloadMessage {
      try await client.receive("a reload") {
        if case .reload(let reload) = $0 { reload } else { nil }
      }
    }
    #expect(try await reload().showsChanges == false)
    view.showsChanges = true
    let shown = try await reload()
    #expect(shown.showsChanges && "\(shown)".contains(#","showsChanges":true,"#))
    view.showsChanges = true  // unchanged: no reload
    view.showsChanges = false
    #expect(try await reload().showsChanges == false)
    await client.transport.close()
    await serving.value
  }

  @Test("a session that records changes keeps each list's last one, as text, marks included")
  func lastChange() async throws {
    let (session, view, dataSource) = WebLayoutTests.session()
    await dataSource.apply(.make([("s", ["a", "b", "c"])]))
    #expect(view.lastChange == nil && session.lastChange(ofList: "main") == nil)
    session.recordsChanges = true
    var snapshot = StringSnapshot.make([("s", ["c", "a", "b"]), ("t", ["d"])])
    snapshot.reconfigureItems(["a"])
    await dataSource.apply(snapshot)
    let change = try #require(session.lastChange(ofList: "main"))
    #expect(change.old.sectionIdentifiers == ["s"])
    #expect(change.old.itemIdentifiers == ["a", "b", "c"])
    #expect(change.new.itemIdentifiers == ["c", "a", "b", "d"])
    #expect(change.new.reconfiguredItemIdentifiers == ["a"])
    #expect(change == view.lastChange)
    #expect(session.lastChange(ofList: "other") == nil)
    // Identifiers that are not strings are written as their JSON text.
    let numbers = WebSession()
    numbers.recordsChanges = true
    let counted = numbers.list(named: "n") { (_: WebListView<Int, Int>, _, item: Int) in
      WebCell("\(item)")
    }
    var numbered = DiffableDataSourceSnapshot<Int, Int>()
    numbered.appendSections([1])
    numbered.appendItems([10, 20], toSection: 1)
    await counted.apply(numbered)
    #expect(numbers.lastChange(ofList: "n") == nil, "a first apply is a reload, not a batch")
    numbered.appendItems([30], toSection: 1)
    await counted.apply(numbered)
    #expect(numbers.lastChange(ofList: "n")?.old.itemIdentifiers == ["10", "20"])
    #expect(numbers.lastChange(ofList: "n")?.new.itemIdentifiers == ["10", "20", "30"])
    #expect(numbers.lastChange(ofList: "n")?.new.sectionIdentifiers == ["1"])
  }

  @Test("a list that shows its geometry sends its window's group and section frames")
  func showsGeometry() async throws {
    let (session, view, dataSource) = WebLayoutTests.session()
    await dataSource.apply(.make([("s", ["a", "b", "c"]), ("t", ["d"])]))
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    func reload() async throws -> WebReloadMessage {
      try await client.receive("a reload") {
        if case .reload(let reload) = $0 { reload } else { nil }
      }
    }
    #expect(try await reload().layout?.geometry == nil)
    view.showsGeometry = true
    let shown = try await reload()
    let geometry = try #require(shown.layout?.geometry)
    let solved = try #require(view.solvedLayout)
    #expect(Set(geometry.groups.keys) == ["a", "b", "c", "d"])
    #expect(
      geometry.groups["b"]
        == WebRect(try #require(solved.groupFrame(ofItemAt: IndexPath(item: 1, section: 0)))))
    #expect(
      geometry.sections == [
        "s": WebRect(solved.sectionFrame(0)), "t": WebRect(solved.sectionFrame(1)),
      ])
    #expect("\(shown)".contains(#""geometry":{"groups":{"a":"#))
    await client.transport.close()
    await serving.value
  }

  static var kept: [WebSession] = []

  @Test("a lines name that is no attribute name stops the program, naming it")
  func badLinesName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let session = WebSession()
        Self.kept.append(session)
        session.setLines(WebPageLines(["a"]), forElement: "on click")
      }
    }
    expectMessage(
      result,
      #"WebPageTexts.init(texts:values:maxima:lines:): the lines name "on click" is not a "#
        + "lowercase attribute name")
  }

  @Test("a list size that is not finite stops the program, naming the list")
  func badListSize() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let session = WebSession()
        Self.kept.append(session)
        session.setSize(WebSize(width: .infinity, height: 1), ofList: "main")
      }
    }
    expectMessage(
      result, #"WebSession.setSize(_:ofList:): the size infx1.0 of list "main" is not finite"#)
  }

  @Test("a current line outside the lines stops the program")
  func badCurrent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = WebPageLines(["a"], current: 1)
    }
    expectMessage(
      result, "WebPageLines.init(_:current:invalid:): current line 1 is not an index of the 1 lines"
    )
  }
}
