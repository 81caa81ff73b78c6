public import CollectionLayout
import DiffableCore
public import DiffableEngine

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The Swift side of one browser page: its lists, and the connection that
/// shows them.
///
/// Make each list's view with ``listView(named:layout:)`` and give it to a
/// `DiffableDataSource` of your own, or make both at once with
/// ``list(named:layout:cellProvider:)``; apply snapshots to the data source
/// from any task, as to any data source. Hand each connection the page
/// opens to ``serve(_:isolation:)``:
///
/// ```swift
/// let session = WebSession()
/// let fruits = session.list(named: "fruits") {
///   (_: WebListView<String, String>, _, item: String) in WebCell(item)
/// }
/// // For each WebSocket the page opens:
/// //   await session.serve(transport)
/// ```
///
/// The session answers `ready` with a reload of every list, laid out for
/// the size of its element, `resync` with a reload of that list and `ping`
/// with `pong`; it routes each `ack`, `viewport` and `measure` to its list,
/// each `tap` to its list's ``WebListView/delegate``, each `move` to its
/// list's data source (``WebListView`` says how), and each `input`
/// to the session's ``delegate``. A message it cannot read, or one past its type's rate
/// (``messageRates``), gets an `error` reply; a connection that sends
/// ``maximumConsecutiveBadMessages`` of them in a row is closed with
/// ``WebCloseCode/policyViolation``, and one whose messages carry another
/// wire version with ``WebCloseCode/versionMismatch``. A new connection
/// replaces the previous one, which is closed with
/// ``WebCloseCode/superseded``: the page that reconnects says `ready` again
/// and gets a reload of everything.
///
/// ## Threading
///
/// The session is a class of no actor, as its list views and their data
/// sources are: all of them live on the actor that makes them, their
/// owner (a ``WebPage``, for a ``WebPageRegistry``'s pages), and
/// are touched only there, with no lock and no hop between a data source,
/// its view and the session. ``serve(_:isolation:)`` runs on the owner
/// too: it is one loop that takes, in order, what the connection's tasks
/// hand it (the page's frames, the timers, the lists' diffs). Sending does
/// not block the owner: messages are encoded there and queued, in order,
/// to a task per connection that writes them to the transport. The diff of
/// a merged batch runs off the owner. Sessions of different owners run at
/// the same time, on as many cores as there are.
public final class WebSession {
  /// How long a list waits for the page to acknowledge a batch before it
  /// completes the batch with `false` and sends what queued up. Two seconds
  /// by default.
  public var acknowledgementTimeout: Duration = .seconds(2)

  /// The largest message, in bytes of UTF-8, the session reads from the
  /// page; a larger one gets an `error` reply. 64 KiB by default.
  public var maximumMessageSize = 65_536

  /// How many unreadable messages in a row close the connection. Five by
  /// default.
  public var maximumConsecutiveBadMessages = 5

  /// How many messages of each type a page may send, by type (`"resync"`,
  /// `"viewport"`, ...): a steady rate and a burst. A message past its
  /// type's rate is refused with an `error` reply, as an unreadable one is,
  /// so a page that keeps sending too fast is closed; a type not named
  /// here (`ack`) is not limited.
  ///
  /// The defaults are far above what the browser client sends (at most one
  /// `viewport`, `measure` or `band` per list or band per animation frame,
  /// one `input` per change of a control, a `resync` only after a refused
  /// message, a `ping` every 10 seconds), and low enough that one page
  /// cannot take the server's time from the others: a `resync` costs a
  /// whole reload of its list.
  public var messageRates: [String: WebMessageRate] = [
    "resync": WebMessageRate(perSecond: 5, burst: 20),
    "viewport": WebMessageRate(perSecond: 240, burst: 240),
    "measure": WebMessageRate(perSecond: 240, burst: 240),
    "band": WebMessageRate(perSecond: 240, burst: 240),
    "input": WebMessageRate(perSecond: 60, burst: 120),
    "tap": WebMessageRate(perSecond: 30, burst: 60),
    "action": WebMessageRate(perSecond: 30, burst: 60),
    "move": WebMessageRate(perSecond: 30, burst: 60),
    "ping": WebMessageRate(perSecond: 10, burst: 20),
    "ready": WebMessageRate(perSecond: 2, burst: 10),
  ]

  /// The clock the session reads and sleeps on: for the acknowledgement
  /// and silence timeouts, the message rates and acknowledgement latency.
  let _clock: _WebClock

