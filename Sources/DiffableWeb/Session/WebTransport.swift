import DiffableCore

/// One connection between a ``WebSession`` and a browser page: text frames
/// out, text frames in, and a way to close it.
///
/// A server adopts it for each WebSocket it accepts (Hummingbird, Vapor,
/// plain NIO), then hands it to ``WebSession/serve(_:isolation:)`` (or to a
/// ``WebPageRegistry``, which checks the socket first):
///
/// - ``send(_:)`` writes one text frame. The session calls it from one task
///   at a time, in order.
/// - ``incoming`` is the text frames the page sends, in order; it ends when
///   the connection closes.
/// - ``close(code:reason:)`` closes the connection with a close code and a
///   reason; ``incoming`` then ends. Closing twice does nothing.
public protocol WebTransport: Sendable {
  /// The type of the sequence of incoming text frames.
  associatedtype Incoming: AsyncSequence & Sendable where Incoming.Element == String

  /// The text frames the page sends, in order, until the connection closes.
  var incoming: Incoming { get }

  /// Sends one text frame.
  ///
  /// - Throws: When the connection is closed or broken.
  func send(_ text: String) async throws

  /// Closes the connection normally.
  func close() async

  /// Closes the connection with `code` and `reason` (a WebSocket close
  /// frame's). The page acts on the code: see ``WebCloseCode``.
  ///
  /// The default implementation calls ``close()``, for a transport that
  /// has no close codes; a WebSocket transport sends them.
  func close(code: WebCloseCode, reason: String) async
}

extension WebTransport {
  /// Calls ``close()``: the transport has no close codes.
  public func close(code: WebCloseCode, reason: String) async {
    await close()
  }
}

/// What a WebSocket transport does with binary messages: messages are text
/// frames. Each binary message gets the ``reply(toBinaryMessageOf:)``, an
/// `error` message, and is otherwise ignored; ``maximumInARow`` of them in
/// a row close the socket with ``WebCloseCode/policyViolation`` and
/// ``closeReason``. Both integrations follow it.
public enum WebBinaryMessages {
  /// How many binary messages in a row close the socket.
  public static let maximumInARow = 5

  /// The reason of the close after ``maximumInARow`` binary messages.
  public static let closeReason = "too many binary messages: messages are text frames"

  /// The `error` message that answers a binary message of `byteCount`
  /// bytes, as text.
  public static func reply(toBinaryMessageOf byteCount: Int) -> String {
    WebServerMessage.errorText("binary message of \(byteCount) bytes: messages are text frames")
  }
}
