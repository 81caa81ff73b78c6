import DiffableCore

/// Decides who may open a page and its socket: the user's identity, or a
/// refusal. See ``WebPageRegistry/Configuration/authorize``.
public enum WebAuthorization: Sendable, Hashable {
  /// The request may go on, as `identity` (`nil` for an anonymous user).
  case allowed(identity: String?)
  /// The request is refused, for `reason` (shown to the page as text).
  case refused(reason: String)
}

/// One page a ``WebPageRegistry`` issued: an actor of its own, on which
/// its ``session``, the session's lists and data sources, and the app's
/// objects for the page live.
///
/// Pages are served at the same time on as many cores as there are: a
/// page's work (its applies, windows, messages and acknowledgements) runs
/// on the page, and waits for no other page.
public actor WebPage {
  /// The page's identifier: 32 lowercase hexadecimal digits (128 random
  /// bits).
  public let id: String
  /// The path the page was issued for: `/demos/mountains`.
  public let path: String
  /// The identity the authorization hook gave the page's request, if any.
  public let identity: String?
  /// The page's session: its lists, served to its socket.
  public let session: WebSession
  /// What the app keeps for the page (its screen, its data sources): kept
  /// as long as the page.
  public var content: AnyObject?
  /// Told when the page gets a socket or loses its last one, and when the
  /// registry drops it. The page does not keep its delegate alive: keep
  /// it in ``content``.
  public weak var delegate: (any WebPageDelegate)?

  init(id: String, path: String, identity: String?, session: sending WebSession) {
    self.id = id
    self.path = path
    self.identity = identity
    self.session = session
  }

  /// Runs `body` on the page's actor, and returns what it returns: how a
  /// server's route (or a test) reads or changes a page's session, lists
  /// and content from outside the page.
  ///
  /// ```swift
  /// let connected = await page.run { page in page.session.isConnected }
  /// ```
  public func run<Result: Sendable>(
    _ body: @Sendable (isolated WebPage) async throws -> Result
  ) async rethrows -> Result {
    try await body(self)
  }

  /// Serves `transport` on the page's session, first telling the delegate
  /// that the page has a socket when `connecting`.
  func _serve<Transport: WebTransport>(_ transport: Transport, connecting: Bool) async {
    if connecting { delegate?.pageDidChangeConnection(self, connected: true) }
    await session.serve(transport)
  }

  /// The page's last socket closed.
  func _disconnected() {
    delegate?.pageDidChangeConnection(self, connected: false)
  }

  /// Closes the page's socket, if any, as the session's
  /// `_closeConnection(_:reason:abandoning:)` does.
  func _closeConnection(_ code: WebCloseCode, reason: String, abandoning: Bool) -> _WebOutbox? {
    session._closeConnection(code, reason: reason, abandoning: abandoning)
  }

  /// The registry dropped the page: its socket is closed, its delegate told,
  /// its content let go.
  func _dropped() {
    session._closeConnection(.goingAway, reason: "the page was dropped")
    delegate?.pageWillDrop(self)
    content = nil
  }
}

/// What happens to a ``WebPage`` as a whole: the delegate of a page, told
/// on the page's actor.
public protocol WebPageDelegate: AnyObject {
  /// The page got a socket (`connected`), or lost its last one. Screens
  /// that change on their own (a ticker) run only while a page is
  /// connected.
  func pageDidChangeConnection(_ page: isolated WebPage, connected: Bool)
  /// The registry drops the page: stop every task the page's objects run.
  func pageWillDrop(_ page: isolated WebPage)
}

