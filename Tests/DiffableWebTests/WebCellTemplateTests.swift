import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web cells: templates of the page's own")
struct WebCellTemplateTests {
  static let card = WebCell(
    "Pancakes, $6",
    template: WebCell.Template(
      "food",
      fields: [
        "name": "Pancakes", "price": .text("$6"),
        "picture": try! .image("/pictures/pancakes.svg", description: "A stack of pancakes"),
        "menu": try! .link("Menu", to: "https://example.com/menu?a=1&b=2"),
      ]))

  @Test("a template cell codes as the note says, fields by kind, and decodes to itself")
  func codes() throws {
    let text = try jsonText(Self.card)
    #expect(
      text
        == #"{"template":{"fields":{"menu":{"link":"https://example.com/menu?a=1&b=2","text":"Menu"},"#
        + #""name":"Pancakes","picture":{"description":"A stack of pancakes","#
        + #""image":"/pictures/pancakes.svg"},"price":"$6"},"name":"food"},"text":"Pancakes, $6"}"#)
    #expect(try decode(WebCell.self, text) == Self.card)
    let fields = try #require(Self.card.template?.fields)
    #expect(fields["picture"]?.kind == .image && fields["picture"]?.url == "/pictures/pancakes.svg")
    #expect(fields["menu"]?.text == "Menu" && fields["price"]?.url == nil)
  }

  @Test(
    "URLs allowed: https with a host, data:image of the listed types (images), own paths",
    arguments: [
      ("https://example.com/a.png", WebCell.Field.Kind.image),
      ("HTTPS://example.com", .link), ("/pictures/a.svg", .image), ("/", .link),
      ("data:image/png;base64,iVBORw0KGgo=", .image), ("data:image/svg+xml,%3Csvg%3E", .image),
      ("DATA:IMAGE/WEBP;base64,UklGR", .image),
    ])
  func allowed(url: String, kind: WebCell.Field.Kind) throws {
    try WebCell.checkURL(url, for: kind)
  }

