import DiffableWeb
import Foundation

/// A seed screen shown in a browser page: it owns its data sources, made
/// over the lists of the page's ``WebSession``, and lives on the session's
/// actor, which its methods are given.
public protocol BrowserScreen: AnyObject {
  /// A page connected to the session (`true`), or the last connection
  /// ended (`false`). Screens that change on their own (the sort's steps)
  /// run only while a page is connected.
  func connectionChanged(connected: Bool, isolation: isolated any Actor)
  /// The page's session is dropped: the screen stops every task it runs.
  func stop(isolation: isolated any Actor)
  /// Returns when the screen's opening is applied, so that the page's
  /// HTML holds it (its first paint).
  func opened() async
}

extension WebPageRegistry {
  /// The demo server's registry: each page's session gets the screen of
  /// its seed page, which `makeScreen` makes.
  ///
  /// The registry issues pages only for the paths of ``WebPages/demos``
  /// (the server asks it for no other), so every page it makes has a
  /// screen.
  public static func demos(
    configuration: Configuration = Configuration(),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    makeScreen: @escaping @MainActor (DemoPage, WebSession) -> any BrowserScreen
  ) -> WebPageRegistry {
    WebPageRegistry(configuration: configuration, now: now) { page in
      guard let demo = WebPages.demos.first(where: { $0.path == page.path }) else {
        preconditionFailure(
          "WebPageRegistry.demos: a page was issued for \(page.path.debugDescription), "
            + "which is no demo page")
      }
      let screen = makeScreen(demo, page.session)
      page.content = screen
      page.onConnectionChange = {
        screen.connectionChanged(connected: $0, isolation: MainActor.shared)
      }
      page.onDrop = { screen.stop(isolation: MainActor.shared) }
      await screen.opened()
    }
  }

  /// The answer to `GET /state/ID` for the page `id`: ``stateJSON(id:)``,
  /// never cached, for the page's own browser alone; `nil` (a 404) for
  /// any other request, an id that is no page's, or a page no socket of
  /// which connected.
  public func stateResponse(id: String, request: WebRequest) throws -> WebHTTPResponse? {
    guard WebPageRegistry.isToken(id), isOwnBrowser(request, of: id),
      let data = try stateJSON(id: id)
    else { return nil }
    return WebHTTPResponse(
      status: 200,
      headers: [
        ("content-type", "application/json; charset=utf-8"), ("cache-control", "no-store"),
      ],
      body: data)
  }

  /// What the page `id` shows, as JSON: `{"lists": [...], "connection":
  /// {...}}`, each list as `WebSession.listStates()` gives it, and the
  /// connection's `connected`, `unsentBytes`, `maximumUnsentBytes` and
  /// `catchUpReloads` as the session reports them; `nil` when no socket of
  /// the page ever connected, or it was dropped.
  public func stateJSON(id: String) throws -> Data? {
    guard let session = page(id: id)?.session else { return nil }
    struct Connection: Encodable {
      var connected: Bool
      var unsentBytes: Int
      var maximumUnsentBytes: Int
      var catchUpReloads: Int
    }
    struct State: Encodable {
      var lists: [WebListState]
      var connection: Connection
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(
      State(
        lists: session.listStates(),
        connection: Connection(
          connected: session.isConnected, unsentBytes: session.unsentBytes,
          maximumUnsentBytes: session.maximumUnsentBytes,
          catchUpReloads: session.catchUpReloads)))
  }
}
