import DiffableCore

/// How many pages a ``WebPageRegistry`` keeps, and for how long.
///
/// Every page issued counts until it is dropped: issued and never
/// connected, connected, or with no socket since its last one closed. When a
/// limit is reached, the page registry makes room by dropping the oldest
/// page *without a socket* in that limit's scope (the same browser, the
/// same client address, or any), so a stranger who loads pages without
/// connecting only pushes out his own pages or the oldest idle ones, and a
/// new visitor's page is still served. Only when every page in the scope
/// has a socket is a new page refused (429 for a browser or an address,
/// 503 for the whole server).
public struct WebPageLimits: Sendable, Hashable {
  /// The most pages kept at once: 1,000 by default.
  public var maximumPages = 1_000
  /// The most pages one browser (one browser cookie) keeps: 32 by default.
  public var maximumPagesPerBrowser = 32
  /// The most pages one client address keeps: 256 by default (a whole
  /// office may share one address).
  public var maximumPagesPerAddress = 256
  /// How long an issued page may wait for its first socket: 60 seconds by
  /// default. A socket after that is refused (``WebCloseCode/pageExpired``).
  public var connectDeadline: Duration = .seconds(60)
  /// How long a page is kept after its last socket closed, for the page to
  /// reconnect to its session: 60 seconds by default.
  public var detachedLifetime: Duration = .seconds(60)

  /// The default limits.
  public init() {}
}

/// The page registry's bookkeeping as a value: which pages are issued, to
/// whom, whether each has a socket, and which to drop when. Time comes in
/// as an argument of each call, so every rule is tested with instants of
/// the test's choosing.
struct _WebPageTable: Sendable {
  /// Where a page is in its life.
  enum State: Sendable, Hashable {
    /// Issued; no socket yet.
    case issued
    /// A socket is open.
    case connected
    /// Its last socket closed.
    case detached
  }

  /// One page issued.
  struct Entry: Sendable, Hashable {
    let id: String
    let path: String
    let browser: String
    let address: String?
    let identity: String?
    var state: State
    /// When it was issued or last lost its socket; unused while connected.
    var since: ContinuousClock.Instant
  }

  let limits: WebPageLimits
  private(set) var entries: [String: Entry] = [:]
  private var perBrowser: [String: Int] = [:]
  private var perAddress: [String: Int] = [:]
  /// No page's deadline is before this (some may be later: a page that got
  /// a socket has none), so `expire(at:)` reads nothing before it.
  private var earliestDeadline: ContinuousClock.Instant?

  init(limits: WebPageLimits) {
    self.limits = limits
  }

  var count: Int { entries.count }

  subscript(id: String) -> Entry? { entries[id] }

  /// The instant after which `entry` is dropped; `nil` while it has a
  /// socket.
  func deadline(of entry: Entry) -> ContinuousClock.Instant? {
    switch entry.state {
    case .issued: entry.since + limits.connectDeadline
    case .detached: entry.since + limits.detachedLifetime
    case .connected: nil
    }
  }

  /// Records a new page, first dropping the oldest pages without a socket
  /// that a full limit needs gone; returns the identifiers dropped, or the
  /// refusal when a limit is full of pages with sockets.
  ///
  /// - Complexity: O(1) when no limit is full; O(*n*) for each page
  ///   dropped, where *n* is the number of pages kept.
  /// - Precondition: No page has the identifier `id`.
  mutating func issue(
    id: String, path: String, browser: String, address: String?, identity: String?,
    at now: ContinuousClock.Instant
  ) -> Result<[String], WebRefusal> {
    if entries[id] != nil {
      _diffableFailure("WebPageRegistry.issue", "the page id \(id) is already issued")
    }
    // Each limit in turn, counted after the room the ones before made.
    let scopes: [(isFull: (Self) -> Bool, includes: (Entry) -> Bool, refusal: WebRefusal)] = [
      (
        { $0.perBrowser[browser, default: 0] >= $0.limits.maximumPagesPerBrowser },
        { $0.browser == browser },
        WebRefusal(
          status: 429, code: .policyViolation,
          reason: "this browser has \(limits.maximumPagesPerBrowser) pages open")
      ),
      (
        { table in
          address.map { table.perAddress[$0, default: 0] >= table.limits.maximumPagesPerAddress }
            ?? false
        },
        { $0.address == address },
        WebRefusal(
          status: 429, code: .policyViolation,
          reason: "this address has \(limits.maximumPagesPerAddress) pages open")
      ),
      (
        { $0.entries.count >= $0.limits.maximumPages }, { _ in true },
        WebRefusal(
          status: 503, code: .goingAway,
          reason: "the server has \(limits.maximumPages) pages open; try again later")
      ),
    ]
    var dropped: [String] = []
    for scope in scopes where scope.isFull(self) {
      guard let oldest = oldestWithoutSocket(where: scope.includes) else {
        return .failure(scope.refusal)
      }
      remove(oldest)
      dropped.append(oldest)
    }
    entries[id] = Entry(
      id: id, path: path, browser: browser, address: address, identity: identity,
      state: .issued, since: now)
    perBrowser[browser, default: 0] += 1
    if let address { perAddress[address, default: 0] += 1 }
    noteDeadline(now + limits.connectDeadline)
    return .success(dropped)
  }

