import DiffableCore
import Testing

@testable import DiffableWeb

/// The outbox's wait for the writer's close of the transport, and its
/// word when the connection is given up while it is open.
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
  }

  @Test("abandon() tells the connection once, while the transport is open")
  func abandonTellsOnceWhileOpen() {
    let told = _Locked(0)
    let outbox = _WebOutbox { told.withLock { $0 += 1 } }
    outbox.abandon()
    outbox.abandon()
    #expect(told.withLock { $0 } == 1)
    let closedFirst = _WebOutbox { told.withLock { $0 += 1 } }
    closedFirst.finish()
    closedFirst.didClose()
    closedFirst.abandon()
    #expect(told.withLock { $0 } == 1)
  }

  @Test("a cancelled wait returns, before or after it began to wait")
  func cancelledWaitsReturn() async {
    let outbox = _WebOutbox()
    let waiting = Task { await outbox.closed() }
    waiting.cancel()
    await waiting.value
    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await outbox.closed()
    }
    await cancelledFirst.value
  }
}
