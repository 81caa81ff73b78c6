import DiffableCore
import DiffableEngine
import DiffableTestSupport
import Foundation
import Testing

@testable import DiffableWeb

/// The perimeter's rules, on the bookkeeping value alone: every instant is
/// the test's.
@Suite struct WebPageTableTests {
  let t0 = ContinuousClock.now

  func table(_ configure: (inout WebPageLimits) -> Void = { _ in }) -> _WebPageTable {
    var limits = WebPageLimits()
    configure(&limits)
    return _WebPageTable(limits: limits)
  }

  @Test func aPageIsBoundToItsPathBrowserAndIdentity() {
    var table = table()
    _ = table.issue(id: "p", path: "/a", browser: "b", address: "1", identity: "ada", at: t0)
    #expect(table.refusal(id: "p", path: "/a", browser: "b", identity: "ada", at: t0) == nil)
    let refusals = [
      table.refusal(id: "q", path: "/a", browser: "b", identity: "ada", at: t0),
      table.refusal(id: "p", path: "/b", browser: "b", identity: "ada", at: t0),
      table.refusal(id: "p", path: "/a", browser: "c", identity: "ada", at: t0),
      table.refusal(id: "p", path: "/a", browser: nil, identity: "ada", at: t0),
      table.refusal(id: "p", path: "/a", browser: "b", identity: "grace", at: t0),
      table.refusal(id: "p", path: "/a", browser: "b", identity: nil, at: t0),
    ]
    #expect(
      refusals.map { $0?.code } == [
        .pageExpired, .policyViolation, .policyViolation, .policyViolation, .policyViolation,
        .policyViolation,
      ])
    #expect(refusals[1]?.reason == "the page was issued for another path")
    #expect(refusals[2]?.reason == "the page was issued to another browser")
    #expect(refusals[4]?.reason == "the page was issued to another user")
  }

  @Test func anIssuedPageExpiresIfNoSocketComesWithinItsDeadline() {
    var table = table()
    _ = table.issue(id: "p", path: "/a", browser: "b", address: nil, identity: nil, at: t0)
    let almost = t0 + .seconds(60) - .milliseconds(1)
    #expect(table.refusal(id: "p", path: "/a", browser: "b", identity: nil, at: almost) == nil)
    #expect(table.expire(at: almost).isEmpty)
    let due = t0 + .seconds(60)
    #expect(
      table.refusal(id: "p", path: "/a", browser: "b", identity: nil, at: due)?.code
        == .pageExpired)
    #expect(table.expire(at: due) == ["p"])
    #expect(table.count == 0)
  }

  @Test func aConnectedPageNeverExpiresAndADetachedOneAfterItsLifetime() {
    var table = table { $0.detachedLifetime = .seconds(30) }
    _ = table.issue(id: "p", path: "/a", browser: "b", address: nil, identity: nil, at: t0)
    table.attach(id: "p")
    #expect(table.expire(at: t0 + .seconds(3600)).isEmpty)
    let gone = t0 + .seconds(3600)
    table.detach(id: "p", at: gone)
    #expect(table.expire(at: gone + .seconds(29)).isEmpty)
    #expect(table.refusal(id: "p", path: "/a", browser: "b", identity: nil, at: gone) == nil)
    #expect(table.expire(at: gone + .seconds(30)) == ["p"])
  }

  @Test func aFullBrowserPushesOutItsOwnOldestPageWithoutASocket() throws {
    var table = table { $0.maximumPagesPerBrowser = 3 }
    for (n, id) in ["a", "b", "c"].enumerated() {
      _ = table.issue(
        id: id, path: "/", browser: "x", address: nil, identity: nil, at: t0 + .seconds(n))
    }
    table.attach(id: "a")
    // Another browser is not counted.
    _ = table.issue(id: "o", path: "/", browser: "y", address: nil, identity: nil, at: t0)
    let fourth = table.issue(
      id: "d", path: "/", browser: "x", address: nil, identity: nil, at: t0 + .seconds(5))
    #expect(try fourth.get() == ["b"])
    #expect(Set(table.entries.keys) == ["a", "c", "d", "o"])
    table.attach(id: "c")
    table.attach(id: "d")
    let refused = table.issue(
      id: "e", path: "/", browser: "x", address: nil, identity: nil, at: t0 + .seconds(6))
    #expect(throws: WebRefusal.self) { try refused.get() }
    #expect((try? refused.get()) == nil)
    if case .failure(let refusal) = refused {
      #expect(refusal.status == 429)
      #expect(refusal.reason == "this browser has 3 pages open")
    }
  }

  @Test func aFullAddressAndAFullServerPushOutTheOldestIdlePages() throws {
    var table = table {
      $0.maximumPagesPerAddress = 2
      $0.maximumPages = 3
    }
    _ = table.issue(id: "a", path: "/", browser: "1", address: "x", identity: nil, at: t0)
    _ = table.issue(
      id: "b", path: "/", browser: "2", address: "x", identity: nil, at: t0 + .seconds(1))
    table.detach(id: "a", at: t0 + .seconds(2))
    // The address is full: its oldest page without a socket is "b" (issued
    // at 1 s), not "a" (detached at 2 s).
    let c = table.issue(
      id: "c", path: "/", browser: "3", address: "x", identity: nil, at: t0 + .seconds(3))
    #expect(try c.get() == ["b"])
    _ = table.issue(
      id: "d", path: "/", browser: "4", address: "y", identity: nil, at: t0 + .seconds(4))
    // The server is full: its oldest idle page goes, whatever its address.
    let e = table.issue(
      id: "e", path: "/", browser: "5", address: "z", identity: nil, at: t0 + .seconds(5))
    #expect(try e.get() == ["a"])
    for id in ["c", "d", "e"] { table.attach(id: id) }
    let f = table.issue(
      id: "f", path: "/", browser: "6", address: "w", identity: nil, at: t0 + .seconds(6))
    if case .failure(let refusal) = f {
      #expect(refusal.status == 503)
    } else {
      Issue.record("a server full of connected pages took another: \(f)")
    }
  }
}

