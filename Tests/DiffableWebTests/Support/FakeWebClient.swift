import DiffableCore
import DiffableWeb
import Foundation

/// The snapshot a fake client holds for a list: identifiers as they travel.
typealias ClientSnapshot = DiffableDataSourceSnapshot<WebIdentifier, WebIdentifier>

/// One end of an in-memory connection: what the session writes comes out
/// at the client, and what the client writes comes in at the session.
struct FakeTransport: WebTransport {
  /// A close the session asked for.
  struct Close: Sendable, Hashable {
    var code: WebCloseCode
    var reason: String
  }

  let incoming: AsyncStream<String>
  let toClient: AsyncStream<String>.Continuation
  let toServer: AsyncStream<String>.Continuation
  /// Every close with a code, in order.
  let closes = _Locked<[Close]>([])

  func send(_ text: String) async throws { toClient.yield(text) }

  func close() async {
    toServer.finish()
    toClient.finish()
  }

  func close(code: WebCloseCode, reason: String) async {
    closes.withLock { $0.append(Close(code: code, reason: reason)) }
    await close()
  }
}

/// A page, as the wire protocol sees it: it applies reloads and batches to
/// a model of each list (`BatchUpdate.replay` on snapshots of
/// `WebIdentifier`, with the message's own identifiers), and answers as the
/// test says.
@MainActor
final class FakeWebClient {
  let transport: FakeTransport
  private var frames: AsyncStream<String>.Iterator
  private let toServer: AsyncStream<String>.Continuation
  /// Each list as the client shows it, with its last sequence number.
  var lists: [String: ClientSnapshot] = [:]
  var seqs: [String: Int] = [:]
  var cells: [String: [String: WebCell]] = [:]
  /// What the `visible` messages left of each list's cells that are not
  /// at the defaults, by item text; a reload forgets them.
  var visible: [String: [String: WebVisibleItem]] = [:]
  /// Each list's latest layout.
  var layouts: [String: WebLayout] = [:]
  /// Every message received, in order, and the size of its text in bytes.
  var received: [WebServerMessage] = []
  var receivedBytes: [Int] = []
  /// The tasks waiting for a message, each with what it waits for.
  private var waiters:
    [(matches: (WebServerMessage) -> Bool, waiter: CheckedContinuation<Void, Never>)] = []

  init() {
    let (fromServer, toClient) = AsyncStream<String>.makeStream()
    let (fromClient, toServer) = AsyncStream<String>.makeStream()
    transport = FakeTransport(incoming: fromClient, toClient: toClient, toServer: toServer)
    frames = fromServer.makeAsyncIterator()
    self.toServer = toServer
  }

  func send(_ text: String) { toServer.yield(text) }

  func send(_ message: WebClientMessage) {
    send(String(decoding: try! message.jsonData(), as: UTF8.self))
  }

