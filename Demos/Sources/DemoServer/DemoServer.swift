import BrowserRenderer
import DiffableWeb
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The demo server's routes, on Hummingbird 2 and hummingbird-websocket.
///
/// - `GET /`: the index of pages.
/// - `GET /demos/NAME`: a seed screen's page, with a page identifier the
///   ``WebPageRegistry`` issued for it (`<body data-page="ID">`), and the
///   browser cookie when the request had none.
/// - `GET /demos/NAME/socket?page=ID&v=1`: the page's WebSocket. An
///   upgrade from another origin gets 403 before it is made (the
///   connection guard asks the registry); the registry checks the page,
///   browser, path and version after it, and closes a refused socket at
///   once with its close code and reason (Documentation/Serving.md, "The
///   perimeter"). A request that is no upgrade gets 403 from another
///   origin, 404 otherwise.
/// - `GET /client/FILE`: a file of the browser client, with its content
///   type, an `ETag` and `Cache-Control: no-cache`; `304 Not Modified` for a
///   matching `If-None-Match`.
/// - `GET /state/ID`: what the page `ID` shows, as JSON (`{"lists": [...]}`,
///   each list as `WebSession.listStates()` gives it), for the page's own
///   browser only; 404 for any other request.
/// - `HEAD` of each of them: the `GET`'s status and headers, no body.
/// - Anything else: a 404 page.
public enum DemoServer {
  /// The largest WebSocket frame, in either direction, and the largest
  /// message read from a page: 1 MiB. The session's own, smaller limit
  /// answers messages between the two with an error reply.
  public static let maximumFrameSize = 1 << 20

  /// The HTTP routes.
  public static func router(registry: WebPageRegistry) -> Router<DemoRequestContext> {
    let router = Router(context: DemoRequestContext.self)
    router.middlewares.add(NotFoundPage())
    router.get("/") { _, _ in html(WebPages.index) }
    router.get("/demos/:name") { request, context in
      guard let page = WebPages.demo(named: try context.parameters.require("name")) else {
        throw HTTPError(.notFound)
      }
      let issued = await registry.issue(webRequest(request, from: context.remoteAddress))
      switch issued {
      case .failure(let refusal):
        return refusalResponse(refusal)
      case .success(let issued):
        var response = html(
          WebPages.html(of: page, id: issued.id, socketPath: issued.socketPath))
        // Each load of the page gets its own identifier: never cached.
        response.headers[.cacheControl] = "no-store"
        if let cookie = issued.setCookie { response.headers[.setCookie] = cookie }
        return response
      }
    }
    router.get("/demos/:name/socket") { request, context in
      // Only a socket's upgrade request is served here: one from another
      // origin is refused, anything else finds no page.
      let asked = webRequest(request, from: context.remoteAddress)
      if let refusal = registry.originRefusal(asked) { return refusalResponse(refusal) }
      throw HTTPError(.notFound)
    }
    router.get("/client/:file") { request, context in
      guard let file = WebClientFile.named(try context.parameters.require("file")) else {
        throw HTTPError(.notFound)
      }
      return clientFileResponse(file, ifNoneMatch: request.headers[.ifNoneMatch])
    }
    router.get("/state/:id") { request, context in
      let id = try context.parameters.require("id")
      let asked = webRequest(request, from: context.remoteAddress)
      guard WebPageRegistry.isToken(id), await registry.isOwnBrowser(asked, of: id),
        let data = try await registry.stateJSON(id: id)
      else {
        throw HTTPError(.notFound)
      }
      return Response(
        status: .ok,
        headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
    return router
  }

  /// The WebSocket routes: `/demos/NAME/socket` for each page.
  public static func webSocketRouter(
    registry: WebPageRegistry
  ) -> Router<DemoWebSocketContext> {
    let router = Router(context: DemoWebSocketContext.self)
    router.ws("/demos/:name/socket") { request, context in
      // hummingbird-websocket answers every upgrade it does not make with
      // 400. The connection guard refuses one from another origin (403)
      // before it comes here; the registry checks the rest after it.
      guard WebPages.demo(named: try context.parameters.require("name")) != nil else {
        return .dontUpgrade
      }
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
      let transport = WebSocketTransport(
        inbound: inbound, outbound: outbound, maximumMessageSize: maximumFrameSize)
      await registry.serve(
        transport,
        request: webRequest(context.request, from: context.requestContext.remoteAddress))
    }
    return router
  }

  /// The server: the routes, bound to `host` and `port` (0 for a free
  /// port), each connection held to `limits`; `onRunning` is told the port
  /// it is bound to.
  public static func application(
    host: String, port: Int, registry: WebPageRegistry,
    limits: ConnectionLimits = ConnectionLimits(),
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    // Warnings and errors only, on standard error: standard output is the
    // command's, whose first line says where it listens.
    var logger = Logger(label: "serve") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .warning
    return Application(
      router: HeadAsGet(base: router(registry: registry)),
      server: server(
        webSocketRouter: webSocketRouter(registry: registry), limits: limits, registry: registry),
      configuration: .init(address: .hostname(host, port: port), serverName: "swift-diffable"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
      logger: logger)
  }

  /// HTTP/1.1 with the WebSocket upgrade (hummingbird-websocket), every
  /// connection behind a ``ConnectionGuard``: Hummingbird closes one idle
  /// between requests after ``ConnectionLimits/idleTimeout``, its HTTP
  /// decoder refuses heads over twice ``ConnectionLimits/maximumHead`` (a
  /// backstop for requests the guard passes on unread), and the WebSocket
  /// library reads frames and messages up to ``maximumFrameSize`` and
  /// checks their UTF-8 too.
  static func server(
    webSocketRouter: Router<DemoWebSocketContext>, limits: ConnectionLimits,
    registry: WebPageRegistry
  ) -> HTTPServerBuilder {
    let webSocketResponder = webSocketRouter.buildResponder()
    let idle = limits.idleTimeout.components
    var http1 = HTTP1Channel.Configuration(
      idleTimeout: .seconds(idle.seconds) + .nanoseconds(idle.attoseconds / 1_000_000_000))
    http1.httpDecoder.maxHeaderListSize = 2 * limits.maximumHead
    http1.httpDecoder.maxHeaderFieldSize = 2 * limits.maximumHead
    let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
      http1: http1, ws: .init(maxFrameSize: maximumFrameSize, validateUTF8: true))
    return HTTPServerBuilder { responder in
      GuardedChildChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder,
          configuration: configuration),
        limits: limits,
        check: { upgradeRefusal($0, registry: registry) })
    }
  }

