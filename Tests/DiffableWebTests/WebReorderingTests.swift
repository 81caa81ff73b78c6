import CollectionLayout
import DiffableCore
@_spi(Testing) import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web reordering")
struct WebReorderingTests {
  typealias DataSource = DiffableDataSource<String, String>
  typealias Transaction = DiffableDataSourceTransaction<String, String>

  /// What the reordering handlers saw, in order.
  final class Log {
    var events: [String] = []
    var transactions: [Transaction] = []
  }

  /// A session whose list "main" (the returned view) shows fruits and
  /// vegetables, each item movable but "kale", with handlers that log into
  /// the returned log; a ready client has received its reload.
  static func connected(handlers: Bool = true) async throws -> (
    WebSession, DataSource, FakeWebClient, Task<Void, Never>, Log, WebListView<String, String>
  ) {
    let session = WebSession()
    session.acknowledgementTimeout = .seconds(3_600)
    session.silenceTimeout = .seconds(3_600)
    let view: WebListView<String, String> = session.listView(
      named: "main", layout: .list(using: ListConfiguration(appearance: .plain)))
    let dataSource = DataSource(view: view) { _, _, item in WebCell(item.capitalized) }
    let log = Log()
    if handlers {
      dataSource.reorderingHandlers.canReorderItem = { $0 != "kale" }
      dataSource.reorderingHandlers.willReorder = { [log] in
        log.events.append("will \($0.finalSnapshot.itemIdentifiers)")
      }
      dataSource.reorderingHandlers.didReorder = { [log] in
        log.events.append("did \($0.finalSnapshot.itemIdentifiers)")
        log.transactions.append($0)
      }
    }
    await dataSource.apply(
      StringSnapshot.make([("fruits", ["apple", "pear", "fig"]), ("veg", ["kale", "leek"])]))
    let client = FakeWebClient()
    let serving = WebSessionTests.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    let reload = try await client.receive("a reload") {
      if case .reload(let reload) = $0 { reload } else { nil }
    }
    #expect(reload.reorderable == handlers)
    #expect("\(reload)".contains(#""reorderable":true"#) == handlers)
    // The items canReorderItem does not allow have fixed cells; the others
    // and those of a list that cannot be reordered have none.
    let text = "\(reload)"
    #expect(text.contains(#""kale":{"fixed":true,"text":"Kale"}"#) == handlers)
    #expect(text.contains(#""apple":{"text":"Apple"}"#))
    return (session, dataSource, client, serving, log, view)
  }

  /// Expects the next message to be the refusal of moving `item` for
  /// `reason`.
  static func expectRefusal(
    _ client: FakeWebClient, of item: String, _ reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(
      try await client.receive() == .refused(list: "main", item: item, reason: reason),
      sourceLocation: sourceLocation)
  }

  /// Expects the connection to answer still (a ping gets its pong), then
  /// closes it.
  static func expectAnswersThenClose(_ client: FakeWebClient, _ serving: Task<Void, Never>)
    async throws
  {
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    await client.transport.close()
    await serving.value
  }

  static func batch(_ message: WebServerMessage?) -> WebBatchMessage? {
    if case .batch(let batch) = message { batch } else { nil }
  }

  @Test("cells entering the page by a batch or a layout say whether they are fixed")
  func fixedCells() async throws {
    let (_, dataSource, client, serving, _, _) = try await Self.connected()
    var next = dataSource.snapshot()
    next.appendItems(["nut"], toSection: "fruits")
    next.appendItems(["okra"], toSection: "veg")
    let handler = dataSource.reorderingHandlers.canReorderItem
    dataSource.reorderingHandlers.canReorderItem = { $0 != "okra" && handler?($0) == true }
    let applying = Task { await dataSource.apply(next) }
    let batch = try await client.receive("a batch", Self.batch)
    #expect("\(batch)".contains(#""okra":{"fixed":true,"text":"Okra"}"#))
    #expect("\(batch)".contains(#""nut":{"text":"Nut"}"#))
    // Read back, the flag is kept.
    let decoded = try WebServerMessage(jsonData: WebServerMessage.batch(batch).jsonData())
    #expect(decoded == .batch(batch))
    #expect(WebServerMessage.batch(batch) != .batch(Self.unfixed(batch)))
    client.send(.ack(list: "main", seq: 2))
    await applying.value
    await client.transport.close()
    await serving.value
  }

  /// `batch` with its cells as their providers made them, none fixed.
  static func unfixed(_ batch: WebBatchMessage) -> WebBatchMessage {
    var copy = batch
    for (text, cell) in copy.cells {
      copy.cells[text] = WebCell(
        cell.text, secondaryText: cell.secondaryText, color: cell.color, image: cell.image,
        indentation: cell.indentation, accessories: cell.accessories)
    }
    return copy
  }