  /// How many bytes of messages may wait to be written to a page that
  /// does not read them fast enough. 4 MiB by default.
  ///
  /// A message that would take the bytes waiting past this limit is not
  /// queued: the session drops every message still waiting and queues, in
  /// their place, a reload of each list. A page that stops reading costs
  /// the server at most this much memory (plus the message being written),
  /// slows no other page, and shows exactly the lists' snapshots as soon as
  /// it reads again. ``catchUpReloads`` counts how often it happened.
  public var maximumUnsentBytes = 4 << 20

  /// How long the session waits for any message from a page before it
  /// closes the connection as lost. 30 seconds by default.
  ///
  /// The browser client sends a `ping` every 10 seconds, so a connection
  /// silent for 30 has lost its page: a half-open socket (the network went
  /// away without a close) is found from the server's side too, and its
  /// ``serve(_:isolation:)`` returns.
  public var silenceTimeout: Duration = .seconds(30)

  /// The bytes of messages queued for the connected page and not yet
  /// written to its transport.
  public var unsentBytes: Int { _connection?.outbox.waitingBytes ?? 0 }

  /// How many times the session caught a page up with reloads of every
  /// list because too many bytes waited for it (``maximumUnsentBytes``).
  public private(set) var catchUpReloads = 0

  /// What the page's controls say (`input`) goes to the delegate, on the
  /// session's owner's actor.
  public weak var delegate: (any WebSessionDelegate)?

  /// Called with what the session does (sockets opened and closed,
  /// messages sent, acknowledgements, resyncs, bad messages), for a
  /// server's metrics and logs; a ``WebPageRegistry`` sets it from its
  /// configuration. `nil` by default.
  public var onEvent: (@Sendable (WebEvent) -> Void)?

  /// The identifier of the page the session serves, for its events.
  let _pageID: String?

  /// The lists, by name, and their names in the order they were made.
  var _lists: [String: any _WebSessionList] = [:]
  var _listNames: [String] = []
  /// The data sources, kept alive as long as the session.
  var _dataSources: [AnyObject] = []

  /// The current connection, if any.
  var _connection: _WebConnection?

  /// Creates a session with no lists and no connection.
  public convenience init() {
    self.init(clock: ContinuousClock())
  }

  /// Creates a session with no lists and no connection, whose timeouts,
  /// message rates and acknowledgement latencies read `clock`: tests pass
  /// a clock they move by hand, and wait on no real time.
  public convenience init<C: Clock>(clock: C) where C.Duration == Duration {
    self.init(clock: _WebClock(clock), pageID: nil, onEvent: nil)
  }

  /// The session of the page `pageID`, whose events go to `onEvent`.
  init(clock: _WebClock, pageID: String?, onEvent: (@Sendable (WebEvent) -> Void)?) {
    _clock = clock
    _pageID = pageID
    self.onEvent = onEvent
  }

  /// The names of the session's lists, in the order they were made.
  public var listNames: [String] { _listNames }

  /// Whether a page is connected and has said `ready`: only then are
  /// messages sent.
  public var isConnected: Bool { _connection?.state.isReady == true }

  /// The viewport the connected page reported in its `ready`; `nil` with no
  /// ready page. A list the `ready` does not give a size of is laid out in
  /// it.
  public var viewport: WebViewport? { isConnected ? _connection?.state.viewport : nil }

  /// Makes a list of the page: a view to give to a `DiffableDataSource`.
  ///
  /// ```swift
  /// let view: WebListView<String, String> = session.listView(
  ///   named: "fruits", layout: .list(using: ListConfiguration(appearance: .plain)))
  /// let fruits = DiffableDataSource<String, String>(view: view) { _, _, item in
  ///   WebCell(item)
  /// }
  /// ```
  ///
  /// The view takes its cells from the data source's cell provider, and its
  /// headers and footers from the data source's `supplementaryViewProvider`
  /// (which must make one for every supplementary view of `layout`). The
  /// session keeps the view, and the data source it is given to, as long as
  /// it lives.
  ///
  /// - Parameters:
  ///   - name: The list's name on the wire (`"list"` in messages).
  ///   - layout: How the list is laid out in the page.
  /// - Precondition: The session has no list named `name`.
  public func listView<Section, Item>(named name: String, layout: CompositionalLayout)
    -> WebListView<Section, Item>
  where Section: Hashable & Sendable & Encodable, Item: Hashable & Sendable & Encodable {
    guard _lists[name] == nil else {
      _diffableFailure(
        "listView(named:layout:)",
        "the session already has a list named \(String(reflecting: name))")
    }
    let view = WebListView<Section, Item>(name: name, layout: layout, session: self)
    _lists[name] = view
    _listNames.append(name)
    return view
  }

