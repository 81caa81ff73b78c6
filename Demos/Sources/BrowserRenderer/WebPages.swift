import DiffableWeb

/// A browser page of a seed screen: its identifier in paths, its title and
/// the one line the index says of it.
public struct DemoPage: Sendable, Hashable {
  /// The page's name in its paths: `/demos/NAME` and `/demos/NAME/socket`.
  public let name: String
  /// The page's title.
  public let title: String
  /// One line on what the page shows.
  public let summary: String
  /// The name of the page's list (`data-diffable-list`).
  public let listName: String
  /// The page's controls, as HTML written here (never from the network).
  let controls: String

  /// The page's path.
  public var path: String { "/demos/\(name)" }

  /// The path of the page's WebSocket.
  public var socketPath: String { "/demos/\(name)/socket" }
}

/// The HTML of the demo server's pages: constant, trusted text, with no
/// data from the network in it.
///
/// Every page loads the browser client (`/client/page.js`, which shows the
/// page's lists and connects to its socket) and its style sheet; the data
/// arrives over the socket and only ever reaches the page as text. A seed
/// screen's page carries the identifier the page registry issued for it
/// (`<body data-page="ID" data-socket="PATH">`).
public enum WebPages {
  /// The pages that exist, in the index's order.
  public static let demos: [DemoPage] = [
    DemoPage(
      name: "mountains", title: "Mountains",
      summary: "WWDC19's mountain search: type to filter a grid of mountains.",
      listName: "mountains",
      controls: """
        <input type="search" data-diffable-input="search" placeholder="Search mountains" \
        aria-label="Search mountains" autocomplete="off">
        """),
    DemoPage(
      name: "sort", title: "Insertion sort",
      summary: "WWDC19's insertion sort: rows of coloured cells, one step an apply.",
      listName: "sort", controls: ""),
    DemoPage(
      name: "reststop", title: "Rest stop",
      summary: "A highway rest stop: a food band that scrolls sideways, goods and brands.",
      listName: "reststop", controls: ""),
    DemoPage(
      name: "expand", title: "Expanding rows",
      summary: "Rows of long texts that expand in place when tapped: reconfigured, not reloaded.",
      listName: "expand", controls: ""),
    DemoPage(
      name: "outline", title: "Outline",
      summary:
        "A folder tree: tap a folder to open it (its entries load the first time) or close it.",
      listName: "outline", controls: ""),
    DemoPage(
      name: "chat", title: "Chat",
      summary:
        "A conversation whose messages arrive from a background task, typing indicator first.",
      listName: "chat", controls: ""),
    DemoPage(
      name: "wifi", title: "Wi-Fi",
      summary: "WWDC19's Wi-Fi settings: turn Wi-Fi on, and networks come and go as scans arrive.",
      listName: "wifi",
      controls: """
        <label><input type="checkbox" role="switch" data-diffable-input="wifi"> Wi-Fi</label>
        """),
  ]

  /// The page named `name`, or `nil` when there is none.
  public static func demo(named name: String) -> DemoPage? {
    demos.first { $0.name == name }
  }

  /// The HTML of `page`, for the page identifier `id` that the server
  /// issued and the socket at `socketPath`.
  ///
  /// - Precondition: `id` is one the page registry issues (32 lowercase
  ///   hexadecimal digits), and `socketPath` is a path of the server's own
  ///   (``DemoPage/socketPath``): neither comes from the network.
  public static func html(of page: DemoPage, id: String, socketPath: String) -> String {
    precondition(
      WebPageRegistry.isToken(id),
      "WebPages.html(of:id:socketPath:): the page id \(id.debugDescription) is not one the registry issues"
    )
    return document(title: page.title, socket: (id, socketPath)) {
      """
      <header><a href="/">swift-diffable</a><h1>\(page.title)</h1></header>
      \(page.controls.isEmpty ? "" : page.controls + "\n")\
      <div data-diffable-list="\(page.listName)" class="diffable-list"></div>
      """
    }
  }

  /// The HTML of the index: every page, with its line.
  public static var index: String {
    let items = demos.map {
      "<li><a href=\"\($0.path)\">\($0.title)</a>: \($0.summary)</li>"
    }
    return document(title: nil, socket: nil) {
      """
      <header><h1>swift-diffable</h1></header>
      <p>Lists driven by a diffable data source in a Swift process and laid out by \
      a compositional layout; the browser animates each batch update.</p>
      <ul class="diffable-index">
      \(items.joined(separator: "\n"))
      </ul>
      """
    }
  }

  /// The HTML of the page for a path that has none.
  public static var notFound: String {
    document(title: "Not found", socket: nil) {
      """
      <header><a href="/">swift-diffable</a><h1>Not found</h1></header>
      <p>There is no page here. The <a href="/">index</a> lists every page.</p>
      """
    }
  }

  /// A whole document around `body`. Pages with a socket load the client.
  static func document(
    title: String?, socket: (id: String, path: String)?, body: () -> String
  ) -> String {
    let fullTitle = title.map { "\($0) · swift-diffable" } ?? "swift-diffable"
    let script =
      socket == nil ? "" : "\n<script type=\"module\" src=\"/client/page.js\"></script>"
    let bodyTag =
      socket.map { "<body data-page=\"\($0.id)\" data-socket=\"\($0.path)\">" } ?? "<body>"
    return """
      <!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(fullTitle)</title>
      <link rel="stylesheet" href="/client/diffable.css">\(script)</head>
      \(bodyTag)
      \(body())
      </body></html>

      """
  }
}