  @Test("an accepted move calls the handlers with the transaction and sends its batch")
  func accepted() async throws {
    let (_, dataSource, client, serving, log, _) = try await Self.connected()
    client.send(.move(list: "main", item: "apple", section: "fruits", before: nil))
    let batch = try await client.receive("the move's batch", Self.batch)
    #expect(batch.seq == 2)
    let moved = StringSnapshot.make([
      ("fruits", ["pear", "fig", "apple"]), ("veg", ["kale", "leek"]),
    ])
    #expect(dataSource.snapshot() == moved)
    #expect(client.lists["main"] == (try moved.web()))
    // The moved row's cell is sent again: it may depend on its place.
    #expect(batch.reconfigured["apple"] == WebCell("Apple"))
    #expect(batch.announce == "Apple moved to position 3 of 3")
    #expect(
      log.events == [
        "will [\"pear\", \"fig\", \"apple\", \"kale\", \"leek\"]",
        "did [\"pear\", \"fig\", \"apple\", \"kale\", \"leek\"]",
      ])
    let transaction = try #require(log.transactions.first)
    #expect(
      transaction.initialSnapshot.itemIdentifiers == ["apple", "pear", "fig", "kale", "leek"])
    #expect(
      Array(transaction.difference)
        == [
          .remove(offset: 0, element: "apple", associatedWith: 2),
          .insert(offset: 2, element: "apple", associatedWith: 0),
        ])
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["fruits"])

    // What the page shows and what the list holds agree: the next batch
    // replays on the moved order.
    client.send(.ack(list: "main", seq: 2))
    var next = moved
    next.deleteItems(["pear"])
    let applying = Task { await dataSource.apply(next) }
    let following = try await client.receive("the next batch", Self.batch)
    #expect(following.seq == 3)
    #expect(client.lists["main"] == (try next.web()))
    client.send(.ack(list: "main", seq: 3))
    await applying.value
    await client.transport.close()
    await serving.value
  }

  @Test("a move before an item beyond the window sent finds it by its text")
  func beforeBeyondTheWindow() async throws {
    let session = WebSession()
    session.acknowledgementTimeout = .seconds(3_600)
    session.silenceTimeout = .seconds(3_600)
    let dataSource = session.list(named: "main") {
      (_: WebListView<String, String>, _, item: String) in WebCell(item)
    }
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let items = (0..<300).map { "row \($0)" }
    await dataSource.apply(StringSnapshot.make([("all", items)]))
    let client = FakeWebClient()
    let serving = WebSessionTests.serve(session, client)
    client.send(.ready(viewport: WebViewport(width: 390, height: 200)))
    let reload = try await client.receive("a reload") {
      if case .reload(let reload) = $0 { reload } else { nil }
    }
    #expect(reload.cells["row 250"] == nil, "the window does not reach row 250")
    client.send(.move(list: "main", item: "row 0", section: "all", before: "row 250"))
    _ = try await client.receive("the move's batch", Self.batch)
    let moved = dataSource.snapshot().itemIdentifiers
    #expect(moved[248...250] == ["row 249", "row 0", "row 250"])
    #expect(client.lists["main"] == (try dataSource.snapshot().web()))
    await client.transport.close()
    await serving.value
  }

  @Test("a move into another section, before an item, goes through the data source")
  func acrossSections() async throws {
    let (_, dataSource, client, serving, log, _) = try await Self.connected()
    client.send(.move(list: "main", item: "pear", section: "veg", before: "leek"))
    let batch = try await client.receive("the move's batch", Self.batch)
    #expect(batch.seq == 2)
    let moved = StringSnapshot.make([
      ("fruits", ["apple", "fig"]), ("veg", ["kale", "pear", "leek"]),
    ])
    #expect(dataSource.snapshot() == moved)
    #expect(client.lists["main"] == (try moved.web()))
    #expect(
      log.transactions.first?.sectionTransactions.map(\.sectionIdentifier) == ["fruits", "veg"])
    await client.transport.close()
    await serving.value
  }

  @Test(
    "a move the list cannot make is refused with its reason; nothing changes and it carries on",
    arguments: [
      (
        "plum", "fruits", "apple",
        #"cannot move item "plum" of list "main": the list does not show it"#
      ),
      (
        "kale", "veg", nil,
        #"cannot move item "kale" of list "main": reorderingHandlers.canReorderItem does not allow it"#
      ),
      (
        "apple", "nuts", nil,
        #"cannot move item "apple" of list "main" to unknown section "nuts""#
      ),
      (
        "apple", "veg", "pear",
        #"cannot move item "apple" of list "main" before "pear", which is not another item of section "veg""#
      ),
      (
        "apple", "fruits", "apple",
        #"cannot move item "apple" of list "main" before "apple", which is not another item of section "fruits""#
      ),
      (
        "apple", "fruits", "plum",
        #"cannot move item "apple" of list "main" before "plum", which is not another item of section "fruits""#
      ),
      (
        "apple", "fruits", "pear",
        #"cannot move item "apple" of list "main": it is already there"#
      ),
      (
        "fig", "fruits", nil,
        #"cannot move item "fig" of list "main": it is already there"#
      ),
    ] as [(String, String, String?, String)])
  func refused(item: String, section: String, before: String?, reason: String) async throws {
    let (_, dataSource, client, serving, log, _) = try await Self.connected()
    let before0 = dataSource.snapshot()
    client.send(.move(list: "main", item: item, section: section, before: before))
    try await Self.expectRefusal(client, of: item, reason)
    #expect(dataSource.snapshot() == before0)
    #expect(log.events.isEmpty)
    // A refusal is not a bad message: the connection carries on.
    try await Self.expectAnswersThenClose(client, serving)
  }

  @Test("refusals are not bad messages: more in a row than close a connection, and it carries on")
  func refusalsDoNotClose() async throws {
    let (session, _, client, serving, _, _) = try await Self.connected()
    for _ in 0...session.maximumConsecutiveBadMessages {
      client.send(.move(list: "main", item: "kale", section: "veg", before: nil))
      guard case .refused = try await client.receive() else {
        Issue.record("expected a refusal, got \(String(describing: client.received.last))")
        return
      }
    }
    try await Self.expectAnswersThenClose(client, serving)
  }

  @Test("words the handlers set are the move's announcement")
  func handlersWords() async throws {
    let (_, dataSource, client, serving, _, view) = try await Self.connected()
    dataSource.reorderingHandlers.didReorder = { _ in view.announcement = "Apple is last" }
    client.send(.move(list: "main", item: "apple", section: "fruits", before: nil))
    let batch = try await client.receive("the move's batch", Self.batch)
    #expect(batch.announce == "Apple is last")
    await client.transport.close()
    await serving.value
  }

  @Test("with no canReorderItem handler every move is refused, and the reload says so")
  func noHandler() async throws {
    let (_, dataSource, client, serving, _, _) = try await Self.connected(handlers: false)
    client.send(.move(list: "main", item: "apple", section: "fruits", before: nil))
    try await Self.expectRefusal(
      client, of: "apple",
      #"cannot move item "apple" of list "main": reorderingHandlers.canReorderItem does not allow it"#
    )
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "fruits") == ["apple", "pear", "fig"])
    await client.transport.close()
    await serving.value
  }

  @Test("a move while a batch is in flight is refused: the batch's order wins")
  func whileInFlight() async throws {
    let (_, dataSource, client, serving, log, _) = try await Self.connected()
    var next = dataSource.snapshot()
    next.deleteItems(["fig"])
    let applying = Task { await dataSource.apply(next) }
    _ = try await client.receive("a batch", Self.batch)
    client.send(.move(list: "main", item: "apple", section: "fruits", before: nil))
    try await Self.expectRefusal(
      client, of: "apple",
      #"cannot move item "apple" of list "main": the list is changing (a batch is in flight)"#)
    #expect(log.events.isEmpty && dataSource.snapshot() == next)
    client.send(.ack(list: "main", seq: 2))
    await applying.value
    // Once it is acknowledged, the same move is made.
    client.send(.move(list: "main", item: "apple", section: "fruits", before: nil))
    let batch = try await client.receive("the move's batch", Self.batch)
    #expect(batch.seq == 3)
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "fruits") == ["pear", "apple"])
    await client.transport.close()
    await serving.value
  }

  @Test("a move of an unknown list, or before ready, is a bad message")
  func badMessages() async throws {
    let (session, _) = WebSessionTests.session()
    let client = FakeWebClient()
    let serving = WebSessionTests.serve(session, client)
    client.send(.move(list: "main", item: "apple", section: "fruits", before: nil))
    #expect(try await client.receive() == .error(message: "move before ready"))
    client.send(.ready(viewport: WebViewport(width: 390, height: 844)))
    _ = try await client.receive()
    client.send(.move(list: "nope", item: "apple", section: "fruits", before: nil))
    #expect(try await client.receive() == .error(message: #"unknown list "nope""#))
    await client.transport.close()
    await serving.value
  }
}
