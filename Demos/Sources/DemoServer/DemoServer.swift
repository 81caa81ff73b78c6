import BrowserRenderer
import DiffableWeb
import DiffableWebHummingbird
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The demo server's routes, on Hummingbird 2 through
/// `DiffableWebHummingbird`: each seed screen is a page of
/// `addWebPage(_:document:registry:makePage:)`, and the connections are
/// guarded by `HTTPServerBuilder.webPages(webSocketRouter:registry:limits:)`.
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
  /// The routes, HTTP and WebSocket, on one router.
  public static func router(registry: WebPageRegistry) -> Router<BasicWebPagesRequestContext> {
    let router = Router(context: BasicWebPagesRequestContext.self)
    router.middlewares.add(NotFoundPage())
    router.get("/") { _, _ in Response(.html(WebPages.index)) }
    for page in WebPages.pages {
      router.addWebPage(page.path, document: page.document, registry: registry)
    }
    router.addWebClient(at: WebPages.clientPath)
    router.get("/state/:id") { request, context in
      let asked = WebRequest(request, context: context)
      guard
        let state = try await registry.stateResponse(
          id: try context.parameters.require("id"), request: asked)
      else { throw HTTPError(.notFound) }
      return Response(state)
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
    let router = router(registry: registry)
    return Application(
      router: HeadAsGet(base: router),
      server: .webPages(webSocketRouter: router, registry: registry, limits: limits),
      configuration: .init(address: .hostname(host, port: port), serverName: "swift-diffable"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
      logger: logger)
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
      return Response(.html(WebPages.notFound, status: 404))
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
