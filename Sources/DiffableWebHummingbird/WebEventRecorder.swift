#if Hummingbird
  public import CoreMetrics
  public import DiffableWeb
  public import Logging
  import NIOConcurrencyHelpers

  /// Turns the events of a page registry and its sessions into
  /// `swift-metrics` metrics and `swift-log` records, so that whichever
  /// metrics backend the server bootstraps (Prometheus, OpenTelemetry, ...)
  /// sees the pages unchanged.
  ///
  /// ```swift
  /// var configuration = WebPageRegistry.Configuration()
  /// configuration.onEvent = WebEventRecorder(logger: logger).record
  /// ```
  ///
  /// | Metric | Kind | Dimensions |
  /// | --- | --- | --- |
  /// | `diffable_pages` | meter: pages kept | |
  /// | `diffable_sockets` | meter: sockets being served | |
  /// | `diffable_messages_sent_total` | counter | `type` |
  /// | `diffable_bytes_sent_total` | counter: bytes of JSON text, before compression | `type` |
  /// | `diffable_acknowledgement_latency` | timer: a batch sent to its acknowledgement | |
  /// | `diffable_acknowledgement_timeouts_total` | counter | |
  /// | `diffable_resyncs_total` | counter | |
  /// | `diffable_bad_messages_total` | counter | |
  /// | `diffable_refusals_total` | counter | `status`, `code` |
  /// | `diffable_socket_closes_total` | counter | `code` |
  ///
  /// Records go to `logger` with the page's identifier as the `page`
  /// metadata: a socket's opening and closing, refusals and bad messages
  /// at `debug` (a client decides how many of those there are, so they
  /// never reach a log kept at `info`), an acknowledgement that timed out
  /// at `info`.
  public struct WebEventRecorder: Sendable {
    let logger: Logger
    let factory: any MetricsFactory
    let pages: Meter
    let sockets: Meter
    let acknowledgements: CoreMetrics.Timer
    let timeouts: Counter
    let resyncs: Counter
    let badMessages: Counter
    let sent: [String: (messages: Counter, bytes: Counter)]
    /// The counters of closes and refusals, made once for each code (and
    /// status) that occurs: by their dimensions.
    let byCode = NIOLockedValueBox<[[String]: Counter]>([:])

    /// The message types the sessions send.
    static let messageTypes = ["reload", "batch", "layout", "visible", "error", "pong"]

    /// A recorder that logs to `logger` and makes its metrics with
    /// `factory` (the one `MetricsSystem` was bootstrapped with, by
    /// default).
    public init(logger: Logger, factory: any MetricsFactory = MetricsSystem.factory) {
      self.logger = logger
      self.factory = factory
      pages = Meter(label: "diffable_pages", factory: factory)
      sockets = Meter(label: "diffable_sockets", factory: factory)
      acknowledgements = CoreMetrics.Timer(
        label: "diffable_acknowledgement_latency", factory: factory)
      timeouts = Counter(label: "diffable_acknowledgement_timeouts_total", factory: factory)
      resyncs = Counter(label: "diffable_resyncs_total", factory: factory)
      badMessages = Counter(label: "diffable_bad_messages_total", factory: factory)
      var sent: [String: (messages: Counter, bytes: Counter)] = [:]
      for type in Self.messageTypes {
        sent[type] = (
          Counter(
            label: "diffable_messages_sent_total", dimensions: [("type", type)], factory: factory),
          Counter(
            label: "diffable_bytes_sent_total", dimensions: [("type", type)], factory: factory)
        )
      }
      self.sent = sent
    }

    /// The counter `label` with `dimensions`, made the first time.
    func counter(_ label: String, _ dimensions: [(String, String)]) -> Counter {
      let key = [label] + dimensions.flatMap { [$0.0, $0.1] }
      return byCode.withLockedValue { counters in
        if let counter = counters[key] { return counter }
        let counter = Counter(label: label, dimensions: dimensions, factory: factory)
        counters[key] = counter
        return counter
      }
    }

    /// Records `event`.
    public func record(_ event: WebEvent) {
      var metadata: Logger.Metadata = [:]
      if let page = event.pageID { metadata["page"] = .string(page) }
      switch event.kind {
      case .pageIssued:
        pages.increment()
      case .pageDropped:
        pages.decrement()
      case .socketOpened:
        sockets.increment()
        logger.debug("socket opened", metadata: metadata)
      case .socketClosed(let code, let reason):
        sockets.decrement()
        counter("diffable_socket_closes_total", [("code", code.description)]).increment()
        metadata["code"] = .stringConvertible(code.rawValue)
        metadata["reason"] = .string(reason)
        logger.debug("socket closed", metadata: metadata)
      case .sent(let type, let bytes):
        guard let counters = sent[type] else { return }
        counters.messages.increment()
        counters.bytes.increment(by: bytes)
      case .acknowledged(_, let latency):
        let (seconds, attoseconds) = latency.components
        acknowledgements.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
      case .acknowledgementTimedOut(let list):
        timeouts.increment()
        metadata["list"] = .string(list)
        logger.info("a batch was not acknowledged in time", metadata: metadata)
      case .resync:
        resyncs.increment()
      case .badMessage(let problem):
        badMessages.increment()
        metadata["problem"] = .string(String(problem.prefix(200)))
        logger.debug("bad message", metadata: metadata)
      case .refused(let refusal):
        counter(
          "diffable_refusals_total",
          [("status", String(refusal.status)), ("code", refusal.code.description)]
        ).increment()
        metadata["status"] = .stringConvertible(refusal.status)
        metadata["code"] = .stringConvertible(refusal.code.rawValue)
        metadata["reason"] = .string(refusal.reason)
        logger.debug("refused", metadata: metadata)
      }
    }
  }
#endif