  @Test(
    "URLs refused, each with its reason",
    arguments: [
      ("javascript:alert(1)", WebCell.Field.Kind.link, "a link goes to https:"),
      ("JavaScript:alert(1)", .image, "an image loads from https:, data:image/"),
      ("http://example.com/a.png", .image, "an image loads from"),
      ("//evil.example/a.png", .image, "leaves the page's origin"),
      ("/\\evil.example/a.png", .link, "leaves the page's origin"),
      ("https:///a.png", .image, "names no host"), ("https://", .link, "names no host"),
      ("data:image/png;base64,AAAA", .link, "a link goes to https:"),
      ("data:text/html,<script>", .image, "an image loads from"),
      ("data:image/svg", .image, "a data: image is one of"),
      ("data:image/x-icon;base64,AAAA", .image, "a data: image is one of"),
      ("java\nscript:alert(1)", .link, "a space or a control character"),
      ("/a b.png", .image, "a space or a control character"), ("", .image, "it is empty"),
      ("pictures/a.png", .image, "an image loads from"), ("/a", .text, "a text field has no URL"),
    ])
  func refused(url: String, kind: WebCell.Field.Kind, reason: String) {
    #expect {
      try WebCell.checkURL(url, for: kind)
    } throws: { error in
      let refused = error as? WebCell.RefusedURL
      return refused?.url == url && refused?.reason.contains(reason) == true
        && "\(refused!)".hasPrefix("URL \(String(reflecting: url)) refused: ")
    }
  }

  @Test("a URL over 32 KiB is refused; the refusal's text cuts it at 80 characters")
  func longURL() {
    let long = "/" + String(repeating: "a", count: WebCell.maximumURLLength)
    #expect(throws: WebCell.RefusedURL.self) { try WebCell.Field.image(long, description: "") }
    #expect(throws: Never.self) {
      try WebCell.Field.image(String(long.dropLast()), description: "")
    }
    do {
      _ = try WebCell.Field.link("x", to: long)
      Issue.record("a long link was taken")
    } catch {
      #expect("\(error)".count < 200 && "\(error)".contains("longer than 32768 bytes"))
    }
  }

  @Test("decoding refuses a template with a bad URL, an empty name, or an unknown key")
  func decodingRefuses() {
    for (text, words) in [
      (
        #"{"text":"x","template":{"name":"c","fields":{"p":{"image":"javascript:x","description":""}}}}"#,
        "refused"
      ),
      (
        #"{"text":"x","template":{"name":"c","fields":{"l":{"link":"data:image/png,x","text":""}}}}"#,
        "refused"
      ),
      (#"{"text":"x","template":{"name":"","fields":{}}}"#, "the template name is empty"),
      (#"{"text":"x","template":{"name":"c","style":"x"}}"#, "unknown key 'style'"),
      (
        #"{"text":"x","template":{"name":"c","fields":{"p":{"image":"/a","alt":""}}}}"#,
        "unknown key 'alt'"
      ),
      (#"{"text":"x","template":{"name":"c","fields":{"p":3}}}"#, "found number"),
    ] {
      #expect {
        try decode(WebCell.self, text)
      } throws: { error in
        "\(error)".contains(words)
      }
    }
  }

  /// A list of template cells whose delegate records the controls tapped.
  final class Controls: WebListViewDelegate {
    var selected: [IndexPath] = []
    var actions: [(String, IndexPath)] = []

    func listView(
      named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor
    ) {
      selected.append(indexPath)
    }

    func listView(
      named name: String, didTapAction action: String, inItemAt indexPath: IndexPath,
      isolation: isolated any Actor
    ) {
      actions.append((action, indexPath))
    }
  }

  @Test("a control's tap reaches the delegate by name and index path; bad ones get errors")
  func actions() async throws {
    let (session, view, dataSource) = WebLayoutTests.session()
    let controls = Controls()
    view.delegate = controls
    await dataSource.apply(.make([("food", ["pie", "soup"])]))
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.action(list: "main", item: "pie", name: "add"))
    #expect(try await client.receive() == .error(message: "action before ready"))
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    guard case .reload = try await client.receive() else { throw FakeClientError("a reload") }

    client.send(.action(list: "main", item: "soup", name: "add"))
    client.send(.action(list: "main", item: "bread", name: "add"))
    #expect(try await client.receive() == .error(message: #"unknown item "bread" of list "main""#))
    client.send(.action(list: "side", item: "soup", name: "add"))
    #expect(try await client.receive() == .error(message: #"unknown list "side""#))
    client.send(.action(list: "main", item: "pie", name: ""))
    #expect(
      try await client.receive()
        == .error(message: #"action name of 0 bytes in list "main"; 1 to 256 expected"#))
    client.send(.action(list: "main", item: "pie", name: String(repeating: "a", count: 257)))
    #expect(
      try await client.receive()
        == .error(message: #"action name of 257 bytes in list "main"; 1 to 256 expected"#))
    client.send(.action(list: "main", item: "pie", name: "<b>more</b>"))
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    #expect(
      controls.actions.map { "\($0.0) \($0.1.section).\($0.1.item)" } == [
        "add 0.1", "<b>more</b> 0.0",
      ])
    #expect(controls.selected.isEmpty, "a control's tap selects no cell")
    await client.transport.close()
    await serving.value
  }

  @Test("without selection, taps select nothing and the cells are not options; controls work")
  func withoutSelection() async throws {
    let (session, view, dataSource) = WebLayoutTests.session()
    let controls = Controls()
    view.delegate = controls
    await dataSource.apply(.make([("food", ["pie", "soup"])]))
    let (client, serving, first) = try await WebLayoutTests.connect(
      session, list: WebListViewport(width: 390, height: 600))
    #expect(first.selectable)
    view.allowsSelection = false
    guard case .reload(let second) = try await client.receive() else {
      throw FakeClientError("a reload")
    }
    #expect(!second.selectable && second.seq == first.seq + 1)
    view.allowsSelection = false  // no change, nothing sent
    client.send(.tap(list: "main", item: "soup"))
    client.send(.action(list: "main", item: "soup", name: "add"))
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    #expect(controls.selected.isEmpty && controls.actions.map(\.0) == ["add"])
    view.allowsSelection = true
    guard case .reload(let third) = try await client.receive() else {
      throw FakeClientError("a reload")
    }
    #expect(third.selectable)
    client.send(.tap(list: "main", item: "soup"))
    client.send(.ping(id: 2))
    #expect(try await client.receive() == .pong(id: 2))
    #expect(controls.selected == [IndexPath(item: 1, section: 0)])
    await client.transport.close()
    await serving.value
  }

  @Test("controls' taps past their rate are refused, and the session carries on")
  func actionRate() async throws {
    let (session, view, dataSource) = WebLayoutTests.session()
    let controls = Controls()
    view.delegate = controls
    session.messageRates["action"] = WebMessageRate(perSecond: 0.001, burst: 2)
    await dataSource.apply(.make([("food", ["pie"])]))
    let (client, serving, _) = try await WebLayoutTests.connect(
      session, list: WebListViewport(width: 390, height: 600))
    for _ in 0..<3 { client.send(.action(list: "main", item: "pie", name: "add")) }
    guard case .error(let message) = try await client.receive() else {
      throw FakeClientError("an error")
    }
    #expect(message.contains("action"), "\(message)")
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    #expect(controls.actions.count == 2)
    await client.transport.close()
    await serving.value
  }

  @Test("the first paint shows a template cell's fields as text, images lazy, links checked")
  func firstPaint() async throws {
    let registry = WebPageRegistry { page in
      let view: WebListView<String, String> = page.session.listView(
        named: "main", layout: .list(using: ListConfiguration(appearance: .plain)))
      let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in
        WebCell(
          item,
          template: WebCell.Template(
            "food",
            fields: [
              "name": .text("<b>\(item)</b>"),
              "picture": try! .image("/p/\(item).svg?a=1&b=\"2\"", description: "A \"pie\""),
              "menu": try! .link("Menu & more", to: "https://example.com/m"),
            ]))
      }
      var snapshot = DiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["food"])
      snapshot.appendItems(["pie"], toSection: "food")
      dataSource.apply(snapshot, animatingDifferences: false)
      page.content = dataSource
    }
    let issued = try await registry.issue(WebFirstPaintTests.request).get()
    let page = try #require(await registry.page(id: issued.id))
    let html = await WebPageDocument(title: "Food").html(for: page, socketPath: issued.socketPath)
    #expect(
      html.contains(
        #"<div class="diffable-template diffable-fields" data-template="food">"#
          + #"<a data-field="menu" href="https://example.com/m">Menu &amp; more</a>"#
          + #"<span data-field="name">&lt;b&gt;pie&lt;/b&gt;</span>"#
          + #"<img data-field="picture" src="/p/pie.svg?a=1&amp;b=&quot;2&quot;" "#
          + #"alt="A &quot;pie&quot;" loading="lazy" decoding="async"></div>"#))
    #expect(!html.contains("<b>"))
    #expect(!html.contains(#"class="diffable-texts""#), "the template replaces the texts")
  }
}
