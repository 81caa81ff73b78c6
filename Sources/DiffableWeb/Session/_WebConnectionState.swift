/// What a session knows of one connection, as a value: whether its page is
/// ready, when it was last heard from, how many bad messages came in a row,
/// the rates of its messages, and whether it fell behind.
///
/// It does nothing itself: each transition returns what `WebSession` is to
/// do (reply, close, sleep, catch up), so the rules are tested one
/// transition at a time with instants given by the test. The session
/// confines it, and the loop of `serve` performs what it returns.
///
/// The page's side goes `opened` → `ready` (its `ready` message) → `ended`.
/// Sending goes `normal` → `behind` (a message would take the bytes waiting
/// past the limit: what waits is dropped) → `catchingUp` (a reload of every
/// list is queued, whatever its size) → `normal`.
struct _WebConnectionState {
  enum Phase: Equatable {
    case opened, ready, ended
  }

  enum Sending: Equatable {
    case normal, behind, catchingUp
  }

  /// What to do with a message the session refused.
  enum Refusal: Equatable {
    /// Reply with an `error` message saying this.
    case reply(String)
    /// Reply with an `error` message saying this, then close the
    /// connection with the code and reason.
    case replyAndClose(String, WebCloseCode, String)
    /// Close the connection with this code and reason, without a reply.
    case close(WebCloseCode, String)
  }

  /// What the silence watch does when it wakes.
  enum Silence: Equatable {
    /// Sleep until then: something was heard since it last slept.
    case sleep(until: Duration)
    /// Close the connection with this reason: nothing was heard in time.
    case close(String)
  }

  private(set) var phase = Phase.opened
  private(set) var sending = Sending.normal
  /// When the page's last message came (or the connection opened).
  private(set) var heardAt: Duration
  /// The bad messages received since the last good one.
  private(set) var badInARow = 0
  /// The window's size and scroll offset the page reported when ready.
  private(set) var viewport: WebViewport?
  private var rates = _WebMessageRates()

  init(openedAt now: Duration) {
    heardAt = now
  }

  /// Whether the page said `ready` and the connection has not ended.
  var isReady: Bool { phase == .ready }

  /// A frame came from the page at `now`.
  mutating func heard(at now: Duration) {
    heardAt = max(heardAt, now)
  }

  /// Takes a token of the bucket of `type` at `now`, if `rate` limits it;
  /// returns the refusal's text when there was none.
  mutating func admit(_ type: String, rate: WebMessageRate?, at now: Duration) -> String? {
    guard let rate, !rates.take(type, rate: rate, at: now) else { return nil }
    return "too many \(type) messages: at most \(rate) a second"
  }

  /// The page said `ready`, its window of `viewport`'s size.
  mutating func ready(_ viewport: WebViewport) {
    guard phase != .ended else { return }
    phase = .ready
    self.viewport = viewport
  }

  /// The page's message was good.
  mutating func accepted() {
    badInARow = 0
  }

  /// The page's message was refused for `problem`; `version` is the wire
  /// version it said it speaks, when another than the session's. One of
  /// another version closes the connection at once; any other gets an
  /// error reply, and the `limit`th bad one in a row closes it after.
  mutating func refused(_ problem: String, version: Int?, limit: Int) -> Refusal {
    if let version {
      return .close(
        .versionMismatch,
        "the page speaks wire version \(version); the server speaks \(WebServerMessage.version)")
    }
    badInARow += 1
    guard badInARow < limit else {
      return .replyAndClose(
        problem, .policyViolation, "\(badInARow) bad messages in a row; the last: \(problem)")
    }
    return .reply(problem)
  }

  /// The silence watch woke at `now`: the connection is lost if nothing
  /// was heard for `timeout`.
  func silence(at now: Duration, timeout: Duration) -> Silence {
    let due = heardAt + timeout
    return due <= now ? .close("nothing heard from the page for \(timeout)") : .sleep(until: due)
  }

  /// The most bytes that may wait once a message is queued: `maximum`,
  /// or no limit while catching up (a reload of every list must go out);
  /// `nil` while behind, when every message is dropped until the catch-up.
  func sendLimit(_ maximum: Int) -> Int? {
    switch sending {
    case .normal: maximum
    case .behind: nil
    case .catchingUp: .max
    }
  }

  /// A message did not fit under the limit: what waits is to be dropped.
  /// Returns whether a catch-up is to be scheduled (once per fall).
  mutating func fellBehind() -> Bool {
    guard sending == .normal else { return false }
    sending = .behind
    return true
  }

  /// The scheduled catch-up begins; returns whether it is still due (the
  /// connection may have ended since).
  mutating func beginCatchUp() -> Bool {
    guard sending == .behind, phase != .ended else { return false }
    sending = .catchingUp
    return true
  }

  /// The catch-up's reloads are queued.
  mutating func endCatchUp() {
    if sending == .catchingUp { sending = .normal }
  }

  /// The connection ended: nothing more is sent to it.
  mutating func end() {
    phase = .ended
  }
}