/// The page registry: issuing pages, admitting and refusing their sockets,
/// replacing a socket, expiring pages, on an injected clock.
@MainActor
@Suite("Web page registry")
struct WebPageRegistryTests {
  let clock = ManualClock()

  /// A registry whose pages each have one list of three items, and a log
  /// of what happened to them.
  func registry(
    _ configure: (inout WebPageRegistry.Configuration) -> Void = { _ in }
  ) -> (WebPageRegistry, Log) {
    var configuration = WebPageRegistry.Configuration()
    configure(&configuration)
    let log = Log()
    let clock = clock
    let registry = WebPageRegistry(configuration: configuration, now: { clock.now }) { page in
      log.append("made \(page.path)")
      let list = page.session.list(named: "main") {
        (_: WebListView<String, String>, _, item: String) in WebCell(item)
      }
      var snapshot = DiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["s"])
      snapshot.appendItems(["a", "b", "c"])
      list.apply(snapshot, animatingDifferences: false)
      let delegate = LogDelegate(log: log)
      page.content = delegate
      page.delegate = delegate
    }
    return (registry, log)
  }

  /// What happened to a registry's pages, in order.
  final class Log: Sendable {
    private let lines = _Locked<[String]>([])
    var events: [String] { lines.withLock { $0 } }
    func append(_ event: String) { lines.withLock { $0.append(event) } }
  }

  /// Logs what a page's delegate is told.
  final class LogDelegate: WebPageDelegate {
    let log: Log
    init(log: Log) { self.log = log }

    func pageDidChangeConnection(_ page: isolated WebPage, connected: Bool) {
      log.append(connected ? "connected" : "disconnected")
    }

    func pageWillDrop(_ page: isolated WebPage) {
      log.append("dropped")
    }
  }

  static func pageRequest(_ path: String = "/list", cookie: String? = nil) -> WebRequest {
    WebRequest(
      path: path, headers: [("Host", "example.com")] + (cookie.map { [("Cookie", $0)] } ?? []),
      clientAddress: "10.0.0.1")
  }

  static func socketRequest(
    _ issued: WebPageRegistry.IssuedPage, cookie: String?, path: String? = nil,
    version: String? = "1", origin: String? = "http://example.com"
  ) -> WebRequest {
    var query = ["page": issued.id]
    query["v"] = version
    var headers = [("Host", "example.com")]
    if let cookie { headers.append(("Cookie", cookie)) }
    if let origin { headers.append(("Origin", origin)) }
    return WebRequest(
      path: path ?? issued.socketPath, query: query, headers: headers, clientAddress: "10.0.0.1")
  }

  /// The cookie header a browser sends after `issued`'s `set-cookie`.
  static func cookie(_ issued: WebPageRegistry.IssuedPage) -> String {
    String(issued.setCookie!.prefix { $0 != ";" })
  }

  /// Serves `transport` for `request` in a task; returns the task.
  func serve(
    _ registry: WebPageRegistry, _ client: FakeWebClient, _ request: WebRequest
  ) -> Task<Void, Never> {
    Task { await registry.serve(client.transport, request: request) }
  }

  @Test func aPageGetsARandomIdentifierAndItsBrowserACookie() async throws {
    let (registry, _) = registry()
    let first = try await registry.issue(Self.pageRequest()).get()
    #expect(WebPageRegistry.isToken(first.id))
    #expect(first.socketPath == "/list/socket")
    let setCookie = try #require(first.setCookie)
    #expect(
      setCookie.wholeMatch(of: /diffable-browser=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Strict/)
        != nil)
    let again = try await registry.issue(Self.pageRequest(cookie: Self.cookie(first))).get()
    #expect(again.setCookie == nil)
    #expect(again.id != first.id)
    // A malformed cookie is no browser's: a new one is set.
    let forged = try await registry.issue(Self.pageRequest(cookie: "diffable-browser=a")).get()
    #expect(forged.setCookie != nil)
    #expect(await registry.count == 3)
    // Many identifiers, none twice.
    var ids = Set<String>()
    for _ in 0..<1_000 { ids.insert(WebPageRegistry.randomToken()) }
    #expect(ids.count == 1_000)
  }

  @Test func aRefusedSocketIsClosedWithItsCodeAndGetsNothing() async throws {
    let (registry, log) = registry()
    let issued = try await registry.issue(Self.pageRequest()).get()
    let other = try await registry.issue(Self.pageRequest("/other")).get()
    let cookie = Self.cookie(issued)
    var forgedID = issued
    forgedID = WebPageRegistry.IssuedPage(
      id: String(repeating: "0", count: 32), socketPath: issued.socketPath, setCookie: nil)
    let cases: [(WebRequest, WebCloseCode, String)] = [
      (Self.socketRequest(forgedID, cookie: cookie), .pageExpired, "does not know"),
      (Self.socketRequest(issued, cookie: nil), .policyViolation, "another browser"),
      (Self.socketRequest(issued, cookie: Self.cookie(other)), .policyViolation, "another browser"),
      (
        Self.socketRequest(issued, cookie: cookie, path: "/other/socket"), .policyViolation,
        "another path"
      ),
      (Self.socketRequest(issued, cookie: cookie, version: nil), .versionMismatch, "no version"),
      (Self.socketRequest(issued, cookie: cookie, version: "2"), .versionMismatch, "version 2"),
      (
        Self.socketRequest(issued, cookie: cookie, origin: "http://evil.example"),
        .policyViolation, "origin http://evil.example"
      ),
      (
        Self.socketRequest(issued, cookie: cookie, origin: "null"), .policyViolation,
        "origin null"
      ),
    ]
    for (request, code, reason) in cases {
      let client = FakeWebClient()
      await registry.serve(client.transport, request: request)
      let closes = client.transport.closes.withLock { $0 }
      #expect(closes.map(\.code) == [code], "\(request)")
      #expect(closes.first?.reason.contains(reason) == true, "\(closes)")
      #expect(try await client.receive() == nil, "a refused socket got a message")
    }
    // The pages were made at their loads; no refused socket reached one.
    #expect(log.events == ["made /list", "made /other"])
    #expect(await registry.page(id: issued.id)?.run { $0.session.isConnected } == false)
  }

  @Test func originsAreTheServersOwnUnlessNamedAndNoOriginPasses() async throws {
    let (registry, _) = registry()
    let issued = try await registry.issue(Self.pageRequest()).get()
    let cookie = Self.cookie(issued)
    #expect(registry.originRefusal(Self.socketRequest(issued, cookie: cookie)) == nil)
    #expect(
      registry.originRefusal(
        Self.socketRequest(issued, cookie: cookie, origin: "HTTP://Example.com"))
        == nil)
    #expect(registry.originRefusal(Self.socketRequest(issued, cookie: cookie, origin: nil)) == nil)
    #expect(
      registry.originRefusal(
        Self.socketRequest(issued, cookie: cookie, origin: "https://example.com"))?
        .status == 403)
    let (named, _) = self.registry { $0.allowedOrigins = ["https://app.example"] }
    let request = Self.socketRequest(issued, cookie: cookie, origin: "https://app.example")
    #expect(named.originRefusal(request) == nil)
    #expect(named.originRefusal(Self.socketRequest(issued, cookie: cookie)) != nil)
  }

  @Test func theOwnSocketGetsItsListsAndASecondOneReplacesIt() async throws {
    let (registry, log) = registry()
    let issued = try await registry.issue(Self.pageRequest()).get()
    let request = Self.socketRequest(issued, cookie: Self.cookie(issued))
    let first = FakeWebClient()
    let serving = serve(registry, first, request)
    first.send(.ready(viewport: WebViewport(width: 300, height: 600)))
    guard case .reload(let reload) = try await first.receive() else {
      Issue.record("no reload")
      return
    }
    #expect(reload.list == "main")
    #expect(log.events == ["made /list", "connected"])

    let second = FakeWebClient()
    let resuming = serve(registry, second, request)
    await serving.value
    #expect(first.transport.closes.withLock { $0.map(\.code) } == [.superseded])
    second.send(.ready(viewport: WebViewport(width: 300, height: 600)))
    guard case .reload = try await second.receive() else {
      Issue.record("no reload on the second socket")
      return
    }
    // The same page and session: made once, still connected.
    #expect(log.events == ["made /list", "connected"])
    second.send("{}")
    await second.transport.close()
    await resuming.value
    #expect(log.events == ["made /list", "connected", "disconnected"])

    // It reconnects within its lifetime, and is dropped after it.
    clock.advance(by: .seconds(59))
    await registry.expire()
    #expect(await registry.page(id: issued.id) != nil)
    clock.advance(by: .seconds(1))
    await registry.expire()
    #expect(await registry.page(id: issued.id) == nil)
    #expect(log.events.last == "dropped")
    let late = FakeWebClient()
    await registry.serve(late.transport, request: request)
    #expect(late.transport.closes.withLock { $0.map(\.code) } == [.pageExpired])
  }

  @Test func anIssuedPageWithNoSocketExpiresAfterSixtySeconds() async throws {
    let (registry, log) = registry()
    let issued = try await registry.issue(Self.pageRequest()).get()
    clock.advance(by: .seconds(60))
    let client = FakeWebClient()
    await registry.serve(
      client.transport, request: Self.socketRequest(issued, cookie: Self.cookie(issued)))
    #expect(client.transport.closes.withLock { $0.map(\.code) } == [.pageExpired])
    #expect(await registry.count == 0)
    // The page was made at its load, and dropped at its deadline.
    #expect(log.events == ["made /list", "dropped"])
  }

  @Test func aStrangerLoadingPagesPushesOutIdlePagesNotANewVisitor() async throws {
    let (registry, _) = registry {
      $0.limits.maximumPages = 10
      $0.limits.maximumPagesPerAddress = 1_000
    }
    for _ in 0..<50 {
      #expect((try? await registry.issue(Self.pageRequest()).get()) != nil)
    }
    #expect(await registry.count == 10)
    let visitor = try await registry.issue(
      WebRequest(path: "/list", headers: [("Host", "example.com")], clientAddress: "10.9.9.9")
    ).get()
    #expect(await registry.pageIDs.contains(visitor.id))
  }

  @Test func theAuthorizationHookBindsAPageToItsUser() async throws {
    let (registry, log) = registry { configuration in
      configuration.authorize = { request in
        guard let user = request.header("x-user") else { return .refused(reason: "sign in") }
        return .allowed(identity: user)
      }
    }
    let anonymous = await registry.issue(Self.pageRequest())
    if case .failure(let refusal) = anonymous {
      #expect(refusal.status == 403)
      #expect(refusal.reason == "sign in")
    } else {
      Issue.record("the hook's refusal was not kept")
    }
    var pageRequest = Self.pageRequest()
    pageRequest.addHeader("X-User", "ada")
    let issued = try await registry.issue(pageRequest).get()
    var asGrace = Self.socketRequest(issued, cookie: Self.cookie(issued))
    asGrace.addHeader("X-User", "grace")
    let grace = FakeWebClient()
    await registry.serve(grace.transport, request: asGrace)
    #expect(grace.transport.closes.withLock { $0.map(\.code) } == [.policyViolation])
    var asAda = Self.socketRequest(issued, cookie: Self.cookie(issued))
    asAda.addHeader("X-User", "ada")
    let ada = FakeWebClient()
    let serving = serve(registry, ada, asAda)
    ada.send(.ready(viewport: WebViewport(width: 300, height: 600)))
    guard case .reload = try await ada.receive() else {
      Issue.record("no reload for the page's own user")
      return
    }
    #expect(await registry.page(id: issued.id)?.identity == "ada")
    #expect(log.events == ["made /list", "connected"])
    await ada.transport.close()
    await serving.value
  }

  /// Issues a page and serves `transport` as its socket in a task, once
  /// `client` said `ready`: returns the page's identifier and the task.
  func connect(
    _ registry: WebPageRegistry, _ client: FakeWebClient, through transport: some WebTransport
  ) async throws -> (id: String, serving: Task<Void, Never>) {
    let issued = try await registry.issue(Self.pageRequest()).get()
    let request = Self.socketRequest(issued, cookie: Self.cookie(issued))
    let serving = Task { await registry.serve(transport, request: request) }
    client.send(.ready(viewport: WebViewport(width: 300, height: 600)))
    return (issued.id, serving)
  }

  @Test func closingTheSocketsClosesEveryPagesOnceWrittenAndKeepsThePages() async throws {
    let (registry, _) = registry()
    var connected: [(client: FakeWebClient, id: String, serving: Task<Void, Never>)] = []
    for _ in 0..<3 {
      let client = FakeWebClient()
      let (id, serving) = try await connect(registry, client, through: client.transport)
      guard case .reload = try await client.receive() else {
        Issue.record("no reload")
        return
      }
      connected.append((client, id, serving))
    }
    let reason = "the server is shutting down"
    await registry.closeSockets(code: .goingAway, reason: reason)
    // Every close is written by the time it returns.
    for (client, _, _) in connected {
      #expect(
        client.transport.closes.withLock { $0 }
          == [FakeTransport.Close(code: .goingAway, reason: reason)])
    }
    for (_, id, serving) in connected {
      await serving.value
      #expect(await registry.page(id: id) != nil)
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingTheClosesStopsAWriteStuckOnAPageThatDoesNotRead() async throws {
    let (registry, _) = registry()
    let stuckClient = FakeWebClient()
    let stuck = GatedTransport(stuckClient.transport)
    let (stuckID, servingStuck) = try await connect(registry, stuckClient, through: stuck)
    // Its reload is being written, and stays so: the page does not read.
    var arrivals = stuck.arrivals.makeAsyncIterator()
    _ = await arrivals.next()
    let client = FakeWebClient()
    let (_, serving) = try await connect(registry, client, through: client.transport)
    guard case .reload = try await client.receive() else {
      Issue.record("no reload")
      return
    }

    let closing = Task { await registry.closeSockets(code: .goingAway, reason: "shutting down") }
    // The page that reads is closed while the other's write waits: its
    // connection ends. (A close that never comes fails at the time limit.)
    await serving.value
    #expect(client.transport.closes.withLock { $0.map(\.code) } == [.goingAway])
    closing.cancel()
    await closing.value
    // The stuck write stops, and its connection ends.
    await servingStuck.value
    let page = try #require(await registry.page(id: stuckID))
    #expect(await page.run { $0.session.isConnected } == false)
  }

  @Test func debuggingRoutesAnswerOnlyThePagesBrowser() async throws {
    let (registry, _) = registry()
    let issued = try await registry.issue(Self.pageRequest()).get()
    let other = try await registry.issue(Self.pageRequest()).get()
    #expect(
      (await registry.isOwnBrowser(Self.pageRequest(cookie: Self.cookie(issued)), of: issued.id)))
    #expect(
      !(await registry.isOwnBrowser(Self.pageRequest(cookie: Self.cookie(other)), of: issued.id)))
    #expect(!(await registry.isOwnBrowser(Self.pageRequest(), of: issued.id)))
  }

  @Test func aPageSeesOnlyThePagesOfItsOwnBrowser() async throws {
    let (registry, _) = registry()
    let first = try await registry.issue(Self.pageRequest()).get()
    let second = try await registry.issue(Self.pageRequest(cookie: Self.cookie(first))).get()
    let stranger = try await registry.issue(Self.pageRequest()).get()
    #expect(
      await registry.pageIDs(sharingBrowserWith: first.id) == [first.id, second.id].sorted())
    #expect(await registry.pageIDs(sharingBrowserWith: stranger.id) == [stranger.id])
    #expect(await registry.pageIDs(sharingBrowserWith: String(repeating: "0", count: 32)) == [])
  }
}

