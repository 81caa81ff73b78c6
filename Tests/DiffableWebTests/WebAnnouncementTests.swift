import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

/// `WebListView.announcement`: taken by the next batch or reload the view
/// sends, as its `announce`, and cleared then.
///
/// A message the fake client decoded with `announce == nil` had no
/// `"announce"` key: decoding refuses `null` (WebMessageTests).
@MainActor
@Suite("Web list view announcements")
struct WebAnnouncementTests {
  /// A session with one list, "main", and its view and data source.
  static func session() -> (WebSession, WebLayoutTests.View, WebLayoutTests.DataSource) {
    WebLayoutTests.session()
  }

  /// Serves `session` to a new fake page that says `ready`, and returns the
  /// page, the task serving it and its reload.
  static func connect(_ session: WebSession) async throws -> (
    FakeWebClient, Task<Void, Never>, WebReloadMessage
  ) {
    let client = FakeWebClient()
    let serving = WebSessionTests.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    return (client, serving, try await nextReload(client))
  }

  /// The next message, which must be a batch.
  static func nextBatch(_ client: FakeWebClient) async throws -> WebBatchMessage {
    try await client.receive("a batch") { if case .batch(let batch) = $0 { batch } else { nil } }
  }

  /// The next message, which must be a reload.
  static func nextReload(_ client: FakeWebClient) async throws -> WebReloadMessage {
    try await client.receive("a reload") {
      if case .reload(let reload) = $0 { reload } else { nil }
    }
  }

  @Test("set before an apply, it goes out on that batch and not on the next; nil sends none")
  func oneBatch() async throws {
    let (session, view, dataSource) = Self.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    let (client, serving, reload) = try await Self.connect(session)
    #expect(reload.announce == nil)

    view.announcement = "2 results"
    let first = Task { await dataSource.apply(.make([("fruits", ["apple", "pear"])])) }
    let announced = try await Self.nextBatch(client)
    #expect(announced.seq == 2 && announced.announce == "2 results")
    #expect(view.announcement == nil)
    client.send(.ack(list: "main", seq: 2))
    await first.value

    let second = Task { await dataSource.apply(.make([("fruits", ["pear"])])) }
    let silent = try await Self.nextBatch(client)
    #expect(silent.seq == 3 && silent.announce == nil)
    client.send(.ack(list: "main", seq: 3))
    await second.value
    #expect(client.lists["main"] == (try dataSource.snapshot().web()))
    await client.transport.close()
    await serving.value
  }

  @Test("applies merged into one batch carry the last announcement set")
  func merged() async throws {
    let (session, view, dataSource) = Self.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    let (client, serving, _) = try await Self.connect(session)

    view.announcement = "first"
    let firstApply = Task { await dataSource.apply(.make([("fruits", ["apple", "pear"])])) }
    #expect(try await Self.nextBatch(client).announce == "first")  // seq 2, in flight

    let middle = StringSnapshot.make([("fruits", ["pear"])])
    let final = StringSnapshot.make([("fruits", ["pear", "fig"])])
    var completed = 0
    // Applied in call order, while seq 2 is in flight: the data source
    // hands each to the view before the call returns.
    for (snapshot, words) in [(middle, "middle"), (final, "final")] {
      view.announcement = words
      dataSource.apply(snapshot, animatingDifferences: true) { completed += 1 }
    }
    #expect(dataSource.snapshot() == final)
    #expect(view.announcement == "final")
    client.send(.ack(list: "main", seq: 2))
    await firstApply.value
    let merged = try await Self.nextBatch(client)
    #expect(merged.seq == 3 && merged.announce == "final")
    #expect(view.announcement == nil)
    #expect(client.lists["main"] == (try final.web()))
    client.send(.ack(list: "main", seq: 3))
    // The ping is answered after the ack is acted on, completions included.
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    #expect(completed == 2)
    await client.transport.close()
    await serving.value
  }

  @Test("set with no page, it goes with the reload the next page gets")
  func reloadOnReady() async throws {
    let (session, view, dataSource) = Self.session()
    view.announcement = "8 results"
    await dataSource.apply(.make([("fruits", ["apple"])]))  // no page: nothing sent
    #expect(view.announcement == "8 results")
    let (client, serving, reload) = try await Self.connect(session)
    #expect(reload.announce == "8 results")
    #expect(view.announcement == nil)
    client.send(.resync(list: "main", reason: "test"))
    #expect(try await Self.nextReload(client).announce == nil)
    await client.transport.close()
    await serving.value
  }

  @Test(
    "over 200 characters, it is sent as its first 199 and an ellipsis",
    arguments: [
      (String(repeating: "a", count: 200), String(repeating: "a", count: 200)),
      (String(repeating: "a", count: 201), String(repeating: "a", count: 199) + "…"),
      // Characters, not scalars or bytes: each "é" here is two scalars.
      (String(repeating: "e\u{301}", count: 250), String(repeating: "e\u{301}", count: 199) + "…"),
      ("🏔️ " + String(repeating: "b", count: 248), "🏔️ " + String(repeating: "b", count: 197) + "…"),
    ])
  func truncated(words: String, sent: String) async throws {
    #expect(sent.count == 200)
    let (session, view, dataSource) = Self.session()
    await dataSource.apply(.make([("fruits", ["apple"])]))
    let (client, serving, _) = try await Self.connect(session)

    view.announcement = words
    let applying = Task { await dataSource.apply(.make([("fruits", ["apple", "kiwi"])])) }
    let batch = try await Self.nextBatch(client)
    #expect(batch.announce == sent)
    #expect(batch.announce?.count == 200)
    client.send(.ack(list: "main", seq: 2))
    await applying.value

    view.announcement = words
    client.send(.resync(list: "main", reason: "test"))
    #expect(try await Self.nextReload(client).announce == sent)
    await client.transport.close()
    await serving.value
  }
}
