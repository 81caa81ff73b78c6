import DiffableCore

/// How many messages of one type a page may send: ``perSecond`` on
/// average, and up to ``burst`` at once (a token bucket that holds `burst`
/// tokens and gains `perSecond` of them a second).
public struct WebMessageRate: Sendable, Hashable, CustomStringConvertible {
  /// The steady rate, in messages a second.
  public var perSecond: Double
  /// The most messages taken at once after a quiet while.
  public var burst: Double

  /// A rate of `perSecond` messages a second, with bursts of `burst`.
  ///
  /// - Precondition: Both are positive and finite.
  public init(perSecond: Double, burst: Double) {
    guard perSecond > 0, perSecond.isFinite, burst > 0, burst.isFinite else {
      _diffableFailure(
        "WebMessageRate(perSecond:burst:)",
        "the rate \(perSecond) and the burst \(burst) must be positive and finite")
    }
    self.perSecond = perSecond
    self.burst = burst
  }

  /// The steady rate, as a number.
  public var description: String {
    perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(perSecond)
  }
}

/// The token buckets of one connection, by message type.
struct _WebMessageRates {
  private var buckets: [String: (tokens: Double, at: Duration)] = [:]

  /// Takes a token of `type`'s bucket at `now`; returns whether there was
  /// one.
  mutating func take(_ type: String, rate: WebMessageRate, at now: Duration)
    -> Bool
  {
    var bucket = buckets[type] ?? (rate.burst, now)
    let elapsed = now - bucket.at
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    bucket.tokens = min(rate.burst, bucket.tokens + max(0, seconds) * rate.perSecond)
    bucket.at = max(bucket.at, now)
    let allowed = bucket.tokens >= 1
    if allowed { bucket.tokens -= 1 }
    buckets[type] = bucket
    return allowed
  }
}

extension WebClientMessage {
  /// The message's `"type"`.
  var _type: String {
    switch self {
    case .ready: "ready"
    case .ack: "ack"
    case .resync: "resync"
    case .ping: "ping"
    case .viewport: "viewport"
    case .input: "input"
    case .tap: "tap"
    case .action: "action"
    case .measure: "measure"
    case .band: "band"
    case .move: "move"
    }
  }
}