/// The session's own limits on what a page sends: message rates, and the
/// close codes of its ends.
@MainActor
@Suite("Web session limits")
struct WebSessionLimitTests {
  func session() -> (WebSession, ManualClock) {
    let clock = ManualClock()
    let session = WebSession(clock: clock)
    let list = session.list(named: "main") {
      (_: WebListView<String, String>, _, item: String) in WebCell(item)
    }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["s"])
    snapshot.appendItems(["a"])
    list.apply(snapshot, animatingDifferences: false)
    return (session, clock)
  }

  /// The next message that is an error, skipping the rest.
  func nextError(_ client: FakeWebClient) async throws -> String? {
    while let message = try await client.receive() {
      if case .error(let text) = message { return text }
    }
    return nil
  }

  @Test func resyncsPastTheirRateAreRefusedAndAFloodClosesThePage() async throws {
    let (session, clock) = session()
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.ready(viewport: WebViewport(width: 300, height: 600)))
    // The burst: 20 resyncs; the 21st, with no time passed, is refused.
    for _ in 0..<21 { client.send(.resync(list: "main", reason: "test")) }
    #expect(try await nextError(client) == "too many resync messages: at most 5 a second")
    // A second later, five more are taken.
    clock.advance(by: .seconds(1))
    for _ in 0..<5 { client.send(.resync(list: "main", reason: "test")) }
    client.send(.ping(id: 1))
    while let message = try await client.receive() {
      if case .error(let text) = message { Issue.record("refused within the rate: \(text)") }
      if case .pong = message { break }
    }
    // A flood: refused five times in a row, and closed.
    for _ in 0..<10 { client.send(.resync(list: "main", reason: "test")) }
    await serving.value
    let closes = client.transport.closes.withLock { $0 }
    #expect(closes.map(\.code) == [.policyViolation])
    #expect(closes.first?.reason.hasPrefix("5 bad messages in a row") == true)
  }

  @Test func aMessageOfAnotherWireVersionClosesWith4001() async throws {
    let (session, _) = session()
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(#"{"v": 2, "type": "ping", "id": 1}"#)
    await serving.value
    let closes = client.transport.closes.withLock { $0 }
    #expect(closes.map(\.code) == [.versionMismatch])
    #expect(closes.first?.reason == "the page speaks wire version 2; the server speaks 1")
  }

  @Test func aReplacedConnectionIsClosedWith4000() async throws {
    let (session, _) = session()
    let first = FakeWebClient()
    let serving = Task { await session.serve(first.transport) }
    first.send(.ready(viewport: WebViewport(width: 300, height: 600)))
    _ = try await first.receive()
    let second = FakeWebClient()
    let replacing = Task { await session.serve(second.transport) }
    await serving.value
    #expect(first.transport.closes.withLock { $0.map(\.code) } == [.superseded])
    await second.transport.close()
    await replacing.value
  }

  @Test func rateRulesAreChecked() {
    #expect(WebMessageRate(perSecond: 2.5, burst: 1).description == "2.5")
    var rates = _WebMessageRates()
    let t0 = Duration.seconds(5)
    let rate = WebMessageRate(perSecond: 2, burst: 2)
    let steps: [(String, Duration)] = [
      ("x", .zero), ("x", .zero), ("x", .zero), ("y", .zero), ("x", .milliseconds(499)),
      ("x", .milliseconds(1000)), ("x", .seconds(100)), ("x", .seconds(100)), ("x", .seconds(100)),
    ]
    var taken: [Bool] = []
    for (type, offset) in steps { taken.append(rates.take(type, rate: rate, at: t0 + offset)) }
    // Two at once, then none; another type has its own bucket; half a
    // second less a millisecond gives no token, a second gives two; time
    // never fills the bucket past its burst.
    #expect(taken == [true, true, false, true, false, true, true, true, false])
  }
}

