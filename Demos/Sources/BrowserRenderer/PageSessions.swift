import DiffableWeb

/// A seed screen shown in a browser page: it owns its data sources, made
/// over the lists of the page's ``WebSession``.
@MainActor
public protocol BrowserScreen: AnyObject {
  /// A page connected to the session (`true`), or the last connection
  /// ended (`false`). Screens that change on their own (the sort's steps)
  /// run only while a page is connected.
  func connectionChanged(connected: Bool)
  /// The page's session is dropped: the screen stops every task it runs.
  func stop()
}

/// The sessions of the pages a server shows: one ``WebSession`` and one
/// screen per page identifier.
///
/// Each WebSocket a page opens names the page's identifier (random, chosen
/// by the page and kept while the tab lives); ``serve(_:page:id:)`` finds
/// that page's session, or makes one with its screen, and serves the
/// socket with it. A socket with the identifier of a session resumes it:
/// it replaces the previous socket, and the page gets a reload of every
/// list. A session with no socket for ``idleLifetime`` is dropped with its
/// screen; so is a session whose identifier comes back for another page
/// (the tab moved to another page).
@MainActor
public final class PageSessions {
  /// One page: its session, its screen, its sockets.
  final class Entry {
    let page: DemoPage
    let session: WebSession
    let screen: any BrowserScreen
    var connections = 0
    /// Changes with every socket that opens or closes, so that a drop
    /// scheduled before does nothing.
    var generation = 0

    init(page: DemoPage, session: WebSession, screen: any BrowserScreen) {
      self.page = page
      self.session = session
      self.screen = screen
    }
  }

  /// How long a session with no socket is kept. 60 seconds by default.
  public var idleLifetime: Duration
  /// How many sessions are kept at most; a socket for a new page beyond
  /// them is refused. 1,000 by default.
  public var maximumSessions = 1_000
  let makeScreen: @MainActor (DemoPage, WebSession) -> any BrowserScreen
  var entries: [String: Entry] = [:]
  /// The last drop scheduled for each page, for tests to wait on.
  var scheduledDrops: [String: Task<Void, Never>] = [:]

  /// Sessions whose screens `makeScreen` makes, for a page and its new
  /// session.
  public init(
    idleLifetime: Duration = .seconds(60),
    makeScreen: @escaping @MainActor (DemoPage, WebSession) -> any BrowserScreen
  ) {
    self.idleLifetime = idleLifetime
    self.makeScreen = makeScreen
  }

  /// Whether `id` can name a page: 1 to 64 ASCII letters, digits and
  /// hyphens.
  public nonisolated static func isValidPageID(_ id: some StringProtocol) -> Bool {
    (1...64).contains(id.utf8.count)
      && id.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-")
      }
  }

  /// Whether a socket of the page `id` would be served: its session is
  /// kept, or there is room for one more (``maximumSessions``).
  public func hasRoom(for id: String) -> Bool {
    entries[id] != nil || entries.count < maximumSessions
  }

  /// The identifiers of the sessions kept, sorted.
  public var pageIDs: [String] { entries.keys.sorted() }

  /// The session of the page `id`, if it is kept.
  public func session(id: String) -> WebSession? { entries[id]?.session }

  /// The screen of the session `id`, if it is kept.
  public func screen(id: String) -> (any BrowserScreen)? { entries[id]?.screen }

  /// The page that the session `id` shows, if it is kept.
  public func page(id: String) -> DemoPage? { entries[id]?.page }

  /// Serves one socket of the page `id`, showing `page`, until it closes.
  ///
  /// A socket of a new page when ``maximumSessions`` are kept is closed at
  /// once (a server checks ``hasRoom(for:)`` before upgrading).
  ///
  /// - Precondition: `id` is a valid page identifier
  ///   (``isValidPageID(_:)``); a server checks it before upgrading.
  public func serve<Transport: WebTransport>(
    _ transport: Transport, page: DemoPage, id: String
  ) async {
    precondition(
      Self.isValidPageID(id),
      "PageSessions.serve(_:page:id:): invalid page id \(id.debugDescription)")
    let entry: Entry
    if let existing = entries[id], existing.page == page {
      entry = existing
    } else if entries[id] == nil, entries.count >= maximumSessions {
      await transport.close()
      return
    } else {
      if let previous = entries.removeValue(forKey: id) { previous.screen.stop() }
      let session = WebSession()
      entry = Entry(page: page, session: session, screen: makeScreen(page, session))
      entries[id] = entry
    }
    entry.connections += 1
    entry.generation += 1
    if entry.connections == 1 { entry.screen.connectionChanged(connected: true) }
    await entry.session.serve(transport)
    entry.connections -= 1
    entry.generation += 1
    guard entry.connections == 0, entries[id] === entry else { return }
    entry.screen.connectionChanged(connected: false)
    let generation = entry.generation
    let lifetime = idleLifetime
    scheduledDrops[id] = Task { [weak self] in
      try? await Task.sleep(for: lifetime)
      guard let self, let current = self.entries[id], current === entry,
        entry.generation == generation
      else { return }
      self.drop(id: id)
    }
  }

  /// Drops the session `id` and stops its screen.
  public func drop(id: String) {
    entries.removeValue(forKey: id)?.screen.stop()
    scheduledDrops[id] = nil
  }

  /// Drops every session.
  public func dropAll() {
    for id in pageIDs { drop(id: id) }
  }
}
