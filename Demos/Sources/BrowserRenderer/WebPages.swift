import DiffableWeb
import DiffableWebTools

/// A browser page of a seed screen or a tool: its identifier, path, title
/// and the one line the index says of it.
public struct DemoPage: Sendable, Hashable {
  /// The page's name: a seed screen's is in its path, `/demos/NAME`.
  public let name: String
  /// The page's title.
  public let title: String
  /// One line on what the page shows.
  public let summary: String
  /// The name of the page's list (`data-diffable-list`).
  public let listName: String
  /// The page's controls, as HTML written here (never from the network).
  let controls: String
  /// The page's cell templates and their style, as HTML written here.
  var templates = ""
  var style = ""

  /// The page's path: `/demos/NAME` for a seed screen, `/NAME` for a tool.
  public let path: String

  /// The path of the page's WebSocket: the page's path and `/socket`.
  public var socketPath: String { "\(path)/socket" }

  init(
    name: String, path: String? = nil, title: String, summary: String, listName: String,
    controls: String, templates: String = "", style: String = ""
  ) {
    self.name = name
    self.path = path ?? "/demos/\(name)"
    self.title = title
    self.summary = summary
    self.listName = listName
    self.controls = controls
    self.templates = templates
    self.style = style
  }

  /// The page's document: its title, a heading with a link to the index,
  /// its controls; the client served under `/client`.
  public var document: WebPageDocument {
    WebPageDocument(
      title: "\(title) · swift-diffable", clientPath: WebPages.clientPath,
      head: style.isEmpty ? "" : "<style>\(style)</style>",
      header: "<header><a href=\"/\">swift-diffable</a><h1>\(title)</h1></header>"
        + (controls.isEmpty ? "" : "\n" + controls), footer: templates)
  }
}

/// The HTML of the demo server's pages: constant, trusted text, with no
/// data from the network in it.
///
/// A seed screen's page is a ``DemoPage/document``: it loads the browser
/// client (`/client/page.js`, which shows the page's lists and connects to
/// its socket) and its style sheet, and carries the identifier the page
/// registry issued for it (`<body data-page="ID" data-socket="PATH">`); the
/// data arrives over the socket and only ever reaches the page as text.
public enum WebPages {
  /// Where the server serves the client's files.
  public static let clientPath = "/client"

  /// Every page with a session: the seed screens, then the tools.
  public static var pages: [DemoPage] { demos + large + tools }

  /// The tools, each at `/NAME`, in the index's order.
  public static let tools: [DemoPage] = [playground, inspectorPage]

  /// The batch inspector's page: `DiffableWebTools`' inspector, whose take
  /// form reads the seed screens.
  static let inspectorPage = DemoPage(
    name: "inspector", path: "/inspector", title: "Batch inspector",
    summary:
      "Two snapshots in, the batch update between them out: step through it, edit it, "
      + "copy it as a test.",
    listName: BatchInspector.listName, controls: inspector.controls, style: BatchInspector.style)

  /// The batch inspector of the seed screens: it can take the last two
  /// applies of each.
  public static var inspector: BatchInspector {
    BatchInspector(
      sources: demos.map {
        BatchInspector.Source(name: $0.name, title: $0.title, path: $0.path, list: $0.listName)
      })
  }

