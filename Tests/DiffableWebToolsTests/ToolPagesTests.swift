import DiffableWeb
import DiffableWebTools
import Foundation
import Testing

/// The tools as any server hosts them: their documents have the page's
/// hooks, and `fill` gives a page of a registry its list and screen.
@Suite struct ToolPagesTests {
  static let id = "0123456789abcdef0123456789abcdef"

  @Test func thePlaygroundsDocumentHasItsHooks() {
    let html = LayoutPlayground().document(clientPath: "/client").html(
      pageID: Self.id, socketPath: "/playground/socket", listNames: [LayoutPlayground.listName])
    for hook in [
      #"<textarea name="layout""#, #"<input name="width""#, #"<input name="height""#,
      #"<input name="items""#, #"data-error"#, #"data-export="swift""#, #"data-export="uikit""#,
      #"<div data-diffable-list="playground""#, #"<script type="module" src="/client/page.js">"#,
      #"<option value="grid">Grid</option>"#, #"<option value="by-width">"#,
    ] {
      #expect(html.contains(hook), "\(hook)")
    }
  }

  @Test func theInspectorsDocumentHasItsHooksAndItsSources() {
    let inspector = BatchInspector(sources: [
      .init(name: "fruits", title: "Fruits <3", path: "/fruits", list: "fruits")
    ])
    let html = inspector.document().html(
      pageID: Self.id, socketPath: "/inspector/socket", listNames: [BatchInspector.listName])
    for hook in [
      #"<textarea name="old""#, #"<textarea name="new""#, #"<textarea name="batch""#,
      #"<input type="range" name="step""#, #"data-diffable-lines="step""#, #"data-error"#,
      #"data-export="test""#, #"<option value="fruits">Fruits &lt;3</option>"#,
      #"<div data-diffable-list="inspector""#,
    ] {
      #expect(html.contains(hook), "\(hook)")
    }
    #expect(!BatchInspector().controls.contains("data-diffable-submit=\"take\""), "no sources")
  }

  @Test func fillGivesARegistrysPageItsListAndScreen() async throws {
    let inspector = BatchInspector()
    let registry = WebPageRegistry()
    let playground = try await registry.issue(
      WebRequest(path: "/playground", headers: [("Host", "example.com")], clientAddress: "10.0.0.1")
    ) { page in LayoutPlayground().fill(page) }.get()
    let page = try #require(await registry.page(id: playground.id))
    #expect(await page.run { $0.session.listNames } == [LayoutPlayground.listName])
    #expect(await page.run { $0.content is PlaygroundScreen })
    let issued = try await registry.issue(
      WebRequest(path: "/inspector", headers: [("Host", "example.com")], clientAddress: "10.0.0.1")
    ) { page in await inspector.fill(page, registry: registry) }.get()
    let other = try #require(await registry.page(id: issued.id))
    #expect(await other.run { $0.session.listNames } == [BatchInspector.listName])
    #expect(await other.run { $0.session.pageTexts.lines["step"]?.texts.count } == 6)
  }
}
