import BrowserRenderer
import DiffableWeb
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The demo server's routes, on Hummingbird 2 and hummingbird-websocket.
///
/// - `GET /`: the index of pages.
/// - `GET /demos/NAME`: a seed screen's page.
/// - `GET /demos/NAME/socket?page=ID`: the page's WebSocket, served by the
///   page's ``PageSessions`` session.
/// - `GET /client/FILE`: a file of the browser client, with its content
///   type, an `ETag` and `Cache-Control: no-cache`; `304 Not Modified` for a
///   matching `If-None-Match`.
/// - `GET /state/ID`: what the page `ID` shows, as JSON (`{"lists": [...]}`,
///   each list as `WebSession.listStates()` gives it); 404 for a page the
///   server does not keep.
/// - Anything else: a 404 page.
public enum DemoServer {
  /// The largest WebSocket frame, in either direction, and the largest
  /// message read from a page: 1 MiB. The session's own, smaller limit
  /// answers messages between the two with an error reply.
  public static let maximumFrameSize = 1 << 20

  /// The HTTP routes.
  public static func router(sessions: PageSessions) -> Router<BasicRequestContext> {
    let router = Router()
    router.middlewares.add(NotFoundPage())
    router.get("/") { _, _ in html(WebPages.index) }
    router.get("/demos/:name") { _, context in
      guard let page = WebPages.demo(named: try context.parameters.require("name")) else {
        throw HTTPError(.notFound)
      }
      return html(WebPages.html(of: page))
    }
    router.get("/client/:file") { request, context in
      guard let file = WebClientFile.named(try context.parameters.require("file")) else {
        throw HTTPError(.notFound)
      }
      return clientFileResponse(file, ifNoneMatch: request.headers[.ifNoneMatch])
    }
    router.get("/state/:id") { _, context in
      let id = try context.parameters.require("id")
      guard PageSessions.isValidPageID(id), let data = try await sessions.stateJSON(id: id) else {
        throw HTTPError(.notFound)
      }
      return Response(
        status: .ok,
        headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
    return router
  }

  /// The WebSocket routes: `/demos/NAME/socket?page=ID` for each page.
  public static func webSocketRouter(
    sessions: PageSessions
  ) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.ws("/demos/:name/socket") { request, context in
      guard WebPages.demo(named: try context.parameters.require("name")) != nil else {
        throw HTTPError(.notFound)
      }
      guard let id = request.uri.queryParameters.get("page"), PageSessions.isValidPageID(id)
      else {
        throw HTTPError(
          .badRequest,
          message: "the socket needs ?page=ID, an ID of 1 to 64 letters, digits and hyphens")
      }
      guard await sessions.hasRoom(for: String(id)) else {
        throw HTTPError(.serviceUnavailable, message: "too many pages are open")
      }
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
      guard let name = context.requestContext.parameters.get("name"),
        let page = WebPages.demo(named: name),
        let id = context.request.uri.queryParameters.get("page")
      else { return }
      let transport = WebSocketTransport(
        inbound: inbound, outbound: outbound, maximumMessageSize: maximumFrameSize)
      await sessions.serve(transport, page: page, id: String(id))
    }
    return router
  }

  /// The server: the routes, bound to `host` and `port` (0 for a free
  /// port); `onRunning` is told the port it is bound to.
  public static func application(
    host: String, port: Int, sessions: PageSessions,
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    // Warnings and errors only, on standard error: standard output is the
    // command's, whose first line says where it listens.
    var logger = Logger(label: "serve") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .warning
    return Application(
      router: router(sessions: sessions),
      server: .http1WebSocketUpgrade(
        webSocketRouter: webSocketRouter(sessions: sessions),
        configuration: .init(ws: .init(maxFrameSize: maximumFrameSize, validateUTF8: true))),
      configuration: .init(address: .hostname(host, port: port), serverName: "swift-diffable"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
      logger: logger)
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
