import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web pages: the first paint")
struct WebFirstPaintTests {
  typealias View = WebListView<String, String>

  /// A plain list with pinned headers: two sections, `first` of 3 items and
  /// `second` of `count`, cells that show their item with a badge, and
  /// taps on.
  static func registry(count: Int, names: [String] = []) -> WebPageRegistry {
    WebPageRegistry { page in
      let view: View = page.session.listView(
        named: "main",
        layout: .list(using: ListConfiguration(appearance: .plain, headerMode: .supplementary)))
      let dataSource = DiffableDataSource<String, String>(view: view) { _, _, item in
        WebCell(item, secondaryText: "of <main>", accessories: [.badge("&1")])
      }
      dataSource.supplementaryViewProvider = .init { (_: View, kind, path) in
        WebCell("\(kind) \(path.section)")
      }
      let recorder = Recorder()
      view.delegate = recorder
      var snapshot = DiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["first", "second"])
      snapshot.appendItems(["a", "b", "<script>"], toSection: "first")
      snapshot.appendItems(WebLayoutTests.items(count), toSection: "second")
      dataSource.apply(snapshot, animatingDifferences: false)
      for name in names {
        _ = page.session.list(named: name) { (_: View, _, item) in WebCell(item) }
      }
      page.content = recorder  // the session keeps the data sources
    }
  }

  static let request = WebRequest(
    path: "/list", headers: [("Host", "example.com")], clientAddress: "10.0.0.1")

  /// Each cell element's `data-item` (unescaped) and the box in its style.
  static func cells(in html: String) -> [(item: String, box: [Double])] {
    let cell = #/<div class="diffable-cell" data-item="([^"]*)"[^>]* style="([^"]*)">/#
    return html.matches(of: cell).map { match in
      (unescaped(String(match.output.1)), box(String(match.output.2)))
    }
  }

  /// The lengths of `left`, `top`, `width` and `height` in an inline style.
  static func box(_ style: String) -> [Double] {
    ["left", "top", "width", "height"].map { side in
      let pattern = try! Regex("(?:^|; )\(side): (-?[0-9.e+]+)px")
      return style.firstMatch(of: pattern).flatMap { Double($0.output[1].substring ?? "") } ?? .nan
    }
  }

  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test("the HTML holds the window the socket's reload sends, at the same frames")
  func theHTMLHoldsTheFirstReloadsWindow() async throws {
    let registry = Self.registry(count: 1_000)
    let issued = try await registry.issue(Self.request).get()
    let page = try #require(await registry.page(id: issued.id))
    var document = WebPageDocument(title: "List")
    document.firstPaintViewport = WebListViewport(width: 390, height: 600)
    let html = await document.html(for: page, socketPath: issued.socketPath)

    let painted = Self.cells(in: html)
    // The window is three screens tall, whatever the list's length.
    #expect(painted.count > 20 && painted.count < 60, "\(painted.count) cells")

    let client = FakeWebClient()
    let cookie = String(issued.setCookie!.prefix { $0 != ";" })
    let socket = WebRequest(
      path: issued.socketPath, query: ["page": issued.id, "v": "1"],
      headers: [("Host", "example.com"), ("Cookie", cookie), ("Origin", "http://example.com")],
      clientAddress: "10.0.0.1")
    let serving = Task { await registry.serve(client.transport, request: socket) }
    client.send(
      .ready(
        viewport: WebViewport(width: 390, height: 700),
        lists: ["main": WebListViewport(width: 390, height: 600)]))
    guard case .reload(let reload) = try await client.receive() else {
      throw FakeClientError("expected a reload")
    }
    let layout = try #require(reload.layout)
    #expect(Set(painted.map(\.item)) == Set(reload.cells.keys))
    for (item, box) in painted {
      let frame = try #require(layout.frames[item])
      #expect(box == [frame.x, frame.y, frame.width, frame.height], "\(item)")
    }
    // Snapshot order, the section's header before its cells.
    #expect(painted.prefix(3).map(\.item) == ["a", "b", "<script>"])
    let header = try #require(html.range(of: #"data-section="first" data-index="0""#))
    #expect(header.lowerBound < html.range(of: #"data-item="a""#)!.lowerBound)
    #expect(html.contains(#"<div class="diffable-pin-range" aria-hidden="false" data-axis="y""#))
    #expect(html.contains(#"data-pinned="top""#))
    #expect(html.contains(#"data-self-sizing="height""#))
    // A selectable list is a listbox of options that know their place in
    // the whole list (3 + 1,000 items); the first cell holds the tab stop.
    #expect(html.contains(#"class="diffable-list" role="listbox" data-seq="0" data-first-paint>"#))
    #expect(
      html.contains(
        #"data-item="a" tabindex="0" role="option" aria-setsize="1003" aria-posinset="1""#
          + #" aria-selected="false" aria-label="a, of &lt;main&gt;""#))
    #expect(html.contains(#"data-item="b" tabindex="-1" role="option" aria-setsize="1003""#))
    #expect(html.components(separatedBy: #"tabindex="0""#).count == 2, "one tab stop")
    #expect(html.contains(#"role="heading" aria-level="2""#), "headers are headings")
    // Text is text.
    #expect(!html.contains("<script>") && html.contains(#"data-item="&lt;script&gt;""#))
    #expect(html.contains("<span class=\"diffable-secondary-text\">of &lt;main&gt;</span>"))
    #expect(html.contains("<span class=\"diffable-badge\">&amp;1</span>"))
    await client.transport.close()
    await serving.value
  }

  @Test("every list of the session is painted, an empty one as an empty content")
  func everyListIsPainted() async throws {
    let registry = Self.registry(count: 2, names: ["other"])
    let issued = try await registry.issue(Self.request).get()
    let page = try #require(await registry.page(id: issued.id))
    let html = await WebPageDocument(title: "Lists").html(for: page, socketPath: issued.socketPath)
    #expect(
      html.contains(
        #"<div data-diffable-list="main" class="diffable-list" role="listbox" data-seq="0""#))
    #expect(
      html.contains(
        #"<div data-diffable-list="other" class="diffable-list" role="list" data-seq="0""#
          + #" data-first-paint><div class="diffable-content" role="none""#
          + #" style="width: 1024px; height: 0px;"></div></div>"#))
    #expect(Self.cells(in: html).count == 5)
    // The client's style sheet is in the page, its modules preloaded.
    #expect(html.contains("<style>") && html.contains("[data-diffable-list] {"))
    #expect(html.contains(#"<link rel="modulepreload" href="/diffable/renderer.js">"#))
    #expect(!html.contains(#"<link rel="modulepreload" href="/diffable/page.js">"#))
  }

  @Test("a list without a data source gets an empty element")
  func aListWithoutADataSource() async throws {
    let registry = WebPageRegistry { page in
      let _: View = page.session.listView(named: "bare", layout: WebLayoutTests.plain)
    }
    let issued = try await registry.issue(Self.request).get()
    let page = try #require(await registry.page(id: issued.id))
    let html = await WebPageDocument(title: "Bare").html(for: page, socketPath: issued.socketPath)
    #expect(html.contains(#"<div data-diffable-list="bare" class="diffable-list"></div>"#))
  }
}

@MainActor
@Suite("Web pages: the first paint's viewport cookie")
struct WebFirstPaintViewportTests {
  @Test("the cookie's size lays the page out; a malformed one is ignored")
  func theCookiesSize() async throws {
    let registry = WebFirstPaintTests.registry(count: 100)
    let document = WebPageDocument(title: "List")
    func contentWidth(cookie: String) async throws -> String? {
      var request = WebFirstPaintTests.request
      request.addHeader("Cookie", cookie)
      let response = await registry.pageResponse(to: request, document: document)
      #expect(response.status == 200)
      let html = String(decoding: response.body, as: UTF8.self)
      let width = #/<div class="diffable-content" role="none" style="width: ([0-9]+)px;/#
      return html.firstMatch(of: width).map { String($0.output.1) }
    }
    #expect(try await contentWidth(cookie: "diffable-viewport=390x700") == "390")
    for value in [
      "0x700", "390x", "x700", "390x700x1", "16385x700", "-390x700", "390 x700",
      "3.5x700", "99999999999x1", "390X700", "+390x700", "٣٩٠x700",
    ] {
      #expect(
        try await contentWidth(cookie: "diffable-viewport=\(value)") == "1024", "\(value)")
    }
    #expect(
      WebPageDocument.viewport(fromCookie: "16384x1") == WebListViewport(width: 16_384, height: 1))
  }
}