/// The pages a server shows, and the perimeter of their sockets: it issues
/// every page identifier, binds each to the browser, the path and the user
/// that loaded the page, and lets a socket reach a page's session only when
/// all of them match.
///
/// A server calls it three times (the integration products and the demo
/// server do; Documentation/Serving.md, "The perimeter"):
///
/// 1. A page's `GET`: ``pageResponse(to:document:makePage:)`` answers with
///    the page's HTML (`<body data-page="ID" data-socket="PATH">`) and the
///    browser cookie when the request had none; ``issue(_:makePage:)``
///    gives the identifier alone, for HTML of the server's own.
/// 2. The socket's upgrade request: ``originRefusal(_:)`` before upgrading
///    (answer its ``WebRefusal/status``, 403).
/// 3. The upgraded socket: ``serve(_:request:)`` checks the page identifier
///    (`?page=ID`), the wire version (`&v=N`), the browser cookie, the path
///    and the identity, then serves the page's session until the socket
///    closes; a refused socket is closed at once with the refusal's code
///    and reason, and gets nothing.
///
/// ```swift
/// let registry = WebPageRegistry { (page: isolated WebPage) in
///   let list = page.session.list(named: "fruits") {
///     (_: WebListView<String, String>, _, item: String) in WebCell(item)
///   }
///   var snapshot = DiffableDataSourceSnapshot<String, String>()
///   snapshot.appendSections(["fruits"])
///   snapshot.appendItems(["apple", "pear"])
///   list.apply(snapshot, animatingDifferences: false)
/// }
/// ```
///
/// A page's session is made and filled when the page is issued, by the
/// closure given to ``issue(_:makePage:)`` or, without one, to
/// ``init(configuration:now:makePage:)``, so that the page's HTML can hold
/// its lists' first window (``WebPageDocument``). A second socket
/// of the same page replaces the first, which is closed with
/// ``WebCloseCode/superseded``. A page whose socket closed is kept for
/// ``WebPageLimits/detachedLifetime``, so that a page that reconnects finds
/// its session; a page issued and never connected is dropped after
/// ``WebPageLimits/connectDeadline``. ``WebPageLimits`` also bounds how many
/// pages are kept, per browser, per client address and in all.
///
/// The registry is an actor of its own, which does the bookkeeping of
/// pages and sockets; each page's work runs on the page
/// (``WebPage``).
public actor WebPageRegistry {
  /// What the registry allows, and how it names its cookie.
  public struct Configuration: Sendable {
    /// How many pages are kept, and for how long.
    public var limits = WebPageLimits()
    /// The origins a socket may come from, as `scheme://host[:port]`,
    /// lowercased; `nil` (the default) allows only the request's own
    /// origin (``WebRequest/ownOrigin``, from its `host` header).
    ///
    /// A socket with no `origin` header (a client that is not a browser,
    /// which could send any header it likes) passes this check and still
    /// needs the page's identifier and browser cookie. Behind a proxy that
    /// changes the `host` header, or to defend against DNS rebinding, name
    /// the origins.
    public var allowedOrigins: Set<String>?
    /// The name of the cookie that binds pages to a browser:
    /// `diffable-browser` by default.
    public var cookieName = "diffable-browser"
    /// The cookie's `SameSite` attribute: `Strict` by default, so that no
    /// request from another site carries it.
    public var cookieSameSite = "Strict"
    /// Whether the cookie has the `Secure` attribute (sent over TLS only).
    /// `false` by default; set it when the pages are served over HTTPS.
    public var secureCookie = false
    /// The suffix that makes a page's socket path from its path: `/socket`
    /// (the page `/demos/mountains` has the socket
    /// `/demos/mountains/socket`).
    public var socketSuffix = "/socket"
    /// The authorization hook: sees each page's `GET` and each socket's
    /// upgrade request (headers, cookies, path) and returns the user's
    /// identity or a refusal. A page is bound to the identity of its `GET`;
    /// its socket is refused unless the hook gives it the same one.
    /// Without a hook, a request has the identity the server's own
    /// authentication gave it (``WebRequest/identity``; `nil`, anonymous,
    /// when it has none).
    public var authorize: (@Sendable (WebRequest) async -> WebAuthorization)?
    /// Called with what the registry and its pages' sessions do, for the
    /// server's metrics and logs (``WebEvent``): set on each page's
    /// session as ``WebSession/onEvent``. `nil` by default.
    public var onEvent: (@Sendable (WebEvent) -> Void)?

    /// The default configuration.
    public init() {}
  }

  /// A page issued for a `GET`: what its HTML and headers need.
  public struct IssuedPage: Sendable, Hashable {
    /// The page's identifier, for `data-page`.
    public let id: String
    /// The path of the page's socket, for `data-socket`.
    public let socketPath: String
    /// The value of a `set-cookie` header to send with the page, when the
    /// request did not carry the browser's cookie; `nil` when it did.
    public let setCookie: String?
  }

  /// The registry's configuration.
  public nonisolated let configuration: Configuration
  let makePage: @Sendable (isolated WebPage) async -> Void
  let now: @Sendable () -> ContinuousClock.Instant
  var table: _WebPageTable
  /// The pages issued and not dropped, by identifier.
  var pages: [String: WebPage] = [:]
  /// For each page with a socket, a number that changes with each socket,
  /// so that a replaced socket's end does not detach the page.
  var sockets: [String: Int] = [:]
  var socketCount = 0

  /// A registry that fills each page's session with `makePage`.
  ///
  /// - Parameters:
  ///   - configuration: The limits, origins, cookie and authorization.
  ///   - now: The clock the limits' deadlines are read on (tests pass one
  ///     of their own).
  ///   - makePage: Called on the page's actor when it is issued, unless
  ///     ``issue(_:makePage:)`` is given a closure of its own: makes the
  ///     page's lists in ``WebPage/session`` and keeps what it needs in
  ///     ``WebPage/content``. The page's HTML is written when it returns,
  ///     with what its lists then show (the first paint): await the first
  ///     apply of each list in it.
  public init(
    configuration: Configuration = Configuration(),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    makePage: @escaping @Sendable (isolated WebPage) async -> Void
  ) {
    self.configuration = configuration
    self.now = now
    self.makePage = makePage
    self.table = _WebPageTable(limits: configuration.limits)
  }

  /// A registry whose pages are filled by the closure each
  /// ``issue(_:makePage:)`` is given (a route's own), and are empty
  /// without one.
  public init(
    configuration: Configuration = Configuration(),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    self.init(configuration: configuration, now: now) { (_: isolated WebPage) in }
  }

  /// How many pages are kept: issued, connected, or waiting for their
  /// socket to come back.
  public var count: Int { table.count }

  /// The page `id`, from its issue until it is dropped.
  public func page(id: String) -> WebPage? { pages[id] }

  /// The identifiers of the pages kept, sorted.
  ///
  /// - Complexity: O(*n* log *n*), where *n* is the number of pages kept.
  public var pageIDs: [String] { table.entries.keys.sorted() }

  /// Issues a page for a `GET` of `request.path`: a new identifier, bound
  /// to the request's browser cookie (a new one when it has none), client
  /// address and identity, and the page's session, filled by `makePage`
  /// (the registry's own closure when it is `nil`).
  ///
  /// When a limit is full, the oldest pages without a socket in its scope
  /// are dropped to make room; a refusal comes only when every page in the
  /// scope has a socket, or the authorization hook refuses.
  ///
  /// - Complexity: Besides the hook, O(1) when no limit is full and no
  ///   page is due to expire; O(*n*) otherwise, where *n* is the number of
  ///   pages kept.
  public func issue(
    _ request: WebRequest, makePage: (@Sendable (isolated WebPage) async -> Void)? = nil
  ) async -> Result<IssuedPage, WebRefusal> {
    let identity: String?
    switch await authorization(of: request) {
    case .success(let allowed): identity = allowed
    case .failure(let refusal):
      record(.refused(refusal), pageID: nil)
      return .failure(refusal)
    }
    await expire()
    let cookie = browser(of: request)
    let token = cookie ?? Self.randomToken()
    let id = Self.randomToken()
    switch table.issue(
      id: id, path: request.path, browser: token, address: request.clientAddress,
      identity: identity, at: now())
    {
    case .failure(let refusal):
      record(.refused(refusal), pageID: nil)
      return .failure(refusal)
    case .success(let dropped):
      for id in dropped { await dropPage(id) }
    }
    let page = WebPage(
      id: id, path: request.path, identity: identity,
      session: WebSession(
        clock: _WebClock(ContinuousClock()), pageID: id, onEvent: configuration.onEvent))
    pages[id] = page
    record(.pageIssued, pageID: id)
    await (makePage ?? self.makePage)(page)
    return .success(
      IssuedPage(
        id: id, socketPath: request.path + configuration.socketSuffix,
        setCookie: cookie == nil ? setCookie(token) : nil))
  }

  /// Why a socket's upgrade request is refused for its `origin` header
  /// (403), or `nil` when its origin is allowed (or it has none).
  public nonisolated func originRefusal(_ request: WebRequest) -> WebRefusal? {
    guard let origin = request.header("origin") else { return nil }
    let allowed = configuration.allowedOrigins ?? Set([request.ownOrigin].compactMap { $0 })
    if allowed.contains(origin.lowercased()) { return nil }
    return WebRefusal(
      status: 403, code: .policyViolation,
      reason: "sockets from the origin \(origin.prefix(200)) are not allowed")
  }

  /// Why the socket that `request` opens is refused, or the page it may
  /// connect to: the checks of ``serve(_:request:)``, without serving.
  public func admission(_ request: WebRequest) async -> Result<String, WebRefusal> {
    if let refusal = originRefusal(request) { return .failure(refusal) }
    guard request.query["v"] == String(WebServerMessage.version) else {
      let version = request.query["v"].map { "version \($0.prefix(20))" } ?? "no version"
      return .failure(
        WebRefusal(
          status: 400, code: .versionMismatch,
          reason:
            "the page speaks \(version) of the wire messages; the server speaks version \(WebServerMessage.version)"
        ))
    }
    guard let id = request.query["page"], Self.isToken(id) else {
      return .failure(
        WebRefusal(
          status: 403, code: .policyViolation,
          reason: "the socket needs ?page=ID with the ID of a page this server issued"))
    }
    guard request.path.hasSuffix(configuration.socketSuffix) else {
      return .failure(
        WebRefusal(status: 404, code: .policyViolation, reason: "no page has this socket path"))
    }
    let identity: String?
    switch await authorization(of: request) {
    case .success(let allowed): identity = allowed
    case .failure(let refusal): return .failure(refusal)
    }
    let path = String(request.path.dropLast(configuration.socketSuffix.count))
    if let refusal = table.refusal(
      id: id, path: path, browser: browser(of: request), identity: identity, at: now())
    {
      return .failure(refusal)
    }
    return .success(id)
  }

  /// Checks the socket `transport` that `request` opened, then serves its
  /// page's session until the socket closes.
  ///
  /// A refused socket is closed at once with the refusal's code and reason
  /// and gets nothing (see ``admission(_:)``). A socket of a page that has
  /// one already replaces it; the older one is closed with
  /// ``WebCloseCode/superseded``. When the page's last socket closes, the
  /// page is kept for ``WebPageLimits/detachedLifetime``.
  ///
  /// - Complexity: Besides the hook and the session, O(1) when no page is
  ///   due to expire; O(*n*) otherwise, where *n* is the number of pages
  ///   kept.
  public func serve<Transport: WebTransport>(_ transport: Transport, request: WebRequest) async {
    await expire()
    let id: String
    switch await admission(request) {
    case .failure(let refusal):
      record(.refused(refusal), pageID: nil)
      await transport.close(code: refusal.code, reason: refusal.reason)
      return
    case .success(let admitted):
      id = admitted
    }
    // The page may have been dropped while the hook ran.
    guard table[id] != nil, let page = pages[id] else {
      let refusal = WebRefusal(
        status: 404, code: .pageExpired, reason: "the server does not know this page (it expired)")
      record(.refused(refusal), pageID: nil)
      await transport.close(code: refusal.code, reason: refusal.reason)
      return
    }
    socketCount += 1
    let socket = socketCount
    let wasConnected = sockets[id] != nil
    sockets[id] = socket
    table.attach(id: id)
    await page._serve(transport, connecting: !wasConnected)
    guard sockets[id] == socket, pages[id] === page else { return }
    sockets[id] = nil
    table.detach(id: id, at: now())
    await page._disconnected()
  }

  /// Whether `request` comes from the browser that the page `id` was
  /// issued to (it carries the page's browser cookie): the check for a
  /// page's debugging routes, such as the demo server's `/state/ID`.
  public func isOwnBrowser(_ request: WebRequest, of id: String) -> Bool {
    guard let entry = table[id], let cookie = browser(of: request) else { return false }
    return entry.browser == cookie
  }

  /// The pages issued to the browser that the page `id` was issued to
  /// (the same browser cookie), `id` included, sorted; none for a page
  /// that is not kept. What one page of a debugging tool may look into:
  /// the batch inspector takes the last change of a page open in another
  /// tab of the same browser, never another browser's.
  ///
  /// - Complexity: O(*n* log *n*), where *n* is the number of pages kept.
  public func pageIDs(sharingBrowserWith id: String) -> [String] {
    guard let browser = table[id]?.browser else { return [] }
    return table.entries.values.filter { $0.browser == browser }.map(\.id).sorted()
  }

  /// Drops every page whose deadline passed. The registry calls it at each
  /// ``issue(_:makePage:)`` and ``serve(_:request:)``; a server may call it on a
  /// timer too, so that an idle server frees its pages.
  ///
  /// - Complexity: O(1) before the earliest deadline of a page issued or
  ///   left without a socket; O(*n*) for the pass after it, where *n* is
  ///   the number of pages kept.
  public func expire() async {
    for id in table.expire(at: now()) { await dropPage(id) }
  }

  /// Drops the page `id`, if kept: its session, its content, and its
  /// socket, which is closed.
  public func drop(id: String) async {
    table.remove(id)
    await dropPage(id)
  }

  /// Closes the socket of every page with `code` and `reason`, keeping the
  /// pages, and returns once every close is written: a server that shuts
  /// down says so with ``WebCloseCode/goingAway`` before its WebSocket
  /// library closes the sockets its own way, and its pages reconnect with
  /// backoff. What each page was sent before goes out first; cancelling
  /// the call stops the writes still waiting (a page that does not read).
  /// The pages are closed at the same time, each in a task of its own.
  ///
  /// - Complexity: O(*n*) besides the writes, where *n* is the number of
  ///   pages with a session.
  public func closeSockets(code: WebCloseCode, reason: String) async {
    await withTaskGroup(of: Void.self) { group in
      for page in pages.values {
        group.addTask {
          guard let outbox = await page._closeConnection(code, reason: reason, abandoning: false)
          else { return }
          await withTaskCancellationHandler {
            await outbox.closed()
          } onCancel: {
            outbox.abandon()
          }
        }
      }
    }
  }

  /// Closes the socket of every page as ``closeSockets(code:reason:)``
  /// does, waiting at most `deadline`: the writes still waiting then (to
  /// pages that do not read) are stopped. A server's shutdown calls it
  /// before its WebSocket library closes the sockets its own way.
  public nonisolated func closeSockets(
    code: WebCloseCode, reason: String, within deadline: Duration
  ) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.closeSockets(code: code, reason: reason) }
      group.addTask { try? await Task.sleep(for: deadline) }
      await group.next()
      group.cancelAll()
    }
  }

  /// Drops every page.
  public func dropAll() async {
    for id in pageIDs { await drop(id: id) }
  }

  /// Forgets the page `id`, which the table no longer keeps.
  func dropPage(_ id: String) async {
    sockets[id] = nil
    guard let page = pages.removeValue(forKey: id) else { return }
    record(.pageDropped, pageID: id)
    await page._dropped()
  }

  /// Tells the configuration's `onEvent` of `kind`.
  func record(_ kind: WebEvent.Kind, pageID: String?) {
    configuration.onEvent?(WebEvent(kind, pageID: pageID))
  }

  /// The request's identity from the authorization hook, or its refusal.
  func authorization(of request: WebRequest) async -> Result<String?, WebRefusal> {
    guard let authorize = configuration.authorize else { return .success(request.identity) }
    switch await authorize(request) {
    case .allowed(let identity): return .success(identity)
    case .refused(let reason):
      return .failure(WebRefusal(status: 403, code: .policyViolation, reason: reason))
    }
  }

  /// The browser token in the request's cookie, if it has a well-formed
  /// one.
  func browser(of request: WebRequest) -> String? {
    request.cookie(named: configuration.cookieName).flatMap { Self.isToken($0) ? $0 : nil }
  }

  /// The `set-cookie` value that gives a browser `token`.
  func setCookie(_ token: String) -> String {
    "\(configuration.cookieName)=\(token); Path=/; HttpOnly; SameSite=\(configuration.cookieSameSite)"
      + (configuration.secureCookie ? "; Secure" : "")
  }

  /// 128 random bits from the system's secure generator, as 32 lowercase
  /// hexadecimal digits.
  static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    for _ in 0..<2 {
      var value = generator.next() as UInt64
      for _ in 0..<16 {
        bytes.append(digits[Int(value & 0xf)])
        value >>= 4
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `text` is 32 lowercase hexadecimal digits, as the registry's
  /// identifiers and browser tokens are.
  public nonisolated static func isToken(_ text: some StringProtocol) -> Bool {
    text.utf8.count == 32
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
