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
  /// - Precondition: `socketPath` is a path of the server's own (it comes
  ///   from ``WebPageRegistry/IssuedPage/socketPath``, never from the
  ///   network).
  @MainActor
  public func html(for page: WebPage, socketPath: String) -> String {
    html(pageID: page.id, socketPath: socketPath, listNames: page.session.listNames)
  }

  /// The HTML of the page `pageID`, whose socket is at `socketPath`, with
  /// an element with `data-diffable-list` for each of `listNames`.
  ///
  /// - Precondition: `pageID` is one a registry issues (32 lowercase
  ///   hexadecimal digits) and `socketPath` a plain path of the server's
  ///   own: neither comes from the network as it is.
  public func html(pageID: String, socketPath: String, listNames: [String]) -> String {
    precondition(
      WebPageRegistry.isToken(pageID),
      "WebPageDocument.html(pageID:socketPath:listNames:): the page id \(pageID.debugDescription) "
        + "is not one a registry issues")
    precondition(
      socketPath.hasPrefix("/") && !socketPath.contains(where: { "\"<>&' ".contains($0) }),
      "WebPageDocument.html(pageID:socketPath:listNames:): the socket path "
        + "\(socketPath.debugDescription) of the page \(pageID) is no plain path")
    let lists = listNames.map {
      "<div data-diffable-list=\"\(Self.escaped($0))\" class=\"diffable-list\"></div>\n"
    }
    let client = Self.escaped(clientPath)
    return """
      <!doctype html><html lang="\(Self.escaped(language))"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escaped(title))</title>
      <link rel="stylesheet" href="\(client)/diffable.css">
      <script type="module" src="\(client)/page.js"></script>\(head)</head>
      <body data-page="\(pageID)" data-socket="\(socketPath)">
      \(header.isEmpty ? "" : header + "\n")\(lists.joined())\(footer.isEmpty ? "" : footer + "\n")\
      </body></html>

      """
  }

  /// `text` with the characters that HTML reads as markup replaced by
  /// their character references, for text and quoted attribute values.
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
  /// `makePage` (the registry's own closure when it is `nil`), never
  /// cached, with the browser cookie when the request had none; or the
  /// refusal (403 from the authorization hook, 429 or 503 from a full
  /// limit).
  public func pageResponse(
    to request: WebRequest, document: WebPageDocument,
    makePage: (@MainActor (WebPage) -> Void)? = nil
  ) async -> WebHTTPResponse {
    switch await issue(request, makePage: makePage) {
    case .failure(let refusal):
      return .refusal(refusal)
    case .success(let issued):
      guard let page = page(id: issued.id) else {
        return .refusal(
          WebRefusal(status: 503, code: .goingAway, reason: "the page was dropped at once"))
      }
      var response = WebHTTPResponse.html(
        document.html(for: page, socketPath: issued.socketPath), cacheControl: "no-store")
      if let cookie = issued.setCookie { response.headers.append(("set-cookie", cookie)) }
      return response
    }
  }
}
