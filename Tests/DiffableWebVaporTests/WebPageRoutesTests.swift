#if Vapor
  import DiffableWeb
  import DiffableWebTestSupport
  @testable import DiffableWebVapor
  import Foundation
  import NIOConcurrencyHelpers
  import NIOWebSocket
  import Testing
  import Vapor
  import VaporTesting

  /// The integration's routes through VaporTesting: a page, its socket,
  /// the client's files, and the app's authentication.
  @Suite struct VaporWebPageRoutesTests {
    static let document = WebPageDocument(title: "Fruits <&>", header: "<h1>Fruits</h1>")

    @Test func aPageGetsItsIdentifierItsListsAndTheBrowsersCookie() async throws {
      let registry = await WebPageRegistry.fruits()
      try await withApp { app in
        app.webClient()
        app.webPage("fruits", document: Self.document, registry: registry)
        var token = ""
        var firstID = ""
        try await app.testing().test(.GET, "fruits") { response in
          #expect(response.status == .ok)
          #expect(response.headers.first(name: .contentType) == "text/html; charset=utf-8")
          #expect(response.headers.first(name: .cacheControl) == "no-store")
          let html = response.body.string
          firstID = String(html.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1 ?? "")
          #expect(html.contains(#"data-socket="/fruits/socket""#))
          #expect(
            html.contains(
              #"<div data-diffable-list="fruits" class="diffable-list" role="list" data-seq="0""#))
          #expect(html.contains(#"<span class="diffable-text">pear</span>"#), "the first paint")
          #expect(html.contains("<title>Fruits &lt;&amp;&gt;</title>"))
          let cookie = response.headers.first(name: .setCookie) ?? ""
          token = String(cookie.firstMatch(of: /^diffable-browser=([0-9a-f]{32});/)?.1 ?? "")
        }
        #expect(!token.isEmpty && !firstID.isEmpty)
        #expect(await registry.page(id: firstID)?.run { $0.session.listNames } == ["fruits"])
        try await app.testing().test(
          .GET, "fruits", headers: ["Cookie": "diffable-browser=\(token)"]
        ) { response in
          #expect(response.headers.first(name: .setCookie) == nil)
          #expect(!response.body.string.contains(firstID))
        }
        #expect(await registry.count == 2)
      }
    }

    @Test func theClientsFilesHaveTheirTypesAndTags() async throws {
      try await withApp { app in
        app.webClient()
        let page = try #require(WebClientFile.named("page.js"))
        try await app.testing().test(.GET, "diffable/page.js") { response in
          #expect(response.status == .ok)
          #expect(response.headers.first(name: .contentType) == "text/javascript; charset=utf-8")
          #expect(response.headers.first(name: .eTag) == page.etag)
          #expect(Data(response.body.readableBytesView) == page.contents)
        }
        try await app.testing().test(
          .GET, "diffable/page.js", headers: ["If-None-Match": page.etag]
        ) { response in
          #expect(response.status == .notModified)
          #expect(response.body.readableBytes == 0)
        }
        for path in ["diffable/nothing.js", "diffable/..%2FPackage.swift"] {
          try await app.testing().test(.GET, path) { response in
            #expect(response.status == .notFound, "\(path)")
          }
        }
      }
    }

    @Test func theSocketsPathWithoutAnUpgradeFindsNoPage() async throws {
      let registry = await WebPageRegistry.fruits()
      try await withApp { app in
        app.webPage("fruits", document: Self.document, registry: registry)
        try await app.testing().test(.GET, "fruits/socket") { response in
          #expect(response.status == .notFound)
        }
        try await app.testing().test(
          .GET, "fruits/socket",
          headers: ["Host": "fruits.example", "Origin": "https://elsewhere.example"]
        ) { response in
          #expect(response.status == .forbidden)
          #expect(response.body.string.contains("https://elsewhere.example are not allowed"))
        }
      }
    }

    /// A transport whose session does not read: past its limit of waiting
    /// bytes, or after five binary messages in a row, the socket is closed
    /// with 1008, its reason sent first as an `error` message.
    @Test(arguments: [false, true])
    func aFloodOfMessagesClosesTheSocket(binary: Bool) async throws {
      try await withApp { app in
        let transports = NIOLockedValueBox<[VaporWebSocketTransport]>([])
        app.get("flood") { request -> Response in
          request.webSocket(onUpgrade: { _, socket in
            // Kept, never read.
            let transport = VaporWebSocketTransport(socket, maximumWaitingBytes: 100)
            transports.withLockedValue { $0.append(transport) }
          })
        }
        try await app.asyncBoot()
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(app.http.server.shared.localAddress?.port)
        let told = NIOLockedValueBox<(code: WebSocketErrorCode?, texts: [String])>((nil, []))
        let (ended, end) = AsyncStream<Void>.makeStream()
        try await WebSocket.connect(
          scheme: "ws", host: "127.0.0.1", port: port, path: "/flood", on: app.eventLoopGroup
        ) { socket in
          socket.onText { _, text in told.withLockedValue { $0.texts.append(text) } }
          socket.onClose.whenComplete { _ in
            told.withLockedValue { $0.code = socket.closeCode }
            end.finish()
          }
          for _ in 0..<6 {
            if binary {
              socket.send([UInt8](repeating: 0, count: 8))
            } else {
              socket.send(String(repeating: "a", count: 40))
            }
          }
        }.get()
        for await _ in ended {}
        await app.server.shutdown()
        let result = told.withLockedValue { $0 }
        #expect(result.code == .policyViolation)
        let reason =
          binary
          ? "too many binary messages: messages are text frames"
          : "more than 100 bytes of messages waiting to be read"
        #expect(result.texts.last?.contains(reason) == true, "\(result.texts)")
      }
    }

    /// A user of the app's own authentication: the one `x-user` names.
    struct User: WebPageUser {
      var webIdentity: String
    }

    struct SignIn: AsyncRequestAuthenticator {
      func authenticate(request: Request) async throws {
        if let name = request.headers.first(name: "x-user") {
          request.auth.login(User(webIdentity: name))
        }
      }
    }

    @Test func theAppsAuthenticationGuardsThePageAndBindsItToTheUser() async throws {
      let registry = await WebPageRegistry.fruits()
      try await withApp { app in
        let signedIn = app.grouped(SignIn(), User.guardMiddleware())
        signedIn.webPage("fruits", document: Self.document, registry: registry, user: User.self)
        try await app.testing().test(.GET, "fruits") { response in
          #expect(response.status == .unauthorized)
        }
        #expect(await registry.count == 0)
        var id = ""
        try await app.testing().test(.GET, "fruits", headers: ["x-user": "ada"]) { response in
          #expect(response.status == .ok)
          id = String(response.body.string.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1 ?? "")
        }
        #expect(await registry.page(id: id)?.identity == "ada")
      }
    }

    /// The page's socket, live: a socket with the page's cookie gets the
    /// page's list; one without it is closed with 1008, its reason sent
    /// first as an `error` message.
    @Test func aLiveSocketServesThePageToItsOwnBrowserAlone() async throws {
      let registry = await WebPageRegistry.fruits()
      try await withApp { app in
        app.webPage("fruits", document: Self.document, registry: registry)
        try await app.asyncBoot()
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(app.http.server.shared.localAddress?.port)
        let page = try await app.client.get(URI(string: "http://127.0.0.1:\(port)/fruits"))
        let html = page.body.map { String(buffer: $0) } ?? ""
        let id = try #require(html.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1)
        let cookie = try #require(page.headers.first(name: .setCookie)?.split(separator: ";").first)
        // (Vapor's `connect(to:)` drops a URL's query; WebSocketKit's
        // `connect(scheme:host:port:path:query:...)` keeps it.)
        let query = "page=\(id)&v=\(WebServerMessage.version)"
        @Sendable func connect(
          headers: HTTPHeaders, _ onUpgrade: @escaping @Sendable (WebSocket) -> Void
        ) async throws {
          try await WebSocket.connect(
            scheme: "ws", host: "127.0.0.1", port: port, path: "/fruits/socket", query: query,
            headers: headers, on: app.eventLoopGroup, onUpgrade: onUpgrade
          ).get()
        }

        let texts = NIOLockedValueBox<[String]>([])
        let (ended, end) = AsyncStream<Void>.makeStream()
        try await connect(headers: ["Cookie": String(cookie)]) { socket in
          socket.onText { socket, text in
            texts.withLockedValue { $0.append(text) }
            if text.contains(#""type":"reload""#) { socket.close(promise: nil) }
          }
          socket.onClose.whenComplete { _ in end.finish() }
          socket.send(
            #"{"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}, "lists": {}}"#)
        }
        for await _ in ended {}
        let reload = texts.withLockedValue { $0.first { $0.contains(#""type":"reload""#) } }
        for fruit in ["apple", "pear", "plum"] { #expect(reload?.contains("\"\(fruit)\"") == true) }

        let stranger = NIOLockedValueBox<(code: WebSocketErrorCode?, texts: [String])>((nil, []))
        let closed = AsyncStream<Void>.makeStream()
        try await connect(headers: [:]) { socket in
          socket.onText { _, text in stranger.withLockedValue { $0.texts.append(text) } }
          socket.onClose.whenComplete { _ in
            stranger.withLockedValue { $0.code = socket.closeCode }
            closed.continuation.finish()
          }
        }
        for await _ in closed.stream {}
        let told = stranger.withLockedValue { $0 }
        #expect(told.code == .policyViolation)
        #expect(told.texts.contains { $0.contains("the page was issued to another browser") })
        await app.server.shutdown()
      }
    }
  }
#endif
