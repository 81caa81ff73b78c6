import BrowserRenderer
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
        "/demos/chat", "/demos/wifi",
      ])
    #expect(
      WebPages.demos.map(\.name) == [
        "mountains", "sort", "reststop", "expand", "outline", "chat", "wifi",
      ])
    for page in WebPages.demos {
      #expect(index.contains("\(page.title)</a>: \(page.summary)</li>"))
      #expect(!page.summary.contains("\n"))
    }
    // Not a page yet: the index says nothing of them.
    for name in ["playground", "inspector"] {
      #expect(!index.contains(name))
    }
  }

  @Test func eachPageHasItsListItsSocketAndTheClient() throws {
    for page in WebPages.demos {
      let html = WebPages.html(of: page)
      #expect(html.hasPrefix("<!doctype html><html lang=\"en\">"))
      #expect(html.contains("<body data-socket=\"/demos/\(page.name)/socket\">"))
      #expect(
        html.contains("<div data-diffable-list=\"\(page.listName)\" class=\"diffable-list\"></div>")
      )
      #expect(html.contains("<script type=\"module\" src=\"/client/page.js\"></script>"))
      #expect(html.contains("<link rel=\"stylesheet\" href=\"/client/diffable.css\">"))
      #expect(html.contains("<title>\(page.title) · swift-diffable</title>"))
      #expect(html.components(separatedBy: "data-diffable-list=").count == 2)
    }
    let mountains = try #require(WebPages.demo(named: "mountains"))
    let search = WebPages.html(of: mountains)
    #expect(search.components(separatedBy: "<input ").count == 2)
    #expect(search.contains("<input type=\"search\" data-diffable-input=\"search\""))
    for name in ["sort", "reststop", "expand", "outline", "chat"] {
      #expect(!WebPages.html(of: try #require(WebPages.demo(named: name))).contains("<input"))
    }
    let wifi = WebPages.html(of: try #require(WebPages.demo(named: "wifi")))
    #expect(wifi.components(separatedBy: "<input ").count == 2)
    #expect(wifi.contains(#"<input type="checkbox" role="switch" data-diffable-input="wifi">"#))
    #expect(WebPages.demo(named: "playground") == nil)
    #expect(WebPages.demo(named: "") == nil)
  }

  @Test func pagesNameNoServerAndLoadNothingFromElsewhere() {
    let documents = [WebPages.index, WebPages.notFound] + WebPages.demos.map(WebPages.html(of:))
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
    ("a", true), ("abc-DEF-123", true), (String(repeating: "x", count: 64), true),
    ("", false), (String(repeating: "x", count: 65), false), ("a b", false), ("a/b", false),
    ("a_b", false), ("é", false), ("<script>", false), ("a%20", false),
  ])
  func pageIdentifiers(id: String, valid: Bool) async {
    #expect(PageSessions.isValidPageID(id) == valid)
  }
}