  /// The next message from the session, applied to the model; `nil` when
  /// the connection closed.
  func receive() async throws -> WebServerMessage? {
    var iterator = frames
    let frame = await iterator.next(isolation: #isolation)
    frames = iterator
    guard let frame else {
      // The connection closed: no awaited message will come.
      for (_, waiter) in waiters { waiter.resume() }
      waiters = []
      return nil
    }
    let message = try WebServerMessage(jsonData: Data(frame.utf8))
    received.append(message)
    receivedBytes.append(frame.utf8.count)
    try apply(message)
    let done = waiters.filter { $0.matches(message) }
    waiters.removeAll { $0.matches(message) }
    for (_, waiter) in done { waiter.resume() }
    return message
  }

  /// The next message from the session, which must be the one `extract`
  /// finds something in (`what` names it in the error otherwise).
  func receive<Value>(
    _ what: String, _ extract: (WebServerMessage) -> Value?
  ) async throws -> Value {
    let message = try await receive()
    guard let message, let value = extract(message) else {
      throw FakeClientError("expected \(what), got \(String(describing: message))")
    }
    return value
  }

  /// Returns once another task of the client (`acknowledgeUntilClosed`)
  /// receives a message that `matches`, or the connection closes. Called
  /// right after the message that asks for it is sent, it cannot miss the
  /// answer: both run on the main actor, and nothing is received in
  /// between.
  func nextReceived(where matches: @escaping (WebServerMessage) -> Bool) async {
    await withCheckedContinuation { waiters.append((matches, $0)) }
  }

  /// Receives messages, acknowledging every batch once it is applied, until
  /// the connection closes.
  func acknowledgeUntilClosed() async throws {
    while let message = try await receive() {
      if case .batch(let batch) = message { send(.ack(list: batch.list, seq: batch.seq)) }
    }
  }

  func apply(_ message: WebServerMessage) throws {
    switch message {
    case .reload(let reload):
      var snapshot = ClientSnapshot()
      for section in reload.sections {
        snapshot.appendSections([section.id])
        snapshot.appendItems(section.identifiers, toSection: section.id)
      }
      lists[reload.list] = snapshot
      seqs[reload.list] = reload.seq
      cells[reload.list] = reload.cells
      visible[reload.list] = nil
      if let layout = reload.layout, !layout.unmoved.isEmpty || !layout.shifted.isEmpty {
        throw FakeClientError("a reload of \(reload.list) names items whose frames it holds")
      }
      try adopt(reload.layout, of: reload.list)
    case .batch(let batch):
      guard let old = lists[batch.list], seqs[batch.list] == batch.seq - 1 else {
        throw FakeClientError("batch \(batch.seq) of \(batch.list) does not follow what it shows")
      }
      let result = try batch.update.replay(on: old, insertingFrom: Self.newSnapshot(of: batch, old))
      for item in result.itemIdentifiers where item.string?.hasPrefix("\u{1}") == true {
        throw FakeClientError("the batch left a placeholder \(item)")
      }
      lists[batch.list] = result
      seqs[batch.list] = batch.seq
      cells[batch.list, default: [:]].merge(batch.cells) { $1 }
      for text in batch.reconfigured.keys where cells[batch.list]?[text] == nil {
        throw FakeClientError("a reconfigured cell of \(text), which the client does not hold")
      }
      cells[batch.list, default: [:]].merge(batch.reconfigured) { $1 }
      try adopt(batch.layout, of: batch.list)
    case .layout(let message):
      guard seqs[message.list] == message.seq else { return }
      cells[message.list, default: [:]].merge(message.cells) { $1 }
      try adopt(message.layout, of: message.list)
    case .visible(let message):
      guard seqs[message.list] == message.seq else { return }
      for (text, item) in message.items {
        visible[message.list, default: [:]][text] = item == WebVisibleItem() ? nil : item
      }
    case .error, .pong, .scroll, .refused, .page: break
    }
  }

  /// Keeps the cells of the items of `layout`'s frames only, as the page
  /// does, and checks that it holds a cell for each, and that every frame
  /// is of an item the list shows. Unmoved and shifted items take the frames
  /// of the layout the client holds.
  func adopt(_ layout: WebLayout?, of list: String) throws {
    guard var layout else { return }
    if !layout.unmoved.isEmpty || !layout.shifted.isEmpty {
      guard let previous = layouts[list], let whole = layout.withHeldFrames(from: previous) else {
        throw FakeClientError("a layout of \(list) names items whose frames it does not hold")
      }
      layout = whole
    }
    layouts[list] = layout
    cells[list] = cells[list, default: [:]].filter { layout.frames[$0.key] != nil }
    let shown = Set(lists[list]?.itemIdentifiers.map(\.text) ?? [])
    for text in layout.frames.keys {
      guard cells[list]?[text] != nil else {
        throw FakeClientError("no cell for \(text), which is in the layout of \(list)")
      }
      guard shown.contains(text) else {
        throw FakeClientError("a frame for \(text), which \(list) does not show")
      }
    }
  }

  /// A snapshot with the message's counts, holding its identifiers where
  /// the replay reads them (inserted sections and items, reloaded sections'
  /// items) and placeholders everywhere else.
  static func newSnapshot(of batch: WebBatchMessage, _ old: ClientSnapshot) -> ClientSnapshot {
    let update = batch.update
    var sections: [(WebIdentifier, [WebIdentifier])] = batch.counts.enumerated().map { q, count in
      (WebIdentifier("\u{1}s\(q)"), (0..<count).map { WebIdentifier("\u{1}i\(q).\($0)") })
    }
    for (q, section) in zip(update.sectionInserts, batch.insertedSections) {
      if let section { sections[q] = (section.id, section.identifiers) }
    }
    // Survivors (neither deleted nor moved) fill the free positions in order.
    var gone = Set(update.sectionDeletes)
    var taken = Set(update.sectionInserts)
    for move in update.sectionMoves {
      gone.insert(move.from)
      taken.insert(move.to)
    }
    var free = (0..<batch.counts.count).filter { !taken.contains($0) }.makeIterator()
    var landing: [Int: Int] = [:]
    for p in 0..<old.numberOfSections where !gone.contains(p) {
      guard let q = free.next() else { break }
      landing[p] = q
    }
    for (p, section) in zip(update.sectionReloads, batch.reloadedSections) {
      if let section, let q = landing[p] { sections[q].1 = section.identifiers }
    }
    for (path, item) in zip(update.itemInserts, batch.insertedItems) {
      if let item { sections[path.section].1[path.item] = item }
    }
    var snapshot = ClientSnapshot()
    for (id, items) in sections {
      snapshot.appendSections([id])
      snapshot.appendItems(items, toSection: id)
    }
    return snapshot
  }
}

struct FakeClientError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension DiffableDataSourceSnapshot
where SectionIdentifierType: Encodable, ItemIdentifierType: Encodable {
  /// The snapshot as a client holds it.
  func web() throws -> ClientSnapshot {
    var result = ClientSnapshot()
    for section in sectionIdentifiers {
      let id = try WebIdentifier(encoding: section)
      result.appendSections([id])
      result.appendItems(
        try itemIdentifiers(inSection: section).map(WebIdentifier.init(encoding:)), toSection: id)
    }
    return result
  }
}