  /// Makes a list of the page: a data source whose view is a
  /// ``WebListView`` named `name`.
  ///
  /// The session keeps the data source and its view as long as it lives.
  ///
  /// - Parameters:
  ///   - name: The list's name on the wire (`"list"` in messages).
  ///   - layout: How the list is laid out in the page; a plain list by
  ///     default.
  ///   - cellProvider: Makes the cell of an item, given the view, the item's
  ///     index path and the item. Returning `nil` is a programmer error.
  /// - Precondition: The session has no list named `name`.
  public func list<Section, Item>(
    named name: String,
    layout: CompositionalLayout = .list(using: ListConfiguration(appearance: .plain)),
    cellProvider: @escaping (WebListView<Section, Item>, IndexPath, Item) -> WebCell?
  ) -> DiffableDataSource<Section, Item>
  where Section: Hashable & Sendable & Encodable, Item: Hashable & Sendable & Encodable {
    guard _lists[name] == nil else {
      _diffableFailure(
        "list(named:layout:cellProvider:)",
        "the session already has a list named \(String(reflecting: name))")
    }
    let view: WebListView<Section, Item> = listView(named: name, layout: layout)
    return DiffableDataSource<Section, Item>(view: view, cellProvider: cellProvider)
  }

  /// What the page shows of each list, in the order the lists were made:
  /// what it will show once it has applied everything sent, and the frames
  /// of the items in each list's window.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items of all lists.
  public func listStates() -> [WebListState] {
    _listNames.compactMap { _lists[$0]?._state() }
  }

  /// Whether each list keeps the last change its data source applied
  /// (``WebListView/lastChange``), for a debugging tool such as the batch
  /// inspector: `false` by default. It costs the memory of one more
  /// snapshot per list.
  public var recordsChanges = false

  /// The last change the data source of the list `name` applied while
  /// ``recordsChanges`` was on; `nil` for an unknown list or before one.
  public func lastChange(ofList name: String) -> WebListChange? {
    _lists[name]?._lastChangeText()
  }

  /// What the page shows besides its lists, as the app set it: sent to
  /// the page after each `ready`, and each change as it is made.
  public private(set) var pageTexts = WebPageTexts()

  /// Sets the text of the page's `[data-diffable-text=NAME]` elements
  /// (`textContent`: never HTML).
  public func setText(_ text: String, forElement name: String) {
    _setPage(WebPageTexts(texts: [name: text]))
  }

  /// Sets the value of the page's `[data-diffable-input=NAME]` controls; the
  /// page sends no `input` for it.
  public func setValue(_ value: String, forControl name: String) {
    _setPage(WebPageTexts(values: [name: value]))
  }

  /// Sets the `max` of the page's `[data-diffable-input=NAME]` controls: a
  /// range or a number.
  public func setMaximum(_ maximum: Int, forControl name: String) {
    _setPage(WebPageTexts(maxima: [name: maximum]))
  }

  /// Sets the lines of the page's `[data-diffable-lines=NAME]` elements: one
  /// `<li data-NAME="K">` each, K from 1, its text the line's.
  ///
  /// - Precondition: `name` is a lowercase attribute name,
  ///   ``WebPageTexts/isLinesName(_:)``.
  public func setLines(_ lines: WebPageLines, forElement name: String) {
    _setPage(WebPageTexts(lines: [name: lines]))
  }

