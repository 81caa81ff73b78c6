#if Hummingbird
  import DiffableWeb
  import Foundation
  import HummingbirdWebSocket

  /// A `WebTransport` over one of hummingbird-websocket's WebSockets: its
  /// inbound stream and outbound writer.
  ///
  /// Only text frames carry messages. A binary message gets an `error` reply
  /// and is otherwise ignored; ``maximumBinaryMessagesInARow`` of them in a
  /// row close the socket. A message larger than ``maximumMessageSize`` bytes
  /// closes the socket (WebSocket close code 1009, "message too big"): the
  /// session's own, smaller limit answers the messages in between with an
  /// `error` reply.
  public struct WebSocketTransport: WebTransport {
    /// How many binary messages in a row close the socket.
    public static let maximumBinaryMessagesInARow = WebBinaryMessages.maximumInARow

    /// The text messages the page sends.
    public struct Incoming: AsyncSequence, Sendable {
      public typealias Element = String

      let inbound: WebSocketInboundStream
      let outbound: WebSocketOutboundWriter
      let maximumMessageSize: Int

      public struct AsyncIterator: AsyncIteratorProtocol {
        var messages: WebSocketInboundMessageStream.AsyncIterator
        let outbound: WebSocketOutboundWriter
        var binaryInARow = 0

        public mutating func next() async throws -> String? {
          while let message = try await messages.next() {
            switch message {
            case .text(let text):
              binaryInARow = 0
              return text
            case .binary(let buffer):
              binaryInARow += 1
              let reply = WebBinaryMessages.reply(toBinaryMessageOf: buffer.readableBytes)
              try await outbound.write(.text(reply))
              if binaryInARow >= WebSocketTransport.maximumBinaryMessagesInARow {
                try? await outbound.close(.policyViolation, reason: WebBinaryMessages.closeReason)
                return nil
              }
            }
          }
          return nil
        }
      }

      public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
          messages: inbound.messages(maxSize: maximumMessageSize).makeAsyncIterator(),
          outbound: outbound)
      }
    }

    /// The largest message, in bytes, read from the page before the socket
    /// is closed.
    public let maximumMessageSize: Int
    /// The text frames the page sends.
    public let incoming: Incoming
    let outbound: WebSocketOutboundWriter

    /// A transport over a WebSocket's two directions.
    ///
    /// - Parameter maximumMessageSize: The largest message read before the
    ///   socket is closed; 1 MiB by default.
    public init(
      inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
      maximumMessageSize: Int = 1 << 20
    ) {
      self.maximumMessageSize = maximumMessageSize
      self.outbound = outbound
      self.incoming = Incoming(
        inbound: inbound, outbound: outbound, maximumMessageSize: maximumMessageSize)
    }

    /// Sends `text` as one text frame.
    public func send(_ text: String) async throws {
      try await outbound.write(.text(text))
    }

    /// Closes the socket normally.
    public func close() async {
      await close(code: .normal, reason: "the connection ended")
    }

    /// Closes the socket with `code` and `reason` (cut to the 123 bytes a
    /// close frame holds).
    public func close(code: WebCloseCode, reason: String) async {
      try? await outbound.close(
        .init(codeNumber: Int(code.rawValue)), reason: Self.closeReason(reason))
    }

    /// `reason` cut, at a character's end, to the 123 bytes of UTF-8 a close
    /// frame holds (RFC 6455 §5.5: 125 bytes, two of them the code).
    static func closeReason(_ reason: String) -> String {
      var cut = Substring(reason)
      while cut.utf8.count > 123 { cut = cut.dropLast() }
      return String(cut)
    }
  }
#endif
