import Testing

@testable import DiffableWeb

/// The waits of a connection's outbox: for the writer's close of the
/// transport, and for the connection to be given up while it is open.
@Suite("Web session: the outbox's waits")
struct WebOutboxTests {
  @Test("closed() returns once the writer closed the transport; at once after")
  func closedReturnsAfterTheClose() async {
    let outbox = _WebOutbox()
    async let waited: Void = outbox.closed()
    outbox.finish()
    outbox.didClose()
    await waited
    await outbox.closed()
    #expect(await outbox.abandonedOrClosed() == false)
  }

  @Test("abandonedOrClosed() says whether the connection was given up before its close")
  func abandonedBeforeTheClose() async {
    let outbox = _WebOutbox()
    async let abandoned = outbox.abandonedOrClosed()
    outbox.abandon()
    #expect(await abandoned)
    #expect(await outbox.abandonedOrClosed())
    outbox.didClose()
    #expect(await outbox.abandonedOrClosed() == false)
  }

  @Test("a cancelled wait returns, before or after it began to wait")
  func cancelledWaitsReturn() async {
    let outbox = _WebOutbox()
    let waiting = Task { await outbox.closed() }
    waiting.cancel()
    await waiting.value
    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await outbox.abandonedOrClosed()
    }
    #expect(await cancelledFirst.value == false)
  }
}
