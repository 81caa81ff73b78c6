import DiffableWeb
import DiffableWebTools
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
  /// The demo server's registry: each page gets the screen of its seed
  /// page, which `screens` makes on the page's actor.
  ///
  /// The registry issues pages only for the paths of ``WebPages/pages``
  /// (the server asks it for no other), so every page it makes has a
  /// screen.
  public static func demos(
    configuration: Configuration = Configuration(),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
    screens: BrowserScreens
  ) -> WebPageRegistry {
    let reference = _RegistryReference()
    let registry = WebPageRegistry(configuration: configuration, now: now) { page in
      guard let demo = WebPages.pages.first(where: { $0.path == page.path }) else {
        preconditionFailure(
          "WebPageRegistry.demos: a page was issued for \(page.path.debugDescription), "
            + "which is no demo page")
      }
      // The seed screens keep their last change, for the inspector.
      page.session.recordsChanges = WebPages.demos.contains(demo)
      let screen = screens.make(page: demo, session: page.session)
      if let inspector = screen as? BatchInspectorScreen {
        let id = page.id
        inspector.takeChange = { source in
          await reference.registry?.lastChange(of: source, besides: id)
        }
      }
      let delegate = ScreenOfPage(screen)
      page.content = delegate
      page.delegate = delegate
      await screen.opened()
    }
    reference.registry = registry
    return registry
  }

  /// The answer to `GET /state/ID` for the page `id`: ``stateJSON(id:)``,
  /// never cached, for the page's own browser alone; `nil` (a 404) for
  /// any other request, an id that is no page's, or a page no socket of
  /// which connected.
  public func stateResponse(id: String, request: WebRequest) async throws -> WebHTTPResponse? {
    guard WebPageRegistry.isToken(id), isOwnBrowser(request, of: id),
      let data = try await stateJSON(id: id)
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
  public func stateJSON(id: String) async throws -> Data? {
    guard let page = page(id: id) else { return nil }
    return try await page.run { page in
      let session = page.session
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return try encoder.encode(
        PageState(
          lists: session.listStates(),
          connection: PageState.Connection(
            connected: session.isConnected, unsentBytes: session.unsentBytes,
            maximumUnsentBytes: session.maximumUnsentBytes,
            catchUpReloads: session.catchUpReloads)))
    }
  }
}

/// The registry the inspector's pages look into, set once, right after
/// the registry is made and before it issues any page; only read after.
final class _RegistryReference: Sendable {
  nonisolated(unsafe) weak var registry: WebPageRegistry?
}

/// What `GET /state/ID` answers.
private struct PageState: Encodable {
  struct Connection: Encodable {
    var connected: Bool
    var unsentBytes: Int
    var maximumUnsentBytes: Int
    var catchUpReloads: Int
  }
  var lists: [WebListState]
  var connection: Connection
}

/// A demo page's screen, as its ``WebPage/content``: told what happens to
/// the page.
public final class ScreenOfPage: WebPageDelegate {
  /// The page's screen.
  public let screen: any BrowserScreen

  init(_ screen: any BrowserScreen) { self.screen = screen }

  public func pageDidChangeConnection(_ page: isolated WebPage, connected: Bool) {
    screen.connectionChanged(connected: connected, isolation: page)
  }

  public func pageWillDrop(_ page: isolated WebPage) {
    screen.stop(isolation: page)
  }
}
