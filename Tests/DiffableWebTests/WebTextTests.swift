import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web sessions: the page's texts and a list's layout context")
struct WebTextTests {
  /// The next message, which must be a `text`.
  static func textMessage(_ client: FakeWebClient) async throws -> WebServerMessage {
    try await client.receive("a text") {
      if case .text = $0 { $0 } else { nil }
    }
  }

  @Test("a text set before the page connects comes after the reload; changes come as they happen")
  func texts() async throws {
    let (session, _, dataSource) = WebLayoutTests.session()
    await dataSource.apply(.make([("all", ["a"])]))
    session.setText("first", named: "status")
    session.setText("<b>not markup</b>", named: "code")
    session.setText("second", named: "status")
    #expect(session.texts == ["status": "second", "code": "<b>not markup</b>"])
    let (client, serving, _) = try await WebLayoutTests.connect(
      session, list: WebListViewport(width: 390, height: 600))
    // In the order the names were first set, each with its last text.
    #expect(try await Self.textMessage(client) == .text(name: "status", text: "second"))
    #expect(try await Self.textMessage(client) == .text(name: "code", text: "<b>not markup</b>"))
    session.setText("second", named: "status")
    session.setText("", named: "code")
    #expect(try await client.receive() == .text(name: "code", text: ""), "no repeat of a text")
    // A page that says ready again (a reconnect) gets every text again.
    client.send(.ready(viewport: WebViewport(width: 1024, height: 768), lists: [:]))
    let reload = try await client.receive()
    guard case .reload = reload else {
      Issue.record("expected the reload first, got \(String(describing: reload))")
      return
    }
    #expect(try await Self.textMessage(client) == .text(name: "status", text: "second"))
    #expect(try await Self.textMessage(client) == .text(name: "code", text: ""))
    await client.transport.close()
    await serving.value
  }

  @Test("a text's JSON: its name and text as strings, escaped")
  func json() throws {
    let message = WebServerMessage.text(name: "swift", text: "let a = \"<b>\"\n")
    #expect(
      String(decoding: try message.jsonData(), as: UTF8.self)
        == #"{"name":"swift","text":"let a = \"<b>\"\n","type":"text","v":1}"#)
    #expect(throws: DecodingError.self) {
      try WebServerMessage(jsonData: Data(#"{"v":1,"type":"text","name":"swift"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try WebServerMessage(
        jsonData: Data(#"{"v":1,"type":"text","name":"a","text":1}"#.utf8))
    }
  }

  @Test("a layout context solves the list at its size and direction, not the element's")
  func layoutContext() async throws {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
    let layout = CompositionalLayout(
      section: LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
          subitems: [item])))
    let (session, view, dataSource) = WebLayoutTests.session(layout: layout)
    await dataSource.apply(.make([("all", ["a", "b", "c"])]))
    let (client, serving, reload) = try await WebLayoutTests.connect(
      session, list: WebListViewport(width: 1000, height: 600))
    #expect(reload.layout?.frames["b"] == WebRect(x: 500, y: 0, width: 500, height: 50))
    view.layoutContext = LayoutContext(
      containerSize: CGSize(width: 300, height: 400), layoutDirection: .rightToLeft)
    let message = try await WebLayoutTests.layoutMessage(client)
    // Right to left at 300 wide: `a` on the right, `b` on the left.
    #expect(message.layout.frames["a"] == WebRect(x: 150, y: 0, width: 150, height: 50))
    #expect(message.layout.frames["b"] == WebRect(x: 0, y: 0, width: 150, height: 50))
    #expect(message.layout.size == WebSize(width: 300, height: 100))
    // Back to the element's size.
    view.layoutContext = nil
    let back = try await WebLayoutTests.layoutMessage(client)
    #expect(back.layout.frames["b"] == WebRect(x: 500, y: 0, width: 500, height: 50))
    await client.transport.close()
    await serving.value
  }
}
