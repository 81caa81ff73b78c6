import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web session: visible items handlers of bands")
struct WebVisibleItemsTests {
  typealias Layouts = WebLayoutTests

  /// The width of the list element in these tests.
  static let width = 390.0

  /// A band of 150 × 100 tiles that scroll continuously, whose handler
  /// scales each tile with its distance from the band's centre (1 there,
  /// down to 0.5 a band's width away) and fades it alike; when `lift` is
  /// given, it also moves every tile down by that much. A plain list
  /// section follows, without a handler.
  static func layout(lift: CGFloat = 0, handler: Bool = true) -> CompositionalLayout {
    let tile = LayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100))
    var band = LayoutSection(
      group: .horizontal(layoutSize: tile, subitems: [LayoutItem(layoutSize: tile)]))
    band.orthogonalScrollingBehavior = .continuous
    if handler {
      band.visibleItemsInvalidationHandler = { items, offset, environment in
        let width = environment.container.contentSize.width
        let centre = offset.x + width / 2
        for k in items.indices {
          let distance = abs(items[k].frame.midX - centre)
          let scale = max(0.5, 1 - distance / width)
          items[k].transform = LayoutTransform(scaleX: scale, y: scale)
          items[k].alpha = scale
          items[k].center.y += lift
        }
      }
    }
    let list = LayoutSection.list(using: ListConfiguration(appearance: .plain))
    return CompositionalLayout(sections: [band, list])
  }

  static let snapshot = StringSnapshot.make([
    ("band", Layouts.items(20, "b")), ("list", Layouts.items(50)),
  ])

  /// What the page must hold for the band's cells displayed in the list's
  /// viewport once the band is at `offset`, as the library's own
  /// `visibleItems(inSection:displayedIn:)` leaves them (frames unscrolled
  /// when the handler moved them), defaults included.
  static func expected(_ layout: CompositionalLayout, offset: CGFloat) throws
    -> [String: WebVisibleItem]
  {
    let counts = snapshot.sectionIdentifiers.map { snapshot.numberOfItems(inSection: $0) }
    let solved = try layout.solve(
      LayoutContext(containerSize: CGSize(width: width, height: 600)), itemCounts: counts)
    var scrolled = solved
    let shown = scrolled.scrollOrthogonalSection(
      0, to: offset, displayedIn: CGRect(x: 0, y: 0, width: width, height: 600))
    var result: [String: WebVisibleItem] = [:]
    for visible in shown where visible.representedElementCategory == .cell {
      let path = visible.indexPath
      let laidOut = try #require(solved.layoutAttributesForItem(at: path)).frame
      let displayed = laidOut.offsetBy(dx: -offset, dy: 0)
      let t = visible.transform
      let item = WebVisibleItem(
        alpha: Double(visible.alpha),
        transform: WebTransform(
          a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx),
          ty: Double(t.ty)),
        zIndex: visible.zIndex, isHidden: visible.isHidden,
        frame: visible.frame == displayed
          ? nil : WebRect(visible.frame.offsetBy(dx: offset, dy: 0)))
      result[Layouts.items(20, "b")[path.item]] = item
    }
    return result
  }

  /// The entries of `items` that are not at the defaults: what a page
  /// that was sent them holds.
  static func held(_ items: [String: WebVisibleItem]) -> [String: WebVisibleItem] {
    items.filter { $0.value != WebVisibleItem() }
  }

  /// Whether the page holds `expected` for each of its cells.
  static func holds(_ client: FakeWebClient, _ expected: [String: WebVisibleItem]) -> Bool {
    expected.allSatisfy { (client.visible["main"]?[$0.key] ?? WebVisibleItem()) == $0.value }
  }

  /// The next message, which must be a `visible`.
  static func visibleMessage(_ client: FakeWebClient) async throws -> WebVisibleMessage {
    let message = try await client.receive()
    guard case .visible(let visible) = message else {
      throw FakeClientError("expected a visible message, got \(String(describing: message))")
    }
    return visible
  }

  /// Sends a ping and expects its pong next: nothing else was sent before.
  static func expectNothingElse(_ client: FakeWebClient, id: Int) async throws {
    client.send(.ping(id: id))
    #expect(try await client.receive() == .pong(id: id))
  }

  @Test("a reload is followed by what the handler left at offset 0; a band scroll by what changed")
  func bandScroll() async throws {
    let layout = Self.layout()
    let (session, _, dataSource) = Layouts.session(layout: layout)
    await dataSource.apply(Self.snapshot)
    let (client, serving, _) = try await Layouts.connect(
      session, list: WebListViewport(width: Self.width, height: 600))

    let first = try await Self.visibleMessage(client)
    #expect(first.list == "main" && first.seq == 1)
    let atZero = try Self.expected(layout, offset: 0)
    #expect(first.items == Self.held(atZero))
    #expect(client.visible["main"] == Self.held(atZero))
    // The tile nearest the centre is scaled least; the list's rows have no handler.
    #expect(first.items.keys.allSatisfy { $0.hasPrefix("b-") })
    #expect(first.items["b-00001"]!.transform.a > first.items["b-00000"]!.transform.a)

    client.send(.band(list: "main", section: "band", offset: 300))
    let scrolled = try await Self.visibleMessage(client)
    let at300 = try Self.expected(layout, offset: 300)
    #expect(Self.holds(client, at300))
    #expect(Set(at300.keys) == ["b-00002", "b-00003", "b-00004"])
    // Tile 3 (525 from the band's start) is 30 from the centre, at 495.
    let scale = 1 - 30 / Self.width
    #expect(abs(at300["b-00003"]!.transform.a - scale) < 1e-9)
    #expect(abs(at300["b-00003"]!.alpha - scale) < 1e-9)
    #expect(at300["b-00003"]!.frame == nil)
    // Only what changed: tiles out of view keep what the page holds.
    for (text, item) in scrolled.items {
      #expect(at300[text] == item)
      #expect(item != (atZero[text] ?? WebVisibleItem()), "\(text)")
    }
    #expect(scrolled.items["b-00000"] == nil)
    #expect(client.visible["main"]?["b-00000"] == atZero["b-00000"])

    // The same offset again: nothing changed, nothing sent.
    client.send(.band(list: "main", section: "band", offset: 300))
    try await Self.expectNothingElse(client, id: 1)

    // A scroll of the list keeps the band's offset.
    client.send(.viewport(list: "main", WebListViewport(width: Self.width, height: 600, y: 1)))
    _ = try await Layouts.layoutMessage(client)
    try await Self.expectNothingElse(client, id: 2)
    #expect(Self.holds(client, at300))
    await client.transport.close()
    await serving.value
  }

  @Test("a frame the handler moved is sent unscrolled, as the layout's frames are")
  func movedFrames() async throws {
    let layout = Self.layout(lift: 5)
    let (session, _, dataSource) = Layouts.session(layout: layout)
    await dataSource.apply(Self.snapshot)
    let (client, serving, reload) = try await Layouts.connect(
      session, list: WebListViewport(width: Self.width, height: 600))
    _ = try await Self.visibleMessage(client)
    client.send(.band(list: "main", section: "band", offset: 160))
    _ = try await Self.visibleMessage(client)
    let held = try #require(client.visible["main"])
    #expect(Self.holds(client, try Self.expected(layout, offset: 160)))
    let frame = try #require(reload.layout?.frames["b-00002"])
    #expect(held["b-00002"]?.frame == WebRect(x: frame.x, y: frame.y + 5, width: 150, height: 100))
    await client.transport.close()
    await serving.value
  }

  @Test("sections without a handler add nothing to the wire, band scrolls included")
  func noHandler() async throws {
    let (session, _, dataSource) = Layouts.session(layout: Self.layout(handler: false))
    await dataSource.apply(Self.snapshot)
    let (client, serving, _) = try await Layouts.connect(
      session, list: WebListViewport(width: Self.width, height: 600))
    client.send(.band(list: "main", section: "band", offset: 300))
    try await Self.expectNothingElse(client, id: 1)
    #expect(client.visible["main"] == nil)
    await client.transport.close()
    await serving.value
  }

  @Test("bad band messages get an error for that page alone, change nothing, and it carries on")
  func badBands() async throws {
    let layout = Self.layout()
    let (session, _, dataSource) = Layouts.session(layout: layout)
    await dataSource.apply(Self.snapshot)
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.band(list: "main", section: "band", offset: 1))
    #expect(try await client.receive() == .error(message: "band before ready"))
    client.send(.ready(viewport: WebViewport(width: Self.width, height: 600)))
    guard case .reload = try await client.receive() else {
      throw FakeClientError("expected a reload")
    }
    _ = try await Self.visibleMessage(client)

    let problems: [(String, String)] = [
      (
        #"{"v": 1, "type": "band", "list": "main", "section": "nope", "offset": 10}"#,
        #"band names unknown section "nope" of list "main""#
      ),
      (
        #"{"v": 1, "type": "band", "list": "main", "section": "list", "offset": 10}"#,
        #"section "list" of list "main" has no band: it does not scroll orthogonally"#
      ),
      (
        #"{"v": 1, "type": "band", "list": "side", "section": "band", "offset": 10}"#,
        #"unknown list "side""#
      ),
      (
        #"{"v": 1, "type": "band", "list": "main", "section": "band", "offset": -10}"#,
        "offset -10.0 is not a finite, non-negative offset at .offset"
      ),
      (
        #"{"v": 1, "type": "band", "list": "main", "section": "band", "offset": "far"}"#,
        "offset"
      ),
    ]
    for (id, (text, expected)) in problems.enumerated() {
      client.send(text)
      let message = try await client.receive()
      guard case .error(let problem) = message else {
        Issue.record("expected an error for \(text), got \(String(describing: message))")
        continue
      }
      #expect(problem.contains(expected), "\(problem)")
      try await Self.expectNothingElse(client, id: id)
    }
    // Nothing changed: the handler's attributes are those of offset 0.
    #expect(client.visible["main"] == Self.held(try Self.expected(layout, offset: 0)))
    await client.transport.close()
    await serving.value
  }

  // MARK: - The browser test's fixture

  /// Where the browser test (Tests/BrowserTests/visible-items.test.mjs)
  /// reads what this session sends.
  static let fixtureURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("BrowserTests/Fixtures/visible-band.json")

  /// The band offset the browser test scrolls to: tile 3 (centre 525) at
  /// the centre of the 390-point band, so its handler leaves it unscaled.
  static let fixtureOffset = 330.0

  /// What the session sends a page of `width` × 600 for ``layout(lift:handler:)``:
  /// the reload and `visible` message that answer `ready`, and the
  /// `visible` message that answers a scroll of the band to
  /// ``fixtureOffset``, as one JSON object of message texts.
  static func fixtureText() async throws -> String {
    let (session, _, dataSource) = Layouts.session(layout: layout())
    await dataSource.apply(snapshot)
    let (client, serving, _) = try await Layouts.connect(
      session, list: WebListViewport(width: width, height: 600))
    let atZero = try await visibleMessage(client)
    client.send(.band(list: "main", section: "band", offset: fixtureOffset))
    let scrolled = try await visibleMessage(client)
    await client.transport.close()
    await serving.value
    func text(_ message: WebServerMessage) throws -> String {
      String(decoding: try message.jsonData(), as: UTF8.self)
    }
    return "{\"offset\":\(Int(fixtureOffset)),\n"
      + "\"ready\":[\(try text(client.received[0])),\n\(try text(.visible(atZero)))],\n"
      + "\"band\":[\(try text(.visible(scrolled)))]}\n"
  }

  @Test(
    "the browser test's fixture is what the session sends (DIFFABLE_WRITE_FIXTURES=1 rewrites it)")
  func browserFixture() async throws {
    let text = try await Self.fixtureText()
    if try Fixtures.writeIfAsked(text, to: Self.fixtureURL) { return }
    let committed = try String(contentsOf: Self.fixtureURL, encoding: .utf8)
    #expect(committed == text, "rewrite it with DIFFABLE_WRITE_FIXTURES=1")
    // Tile 3 is unscaled there: the page, which held nothing for it, is
    // sent nothing; tiles 2 and 4 are scaled alike.
    let scrolled = try #require(
      try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any])
    let band = try #require(scrolled["band"] as? [[String: Any]])
    let items = try #require(band.first?["items"] as? [String: [String: Any]])
    #expect(items["b-00003"] == nil)
    #expect(Set(items.keys) == ["b-00002", "b-00004"])
    #expect((items["b-00002"]?["alpha"] as? Double ?? 1) < 1)
  }
}