/// What a registry and its sessions tell `onEvent`.
@MainActor
@Suite("Web events")
struct WebEventTests {
  /// The events of a page's life, in order: issued, its socket opened,
  /// messages sent with their bytes, a resync, a bad message, a batch
  /// acknowledged, the socket closed, the page dropped; and a refusal.
  @Test func aPagesLifeIsToldInOrder() async throws {
    let events = _Locked<[WebEvent]>([])
    var configuration = WebPageRegistry.Configuration()
    configuration.onEvent = { event in events.withLock { $0.append(event) } }
    let registry = WebPageRegistry(configuration: configuration) { page in
      let list = page.session.list(named: "main") {
        (_: WebListView<String, String>, _, item: String) in WebCell(item)
      }
      var snapshot = DiffableDataSourceSnapshot<String, String>()
      snapshot.appendSections(["s"])
      snapshot.appendItems(["a", "b"])
      list.apply(snapshot, animatingDifferences: false)
      page.content = list
    }
    let issued = try await registry.issue(WebPageRegistryTests.pageRequest()).get()
    let cookie = WebPageRegistryTests.cookie(issued)
    let client = FakeWebClient()
    let serving = Task {
      await registry.serve(
        client.transport,
        request: WebPageRegistryTests.socketRequest(issued, cookie: cookie))
    }
    client.send(.ready(viewport: WebViewport(width: 300, height: 600)))
    guard case .reload = try await client.receive() else {
      Issue.record("no reload")
      return
    }
    client.send(.resync(list: "main", reason: "test"))
    guard case .reload = try await client.receive() else {
      Issue.record("no reload after the resync")
      return
    }
    client.send("not json")
    guard case .error = try await client.receive() else {
      Issue.record("no error reply")
      return
    }
    let page = try #require(await registry.page(id: issued.id))
    let applied = Task {
      await page.run { page in
        guard let list = page.content as? DiffableDataSource<String, String> else { return }
        var snapshot = list.snapshot()
        snapshot.appendItems(["c"])
        await list.apply(snapshot)
      }
    }
    var batchSeq: Int?
    while batchSeq == nil, let message = try await client.receive() {
      if case .batch(let batch) = message { batchSeq = batch.seq }
    }
    client.send(.ack(list: "main", seq: try #require(batchSeq)))
    await applied.value
    await client.transport.close()
    await serving.value
    await registry.drop(id: issued.id)
    // A stranger's socket for the same page.
    let stranger = FakeWebClient()
    await registry.serve(
      stranger.transport,
      request: WebPageRegistryTests.socketRequest(issued, cookie: nil))

    let told = events.withLock { $0 }
    #expect(told.first == WebEvent(.pageIssued, pageID: issued.id))
    let kinds = told.dropFirst().map(\.kind)
    #expect(kinds.first == .socketOpened)
    #expect(kinds.contains(.resync(list: "main")))
    #expect(kinds.contains { if case .badMessage = $0 { true } else { false } })
    #expect(
      kinds.contains { if case .acknowledged(list: "main", _) = $0 { true } else { false } })
    let sent = kinds.compactMap { kind -> (String, Int)? in
      if case .sent(let type, let bytes) = kind { (type, bytes) } else { nil }
    }
    #expect(sent.filter { $0.0 == "reload" }.count == 2)
    #expect(sent.contains { $0.0 == "batch" } && sent.contains { $0.0 == "error" })
    #expect(sent.allSatisfy { $0.1 > 0 })
    #expect(
      kinds.contains {
        if case .socketClosed(code: .normal, _) = $0 { true } else { false }
      })
    let last = told.suffix(2).map(\.kind)
    #expect(last.first == .pageDropped)
    guard case .refused(let refusal)? = last.last else {
      Issue.record("the stranger's socket was not told as refused: \(last)")
      return
    }
    #expect(refusal.code == .pageExpired || refusal.code == .policyViolation)
    // Every event of the page names it; the refusal names none.
    #expect(told.dropLast().allSatisfy { $0.pageID == issued.id })
    #expect(told.last?.pageID == nil)
  }
}
