/// Why a server closes a page's socket: a WebSocket close code
/// (RFC 6455 §7.4), sent with a reason the page shows as text.
///
/// The page acts on the code (Documentation/Serving.md, "Close codes"):
///
/// | code | meaning | the page |
/// |---|---|---|
/// | 1000 ``normal`` | the server closed the socket for no fault | reconnects |
/// | 1001 ``goingAway`` | the server is shutting down, or heard nothing for too long | reconnects, after a delay with jitter |
/// | 1002 ``protocolError`` | a frame broke the WebSocket protocol (an unmasked frame, a continuation with no start) | reconnects |
/// | 1007 ``invalidText`` | a text message was not UTF-8 | reconnects |
/// | 1008 ``policyViolation`` | a refused origin, page, browser or identity; too many bad messages | stops, and says so |
/// | 1009 ``messageTooBig`` | a message over the size limit | reconnects |
/// | 4000 ``superseded`` | another socket of the same page replaced this one | stops, and says so |
/// | 4001 ``versionMismatch`` | the page speaks another version of the wire messages | reloads itself once |
/// | 4002 ``pageExpired`` | the server does not know the page (expired, or the server restarted) | reloads itself once |
public struct WebCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The code on the wire.
  public let rawValue: UInt16

  /// A code with the value `rawValue`.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// 1000: the connection is over, for no fault.
  public static let normal = Self(rawValue: 1000)
  /// 1001: the server is shutting down, or the page was silent too long.
  public static let goingAway = Self(rawValue: 1001)
  /// 1002: a frame broke the WebSocket protocol.
  public static let protocolError = Self(rawValue: 1002)
  /// 1007: a text message was not valid UTF-8.
  public static let invalidText = Self(rawValue: 1007)
  /// 1008: the socket breaks the server's policy; the page does not
  /// reconnect.
  public static let policyViolation = Self(rawValue: 1008)
  /// 1009: a message was larger than the server reads.
  public static let messageTooBig = Self(rawValue: 1009)
  /// 4000: another socket of the same page replaced this one; the page
  /// does not reconnect.
  public static let superseded = Self(rawValue: 4000)
  /// 4001: the page speaks another version of the wire messages than the
  /// server (a deploy changed it); the page reloads itself once.
  public static let versionMismatch = Self(rawValue: 4001)
  /// 4002: the server does not know the page's identifier (it expired, or
  /// the server restarted); the page reloads itself once, for a new one.
  public static let pageExpired = Self(rawValue: 4002)

  /// The code as a number.
  public var description: String { String(rawValue) }
}

/// A socket closed, or a request refused, by the server: the close code
/// and HTTP status to answer with, and a reason that names what was wrong.
///
/// Every refusal of the page registry is one of these. A server refuses a
/// request before a WebSocket upgrade with ``status``, and closes an
/// upgraded socket with ``code`` and ``reason``.
public struct WebRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// The HTTP status for a request refused before any upgrade: 403, 404,
  /// 429 or 503.
  public var status: Int
  /// The close code for a socket closed after its upgrade.
  public var code: WebCloseCode
  /// What was wrong, in a few words, for the page to show as text and the
  /// server's log.
  public var reason: String

  /// A refusal with `status`, `code` and `reason`.
  public init(status: Int, code: WebCloseCode, reason: String) {
    self.status = status
    self.code = code
    self.reason = reason
  }

  /// The reason, with the status and code.
  public var description: String { "\(status) / \(code): \(reason)" }
}
