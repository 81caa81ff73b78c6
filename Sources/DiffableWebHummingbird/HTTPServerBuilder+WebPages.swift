#if Hummingbird
  public import DiffableWeb
  public import Hummingbird
  public import HummingbirdCore
  public import HummingbirdWebSocket
  import NIOCore

  extension HTTPServerBuilder {
    /// HTTP/1.1 with WebSocket upgrades for the routes of `webSocketRouter`
    /// (hummingbird-websocket), every connection behind a guard that holds
    /// it to `limits` (Documentation/Serving.md, "Limits and timeouts"):
    ///
    /// - a request's line and headers are read before any parser, and
    ///   answered 414, 431, 400 or 501 when they break a limit, 408 when
    ///   they do not arrive within ``ConnectionLimits/headerTimeout``;
    /// - a socket's upgrade from an origin `registry` does not allow gets
    ///   403 before the upgrade;
    /// - a socket's frames are checked as they arrive: one that breaks
    ///   the protocol closes it with 1002, text that is not UTF-8 with
    ///   1007, a message over ``ConnectionLimits/maximumMessage`` with 1009.
    ///
    /// Sockets negotiate `permessage-deflate` (RFC 7692) when `compression`
    /// is on, as it is by default: a browser asks for it, and a reload of a
    /// long list shrinks to a fraction. No message inflates past
    /// ``ConnectionLimits/maximumMessage``. Each message is deflated on its
    /// own, in both directions (`server_no_context_takeover` and
    /// `client_no_context_takeover`), so that the sockets share a few zlib
    /// streams, taken for one message and given back: a socket holds no
    /// compression state between messages, where a window kept per socket
    /// took about 29 KiB of it even with 2 KiB windows. Messages are a few
    /// percent larger than with a kept window (WebBenchmarks).
    ///
    /// The library's automatic pings are off: the page pings its session
    /// every 10 seconds, and a session closes a socket it has heard nothing
    /// from for its `silenceTimeout`.
    ///
    /// Hummingbird closes a connection idle between requests after
    /// ``ConnectionLimits/idleTimeout``; its HTTP decoder refuses heads over
    /// twice ``ConnectionLimits/maximumHead``, a backstop for a request the
    /// guard passes on unread.
    ///
    /// ```swift
    /// let app = Application(
    ///   router: router, server: .webPages(webSocketRouter: router, registry: registry))
    /// ```
    public static func webPages<WebSocketRouter: HTTPResponderBuilder>(
      webSocketRouter: WebSocketRouter, registry: WebPageRegistry,
      limits: ConnectionLimits = ConnectionLimits(), compression: Bool = true
    ) -> HTTPServerBuilder where WebSocketRouter.Responder.Context: WebSocketRequestContext {
      let webSocketResponder = webSocketRouter.buildResponder()
      let idle = limits.idleTimeout.components
      var http1 = HTTP1Channel.Configuration(
        idleTimeout: .seconds(idle.seconds) + .nanoseconds(idle.attoseconds / 1_000_000_000))
      http1.httpDecoder.maxHeaderListSize = 2 * limits.maximumHead
      http1.httpDecoder.maxHeaderFieldSize = 2 * limits.maximumHead
      let streams = SharedDeflateStreams(idleLimit: 2 * System.coreCount)
      let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
        http1: http1,
        ws: .init(
          maxFrameSize: limits.maximumMessage,
          extensions: compression
            ? [
              WebSocketExtensionFactory {
                SharedDeflateExtensionBuilder(
                  streams: streams, maximumInflated: limits.maximumMessage)
              }
            ] : [],
          // The page pings every 10 s and its session closes a socket
          // silent for 30 s (`WebSession.silenceTimeout`): the library's own
          // pings would only cost each socket a task.
          autoPing: .disabled,
          validateUTF8: true))
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
      guard head.upgrade?.lowercased() == "websocket", let origin = head.origin else {
        return nil
      }
      let request = WebRequest(
        path: String(head.target.prefix { $0 != "?" }),
        headers: [("host", head.host ?? ""), ("origin", origin)])
      return registry.originRefusal(request).map { ($0.status, $0.reason) }
    }
  }
#endif