  /// A WebSocket upgrade from an origin `registry` does not allow: 403
  /// before any upgrade, with the reason.
  static func upgradeRefusal(
    _ head: RequestHeadScanner.Summary, registry: WebPageRegistry
  ) -> (status: Int, reason: String)? {
    guard head.upgrade?.lowercased() == "websocket", let origin = head.origin else { return nil }
    let request = WebRequest(
      path: String(head.target.prefix { $0 != "?" }),
      headers: [("host", head.host ?? ""), ("origin", origin)])
    return registry.originRefusal(request).map { ($0.status, $0.reason) }
  }

  /// What the page registry reads of `request`: its path, query, headers
  /// and the peer's address.
  static func webRequest(_ request: Request, from address: SocketAddress?) -> WebRequest {
    var query: [String: String] = [:]
    for (name, value) in request.uri.queryParameters where query[String(name)] == nil {
      query[String(name)] = String(value)
    }
    // HTTP types keep the `host` header as the request's authority.
    let host = request.head.authority.map { [("host", $0)] } ?? []
    return WebRequest(
      path: request.uri.path, query: query,
      headers: host + request.headers.map { ($0.name.canonicalName, $0.value) },
      clientAddress: address?.ipAddress)
  }

  /// A refused page load: the refusal's status, its reason as text.
  static func refusalResponse(_ refusal: WebRefusal) -> Response {
    var headers: HTTPFields = [
      .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store",
      .xContentTypeOptions: "nosniff",
    ]
    if refusal.status == 429 || refusal.status == 503 { headers[.retryAfter] = "10" }
    return Response(
      status: .init(code: refusal.status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(string: refusal.reason + "\n")))
  }

  /// The pages' content security policy: scripts only from the server's
  /// own files (no inline script, no event handler attribute), no plugins,
  /// no framing. A second line of defence: the client shows every string
  /// as text.
  public static let contentSecurityPolicy =
    "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

  /// An HTML page.
  static func html(_ text: String) -> Response {
    Response(
      status: .ok,
      headers: [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
        .contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  /// A client file, or `304 Not Modified` when `ifNoneMatch` names its tag.
  static func clientFileResponse(_ file: WebClientFile, ifNoneMatch: String?) -> Response {
    var headers: HTTPFields = [
      .eTag: file.etag, .cacheControl: "no-cache", .xContentTypeOptions: "nosniff",
    ]
    if let ifNoneMatch, file.matches(ifNoneMatch: ifNoneMatch) {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentType] = file.contentType
    return Response(
      status: .ok, headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.contents)))
  }
}

/// The demo server's request context: Hummingbird's own, and the peer's
/// address, which the page registry's per-address limits read.
public struct DemoRequestContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The address of the peer that sent the request.
  public let remoteAddress: SocketAddress?

  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.remoteAddress = source.channel.remoteAddress
  }
}

/// The request context of the demo server's WebSocket routes, with the
/// peer's address.
public struct DemoWebSocketContext: RequestContext, WebSocketRequestContext,
  RemoteAddressRequestContext
{
  public var coreContext: CoreRequestContextStorage
  public let webSocket: WebSocketHandlerReference<Self>
  /// The address of the peer that sent the request.
  public let remoteAddress: SocketAddress?

  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.webSocket = .init()
    self.remoteAddress = source.channel.remoteAddress
  }
}

/// Turns a `404 Not Found` from any route, or from no route, into the 404
/// page.
struct NotFoundPage<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      var response = DemoServer.html(WebPages.notFound)
      response.status = .notFound
      return response
    }
  }
}

/// Answers a `HEAD` as the `GET` of the same path would, without its body
/// (RFC 9110 §9.3.2): the routes are registered for `GET` alone, and a
/// router middleware runs after the route is chosen, so this wraps the
/// router's responder.
struct HeadAsGet<Base: HTTPResponderBuilder>: HTTPResponderBuilder {
  let base: Base

  struct Responder: HTTPResponder {
    let base: Base.Responder

    func respond(to request: Request, context: Base.Responder.Context) async throws -> Response {
      guard request.method == .head else {
        return try await base.respond(to: request, context: context)
      }
      var head = request.head
      head.method = .get
      var response = try await base.respond(
        to: Request(head: head, body: request.body), context: context)
      // The body's length, as the GET would send it, and no body.
      let length = response.body.contentLength
      response.body = ResponseBody(contentLength: length) { writer in try await writer.finish(nil) }
      return response
    }
  }

  func buildResponder() -> Responder { Responder(base: base.buildResponder()) }
}
