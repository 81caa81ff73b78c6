#if Hummingbird
  import DiffableWeb
  import DiffableWebHummingbird
  import Logging
  import MetricsTestKit
  import Testing

  /// The events' metrics, through swift-metrics' own test factory.
  @Suite struct WebEventRecorderTests {
    @Test func eventsBecomeTheirMetrics() throws {
      let metrics = TestMetrics()
      let recorder = WebEventRecorder(logger: Logger(label: "test"), factory: metrics)
      let page = "0123456789abcdef0123456789abcdef"
      let refusal = WebRefusal(status: 403, code: .policyViolation, reason: "another browser")
      let events: [WebEvent.Kind] = [
        .pageIssued, .pageIssued, .socketOpened,
        .sent(type: "reload", bytes: 1_200), .sent(type: "batch", bytes: 300),
        .sent(type: "batch", bytes: 200), .acknowledged(list: "main", latency: .milliseconds(42)),
        .acknowledgementTimedOut(list: "main"), .resync(list: "main"),
        .badMessage(problem: "not JSON"), .refused(refusal), .refused(refusal),
        .socketClosed(code: .superseded, reason: "replaced"), .pageDropped,
      ]
      for kind in events { recorder.record(WebEvent(kind, pageID: page)) }

      #expect(try metrics.expectMeter("diffable_pages").values == [1, 2, 1])
      #expect(try metrics.expectMeter("diffable_sockets").values == [1, 0])
      #expect(metrics.counterTotal(label: "diffable_messages_sent_total") == 3)
      #expect(
        metrics.counterTotal(label: "diffable_bytes_sent_total", dimensions: [("type", "batch")])
          == 500)
      #expect(
        metrics.counterTotal(label: "diffable_bytes_sent_total", dimensions: [("type", "reload")])
          == 1_200)
      #expect(
        try metrics.expectTimer("diffable_acknowledgement_latency").values == [42_000_000])
      #expect(metrics.counterTotal(label: "diffable_acknowledgement_timeouts_total") == 1)
      #expect(metrics.counterTotal(label: "diffable_resyncs_total") == 1)
      #expect(metrics.counterTotal(label: "diffable_bad_messages_total") == 1)
      #expect(
        metrics.counterTotal(
          label: "diffable_refusals_total", dimensions: [("status", "403"), ("code", "1008")]) == 2)
      #expect(
        metrics.counterTotal(label: "diffable_socket_closes_total", dimensions: [("code", "4000")])
          == 1)
    }
  }
#endif
