import DiffableCore

/// The HTML of a page that a ``WebPageRegistry`` issued: its title, the
/// app's own markup around its lists, one element for each list of its
/// session, and the browser client that connects the page to its socket.
///
/// ```swift
/// let document = WebPageDocument(title: "Fruits")
/// ```
///
/// The app's markup (``head``, ``header``, ``footer``) is trusted HTML the
/// app writes: nothing from the network belongs in it. The title and the
/// lists' names are written as text.
public struct WebPageDocument: Sendable, Hashable {
  /// The page's title, as text.
  public var title: String
  /// The page's language: `en` by default.
  public var language = "en"
  /// The path under which the client's files are served (no trailing
  /// slash): `/diffable` by default, so the page loads
  /// `/diffable/page.js` and `/diffable/diffable.css`.
  public var clientPath = "/diffable"
  /// The app's HTML at the end of the page's `head` (its own style sheets,
  /// for example).
  public var head = ""
  /// The app's HTML in the body, before the lists (a heading, the page's
  /// controls).
  public var header = ""
  /// The app's HTML in the body, after the lists.
  public var footer = ""
  /// The size each list is laid out for in the page's HTML (the first
  /// paint) when the browser has not said its own yet: 1024 × 640 by
  /// default, a desktop window's list under a heading. The client keeps
  /// the size of the page's first list in the ``viewportCookie``, and
  /// later pages are laid out for it. Where the sizes differ, a grid whose
  /// columns depend on the width moves its cells at the socket's first
  /// reload; a list's rows keep their place.
  public var firstPaintViewport = WebListViewport(width: 1024, height: 640)

  /// A document titled `title`, with the app's markup around its lists.
  public init(
    title: String, clientPath: String = "/diffable", head: String = "", header: String = "",
    footer: String = ""
  ) {
    self.title = title
    self.clientPath = clientPath
    self.head = head
    self.header = header
    self.footer = footer
  }

  /// The HTML of `page`: `<body data-page="ID" data-socket="PATH">`, the
  /// ``header``, an element with `data-diffable-list` for each list of
  /// the page's session in the order they were made, and the ``footer``.
  ///
  /// Each list element holds the list's first window as its data source
  /// holds it now, laid out for `viewport` (``firstPaintViewport`` when it
  /// is `nil`): the page shows it
  /// with JavaScript off, and the client adopts its cells when the
  /// socket's first reload comes, re-creating none that did not change.
  /// Apply the list's first snapshot in the closure that makes the page,
  /// with the synchronous `apply(_:animatingDifferences:completion:)`
  /// (performed at once on the page's actor), for the HTML to hold it.
  ///
  /// - Precondition: `socketPath` is a path of the server's own (it comes
  ///   from ``WebPageRegistry/IssuedPage/socketPath``, never from the
  ///   network).
  /// - Complexity: O(*k* log *k* + *t*) for each list, where *k* is the
  ///   number of elements in its first window and *t* the length of their
  ///   texts, besides laying the list out.
  public func html(
    for page: isolated WebPage, socketPath: String, viewport: WebListViewport? = nil
  ) -> String {
    let session = page.session
    let viewport = viewport ?? firstPaintViewport
    let lists = session.listNames.map { name in
      guard let message = session._lists[name]?._firstPaint(in: viewport) else {
        return Self.emptyList(name)
      }
      return _FirstPaintHTML.list(message, viewport: viewport)
    }
    return html(pageID: page.id, socketPath: socketPath, lists: lists)
  }

  /// The HTML of the page `pageID`, whose socket is at `socketPath`, with
  /// an element with `data-diffable-list` for each of `listNames`.
  ///
  /// - Precondition: `pageID` is one a registry issues (32 lowercase
  ///   hexadecimal digits) and `socketPath` a plain path of the server's
  ///   own: neither comes from the network as it is.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the HTML.
  public func html(pageID: String, socketPath: String, listNames: [String]) -> String {
    html(pageID: pageID, socketPath: socketPath, lists: listNames.map(Self.emptyList))
  }

  /// The name of the cookie in which the browser client keeps the size of
  /// a page's first list (`WIDTHxHEIGHT`, in pixels), for the next page's
  /// first paint.
  public static let viewportCookie = "diffable-viewport"

