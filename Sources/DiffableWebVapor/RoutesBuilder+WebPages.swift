#if Vapor
  public import DiffableWeb
  import Foundation
  public import Vapor

  #if compiler(>=6.2)
    /// What a ``WebPageUser`` refines: its metatype is captured by the
    /// routes, which run on any thread.
    public typealias _WebPageUserBase = Authenticatable & SendableMetatype
  #else
    public typealias _WebPageUserBase = Authenticatable
  #endif

  /// A user of the app's own authentication, whom the pages are bound to:
  /// an `Authenticatable` that an authenticator logs in
  /// (`request.auth.login(_:)`), and the identity the page registry keeps
  /// for it.
  public protocol WebPageUser: _WebPageUserBase {
    /// The identity a page is bound to: a socket made for another one is
    /// refused.
    var webIdentity: String { get }
  }

  extension WebRequest {
    /// What the page registry reads of `request`: its path, query, headers,
    /// the peer's address and `identity`.
    public init(_ request: Request, identity: String?) {
      var query: [String: String] = [:]
      for pair in (request.url.query ?? "").split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let value = parts.count > 1 ? String(parts[1]).removingPercentEncoding ?? "" : ""
        if query[name] == nil { query[name] = value }
      }
      self.init(
        path: request.url.path, query: query,
        headers: request.headers.map { ($0.name, $0.value) },
        clientAddress: request.remoteAddress?.ipAddress,
        isSecure: request.application.http.server.configuration.tlsConfiguration != nil,
        identity: identity)
    }
  }

  extension Response {
    /// `response` as Vapor sends it.
    public convenience init(_ response: WebHTTPResponse) {
      self.init(
        status: HTTPResponseStatus(statusCode: response.status),
        headers: HTTPHeaders(response.headers.map { ($0.name, $0.value) }),
        body: .init(data: response.body))
    }
  }

  extension RoutesBuilder {
    /// Serves the browser client's files under `path`: `GET PATH/NAME` for
    /// each file of ``DiffableWeb/WebClientFile/all``, with its content
    /// type, an `ETag` and `Cache-Control: no-cache`, and `304 Not
    /// Modified` for a matching `If-None-Match`; 404 for any other name.
    @discardableResult
    public func webClient(at path: [PathComponent] = ["diffable"]) -> Route {
      get(path + [":file"]) { request -> Response in
        guard let name = request.parameters.get("file"), let file = WebClientFile.named(name)
        else {
          throw Abort(.notFound)
        }
        return Response(
          .clientFile(file, ifNoneMatch: request.headers.first(name: .ifNoneMatch)))
      }
    }

    /// Serves a page of lists at `path`, for anyone, and its socket at
    /// `path` followed by the registry's socket suffix (`/socket`).
    ///
    /// See ``webPage(_:document:registry:user:makePage:)``.
    public func webPage(
      _ path: PathComponent..., document: WebPageDocument, registry: WebPageRegistry,
      makePage: (@Sendable (isolated WebPage) async -> Void)? = nil
    ) {
      webPage(
        path, document: document, registry: registry, identity: { _ in nil }, makePage: makePage)
    }

    /// Serves a page of lists at `path`, bound to the `User` the app's
    /// authentication logged in, and its socket at `path` followed by the
    /// registry's socket suffix (`/socket`).
    ///
    /// - `GET PATH`: the HTML of `document` for a page that `registry`
    ///   issues, its session filled by `makePage`, or the registry's
    ///   refusal.
    /// - `GET PATH/socket` with a WebSocket upgrade: the page's socket,
    ///   which the registry checks (page, browser, path, user, version)
    ///   and then serves; 403 before the upgrade from an origin the
    ///   registry does not allow. Without an upgrade: 403 from such an
    ///   origin, 404 otherwise.
    ///
    /// Add the app's authenticator as middleware of the group the routes
    /// are on (and its guard middleware, to refuse anonymous users): both
    /// routes then run after it.
    public func webPage<User: WebPageUser>(
      _ path: PathComponent..., document: WebPageDocument, registry: WebPageRegistry,
      user: User.Type, makePage: (@Sendable (isolated WebPage) async -> Void)? = nil
    ) {
      webPage(
        path, document: document, registry: registry,
        identity: { $0.auth.get(User.self)?.webIdentity }, makePage: makePage)
    }

    func webPage(
      _ path: [PathComponent], document: WebPageDocument, registry: WebPageRegistry,
      identity: @escaping @Sendable (Request) -> String?,
      makePage: (@Sendable (isolated WebPage) async -> Void)?
    ) {
      get(path) { request -> Response in
        Response(
          await registry.pageResponse(
            to: WebRequest(request, identity: identity(request)), document: document,
            makePage: makePage))
      }
      let suffix = registry.configuration.socketSuffix.split(separator: "/").map {
        PathComponent(stringLiteral: String($0))
      }
      get(path + suffix) { request -> Response in
        let asked = WebRequest(request, identity: identity(request))
        if let refusal = registry.originRefusal(asked) { return Response(.refusal(refusal)) }
        guard request.headers.first(name: .upgrade)?.lowercased() == "websocket" else {
          throw Abort(.notFound)
        }
        // The transport sets the socket's callbacks, which WebSocketKit
        // takes on the socket's event loop alone: here, before any task.
        let onUpgrade: @Sendable (Request, WebSocket) -> Void = { _, socket in
          let transport = VaporWebSocketTransport(socket)
          Task { await registry.serve(transport, request: asked) }
        }
        return request.webSocket(
          maxFrameSize: WebSocketMaxFrameSize(integerLiteral: 1 << 20), onUpgrade: onUpgrade)
      }
    }
  }

  /// Closes every page's socket with 1001 when the application shuts down,
  /// so that the pages reconnect with backoff: register it with
  /// `app.lifecycle.use(WebPagesShutdown(registry: registry))`.
  public struct WebPagesShutdown: LifecycleHandler {
    let registry: WebPageRegistry

    /// The handler for `registry`'s pages.
    public init(registry: WebPageRegistry) {
      self.registry = registry
    }

    public func shutdownAsync(_ application: Application) async {
      await registry.closeSockets(
        code: .goingAway, reason: "the server is shutting down", within: .seconds(1))
    }
  }
#endif
