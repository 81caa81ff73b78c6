#if Hummingbird
  import DiffableWeb
  import DiffableWebTestSupport
  import DiffableWebHummingbird
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting
  import HummingbirdWSCompression
  import HummingbirdWSTesting
  import HummingbirdWebSocket
  import NIOCore
  import Testing

  /// The integration's routes through HummingbirdTesting: a page, its
  /// socket, the client's files, and the app's authentication.
  @Suite struct WebPageRoutesTests {
    static let document = WebPageDocument(
      title: "Fruits <&>", header: "<h1>Fruits</h1>", footer: "<p>Fresh.</p>")

    static func router(registry: WebPageRegistry) -> Router<BasicWebPagesRequestContext> {
      let router = Router(context: BasicWebPagesRequestContext.self)
      router.addWebClient()
      router.addWebPage("/fruits", document: document, registry: registry)
      return router
    }

    static func body(_ response: TestResponse) -> String {
      String(buffer: response.body)
    }

    @Test func aPageGetsItsIdentifierItsListsAndTheBrowsersCookie() async throws {
      let registry = await WebPageRegistry.fruits()
      let app = Application(router: Self.router(registry: registry))
      try await app.test(.router) { client in
        let first = try await client.execute(uri: "/fruits", method: .get)
        #expect(first.status == .ok)
        #expect(first.headers[.contentType] == "text/html; charset=utf-8")
        #expect(first.headers[.cacheControl] == "no-store")
        #expect(first.headers[.contentSecurityPolicy] == WebHTTPResponse.contentSecurityPolicy)
        let html = Self.body(first)
        let id = try #require(html.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1)
        #expect(html.contains(#"data-socket="/fruits/socket""#))
        #expect(
          html.contains(
            #"<div data-diffable-list="fruits" class="diffable-list" role="list" data-seq="0""#))
        #expect(html.contains(#"<span class="diffable-text">pear</span>"#), "the first paint")
        #expect(html.contains("<title>Fruits &lt;&amp;&gt;</title>"))
        #expect(html.contains(#"<script type="module" src="/diffable/page.js"></script>"#))
        #expect(html.contains("<h1>Fruits</h1>\n<div") && html.contains("</div>\n<p>Fresh.</p>"))
        let cookie = try #require(first.headers[.setCookie])
        let token = try #require(cookie.firstMatch(of: /^diffable-browser=([0-9a-f]{32});/)?.1)
        // The page and its session exist from its load.
        let lists = await registry.page(id: String(id))?.run { $0.session.listNames }
        #expect(lists == ["fruits"])
        // The same browser keeps its cookie; each load is a new page.
        let second = try await client.execute(
          uri: "/fruits", method: .get, headers: [.cookie: "diffable-browser=\(token)"])
        #expect(second.headers[.setCookie] == nil)
        let secondID = Self.body(second).firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1
        #expect(secondID != nil && secondID != id)
        #expect(await registry.count == 2)
      }
    }

    @Test func theClientsFilesHaveTheirTypesAndTags() async throws {
      let registry = await WebPageRegistry.fruits()
      let app = Application(router: Self.router(registry: registry))
      try await app.test(.router) { client in
        let page = try #require(WebClientFile.named("page.js"))
        let got = try await client.execute(uri: "/diffable/page.js", method: .get)
        #expect(got.status == .ok)
        #expect(got.headers[.contentType] == "text/javascript; charset=utf-8")
        #expect(got.headers[.eTag] == page.etag)
        #expect(got.headers[.cacheControl] == "no-cache")
        #expect(Data(buffer: got.body) == page.contents)
        let again = try await client.execute(
          uri: "/diffable/page.js", method: .get, headers: [.ifNoneMatch: page.etag])
        #expect(again.status == .notModified)
        #expect(again.body.readableBytes == 0)
        let css = try await client.execute(uri: "/diffable/diffable.css", method: .get)
        #expect(css.headers[.contentType] == "text/css; charset=utf-8")
        for path in ["/diffable/nothing.js", "/diffable/..%2FPackage.swift", "/diffable/"] {
          #expect(try await client.execute(uri: path, method: .get).status == .notFound, "\(path)")
        }
      }
    }

    @Test func theSocketsPathWithoutAnUpgradeFindsNoPage() async throws {
      let registry = await WebPageRegistry.fruits()
      let app = Application(router: Self.router(registry: registry))
      try await app.test(.router) { client in
        let plain = try await client.execute(uri: "/fruits/socket", method: .get)
        #expect(plain.status == .notFound)
        let foreign = try await client.execute(
          uri: "/fruits/socket", method: .get,
          headers: [.origin: "https://elsewhere.example"])
        #expect(foreign.status == .forbidden)
        #expect(Self.body(foreign).contains("https://elsewhere.example are not allowed"))
      }
    }

    /// A context whose user comes from the app's authentication.
    struct SignedInContext: RequestContext, WebPagesRequestContext {
      var coreContext: CoreRequestContextStorage
      let webSocket: WebSocketHandlerReference<Self>
      let remoteAddress: SocketAddress?
      var user: String?
      var webIdentity: String? { user }

      init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.webSocket = .init()
        self.remoteAddress = source.channel.remoteAddress
      }
    }

    /// The app's authentication: the user named by `x-user`, or 401.
    struct SignIn: RouterMiddleware {
      func handle(
        _ request: Request, context: SignedInContext,
        next: (Request, SignedInContext) async throws -> Response
      ) async throws -> Response {
        guard let name = request.headers[HTTPField.Name("x-user")!] else {
          throw HTTPError(.unauthorized)
        }
        var context = context
        context.user = name
        return try await next(request, context)
      }
    }

    @Test func theAppsAuthenticationGuardsThePageAndBindsItToTheUser() async throws {
      let registry = await WebPageRegistry.fruits()
      let router = Router(context: SignedInContext.self)
      router.add(middleware: SignIn())
      router.addWebPage("/fruits", document: Self.document, registry: registry)
      let app = Application(router: router)
      try await app.test(.router) { client in
        let anonymous = try await client.execute(uri: "/fruits", method: .get)
        #expect(anonymous.status == .unauthorized)
        #expect(await registry.count == 0)
        let signedIn = try await client.execute(
          uri: "/fruits", method: .get, headers: [HTTPField.Name("x-user")!: "ada"])
        #expect(signedIn.status == .ok)
        let id = try #require(Self.body(signedIn).firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1)
        #expect(await registry.page(id: String(id))?.identity == "ada")
      }
    }

    /// The page's socket, live: a socket with the page's cookie gets the
    /// page's list; one without it is closed with 1008 and the reason; one
    /// from an origin not allowed is refused before its upgrade.
    @Test func aLiveSocketServesThePageToItsOwnBrowserAlone() async throws {
      // Hummingbird's WebSocket client says it comes from `ws://localhost`.
      var configuration = WebPageRegistry.Configuration()
      configuration.allowedOrigins = ["ws://localhost"]
      let registry = await WebPageRegistry.fruits(configuration: configuration)
      let router = Self.router(registry: registry)
      let app = Application(
        router: router, server: .webPages(webSocketRouter: router, registry: registry))
      try await app.test(.live) { client in
        let page = try await client.execute(uri: "/fruits", method: .get)
        let html = Self.body(page)
        let id = try #require(html.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1)
        let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first)
        let path = "/fruits/socket?page=\(id)&v=\(WebServerMessage.version)"
        let (texts, continuation) = AsyncStream<String>.makeStream()
        // The client compresses what it sends, as a browser does, and asks
        // the server to compress what it sends.
        try await client.ws(
          path,
          configuration: .init(
            additionalHeaders: [.cookie: String(cookie)],
            extensions: [.perMessageDeflate(minFrameSizeToCompress: 16)])
        ) { inbound, outbound, _ in
          try await outbound.write(
            .text(
              #"{"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}, "lists": {}}"#
            ))
          for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .text(let text) = message else { continue }
            continuation.yield(text)
            if text.contains(#""type":"reload""#) { break }
          }
          continuation.finish()
        }
        var reload: String?
        for await text in texts where text.contains(#""type":"reload""#) { reload = text }
        let text = try #require(reload)
        for fruit in ["apple", "pear", "plum"] { #expect(text.contains("\"\(fruit)\"")) }

        let stranger = try await client.ws(path) { inbound, _, _ in
          for try await _ in inbound {}
        }
        #expect(stranger?.closeCode == .policyViolation)
        #expect(
          stranger?.reason == "the page was issued to another browser",
          "\(String(describing: stranger))")
      }
      // The server's own origin alone: the client's is refused with 403.
      let strict = await WebPageRegistry.fruits()
      let strictRouter = Self.router(registry: strict)
      let strictApp = Application(
        router: strictRouter, server: .webPages(webSocketRouter: strictRouter, registry: strict))
      try await strictApp.test(.live) { client in
        let page = try await client.execute(uri: "/fruits", method: .get)
        let id = try #require(Self.body(page).firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1)
        let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first)
        await #expect(throws: (any Error).self) {
          try await client.ws(
            "/fruits/socket?page=\(id)&v=1",
            configuration: .init(additionalHeaders: [.cookie: String(cookie)])
          ) { _, _, _ in }
        }
        #expect(await strict.page(id: String(id))?.run { $0.session.isConnected } == false)
      }
    }
  }
#endif
