#if Hummingbird
  public import DiffableWeb
  public import Hummingbird
  import HummingbirdWebSocket

  extension RouterMethods where Context: WebPagesRequestContext {
    /// Serves the browser client's files under `path`: `GET PATH/NAME` for
    /// each file of ``DiffableWeb/WebClientFile/all``, with its content
    /// type, an `ETag` and `Cache-Control: no-cache`, and `304 Not
    /// Modified` for a matching `If-None-Match`; 404 for any other name.
    ///
    /// - Parameter path: Where the files are served, as the pages'
    ///   ``DiffableWeb/WebPageDocument/clientPath`` says: `/diffable` by
    ///   default.
    @discardableResult
    public func addWebClient(at path: String = "/diffable") -> Self {
      get(RouterPath(path + "/:file")) { request, context in
        guard let file = WebClientFile.named(try context.parameters.require("file")) else {
          throw HTTPError(.notFound)
        }
        return Response(.clientFile(file, ifNoneMatch: request.headers[.ifNoneMatch]))
      }
      return self
    }

    /// Serves a page of lists at `path`, and its socket at `path` followed
    /// by the registry's ``DiffableWeb/WebPageRegistry/Configuration/socketSuffix``
    /// (`/socket`).
    ///
    /// - `GET PATH`: the HTML of `document` for a page that `registry`
    ///   issues (``DiffableWeb/WebPageRegistry/pageResponse(to:document:makePage:)``),
    ///   its session filled by `makePage`, or the registry's refusal.
    /// - `GET PATH/socket` with a WebSocket upgrade: the page's socket,
    ///   which the registry checks (page, browser, path, identity, version)
    ///   and then serves; one from an origin the registry does not allow
    ///   is refused before the upgrade. Without an upgrade: 403 from such
    ///   an origin, 404 otherwise.
    ///
    /// Middleware added before the call runs for both: an authentication
    /// middleware that refuses a request, or sets the user that
    /// ``WebPagesRequestContext/webIdentity`` reads, guards the page and
    /// its socket alike.
    ///
    /// - Parameters:
    ///   - path: The page's path; it may have parameters (`/rooms/:id`),
    ///     and each page is bound to the path it was loaded from.
    ///   - document: The page's title and the app's own markup.
    ///   - registry: The registry that issues the pages.
    ///   - makePage: Makes the page's lists in its session; the registry's
    ///     own closure when `nil`.
    @discardableResult
    public func addWebPage(
      _ path: String, document: WebPageDocument, registry: WebPageRegistry,
      makePage: (@Sendable (isolated WebPage) async -> Void)? = nil
    ) -> Self {
      get(RouterPath(path)) { request, context in
        Response(
          await registry.pageResponse(
            to: WebRequest(request, context: context), document: document, makePage: makePage))
      }
      ws(RouterPath(path + registry.configuration.socketSuffix)) { request, context in
        let asked = WebRequest(request, context: context)
        if let refusal = registry.originRefusal(asked) { throw WebRefusalResponse(refusal) }
        // A plain `GET` of the socket's path finds no page. (The request's
        // `upgrade` and `connection` headers are gone by now: they belong
        // to HTTP/1's connection, and Hummingbird's requests do not carry
        // them.)
        guard asked.header("sec-websocket-key") != nil else { throw HTTPError(.notFound) }
        return .upgrade([:])
      } onUpgrade: { inbound, outbound, context in
        await registry.serve(
          WebSocketTransport(inbound: inbound, outbound: outbound),
          request: WebRequest(context.request, context: context.requestContext))
      }
      return self
    }
  }

  /// A refusal of the page registry's, answered as its status and its
  /// reason as text.
  struct WebRefusalResponse: HTTPResponseError {
    let refusal: WebRefusal

    init(_ refusal: WebRefusal) { self.refusal = refusal }

    var status: HTTPResponse.Status { .init(code: refusal.status) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
      Response(.refusal(refusal))
    }
  }
#endif
