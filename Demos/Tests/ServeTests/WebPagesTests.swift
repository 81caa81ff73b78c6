import BrowserRenderer
import DiffableWeb
import Foundation
import Testing

@Suite struct WebPagesTests {
  @Test func theIndexListsExactlyTheExistingPages() throws {
    let index = WebPages.index
    let links = index.ranges(of: "<a href=\"").map { range in
      String(index[range.upperBound...].prefix { $0 != "\"" })
    }
    #expect(
      links == [
        "/demos/mountains", "/demos/sort", "/demos/reststop", "/demos/expand", "/demos/outline",
        "/demos/chat", "/demos/wifi", "/demos/large", "/demos/large-grid", "/playground",
        "/inspector",
      ])
    #expect(
      WebPages.demos.map(\.name) == [
        "mountains", "sort", "reststop", "expand", "outline", "chat", "wifi",
      ])
    #expect(WebPages.large.map(\.path) == ["/demos/large", "/demos/large-grid"])
    #expect(WebPages.tools.map(\.path) == ["/playground", "/inspector"])
    #expect(index.contains("<h2>Tools</h2>"))
    for page in WebPages.pages {
      #expect(index.contains("\(page.title)</a>: \(page.summary)</li>"))
      #expect(!page.summary.contains("\n"))
    }
  }

  /// A page's HTML for a made-up identifier the registry could issue.
  static func html(of page: DemoPage) -> String {
    page.document.html(pageID: id, socketPath: page.socketPath, listNames: [page.listName])
  }

  static let id = "0123456789abcdef0123456789abcdef"

  @Test func eachPageHasItsListItsSocketAndTheClient() throws {
    for page in WebPages.demos {
      let html = Self.html(of: page)
      #expect(html.hasPrefix("<!doctype html><html lang=\"en\">"))
      #expect(
        html.contains("<body data-page=\"\(Self.id)\" data-socket=\"/demos/\(page.name)/socket\">"))
      #expect(
        html.contains("<div data-diffable-list=\"\(page.listName)\" class=\"diffable-list\"></div>")
      )
      #expect(html.contains("<script type=\"module\" src=\"/client/page.js\"></script>"))
      #expect(html.contains("<style>") && html.contains("[data-diffable-list] {"))
      #expect(html.contains("<link rel=\"modulepreload\" href=\"/client/renderer.js\">"))
      #expect(html.contains("<title>\(page.title) · swift-diffable</title>"))
      #expect(html.components(separatedBy: "data-diffable-list=").count == 2)
    }
    let mountains = try #require(WebPages.demo(named: "mountains"))
    let search = Self.html(of: mountains)
    #expect(search.components(separatedBy: "<input ").count == 2)
    #expect(search.contains("<input type=\"search\" data-diffable-input=\"search\""))
    for name in ["sort", "reststop", "expand", "outline"] {
      #expect(!Self.html(of: try #require(WebPages.demo(named: name))).contains("<input"))
    }
    let chat = Self.html(of: try #require(WebPages.demo(named: "chat")))
    #expect(chat.components(separatedBy: "<input ").count == 2)
    #expect(chat.components(separatedBy: "<form ").count == 2)
    #expect(
      chat.contains(
        #"<form data-diffable-submit="message"><input name="message" type="text" "#
          + #"autocomplete="off" maxlength="500" aria-label="Message" placeholder="Message"> "#
          + #"<button type="submit">Send</button></form>"#))
    let wifi = Self.html(of: try #require(WebPages.demo(named: "wifi")))
    #expect(wifi.components(separatedBy: "<input ").count == 2)
    #expect(wifi.contains(#"<input type="checkbox" role="switch" data-diffable-input="wifi">"#))
    let playground = try #require(WebPages.demo(named: "playground"))
    #expect(playground.socketPath == "/playground/socket")
    #expect(
      Self.html(of: playground).contains(
        #"<body data-page="\#(Self.id)" data-socket="/playground/socket">"#))
    let inspector = Self.html(of: try #require(WebPages.demo(named: "inspector")))
    #expect(inspector.contains(#"<body data-page="\#(Self.id)" data-socket="/inspector/socket">"#))
    for hook in [
      #"<textarea name="old" data-diffable-input="old""#,
      #"<textarea name="new" data-diffable-input="new""#,
      #"<textarea name="batch" data-diffable-input="batch""#,
      #"<input type="range" name="step" data-diffable-input="step" min="0""#,
      #"<p data-error data-diffable-text="error" role="alert"></p>"#,
      #"<ol class="inspector-steps" data-diffable-lines="step""#,
      #"<pre data-export="test" data-diffable-text="test"></pre>"#,
      // The example's JSON, as text: its quotes escaped.
      #"{&quot;reconfiguredItems&quot;:[&quot;okra&quot;]"#,
    ] {
      #expect(inspector.contains(hook), "\(hook)")
    }
    #expect(WebPages.demo(named: "") == nil)
  }

  @Test func pagesNameNoServerAndLoadNothingFromElsewhere() {
    let documents = [WebPages.index, WebPages.notFound] + WebPages.pages.map(Self.html(of:))
    for html in documents {
      for network in ["http:", "https:", "ws:", "wss:", "//", "127.0.0.1", "localhost", "8080"] {
        #expect(!html.contains(network), "\(network) in \(html.prefix(200))")
      }
      #expect(html.hasSuffix("</body></html>\n"))
    }
    #expect(!WebPages.notFound.contains("<script"))
    #expect(!WebPages.index.contains("<script"))
  }

  @Test(arguments: [
    ("0123456789abcdef0123456789abcdef", true), (String(repeating: "a", count: 31), false),
    (String(repeating: "a", count: 33), false), ("0123456789ABCDEF0123456789ABCDEF", false),
    ("", false), ("g123456789abcdef0123456789abcdef", false), ("<script>", false),
  ])
  func pageIdentifiersAreThirtyTwoLowercaseHexDigits(id: String, valid: Bool) async {
    #expect(WebPageRegistry.isToken(id) == valid)
  }
}
