import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

/// A page's transport whose writes wait until the test opens it: a page
/// that stops reading, as a socket whose buffers are full. A write waiting
/// at the gate gives up if its task is cancelled.
struct GatedTransport: WebTransport {
  let inner: FakeTransport
  private let gate: AsyncStream<Void>
  private let opener: AsyncStream<Void>.Continuation
  /// The size in bytes of each frame handed to `send`, in order.
  let frameSizes = _Locked<[Int]>([])
  /// Each frame's size as it reaches `send`.
  let arrivals: AsyncStream<Int>
  private let arrived: AsyncStream<Int>.Continuation

  init(_ inner: FakeTransport) {
    self.inner = inner
    (gate, opener) = AsyncStream<Void>.makeStream()
    (arrivals, arrived) = AsyncStream<Int>.makeStream()
  }

  var incoming: AsyncStream<String> { inner.incoming }

  func send(_ text: String) async throws {
    frameSizes.withLock { $0.append(text.utf8.count) }
    arrived.yield(text.utf8.count)
    var waiting = gate.makeAsyncIterator()
    _ = await waiting.next()
    try Task.checkCancellation()
    try await inner.send(text)
  }

  func close() async { await inner.close() }

  /// Lets every write through, from now on.
  func open() { opener.finish() }
}

@MainActor
@Suite("Web session connections")
struct WebSessionConnectionTests {
  /// Serves `client` on `session` through a gated transport in a task,
  /// says `ready`, and waits until the reload is being written (and stays
  /// so: the page does not read).
  static func serveStuck(
    _ session: WebSession, _ client: FakeWebClient
  ) async -> (GatedTransport, Task<Void, Never>) {
    let page = GatedTransport(client.transport)
    let serving = Task { await session.serve(page) }
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    var arrivals = page.arrivals.makeAsyncIterator()
    _ = await arrivals.next()
    return (page, serving)
  }

  @Test(
    "a page that stops reading holds at most the limit and a reload, and shows the snapshot once it reads"
  )
  func pageThatStopsReading() async throws {
    let (session, dataSource) = WebSessionTests.session()
    await dataSource.apply(.make([("fruits", (0..<20).map { "fruit \($0)" })]))
    let (inputs, input) = AsyncStream<WebInput>.makeStream()
    let recorder = Recorder(inputStream: input)
    session.delegate = recorder
    let client = FakeWebClient()
    // The reload is being written, and stays so: the page does not read.
    let (page, serving) = await Self.serveStuck(session, client)
    let reload = page.frameSizes.withLock { $0[0] }
    session.maximumUnsentBytes = 3 * reload
    // Forty resyncs at once are past their rate; this test is of the bytes.
    session.messageRates["resync"] = nil

    // Forty reloads asked for: without a limit, all would wait.
    for number in 0..<40 { client.send(.resync(list: "main", reason: "asked \(number)")) }
    client.send(.input(WebInput(name: "last", value: "")))
    // The last message read: every one before it was.
    var read = inputs.makeAsyncIterator()
    #expect(await read.next()?.name == "last")
    #expect(session.catchUpReloads >= 1)
    #expect(session.unsentBytes <= session.maximumUnsentBytes + reload)
    #expect(session.isConnected)

    let snapshot = StringSnapshot.make([("fruits", ["fruit 3", "fruit 1", "pear"])])
    let applying = Task { await dataSource.apply(snapshot) }
    page.open()
    let reading = Task { try await client.acknowledgeUntilClosed() }
    await applying.value
    client.send(.ping(id: 9))
    await client.nextReceived { $0 == .pong(id: 9) }
    #expect(client.lists["main"] == (try snapshot.web()))
    #expect(session.unsentBytes == 0)
    // Only what waited was dropped: the page got far fewer reloads than it asked for.
    let reloads = client.received.filter { if case .reload = $0 { true } else { false } }.count
    #expect(reloads < 41)
    await client.transport.close()
    await serving.value
    try await reading.value
  }

  @Test("a connection silent for the silence timeout is closed, and its serve returns")
  func silentConnection() async throws {
    let clock = ManualClock()
    let (session, dataSource) = WebSessionTests.session(clock: clock)
    await dataSource.apply(.make([("fruits", ["apple"])]))
    session.silenceTimeout = .seconds(30)
    let client = FakeWebClient()
    let serving = WebSessionTests.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    #expect(try await client.receive() != nil, "the reload")
    // A message heard puts the deadline off.
    await clock.sleeping()
    clock.advance(by: .seconds(20))
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    clock.advance(by: .seconds(20))
    await clock.sleeping()
    #expect(session.isConnected, "heard 20 s ago")
    clock.advance(by: .seconds(10))
    await serving.value
    #expect(!session.isConnected)
    #expect(try await client.receive() == nil, "then the close")
    #expect(
      client.transport.closes.withLock { $0 } == [
        FakeTransport.Close(
          code: .goingAway, reason: "nothing heard from the page for 30.0 seconds")
      ])
  }

  @Test("cancelling the task that serves a connection ends it, though a write of it is stuck")
  func cancellingAStuckConnection() async throws {
    let (session, dataSource) = WebSessionTests.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    let client = FakeWebClient()
    let (_, serving) = await Self.serveStuck(session, client)
    // As a server shutting down cancels its connections' handlers.
    serving.cancel()
    await serving.value
    #expect(!session.isConnected)
    #expect(session.unsentBytes == 0)
  }

  @Test("a new connection ends one whose page stopped reading, though a write of it is stuck")
  func replacingAStuckConnection() async throws {
    let (session, dataSource) = WebSessionTests.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    let first = FakeWebClient()
    let (_, servingFirst) = await Self.serveStuck(session, first)

    let second = FakeWebClient()
    let servingSecond = WebSessionTests.serve(session, second)
    await servingFirst.value
    second.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    #expect(try await second.receive() != nil)
    #expect(second.lists["main"] == (try StringSnapshot.make([("fruits", ["apple"])]).web()))
    await second.transport.close()
    await servingSecond.value
  }
}
