import BrowserRenderer
import DemoServer
import DiffableWeb
import Foundation
import Testing

/// The server's HTTP routes, on a real socket in this process.
@Suite struct ServerRoutesTests {
  @Test func everyRouteAnswersWithItsPage() async throws {
    try await withServer { port, _ in
      let index = try await get("/", port: port)
      #expect(index.status == 200)
      #expect(index.header("Content-Type") == "text/html; charset=utf-8")
      #expect(index.text == WebPages.index)
      for page in WebPages.pages {
        let answer = try await get(page.path, port: port)
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
        let id = try #require(answer.text.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1)
        // The page's HTML, its list holding its first window.
        let unpainted = page.document.html(
          pageID: String(id), socketPath: page.socketPath, listNames: [page.listName])
        let around = unpainted.components(
          separatedBy:
            "<div data-diffable-list=\"\(page.listName)\" class=\"diffable-list\"></div>\n")
        #expect(around.count == 2)
        #expect(answer.text.hasPrefix(around[0]) && answer.text.hasSuffix(around.last ?? ""))
        // A list's role, unless it is a grid (whose rows the client makes).
        let painted = try Regex(
          #"<div data-diffable-list=""# + page.listName
            + #"" class="diffable-list"( role="(list|listbox|tree)")? data-seq="0""#
            + #" data-first-paint><div class="diffable-content" role="none""#)
        #expect(answer.text.contains(painted), "\(page.name)'s list element")
        #expect(answer.text.contains("<div class=\"diffable-cell\""), "\(page.name)'s first paint")
        #expect(answer.header("Cache-Control") == "no-store")
        let cookie = try #require(answer.header("Set-Cookie"))
        #expect(
          cookie.wholeMatch(of: /diffable-browser=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Strict/)
            != nil, "\(cookie)")
        #expect(answer.header("Content-Security-Policy") == WebHTTPResponse.contentSecurityPolicy)
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
      }
      for path in [
        "/nowhere", "/demos/playground", "/demos/", "/demos/mountains/extra", "/client/",
        "/client/README.md", "/client/..%2FWebCell.swift", "/state/unknown-page", "/state/a%20b",
        "/state/0123456789abcdef0123456789abcdef",
        "/demos/mountains/socket",
      ] {
        let answer = try await get(path, port: port)
        #expect(answer.status == 404, "\(path)")
        #expect(answer.header("Content-Type") == "text/html; charset=utf-8", "\(path)")
        #expect(answer.text == WebPages.notFound, "\(path)")
      }
    }
  }

  @Test func headAnswersEveryGetRouteWithoutABody() async throws {
    try await withServer { port, _ in
      for path in ["/", "/demos/mountains", "/client/page.js", "/nowhere", "/state/a%20b"] {
        let got = try await get(path, port: port)
        let head = try await get(path, port: port, method: "HEAD")
        #expect(head.status == got.status, "\(path)")
        #expect(head.body.isEmpty, "\(path)")
        #expect(head.header("Content-Type") == got.header("Content-Type"), "\(path)")
        #expect(head.header("Content-Length") == String(got.body.count), "\(path)")
      }
    }
  }

  @Test func aPageLoadKeepsTheBrowsersCookieAndIssuesANewIDEachTime() async throws {
    try await withServer { port, registry in
      let first = try await get("/demos/sort", port: port)
      let cookie = try #require(first.header("Set-Cookie")?.split(separator: ";").first)
      let again = try await get("/demos/sort", port: port, headers: ["Cookie": String(cookie)])
      #expect(again.header("Set-Cookie") == nil)
      let ids = [first, again].compactMap {
        $0.text.firstMatch(of: /data-page="([0-9a-f]{32})"/)?.1
      }
      #expect(ids.count == 2 && ids[0] != ids[1])
      #expect(await registry.count == 2)
    }
  }

  @Test func clientFilesHaveTheirTypesATagAndNoCache() async throws {
    let files = WebClientFile.all
    #expect(files.contains { $0.name == "model.js" })
    #expect(files.allSatisfy { $0.name.hasSuffix(".js") || $0.name.hasSuffix(".css") })
    #expect(WebClientFile.named("README.md") == nil)
    #expect(WebClientFile.named("../WebCell.swift") == nil)
    try await withServer { port, _ in
      for file in files {
        let answer = try await get("/client/\(file.name)", port: port)
        #expect(answer.status == 200)
        #expect(answer.body == file.contents)
        #expect(answer.header("Content-Type") == file.contentType)
        #expect(answer.header("ETag") == file.etag)
        #expect(answer.header("Cache-Control") == "no-cache")
        #expect(answer.header("X-Content-Type-Options") == "nosniff")
        if file.name.hasSuffix(".js") {
          #expect(file.contentType == "text/javascript; charset=utf-8")
        } else {
          #expect(file.contentType == "text/css; charset=utf-8")
        }

        let again = try await get(
          "/client/\(file.name)", port: port, headers: ["If-None-Match": file.etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == file.etag)

        let other = try await get(
          "/client/\(file.name)", port: port, headers: ["If-None-Match": "\"0-0\", \"1\""])
        #expect(other.status == 200)
        #expect(other.body == file.contents)
      }
    }
  }

  @Test func entityTagsFollowTheContents() throws {
    let a = WebClientFile.entityTag(of: Data("export const a = 1;\n".utf8))
    let b = WebClientFile.entityTag(of: Data("export const a = 2;\n".utf8))
    #expect(a != b)
    #expect(a == WebClientFile.entityTag(of: Data("export const a = 1;\n".utf8)))
    #expect(a.hasPrefix("\"") && a.hasSuffix("\""))
    let file = try #require(WebClientFile.all.first)
    #expect(file.matches(ifNoneMatch: file.etag))
    #expect(file.matches(ifNoneMatch: "W/\(file.etag)"))
    #expect(file.matches(ifNoneMatch: "\"x\", \(file.etag)"))
    #expect(file.matches(ifNoneMatch: "*"))
    #expect(!file.matches(ifNoneMatch: "\"x\""))
    #expect(!file.matches(ifNoneMatch: ""))
  }
}