  /// Sets the CSS width and height of the page's element of the list
  /// `name` (`[data-diffable-list=NAME]`), in pixels, in place of the style
  /// sheet's: a tool that shows a list at a device's size. The page then
  /// reports that size in its `viewport` messages.
  ///
  /// - Precondition: `size` is finite and not negative.
  public func setSize(_ size: WebSize, ofList name: String) {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      _diffableFailure(
        "WebSession.setSize(_:ofList:)",
        "the size \(size.width)x\(size.height) of list \(String(reflecting: name)) is not "
          + "finite and positive")
    }
    _setPage(WebPageTexts(listSizes: [name: size]))
  }

  /// Records `change` and sends it to a ready page, if its entries differ
  /// from what the page has.
  func _setPage(_ change: WebPageTexts) {
    var merged = pageTexts
    merged.merge(change)
    guard merged != pageTexts else { return }
    pageTexts = merged
    _ = _send(.page(change))
  }

  /// Keeps a list's data source alive as long as the session.
  func _keep(_ dataSource: AnyObject) {
    _dataSources.append(dataSource)
  }

  /// Runs one connection until it closes: reads the page's messages and
  /// answers them, and sends the lists' reloads and batches.
  ///
  /// A connection that was being served is closed first (its own
  /// `serve(_:isolation:)` then returns): the page that opened the new one
  /// gets a reload of every list when it says `ready`. Returns when
  /// `transport`'s incoming frames end, when the task running it is
  /// cancelled, or when the session closes the connection: too many bad
  /// messages in a row, a failed send, a newer connection, or nothing
  /// heard for ``silenceTimeout``.
  ///
  /// The connection is one loop on the caller's actor, the session's
  /// owner, which takes what its tasks hand over (the page's frames, the
  /// writer's end, the timers, the lists' diffs) one at a time; its tasks
  /// (the reader, the writer, and the silence timer when the clock has no
  /// timers of its own) are children of the call: cancelling it ends them
  /// all.
  public func serve<Transport: WebTransport>(
    _ transport: Transport, isolation: isolated any Actor = #isolation
  ) async {
    if let previous = _connection {
      previous.outbox.setClose(
        .superseded, reason: "another socket of the same page replaced this one")
      _end(previous, abandoning: true)
    }
    let mailbox = _WebMailbox()
    let outbox = _WebOutbox { mailbox.post(.abandoned) }
    let connection = _WebConnection(outbox, mailbox: mailbox, openedAt: _clock.now())
    _connection = connection
    _record(.socketOpened)
    await withDiscardingTaskGroup { group in
      // Off the owner's actor: a page that reads slowly holds no one up.
      group.addTask {
        await Self._write(outbox, to: transport)
        mailbox.post(.writerEnded)
      }
      group.addTask {
        await Self._read(transport.incoming, into: mailbox)
        mailbox.post(.incomingEnded)
      }
      _armSilenceTimer(of: connection, at: _clock.now() + silenceTimeout, in: &group)
      var incomingEnded = false
      var writerEnded = false
      while !(incomingEnded && writerEnded) {
        let event = await mailbox.next()
        // A connection that ended, or that a newer one replaced, reads no
        // more frames, and its timers and diffs are stale.
        guard _connection === connection || !event.needsCurrentConnection else { continue }
        switch event {
        case .frame(let frame):
          _read(frame, on: connection, isolation: isolation)
        case .incomingEnded:
          // The page's frames ended, or too many were bad, or `serve` is
          // cancelled (a server shutting down): the connection ends. A
          // cancelled one abandons what its page has not read.
          incomingEnded = true
          if Task.isCancelled {
            outbox.setClose(.goingAway, reason: "the server is shutting down")
          }
          if _connection === connection { _end(connection, abandoning: Task.isCancelled) }
        case .writerEnded:
          // The transport is closed: nothing more to read or watch.
          writerEnded = true
          group.cancelAll()
        case .abandoned:
          // Given up: a write stuck on a page that does not read stops.
          // Between writes, the writer closes the transport by itself.
          if outbox.isWriting { group.cancelAll() }
        case .silenceWoke:
          switch connection.state.silence(at: _clock.now(), timeout: silenceTimeout) {
          case .sleep(let until): _armSilenceTimer(of: connection, at: until, in: &group)
          case .close(let reason):
            outbox.setClose(.goingAway, reason: reason)
            _end(connection, abandoning: true)
          }
        case .listTimer(let name, let number):
          _lists[name]?._timerFired(number)
        case .listDiffed(let name, let round, let diff):
          _lists[name]?._diffed(round: round, diff)
        case .catchUp:
          _catchUp(connection)
        }
      }
      mailbox.close()
      group.cancelAll()
    }
    let close = outbox.close
    _record(.socketClosed(code: close.code, reason: close.reason))
  }

  /// Writes the outbox's frames to `transport` until the outbox finishes
  /// or a send fails, then closes the transport with the outbox's close.
  static func _write<Transport: WebTransport>(
    _ outbox: _WebOutbox, to transport: Transport
  ) async {
    while let frame = await outbox.next() {
      do { try await transport.send(frame) } catch { break }
      outbox.didWrite(frame)
    }
    outbox.finish()
    let close = outbox.close
    await transport.close(code: close.code, reason: close.reason)
    outbox.didClose()
  }

  /// Hands the page's frames to the connection's loop, reading ahead of
  /// it by a few frames at most, until the frames end, the transport
  /// fails, or the connection is over.
  static func _read<Incoming: AsyncSequence & Sendable>(
    _ incoming: Incoming, into mailbox: _WebMailbox
  ) async where Incoming.Element == String {
    do {
      for try await frame in incoming {
        guard await mailbox.postFrame(frame) else { return }
      }
    } catch {
      // The transport failed: the connection is over.
    }
  }

  /// Starts the silence timer of `connection`, to wake at `wake`: a timer
  /// of the clock's own when it has one (no task), otherwise a task of
  /// `group` sleeping on the clock.
  func _armSilenceTimer(
    of connection: _WebConnection, at wake: Duration, in group: inout DiscardingTaskGroup
  ) {
    let mailbox = connection.mailbox
    if let timer = _clock.wake {
      // Posted to a closed mailbox, once the connection is over, it is dropped.
      timer(wake) { mailbox.post(.silenceWoke) }
      return
    }
    let clock = _clock
    group.addTask {
      do { try await clock.sleep(wake) } catch { return }
      mailbox.post(.silenceWoke)
    }
  }

  /// Tells ``onEvent`` of `kind`.
  func _record(_ kind: WebEvent.Kind) {
    onEvent?(WebEvent(kind, pageID: _pageID))
  }

  /// Acts on one frame of the page: answers it, or counts it as bad and
  /// replies with an `error`, closing the connection after too many bad
  /// ones in a row.
  func _read(_ frame: String, on connection: _WebConnection, isolation: isolated any Actor) {
    connection.state.heard(at: _clock.now())
    guard let problem = _handle(frame, on: connection, isolation: isolation) else {
      connection.state.accepted()
      return
    }
    _record(.badMessage(problem: problem))
    switch connection.state.refused(
      problem, version: _version(ofRefused: frame), limit: maximumConsecutiveBadMessages)
    {
    case .reply(let problem):
      _queue(.error(message: problem), on: connection)
    case .replyAndClose(let problem, let code, let reason):
      _queue(.error(message: problem), on: connection)
      connection.outbox.setClose(code, reason: reason)
      _end(connection, abandoning: false)
    case .close(let code, let reason):
      connection.outbox.setClose(code, reason: reason)
      _end(connection, abandoning: false)
    }
  }

  /// Closes the connected page's socket, if any, with `code` and `reason`,
  /// and its ``serve(_:isolation:)`` returns. An abandoned connection's unsent
  /// messages are dropped; otherwise they are written first. Returns the
  /// connection's outbox: its `closed()` returns once the close is
  /// written, and its `abandon()` stops a write stuck on the page.
  @discardableResult
  func _closeConnection(_ code: WebCloseCode, reason: String, abandoning: Bool = true)
    -> _WebOutbox?
  {
    guard let connection = _connection else { return nil }
    connection.outbox.setClose(code, reason: reason)
    _end(connection, abandoning: abandoning)
    return connection.outbox
  }

  /// Ends `connection`: no more messages go to it, every list forgets what
  /// the page showed, and its reading stops. An abandoned connection's
  /// unsent messages are dropped and its writer is cancelled (its page
  /// may never read them); otherwise they are written before the transport
  /// closes.
  func _end(_ connection: _WebConnection, abandoning: Bool) {
    connection.finish(abandoning: abandoning)
    if _connection === connection { _connection = nil }
    for name in _listNames { _lists[name]?._connectionDidEnd() }
  }

  /// Queues `message` on the ready connection; returns whether there was
  /// one.
  func _send(_ message: WebServerMessage) -> Bool {
    guard let connection = _connection, connection.state.isReady else { return false }
    _queue(message, on: connection)
    return true
  }

  /// Queues `message` on `connection`, or, if too many bytes wait for its
  /// page, drops what waits and arranges a catch-up reload.
  func _queue(_ message: WebServerMessage, on connection: _WebConnection) {
    guard let limit = connection.state.sendLimit(maximumUnsentBytes) else { return }
    if let bytes = connection.send(message, limit: limit) {
      _record(.sent(type: message._typeName, bytes: bytes))
      return
    }
    connection.outbox.dropWaiting()
    guard connection.state.fellBehind() else { return }
    // After the change that sent `message` is done, not in the middle of it.
    connection.mailbox.post(.catchUp)
  }

  /// Replaces what waits for a page that fell behind with a reload of
  /// every list. The reloads are queued whatever their size: a list larger
  /// than ``maximumUnsentBytes`` still reaches a page that reads.
  func _catchUp(_ connection: _WebConnection) {
    guard _connection === connection, connection.state.beginCatchUp() else { return }
    connection.outbox.dropWaiting()
    defer { connection.state.endCatchUp() }
    catchUpReloads += 1
    for name in _listNames { _lists[name]?._sendReload() }
    // What the page shows besides its lists went with what was dropped.
    if !pageTexts.isEmpty { _ = _send(.page(pageTexts)) }
  }

  /// Acts on one frame from the page; returns what was wrong with it, if
  /// anything.
  func _handle(
    _ frame: String, on connection: _WebConnection, isolation: isolated any Actor
  ) -> String? {
    let size = frame.utf8.count
    guard size <= maximumMessageSize else {
      return "message of \(size) bytes is larger than the limit of \(maximumMessageSize) bytes"
    }
    let message: WebClientMessage
    if let ack = _AckScanner.scan(frame) {
      // The page's ack of each batch, read without a decoder.
      message = .ack(list: ack.list, seq: ack.seq)
    } else {
      do {
        message = try WebClientMessage(jsonData: Data(frame.utf8))
      } catch {
        return _describeDecodingError(error)
      }
    }
    if let refusal = connection.state.admit(
      message._type, rate: messageRates[message._type], at: _clock.now())
    {
      return refusal
    }
    switch message {
    case .ping(let id):
      _queue(.pong(id: id), on: connection)
    case .ready(let viewport, let lists):
      connection.state.ready(viewport)
      if !pageTexts.isEmpty { _queue(.page(pageTexts), on: connection) }
      for name in _listNames {
        _lists[name]?._ready(
          lists[name] ?? WebListViewport(width: viewport.width, height: viewport.height))
      }
      let unknown = lists.keys.filter { _lists[$0] == nil }.sorted()
      if !unknown.isEmpty {
        return "ready names unknown lists "
          + unknown.map { String(reflecting: $0) }.joined(separator: ", ")
      }
    case .ack(let name, let seq):
      guard connection.state.isReady else { return "ack before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      return list._acknowledge(seq)
    case .resync(let name, _):
      guard connection.state.isReady else { return "resync before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      _record(.resync(list: name))
      list._sendReload()
    case .viewport(let name, let viewport):
      guard connection.state.isReady else { return "viewport before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      list._viewportDidChange(viewport)
    case .input(let input):
      delegate?.session(self, didReceive: input, isolation: isolation)
    case .tap(let name, let item):
      guard connection.state.isReady else { return "tap before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      return list._tap(item, action: nil, isolation: isolation)
    case .action(let name, let item, let action):
      guard connection.state.isReady else { return "action before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      return list._tap(item, action: action, isolation: isolation)
    case .measure(let name, let sizes):
      guard connection.state.isReady else { return "measure before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      return list._measure(sizes)
    case .band(let name, let section, let offset):
      guard connection.state.isReady else { return "band before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      return list._scrollBand(section, to: offset)
    case .move(let name, let item, let section, let before):
      guard connection.state.isReady else { return "move before ready" }
      guard let list = _lists[name] else { return "unknown list \(String(reflecting: name))" }
      list._move(item, toSection: section, before: before)
    }
    return nil
  }
}

/// What the session asks of a list, whatever its identifier types.
protocol _WebSessionList: AnyObject {
  /// Sends a reload of the list as the data source holds it, completing
  /// every batch in flight or waiting.
  func _sendReload()
  /// The page is ready, its list element of `viewport`'s size and offset:
  /// lays the list out and sends a reload.
  func _ready(_ viewport: WebListViewport)
  /// The page resized or scrolled the list: sends a `layout` if the
  /// window's layout changed.
  func _viewportDidChange(_ viewport: WebListViewport)
  /// The page's user tapped the item of text `item` (its cell when
  /// `action` is `nil`, else the control `action` in it); returns an error
  /// if the list never showed it or the action's name is out of bounds.
  func _tap(_ item: String, action: String?, isolation: isolated any Actor) -> String?
  /// The page measured self-sizing cells: lays the list out with their
  /// sizes and answers with a `layout`; returns an error, changing nothing,
  /// if an item was never shown.
  func _measure(_ sizes: [String: WebSize]) -> String?
  /// The page's user scrolled the band of the section of text `section`
  /// to `offset`: records it and sends what the section's
  /// `visibleItemsInvalidationHandler` changed; returns an error, changing
  /// nothing, if the list shows no such section or it has no band.
  func _scrollBand(_ section: String, to offset: Double) -> String?
  /// The page's user moved the item of text `item` into the section of
  /// text `section`, before the item of text `before` (at its end when
  /// `nil`): makes the move through the data source and sends the batch
  /// that shows it, or sends a `refused`.
  func _move(_ item: String, toSection section: String, before: String?)
  /// What the page's HTML shows of the list before its socket connects,
  /// laid out for `viewport`.
  func _firstPaint(in viewport: WebListViewport) -> WebReloadMessage?
  /// ``WebListView/lastChange``.
  func _lastChangeText() -> WebListChange?
  /// What the page shows of the list.
  func _state() -> WebListState
  /// The page acknowledged `seq`; returns an error if it was never sent.
  func _acknowledge(_ seq: Int) -> String?
  /// The connection ended: completes every batch in flight or waiting with
  /// `false`, and forgets what the page showed.
  func _connectionDidEnd()
  /// The list's timer `number` woke.
  func _timerFired(_ number: Int)
  /// The diff of the list's merged batch of `round` is done: `diff` is the
  /// list's own `_MergedDiff`.
  func _diffed(round: Int, _ diff: any Sendable)
}

/// One connection: the frames to send, and what the session knows of its
/// page (``_WebConnectionState``), and the events its tasks hand to the
/// loop that serves it.
final class _WebConnection {
  let outbox: _WebOutbox
  let mailbox: _WebMailbox
  var state: _WebConnectionState

  init(_ outbox: _WebOutbox, mailbox: _WebMailbox, openedAt now: Duration) {
    self.outbox = outbox
    self.mailbox = mailbox
    state = _WebConnectionState(openedAt: now)
  }

  /// Queues `message` unless the bytes waiting would then exceed `limit`;
  /// returns the bytes of the message queued, if it was.
  func send(_ message: WebServerMessage, limit: Int) -> Int? {
    do {
      let text = try message._jsonText()
      return outbox.push(text, limit: limit) ? text.utf8.count : nil
    } catch {
      _diffableFailure("WebSession.serve(_:)", "cannot encode a message: \(error)")
    }
  }

  func finish(abandoning: Bool) {
    state.end()
    if abandoning { outbox.dropWaiting() }
    outbox.finish()
    // A writer between frames now gets `nil` and closes the transport with
    // the close code set, which ends the reading; one in the middle of a
    // write may be stuck on a page that does not read, and is stopped.
    if abandoning { outbox.abandon() }
  }
}

/// The wire version a refused message says it speaks, when it is another
/// than ``WebServerMessage/version``: the page was loaded before a deploy
/// changed it. `nil` for a message that speaks this version, or says none.
func _version(ofRefused frame: String) -> Int? {
  struct Versioned: Decodable { var v: Int }
  guard frame.utf8.count <= 65_536,
    let version = try? JSONDecoder().decode(Versioned.self, from: Data(frame.utf8)).v,
    version != WebServerMessage.version
  else { return nil }
  return version
}

/// A decoding error as one line: what was wrong, and where.
func _describeDecodingError(_ error: any Error) -> String {
  func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += "." + key.stringValue
      }
    }
    return result.isEmpty ? "" : " at " + result
  }
  switch error {
  case DecodingError.dataCorrupted(let context):
    // The messages' own checks always name a key; only the parser's do not.
    if context.codingPath.isEmpty { return "not valid JSON" }
    return context.debugDescription + path(context.codingPath)
  case DecodingError.keyNotFound(let key, let context):
    return "missing key '\(key.stringValue)'" + path(context.codingPath + [key])
  case DecodingError.typeMismatch(let type, let context):
    return "expected a value of type \(type)" + path(context.codingPath)
  case DecodingError.valueNotFound(let type, let context):
    return "expected a value of type \(type), found null" + path(context.codingPath)
  default:
    return "unreadable message: \(error)"
  }
}