  /// The list size a `diffable-viewport` cookie's value says, or `nil`
  /// for anything but two whole numbers from 1 to 16,384 joined by `x`.
  public static func viewport(fromCookie value: String?) -> WebListViewport? {
    guard let value, value.utf8.count <= 11 else { return nil }
    let parts = value.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
      let width = Int(parts[0]), let height = Int(parts[1]),
      (1...16_384).contains(width), (1...16_384).contains(height)
    else { return nil }
    return WebListViewport(width: Double(width), height: Double(height))
  }

  /// An empty list element named `name`.
  static func emptyList(_ name: String) -> String {
    "<div data-diffable-list=\"\(escaped(name))\" class=\"diffable-list\"></div>\n"
  }

  /// The client's style sheet, written into the page so that its first
  /// paint waits for no other request.
  static let styleSheet: String = {
    guard let file = WebClientFile.named("diffable.css") else {
      _diffableFailure("WebPageDocument.html", "the client's diffable.css is not in the bundle")
    }
    return String(decoding: file.contents, as: UTF8.self)
  }()

  private func html(pageID: String, socketPath: String, lists: [String]) -> String {
    precondition(
      WebPageRegistry.isToken(pageID),
      "WebPageDocument.html(pageID:socketPath:listNames:): the page id \(pageID.debugDescription) "
        + "is not one a registry issues")
    precondition(
      socketPath.hasPrefix("/") && !socketPath.contains(where: { "\"<>&' ".contains($0) }),
      "WebPageDocument.html(pageID:socketPath:listNames:): the socket path "
        + "\(socketPath.debugDescription) of the page \(pageID) is no plain path")
    let client = Self.escaped(clientPath)
    // Every module at once: the imports cost no round trip of their own.
    let preloads = WebClientFile.all.filter { $0.name.hasSuffix(".js") && $0.name != "page.js" }
      .map { "<link rel=\"modulepreload\" href=\"\(client)/\(Self.escaped($0.name))\">\n" }
    return """
      <!doctype html><html lang="\(Self.escaped(language))"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escaped(title))</title>
      <style>\(Self.styleSheet)</style>
      <script type="module" src="\(client)/page.js"></script>
      \(preloads.joined())\(head)</head>
      <body data-page="\(pageID)" data-socket="\(socketPath)">
      \(header.isEmpty ? "" : header + "\n")\(lists.joined())\(footer.isEmpty ? "" : footer + "\n")\
      </body></html>

      """
  }

  /// `text` with the characters that HTML reads as markup replaced by
  /// their character references, for text and quoted attribute values.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`; one pass
  ///   and no copy when nothing needs replacing.
  public static func escaped(_ text: String) -> String {
    guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}

extension WebPageRegistry {
  /// The response to a page's `GET`: the page `document` describes, with
  /// an identifier issued for `request` and its session filled by
  /// `makePage` (the registry's own closure when it is `nil`), its lists
  /// laid out for the size the request's ``WebPageDocument/viewportCookie``
  /// says (the document's ``WebPageDocument/firstPaintViewport`` without
  /// one), never cached, with the browser cookie when the request had
  /// none; or the
  /// refusal (403 from the authorization hook, 429 or 503 from a full
  /// limit).
  public func pageResponse(
    to request: WebRequest, document: WebPageDocument,
    makePage: (@Sendable (isolated WebPage) async -> Void)? = nil
  ) async -> WebHTTPResponse {
    switch await issue(request, makePage: makePage) {
    case .failure(let refusal):
      return .refusal(refusal)
    case .success(let issued):
      guard let page = page(id: issued.id) else {
        return .refusal(
          WebRefusal(status: 503, code: .goingAway, reason: "the page was dropped at once"))
      }
      let viewport = WebPageDocument.viewport(
        fromCookie: request.cookie(named: WebPageDocument.viewportCookie))
      var response = WebHTTPResponse.html(
        await document.html(for: page, socketPath: issued.socketPath, viewport: viewport),
        cacheControl: "no-store")
      if let cookie = issued.setCookie { response.headers.append(("set-cookie", cookie)) }
      return response
    }
  }
}
