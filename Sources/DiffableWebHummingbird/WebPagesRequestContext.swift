#if Hummingbird
  public import DiffableWeb
  public import Hummingbird
  public import HummingbirdCore
  import HTTPTypes
  public import HummingbirdWebSocket
  public import NIOCore

  /// A request context for the routes of ``Hummingbird/RouterMethods/addWebPage(_:document:registry:makePage:)``:
  /// WebSocket upgrades, the peer's address (the page registry's limits
  /// per address read it) and the identity the app's authentication found.
  ///
  /// An app's authentication middleware (hummingbird-auth's authenticators,
  /// or one of its own) sets the user on its context; the context gives it
  /// to the page registry as ``webIdentity``, which binds each page to it.
  public protocol WebPagesRequestContext: WebSocketRequestContext, RemoteAddressRequestContext {
    /// The user the request is made for, as the app's authentication found
    /// it, or `nil` for an anonymous one. `nil` by default.
    var webIdentity: String? { get }
    /// The client's address, for the registry's caps per address: the
    /// peer's by default. Behind a reverse proxy, every peer is the proxy:
    /// give the address the proxy reports (`X-Forwarded-For`, trusted only
    /// from the proxy).
    var webClientAddress: String? { get }
  }

  extension WebPagesRequestContext {
    public var webIdentity: String? { nil }
    public var webClientAddress: String? { remoteAddress?.ipAddress }
  }

  /// The request context of an app that needs nothing more than the page
  /// routes: Hummingbird's own, WebSockets, the peer's address, anonymous
  /// users.
  public struct BasicWebPagesRequestContext: RequestContext, WebPagesRequestContext {
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

  extension WebRequest {
    /// What the page registry reads of `request`: its path, query, headers,
    /// and the client's address and identity `context` carries.
    public init(_ request: Request, context: some WebPagesRequestContext) {
      var query: [String: String] = [:]
      for (name, value) in request.uri.queryParameters where query[String(name)] == nil {
        query[String(name)] = String(value)
      }
      // HTTP types keep the `host` header as the request's authority.
      let host = request.head.authority.map { [("host", $0)] } ?? []
      self.init(
        path: request.uri.path, query: query,
        headers: host + request.headers.map { ($0.name.canonicalName, $0.value) },
        clientAddress: context.webClientAddress, identity: context.webIdentity)
    }
  }

  extension Response {
    /// `response` as Hummingbird sends it.
    public init(_ response: WebHTTPResponse) {
      var headers = HTTPFields()
      for (name, value) in response.headers {
        if let field = HTTPField.Name(name) { headers[values: field].append(value) }
      }
      self.init(
        status: .init(code: response.status), headers: headers,
        body: response.body.isEmpty
          ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: response.body)))
    }
  }
#endif
