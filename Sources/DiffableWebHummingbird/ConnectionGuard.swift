#if Hummingbird
  import HummingbirdCore
  import HummingbirdWebSocket
  import Logging
  import NIOCore

  /// The first handler of every connection's pipeline: it reads the bytes
  /// before any parser does, and holds a connection to ``ConnectionLimits``.
  ///
  /// - Until a request's line and headers are whole, it reads them with a
  ///   ``RequestHeadScanner`` and answers 414, 431, 400 or 501 itself, then
  ///   closes; a whole head its check refuses (a WebSocket upgrade from an
  ///   origin the page registry does not allow) gets the check's status; a head not whole within ``ConnectionLimits/headerTimeout`` of
  ///   the connection's opening (or of the request's first byte) gets 408,
  ///   and the connection is closed. A client that sends nothing, or a byte
  ///   at a time, holds a connection for 10 seconds at most.
  /// - Once the server answers `101 Switching Protocols`, it reads the
  ///   client's WebSocket frames with a ``WebSocketFrameScanner`` and closes
  ///   a socket that breaks the protocol with the close code and reason the
  ///   RFC asks for (1002, 1007, 1009).
  ///
  /// Between requests, Hummingbird's idle timeout closes a connection that
  /// sits idle; a request with a body or a pipelined request is passed on
  /// unread, and the HTTP decoder's own limits hold it.
  final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum Mode {
      /// Reading a request's head.
      case head(RequestHeadScanner)
      /// The head was passed on; the server has not answered yet.
      case awaitingResponse
      /// The server answered; the next byte starts a new request.
      case answered
      /// The connection is a WebSocket.
      case webSocket(WebSocketFrameScanner)
      /// The connection is being closed: nothing more is read.
      case closing
    }

    private let limits: ConnectionLimits
    /// Refuses a whole head with a status and a reason, or lets it on.
    private let check: @Sendable (RequestHeadScanner.Summary) -> (status: Int, reason: String)?
    private var mode: Mode
    private var deadline: Scheduled<Void>?

    init(
      limits: ConnectionLimits,
      check: @escaping @Sendable (RequestHeadScanner.Summary) -> (status: Int, reason: String)?
    ) {
      self.limits = limits
      self.check = check
      self.mode = .head(RequestHeadScanner(limits: limits))
    }

    func handlerAdded(context: ChannelHandlerContext) {
      if context.channel.isActive { armDeadline(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
      if deadline == nil { armDeadline(context) }
      context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      deadline?.cancel()
      deadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
      deadline?.cancel()
      deadline = nil
      mode = .closing
      context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let buffer = unwrapInboundIn(data)
      switch mode {
      case .closing:
        return
      case .awaitingResponse:
        context.fireChannelRead(data)
      case .answered:
        mode = .head(RequestHeadScanner(limits: limits))
        armDeadline(context)
        channelRead(context: context, data: data)
      case .head(var scanner):
        switch scanner.scan(buffer.readableBytesView) {
        case .incomplete:
          mode = .head(scanner)
          context.fireChannelRead(data)
        case .complete:
          deadline?.cancel()
          deadline = nil
          if let (status, reason) = check(scanner.summary) {
            refuse(context, status: status, reason: reason)
            return
          }
          mode = .awaitingResponse
          context.fireChannelRead(data)
        case .refused(let status, let reason):
          refuse(context, status: status, reason: reason)
        }
      case .webSocket(var scanner):
        switch scanner.scan(buffer.readableBytesView) {
        case .acceptable:
          mode = .webSocket(scanner)
          context.fireChannelRead(data)
        case .refused(let code, let reason):
          closeWebSocket(context, code: code, reason: reason)
        }
      }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
      if case .awaitingResponse = mode {
        let buffer = unwrapOutboundIn(data)
        if buffer.readableBytesView.starts(with: "HTTP/1.1 101".utf8) {
          // The answer names the extension when the server accepted it.
          let head = String(decoding: buffer.readableBytesView, as: UTF8.self).lowercased()
          mode = .webSocket(
            WebSocketFrameScanner(
              maximumMessage: limits.maximumMessage,
              compression: head.contains("permessage-deflate")))
        } else {
          mode = .answered
        }
      }
      context.write(data, promise: promise)
    }

    /// Closes the connection if the head being read is not whole in time.
    private func armDeadline(_ context: ChannelHandlerContext) {
      deadline?.cancel()
      let timeout = limits.headerTimeout
      let nanoseconds =
        timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
      deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) {
        [self] in
        guard case .head = mode else { return }
        refuse(context, status: 408, reason: "the request's headers did not arrive in time")
      }
    }

    /// Answers `status` with `reason` as text, then closes the connection.
    private func refuse(_ context: ChannelHandlerContext, status: Int, reason: String) {
      mode = .closing
      deadline?.cancel()
      deadline = nil
      let body = reason + "\n"
      let head =
        "HTTP/1.1 \(status) \(Self.phrases[status] ?? "Bad Request")\r\n"
        + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
        + "Connection: close\r\n\r\n"
      let response = context.channel.allocator.buffer(string: head + body)
      context.writeAndFlush(wrapOutboundOut(response)).assumeIsolated().whenComplete { _ in
        context.close(promise: nil)
      }
    }

    /// Sends a close frame with `code` and `reason`, then closes the
    /// connection.
    private func closeWebSocket(_ context: ChannelHandlerContext, code: UInt16, reason: String) {
      mode = .closing
      let cut = WebSocketTransport.closeReason(reason)
      var frame = context.channel.allocator.buffer(capacity: 4 + cut.utf8.count)
      frame.writeBytes([0x88, UInt8(2 + cut.utf8.count), UInt8(code >> 8), UInt8(code & 0xFF)])
      frame.writeString(cut)
      context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
        context.close(promise: nil)
      }
    }

    static let phrases = [
      400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 414: "URI Too Long",
      431: "Request Header Fields Too Large", 501: "Not Implemented",
    ]
  }

  /// A server child channel whose pipeline starts with a ``ConnectionGuard``,
  /// around any other (here, hummingbird-websocket's upgrade channel).
  struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limits: ConnectionLimits
    let check: @Sendable (RequestHeadScanner.Summary) -> (status: Int, reason: String)?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
      channel.eventLoop.makeCompletedFuture {
        try channel.pipeline.syncOperations.addHandler(
          ConnectionGuard(limits: limits, check: check), position: .first)
      }.flatMap {
        base.setup(channel: channel, logger: logger)
      }
    }

    func handle(value: Value, logger: Logger) async {
      var logger = logger
      logger.handler = CutShortUpgradesAsDebug(base: logger.handler)
      await base.handle(value: value, logger: logger)
    }
  }

  /// Logs as `base` does, except one record: hummingbird-websocket logs a
  /// connection closed before its first request was read (by the guard's
  /// 408, 414, 431, 400 or 501, or by the client) as an error ("Error
  /// handling upgrade result", the channel's state), which would let any
  /// client write a line of the server's error log per connection. That
  /// record is no server error, and goes out at debug level.
  struct CutShortUpgradesAsDebug: LogHandler {
    var base: any LogHandler

    static let closedChannel: Set<String> = [
      String(describing: ChannelError.inappropriateOperationForState),
      String(describing: ChannelError.ioOnClosedChannel),
      String(describing: ChannelError.inputClosed),
    ]

    var metadata: Logger.Metadata {
      get { base.metadata }
      set { base.metadata = newValue }
    }

    var logLevel: Logger.Level {
      get { base.logLevel }
      set { base.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { base[metadataKey: key] }
      set { base[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
      var event = event
      if event.message.description == "Error handling upgrade result",
        case .string(let error)? = event.metadata?["error.type"], Self.closedChannel.contains(error)
      {
        event.level = .debug
        guard event.level >= logLevel else { return }
      }
      base.log(event: event)
    }

  }
#endif