  /// Why a socket for the page `id`, asked for `path` by `browser` as
  /// `identity`, is refused; `nil` when it may connect.
  func refusal(
    id: String, path: String, browser: String?, identity: String?,
    at now: ContinuousClock.Instant
  ) -> WebRefusal? {
    guard let entry = entries[id], deadline(of: entry).map({ now < $0 }) ?? true else {
      return WebRefusal(
        status: 404, code: .pageExpired,
        reason: "the server does not know this page (it expired, or the server restarted)")
    }
    guard entry.path == path else {
      return WebRefusal(
        status: 403, code: .policyViolation, reason: "the page was issued for another path")
    }
    guard entry.browser == browser else {
      return WebRefusal(
        status: 403, code: .policyViolation, reason: "the page was issued to another browser")
    }
    guard entry.identity == identity else {
      return WebRefusal(
        status: 403, code: .policyViolation, reason: "the page was issued to another user")
    }
    return nil
  }

  /// Records that the page `id` has a socket.
  mutating func attach(id: String) {
    entries[id]?.state = .connected
  }

  /// Records that the page `id` has no socket any more, from `now`.
  mutating func detach(id: String, at now: ContinuousClock.Instant) {
    guard entries[id] != nil else { return }
    entries[id]?.state = .detached
    entries[id]?.since = now
    noteDeadline(now + limits.detachedLifetime)
  }

  private mutating func noteDeadline(_ deadline: ContinuousClock.Instant) {
    earliestDeadline = min(earliestDeadline ?? deadline, deadline)
  }

  /// Drops every page whose deadline passed; returns their identifiers.
  ///
  /// - Complexity: O(1) before the earliest deadline noted since the last
  ///   pass; O(*n*) for the pass after it, where *n* is the number of pages
  ///   kept.
  mutating func expire(at now: ContinuousClock.Instant) -> [String] {
    guard let earliest = earliestDeadline, earliest <= now else { return [] }
    var due: [String] = []
    earliestDeadline = nil
    for entry in entries.values {
      guard let deadline = deadline(of: entry) else { continue }
      if deadline <= now { due.append(entry.id) } else { noteDeadline(deadline) }
    }
    for id in due { remove(id) }
    return due
  }

  /// Drops the page `id`, if kept.
  mutating func remove(_ id: String) {
    guard let entry = entries.removeValue(forKey: id) else { return }
    perBrowser[entry.browser]! -= 1
    if perBrowser[entry.browser] == 0 { perBrowser[entry.browser] = nil }
    if let address = entry.address {
      perAddress[address]! -= 1
      if perAddress[address] == 0 { perAddress[address] = nil }
    }
  }

  /// The page without a socket that waited longest, among those
  /// `included` takes.
  private func oldestWithoutSocket(where included: (Entry) -> Bool) -> String? {
    var oldest: Entry?
    for entry in entries.values where entry.state != .connected && included(entry) {
      if oldest.map({ entry.since < $0.since || (entry.since == $0.since && entry.id < $0.id) })
        ?? true
      {
        oldest = entry
      }
    }
    return oldest?.id
  }
}
