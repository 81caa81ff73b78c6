import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web session")
struct WebSessionTests {
  typealias DataSource = DiffableDataSource<String, String>

  /// A session with one list, "main", whose cells show the item
  /// capitalized; on `clock` when one is given.
  static func session(clock: ManualClock? = nil) -> (WebSession, DataSource) {
    let session = clock.map { WebSession(clock: $0) } ?? WebSession()
    // Tests of what an ack or a silence does never race the timeouts on a
    // loaded machine; the tests of the timeouts set their own.
    session.acknowledgementTimeout = .seconds(3_600)
    session.silenceTimeout = .seconds(3_600)
    let dataSource = session.list(named: "main") {
      (_: WebListView<String, String>, _, item: String) in WebCell(item.capitalized)
    }
    return (session, dataSource)
  }

  /// Serves `client` on `session` in a task; the task ends with the
  /// connection.
  static func serve(_ session: WebSession, _ client: FakeWebClient) -> Task<Void, Never> {
    Task { await session.serve(client.transport) }
  }

  static func cell(_ item: String, _: IndexPath) -> WebCell { WebCell(item.capitalized) }

  /// `message` without its layout, to compare with a message built from
  /// snapshots alone (in lists short enough to lie in their window whole).
  static func withoutLayout(_ message: WebServerMessage?) -> WebServerMessage? {
    switch message {
    case .reload(var reload):
      reload.layout = nil
      return .reload(reload)
    case .batch(var batch):
      batch.layout = nil
      return .batch(batch)
    default:
      return message
    }
  }

  @Test("with no page, applies complete at once and nothing is sent")
  func noConnection() async throws {
    let (session, dataSource) = Self.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    await dataSource.apply(.make([("fruits", ["apple", "pear"])]))
    #expect(!session.isConnected)
    #expect(session.listNames == ["main"])
  }