  /// The seed screens, in the index's order.
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
      summary:
        "A highway rest stop: food cards of the page's own template that scroll sideways "
        + "(add one to your basket), goods and brands.",
      listName: "reststop", controls: "", templates: restStopTemplates, style: restStopStyle),
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
        "A conversation whose messages arrive from a background task, typing indicator first; "
        + "type a message, and Ada answers.",
      listName: "chat",
      controls: """
        <form data-diffable-submit="message"><input name="message" type="text" \
        autocomplete="off" maxlength="500" aria-label="Message" placeholder="Message"> \
        <button type="submit">Send</button></form>
        """),
    DemoPage(
      name: "wifi", title: "Wi-Fi",
      summary:
        "WWDC19's Wi-Fi settings: turn Wi-Fi on, networks come and go as scans arrive; "
        + "tap a network to join it.",
      listName: "wifi",
      controls: """
        <label><input type="checkbox" role="switch" data-diffable-input="wifi"> Wi-Fi</label>
        """),
  ]

  /// The pages of long lists, after the seed screens in the index.
  public static let large: [DemoPage] = [
    largePage(
      name: "large", title: "A million rows",
      list: "A list of 1,000,000 rows that size themselves", noun: "row"),
    largePage(
      name: "large-grid", title: "A million cells", list: "A grid of 1,000,000 cells",
      noun: "cell"),
  ]

  /// A page of a long `list` of items called `noun`, and its form: a
  /// number, a button, and the status line the server writes.
  static func largePage(name: String, title: String, list: String, noun: String) -> DemoPage {
    DemoPage(
      name: name, title: title,
      summary:
        "\(list): fling it, or jump to a \(noun); placeholders stand where \(noun)s have not "
        + "arrived.",
      listName: "large",
      controls: """
        <form data-diffable-submit="jump"><label>Jump to \(noun) <input name="jump" \
        type="text" inputmode="numeric" autocomplete="off" placeholder="765,432"></label> \
        <button type="submit">Go</button> <output data-diffable-text="jump-status" \
        role="status"></output></form>
        """,
      style: largeStyle)
  }

  /// The large pages' style: a cell is a box with a hairline edge; rows
  /// are short, so that a million of them stay within what a browser lays
  /// out.
  static let largeStyle = """
    [data-diffable-list="large"] .diffable-cell { box-shadow: inset 0 0 0 0.5px #c8c8cc; \
    font-variant-numeric: tabular-nums; font-size: 13px; }
    [data-diffable-list="large"] .diffable-cell[data-self-sizing] { padding-top: 0.3rem; \
    padding-bottom: 0.3rem; }
    [data-diffable-list="large"] .diffable-measure > .diffable-cell[data-self-sizing] { \
    min-height: 0; }
    """

  /// The rest stop's cell templates: a food card with a picture, the
  /// dish's name and price, what the basket holds of it and an "Add"
  /// button; a brand with its details and a link to its site.
  static let restStopTemplates = """
    <template data-cell="food"><div class="food-card">\
    <img class="food-picture" data-field="picture" alt="">\
    <div class="food-texts"><strong data-field="name"></strong>\
    <span data-field="price"></span><span class="food-basket" data-field="basket"></span>\
    <button type="button" data-action="add">Add<span class="visually-hidden"> \
    <span data-field="name"></span></span></button></div></div></template>
    <template data-cell="brand"><div class="brand-card"><strong data-field="name"></strong>\
    <span data-field="details"></span><a data-field="site" target="_blank" rel="noopener"></a>\
    </div></template>
    """

  /// The style of the rest stop's templates.
  static let restStopStyle = """
    .food-card { display: flex; align-items: center; gap: 10px; height: 100%; }
    .food-picture { flex: none; width: 40%; max-height: 100%; aspect-ratio: 1; \
    border-radius: 8px; object-fit: cover; }
    .food-texts { display: flex; flex-direction: column; align-items: flex-start; gap: 2px; \
    flex: 1; min-width: 0; overflow-wrap: anywhere; }
    .food-basket { font-size: 0.85em; opacity: 0.75; }
    .food-card button { font: inherit; margin-top: 4px; padding: 2px 12px; border-radius: 14px; \
    border: 1px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
    .brand-card { display: flex; flex-direction: column; gap: 2px; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; \
    clip-path: inset(50%); white-space: nowrap; }
    """

  /// The page named `name`, a seed screen or a tool, or `nil` when there
  /// is none.
  public static func demo(named name: String) -> DemoPage? {
    pages.first { $0.name == name }
  }

  /// The HTML of the index: every page, with its line; the tools after the
  /// seed screens.
  public static var index: String {
    func list(_ pages: [DemoPage]) -> String {
      let items = pages.map {
        "<li><a href=\"\($0.path)\">\($0.title)</a>: \($0.summary)</li>"
      }
      return "<ul class=\"diffable-index\">\n\(items.joined(separator: "\n"))\n</ul>"
    }
    let tools = WebPages.tools.isEmpty ? "" : "\n<h2>Tools</h2>\n" + list(WebPages.tools)
    return document(title: nil) {
      """
      <header><h1>swift-diffable</h1></header>
      <p>Lists driven by a diffable data source in a Swift process and laid out by \
      a compositional layout; the browser animates each batch update.</p>
      \(list(demos + large))\(tools)
      """
    }
  }

  /// The HTML of the page for a path that has none.
  public static var notFound: String {
    document(title: "Not found") {
      """
      <header><a href="/">swift-diffable</a><h1>Not found</h1></header>
      <p>There is no page here. The <a href="/">index</a> lists every page.</p>
      """
    }
  }

  /// A whole document around `body`, with the client's style sheet and no
  /// script.
  static func document(title: String?, body: () -> String) -> String {
    let fullTitle = title.map { "\($0) · swift-diffable" } ?? "swift-diffable"
    return """
      <!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(fullTitle)</title>
      <link rel="stylesheet" href="\(clientPath)/diffable.css"></head>
      <body>
      \(body())
      </body></html>

      """
  }
}
