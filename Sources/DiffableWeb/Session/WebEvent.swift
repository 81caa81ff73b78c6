/// Something a page registry or a session did, for a server's metrics and
/// logs: pages issued and dropped, sockets opened and closed, messages
/// sent, batches acknowledged, resyncs, bad messages and refusals.
///
/// Set ``WebPageRegistry/Configuration/onEvent`` (or
/// ``WebSession/onEvent`` for a session of your own) to receive them; the
/// integration products turn them into `swift-metrics` metrics and
/// `swift-log` records with the page's identifier as metadata. The
/// closure is called on the session's actor, as the event happens: keep
/// it short.
public struct WebEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// The registry issued a page for a `GET`.
    case pageIssued
    /// The registry dropped a page: it expired, was pushed out by a full
    /// limit, or was dropped by the server.
    case pageDropped
    /// A socket of the page began to be served.
    case socketOpened
    /// The server closed the page's socket, or the page did (`code` is
    /// then ``WebCloseCode/normal``).
    case socketClosed(code: WebCloseCode, reason: String)
    /// A message was queued for the page: its `type` (`reload`, `batch`,
    /// `layout`, `visible`, `error`, `pong`) and the bytes of its JSON
    /// text, before any compression.
    case sent(type: String, bytes: Int)
    /// The page acknowledged a batch of `list`, `latency` after it was
    /// sent.
    case acknowledged(list: String, latency: Duration)
    /// No acknowledgement of a batch of `list` came within the session's
    /// `acknowledgementTimeout`.
    case acknowledgementTimedOut(list: String)
    /// The page asked for a reload of `list`.
    case resync(list: String)
    /// The page sent a message that was refused (unreadable, unknown, past
    /// its rate), with what was wrong.
    case badMessage(problem: String)
    /// A page's `GET` or a socket was refused.
    case refused(WebRefusal)
  }

  /// What happened.
  public var kind: Kind
  /// The page it happened to, when one is known: `nil` for a refusal
  /// before a page was found, and for a session outside a registry.
  public var pageID: String?

  /// An event of `kind`, for the page `pageID`.
  public init(_ kind: Kind, pageID: String?) {
    self.kind = kind
    self.pageID = pageID
  }
}