  @Test("ready gets a reload of every list, equal to the builder's")
  func reloadOnReady() async throws {
    let (session, dataSource) = Self.session()
    let other = session.list(named: "other") {
      (_: WebListView<Int, Int>, _, item: Int) in WebCell("#\(item)")
    }
    let snapshot = StringSnapshot.make([("fruits", ["apple", "pear"]), ("veg", ["kale"])])
    await dataSource.apply(snapshot)
    var numbers = DiffableDataSourceSnapshot<Int, Int>()
    numbers.appendSections([1])
    numbers.appendItems([7, 8])
    await other.apply(numbers)

    let client = FakeWebClient()
    let serving = Self.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    let first = try await client.receive()
    let second = try await client.receive()
    #expect(
      Self.withoutLayout(first)
        == .reload(try WebReloadMessage(list: "main", seq: 1, snapshot: snapshot, cell: Self.cell)))
    guard case .reload(let reload) = second else {
      Issue.record("expected a reload, got \(String(describing: second))")
      return
    }
    #expect(reload.list == "other" && reload.seq == 1 && reload.cells["7"] == WebCell("#7"))
    #expect(client.lists["main"] == (try snapshot.web()))
    #expect(client.lists["other"] == (try numbers.web()))
    #expect(session.viewport == WebViewport(width: 390, height: 844))
    await client.transport.close()
    await serving.value
  }

  @Test("a batch equals the builder's, has the next seq, and the apply returns on its ack")
  func batchAndAck() async throws {
    let (session, dataSource) = Self.session()
    let old = StringSnapshot.make([("fruits", ["apple"])])
    await dataSource.apply(old)  // no page yet: completes at once
    let client = FakeWebClient()
    let serving = Self.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await client.receive()  // the reload, seq 1

    let first = StringSnapshot.make([("fruits", ["apple", "pear"])])
    var applied = false
    let applying = Task {
      await dataSource.apply(first)
      applied = true
    }
    let message = try await client.receive()
    #expect(
      Self.withoutLayout(message)
        == .batch(
          try WebBatchMessage(
            list: "main", seq: 2, update: BatchUpdate(from: old, to: first), from: old, to: first,
            cell: Self.cell)))
    #expect(!applied)
    client.send(.ack(list: "main", seq: 2))
    await applying.value
    #expect(applied)
    #expect(client.lists["main"] == (try first.web()))

    // Reconfigures ride in the batch, and are not sent again.
    var second = first
    second.insertItems(["kiwi"], afterItem: "pear")
    second.moveItem("pear", beforeItem: "apple")
    second.reconfigureItems(["pear"])
    let applyingSecond = Task { await dataSource.apply(second) }
    guard case .batch(let batch) = try await client.receive() else {
      Issue.record("expected a batch")
      return
    }
    #expect(batch.seq == 3)
    #expect(batch.reconfigured == ["pear": WebCell("Pear")])
    #expect(
      Self.withoutLayout(.batch(batch))
        == .batch(
          try WebBatchMessage(
            list: "main", seq: 3, update: BatchUpdate(from: first, to: second), from: first,
            to: second, cell: Self.cell)))
    client.send(.ack(list: "main", seq: 3))
    await applyingSecond.value
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    #expect(client.lists["main"] == (try dataSource.snapshot().web()))
    await client.transport.close()
    await serving.value
  }

  @Test("a batch that is not acknowledged completes after the timeout; the next is sent")
  func timeout() async throws {
    let clock = ManualClock()
    let (session, dataSource) = Self.session(clock: clock)
    session.acknowledgementTimeout = .seconds(2)
    await dataSource.apply(.make([("fruits", [])]))
    let client = FakeWebClient()
    let serving = Self.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await client.receive()

    // Never acknowledged: it completes when the batch times out.
    let firstApply = Task { await dataSource.apply(.make([("fruits", ["apple"])])) }
    guard case .batch(let first) = try await client.receive() else {
      Issue.record("expected a batch")
      return
    }
    #expect(first.seq == 2)
    let final = StringSnapshot.make([("fruits", ["pear", "apple"])])
    let applying = Task { await dataSource.apply(final) }
    // The silence watch and the batch's watchdog sleep; a moment before
    // the deadline, the batch is still in flight.
    await clock.sleeping(2)
    clock.advance(by: .seconds(2) - .milliseconds(1))
    #expect(session.listStates().first?.seq == 2)
    clock.advance(by: .milliseconds(1))
    guard case .batch(let second) = try await client.receive() else {
      Issue.record("expected a batch")
      return
    }
    #expect(second.seq == 3)
    await firstApply.value
    client.send(.ack(list: "main", seq: 3))
    await applying.value
    #expect(client.lists["main"] == (try final.web()))
    #expect(dataSource.snapshot() == final)
    await client.transport.close()
    await serving.value
  }

  @Test("applies made while a batch is in flight are sent as one merged batch")
  func merging() async throws {
    let (session, dataSource) = Self.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    let client = FakeWebClient()
    let serving = Self.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await client.receive()

    let first = StringSnapshot.make([("fruits", ["apple", "pear"]), ("veg", ["kale"])])
    let firstApply = Task { await dataSource.apply(first) }
    _ = try await client.receive()  // seq 2, in flight

    var middle = first
    middle.deleteItems(["apple"])
    middle.appendItems(["fig"], toSection: "fruits")
    var final = middle
    final.moveSection("veg", beforeSection: "fruits")
    final.appendItems(["leek"], toSection: "veg")
    final.reconfigureItems(["pear"])
    var completed = 0
    // Applied in call order, while seq 2 is in flight: the data source
    // hands each to the view before the call returns.
    for snapshot in [middle, final] {
      dataSource.apply(snapshot, animatingDifferences: true) { completed += 1 }
    }
    #expect(dataSource.snapshot() == final)
    #expect(completed == 0)
    client.send(.ack(list: "main", seq: 2))
    await firstApply.value
    guard case .batch(let merged) = try await client.receive() else {
      Issue.record("expected a batch")
      return
    }
    #expect(merged.seq == 3)
    #expect(merged.reconfigured["pear"] == WebCell("Pear"))
    #expect(client.lists["main"] == (try final.web()))
    #expect(completed == 0)
    client.send(.ack(list: "main", seq: 3))
    // The ping is answered after the ack is acted on, completions included.
    client.send(.ping(id: 5))
    #expect(try await client.receive() == .pong(id: 5))
    #expect(completed == 2)
    await client.transport.close()
    await serving.value
  }

  @Test("resync gets a reload with the next seq; ping gets pong")
  func resyncAndPing() async throws {
    let (session, dataSource) = Self.session()
    let snapshot = StringSnapshot.make([("fruits", ["apple"])])
    await dataSource.apply(snapshot)
    let client = FakeWebClient()
    let serving = Self.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await client.receive()
    client.lists["main"] = ClientSnapshot()  // the page lost track
    client.send(.resync(list: "main", reason: "rule 4: sequence gap"))
    #expect(
      Self.withoutLayout(try await client.receive())
        == .reload(try WebReloadMessage(list: "main", seq: 2, snapshot: snapshot, cell: Self.cell)))
    #expect(client.lists["main"] == (try snapshot.web()))
    client.send(.ping(id: 42))
    #expect(try await client.receive() == .pong(id: 42))
    await client.transport.close()
    await serving.value
  }

  @Test(
    "a message the session cannot read gets an error naming what was wrong, and it carries on",
    arguments: [
      ("not json", "not valid JSON"),
      (
        #"{"v": 1, "type": "poke"}"#,
        #"unknown message type "poke"; expected one of ready, ack, resync, ping, viewport, input, tap, action, measure, band, move at .type"#
      ),
      (#"{"v": 1, "type": "ack", "list": "main"}"#, "missing key 'seq' at .seq"),
      (
        #"{"v": 1, "type": "ping", "id": 1, "x": 2}"#,
        "unknown key 'x'; expected one of v, type, id at .x"
      ),
      (#"{"v": 1, "type": "ack", "list": "nope", "seq": 1}"#, #"unknown list "nope""#),
      (#"{"v": 1, "type": "resync", "list": "nope", "reason": ""}"#, #"unknown list "nope""#),
      (
        #"{"v": 1, "type": "ack", "list": "main", "seq": 9}"#,
        #"ack of seq 9 of list "main", which was never sent (the last is 1)"#
      ),
      (
        String(repeating: " ", count: 200),
        "message of 200 bytes is larger than the limit of 100 bytes"
      ),
    ])
  func badMessages(frame: String, error: String) async throws {
    let (session, _) = Self.session()
    session.maximumMessageSize = 100
    let client = FakeWebClient()
    let serving = Self.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await client.receive()
    client.send(frame)
    #expect(try await client.receive() == .error(message: error))
    client.send(.ping(id: 3))
    #expect(try await client.receive() == .pong(id: 3))
    #expect(session.isConnected)
    await client.transport.close()
    await serving.value
  }

  @Test("bad messages in a row close that connection only")
  func repeatedBadMessages() async throws {
    let (session, _) = Self.session()
    let (bystander, _) = Self.session()
    session.maximumConsecutiveBadMessages = 3
    let client = FakeWebClient()
    let other = FakeWebClient()
    let serving = Self.serve(session, client)
    let servingOther = Self.serve(bystander, other)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    other.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await client.receive()
    _ = try await other.receive()

    client.send("x")
    client.send("y")
    client.send(.ping(id: 1))  // a good one resets the count
    client.send("a")
    client.send("b")
    client.send("c")
    var errors = 0
    var pongs = 0
    while let message = try await client.receive() {
      if case .error = message { errors += 1 }
      if case .pong = message { pongs += 1 }
    }
    #expect(errors == 5 && pongs == 1)
    await serving.value
    #expect(!session.isConnected)

    other.send(.ping(id: 2))
    #expect(try await other.receive() == .pong(id: 2))
    #expect(bystander.isConnected)
    await other.transport.close()
    await servingOther.value
  }

  @Test("a new connection replaces the old one and gets a reload of everything")
  func reconnect() async throws {
    let (session, dataSource) = Self.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    let first = FakeWebClient()
    let servingFirst = Self.serve(session, first)
    first.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await first.receive()
    let snapshot = StringSnapshot.make([("fruits", ["apple", "pear"])])
    let applying = Task { await dataSource.apply(snapshot) }
    _ = try await first.receive()  // the batch, never acknowledged

    let second = FakeWebClient()
    let servingSecond = Self.serve(session, second)
    await servingFirst.value  // the old connection is closed
    #expect(session.viewport == nil)
    #expect(try await first.receive() == nil)
    await applying.value  // its batch completed when the connection ended
    second.send(.ready(viewport: WebViewport(width: 1024, height: 768)))
    #expect(
      Self.withoutLayout(try await second.receive())
        == .reload(try WebReloadMessage(list: "main", seq: 3, snapshot: snapshot, cell: Self.cell)))
    #expect(second.lists["main"] == (try snapshot.web()))
    await second.transport.close()
    await servingSecond.value
  }

  @Test(
    "many sessions, each applying from several tasks, end with their clients showing their snapshots"
  )
  func manySessions() async throws {
    var sessions: [(WebSession, DiffableDataSource<Int, Int>, FakeWebClient, Task<Void, Never>)] =
      []
    var random = SeededRandom.forTest("manySessions")
    var listening: [Task<Void, any Error>] = []
    for _ in 0..<50 {
      let session = WebSession()
      // Acks and closes, never the timeouts, end batches and connections.
      session.acknowledgementTimeout = .seconds(3_600)
      session.silenceTimeout = .seconds(3_600)
      let dataSource = session.list(named: "main") {
        (_: WebListView<Int, Int>, _, item: Int) in WebCell("\(item)")
      }
      let client = FakeWebClient()
      let serving = Task { await session.serve(client.transport) }
      client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
      listening.append(Task { try await client.acknowledgeUntilClosed() })
      sessions.append((session, dataSource, client, serving))
    }
    // Three tasks per session, on the main actor where the data sources
    // live, each applying five snapshots in turn.
    var applying: [Task<Void, Never>] = []
    for (_, dataSource, _, _) in sessions {
      for _ in 0..<3 {
        var snapshots: [RandomSnapshots.Snapshot] = []
        var snapshot = RandomSnapshots.snapshot(using: &random)
        for _ in 0..<5 {
          snapshots.append(snapshot)
          snapshot = RandomSnapshots.edited(snapshot, using: &random)
        }
        let chosen = snapshots
        applying.append(
          Task {
            for snapshot in chosen { await dataSource.apply(snapshot) }
          })
      }
    }
    for task in applying { await task.value }
    for (session, dataSource, client, serving) in sessions {
      // Every apply has returned, so its batch was acknowledged, or a
      // reload (ready) covered it: the client shows the data source's
      // snapshot once it has read everything sent before that.
      client.send(.ping(id: 99))
      await client.nextReceived { $0 == .pong(id: 99) }
      #expect(client.lists["main"] == (try dataSource.snapshot().web()))
      #expect(session.isConnected)
      await client.transport.close()
      await serving.value
    }
    for task in listening { try await task.value }
  }
}
