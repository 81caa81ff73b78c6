#if Vapor
  public import DiffableWeb
  import Foundation
  import NIOConcurrencyHelpers
  import NIOWebSocket
  public import Vapor

  /// A `WebTransport` over one of Vapor's WebSockets (WebSocketKit).
  ///
  /// Only text frames carry messages. A binary message gets an `error`
  /// reply and is otherwise ignored; ``maximumBinaryMessagesInARow`` of them
  /// in a row close the socket with 1008. WebSocketKit calls back for each
  /// message as it arrives, without waiting for the session to read the
  /// last: more than ``maximumWaitingBytes`` of messages unread close the
  /// socket with 1008, so that a page cannot fill the server's memory.
  ///
  /// WebSocketKit's close frame carries a code and no reason: a close with
  /// a code other than ``DiffableWeb/WebCloseCode/normal`` sends the reason
  /// first, as an `error` message, which the page shows as the close's
  /// reason.
  public struct VaporWebSocketTransport: WebTransport {
    /// How many binary messages in a row close the socket.
    public static let maximumBinaryMessagesInARow = WebBinaryMessages.maximumInARow
    /// How many bytes of messages may wait unread before the socket is
    /// closed: 4 MiB.
    public static let maximumWaitingBytes = 4 << 20

    /// The text messages the page sends.
    public struct Incoming: AsyncSequence, Sendable {
      public typealias Element = String
      let messages: AsyncStream<String>
      let waitingBytes: NIOLockedValueBox<Int>

      public struct AsyncIterator: AsyncIteratorProtocol {
        var messages: AsyncStream<String>.AsyncIterator
        let waitingBytes: NIOLockedValueBox<Int>

        public mutating func next() async -> String? {
          guard let text = await messages.next() else { return nil }
          waitingBytes.withLockedValue { $0 -= text.utf8.count }
          return text
        }
      }

      public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(messages: messages.makeAsyncIterator(), waitingBytes: waitingBytes)
      }
    }

    /// The text messages the page sends.
    public let incoming: Incoming
    let socket: WebSocket

    /// A transport over `socket`.
    ///
    /// - Precondition: Called on the socket's event loop (in the upgrade's
    ///   callback), where WebSocketKit takes its callbacks.
    public init(_ socket: WebSocket) {
      self.init(socket, maximumWaitingBytes: Self.maximumWaitingBytes)
    }

    /// A transport over `socket` that closes it once more than
    /// `maximumWaitingBytes` of messages wait unread.
    init(_ socket: WebSocket, maximumWaitingBytes: Int) {
      self.socket = socket
      let (messages, continuation) = AsyncStream<String>.makeStream()
      let waitingBytes = NIOLockedValueBox(0)
      self.incoming = Incoming(messages: messages, waitingBytes: waitingBytes)
      let binaryInARow = NIOLockedValueBox(0)
      // Once the transport closes the socket, the frames already read
      // after the one that closed it get no answer: the close's reason is
      // the last message the page gets.
      let closing = NIOLockedValueBox(false)
      let startClosing: @Sendable () -> Bool = {
        closing.withLockedValue { closed in
          let first = !closed
          closed = true
          return first
        }
      }
      socket.onText { socket, text in
        guard !closing.withLockedValue({ $0 }) else { return }
        binaryInARow.withLockedValue { $0 = 0 }
        let waiting = waitingBytes.withLockedValue {
          $0 += text.utf8.count
          return $0
        }
        guard waiting <= maximumWaitingBytes else {
          guard startClosing() else { return }
          continuation.finish()
          Self.close(
            socket, code: .policyViolation,
            reason: "more than \(maximumWaitingBytes) bytes of messages waiting to be read")
          return
        }
        continuation.yield(text)
      }
      socket.onBinary { socket, buffer in
        guard !closing.withLockedValue({ $0 }) else { return }
        let count = binaryInARow.withLockedValue {
          $0 += 1
          return $0
        }
        socket.send(WebBinaryMessages.reply(toBinaryMessageOf: buffer.readableBytes))
        if count >= Self.maximumBinaryMessagesInARow, startClosing() {
          continuation.finish()
          Self.close(socket, code: .policyViolation, reason: WebBinaryMessages.closeReason)
        }
      }
      socket.onClose.whenComplete { _ in continuation.finish() }
    }

    /// Sends `text` as one text frame.
    public func send(_ text: String) async throws {
      try await socket.send(text)
    }

    /// Closes the socket normally.
    public func close() async {
      await close(code: .normal, reason: "the connection ended")
    }

    /// Closes the socket with `code`, its `reason` sent first as an `error`
    /// message unless `code` is ``DiffableWeb/WebCloseCode/normal``.
    public func close(code: WebCloseCode, reason: String) async {
      try? await Self.close(socket, code: code, reason: reason).get()
    }

    /// Closes `socket`, its `reason` sent first as an `error` message unless
    /// `code` is normal; called from its callbacks too, on its event loop.
    @discardableResult
    static func close(
      _ socket: WebSocket, code: WebCloseCode, reason: String
    ) -> EventLoopFuture<Void> {
      if code != .normal { socket.send(WebServerMessage.errorText(reason)) }
      let closed = socket.eventLoop.makePromise(of: Void.self)
      socket.close(code: WebSocketErrorCode(codeNumber: Int(code.rawValue)), promise: closed)
      return closed.futureResult
    }
  }
#endif
