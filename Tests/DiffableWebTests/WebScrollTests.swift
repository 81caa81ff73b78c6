import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web lists: scrolling to an item")
struct WebScrollTests {
  /// The next message, which must be a `scroll`.
  static func scrollMessage(_ client: FakeWebClient) async throws -> WebServerMessage {
    try await client.receive("a scroll") {
      if case .scroll = $0 { $0 } else { nil }
    }
  }

  /// Items of a list of 10,000 rows 44 high in a list 600 high, where
  /// scrolling puts them, and the offset: the item's top (220,000 for item
  /// 5,000), its centre, its bottom; the last item's top kept within the
  /// content; with no vertical position, the least scroll that shows it.
  nonisolated static let cases: [(item: Int, position: WebScrollPosition, y: Double)] = [
    (5_000, .top, 220_000), (5_000, .centeredVertically, 219_722),
    (5_000, .bottom, 219_444), (9_999, .top, 439_400), (0, .bottom, 0), (5_000, [], 219_444),
    (3, [], 0), (5_000, [.top, .left], 220_000),
  ]

  @Test(
    "the item lands where UIKit puts it, kept within the content; the window comes first",
    arguments: cases)
  func positions(item: Int, position: WebScrollPosition, y: Double) async throws {
    let (session, view, dataSource) = WebLayoutTests.session()
    let items = WebLayoutTests.items(10_000)
    await dataSource.apply(.make([("all", items)]))
    let (client, serving, reload) = try await WebLayoutTests.connect(
      session, list: WebListViewport(width: 390, height: 600))
    #expect(reload.layout?.frames[items[item]] == nil || item < 20)
    view.scrollToItem(at: IndexPath(item: item, section: 0), at: position, animated: item == 3)
    if y > 600 {
      let layout = try await WebLayoutTests.layoutMessage(client)
      let frame = try #require(layout.layout.frames[items[item]], "the item is in the window")
      #expect(frame.y == Double(item) * 44)
    }
    #expect(
      try await Self.scrollMessage(client)
        == .scroll(list: "main", x: 0, y: y, animated: item == 3))
    #expect(view.viewport?.y == y)
    // The page reports the offset it scrolled to: nothing more to send.
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: y)))
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    await client.transport.close()
    await serving.value
  }

  @Test("a list no page has sized does not scroll, and sends nothing")
  func noPage() async throws {
    let (_, view, dataSource) = WebLayoutTests.session()
    await dataSource.apply(.make([("all", ["a", "b"])]))
    view.scrollToItem(at: IndexPath(item: 1, section: 0), at: .top, animated: false)
    #expect(view.viewport == nil)
  }

  /// A list view that shows the items `a` and `b`, kept alive with its
  /// data source.
  static func shownList() -> WebListView<String, String> {
    let (session, view, dataSource) = WebLayoutTests.session()
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["all"])
    snapshot.appendItems(["a", "b"])
    dataSource.apply(snapshot, animatingDifferences: false)
    kept.append((session, dataSource))
    return view
  }

  static var kept: [(WebSession, DiffableDataSource<String, String>)] = []

  @Test("an index path the list does not show stops the program, naming the list")
  func outOfRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        Self.shownList().scrollToItem(at: IndexPath(item: 2, section: 0), at: .top, animated: false)
      }
    }
    expectMessage(
      result,
      #"WebListView.scrollToItem(at:at:animated:): index path [0, 2] is not an item of list "#
        + #""main", whose snapshot has 1 sections"#)
  }

  @Test("two positions along one axis stop the program")
  func twoPositions() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        Self.shownList().scrollToItem(
          at: IndexPath(item: 1, section: 0), at: [.top, .bottom], animated: false)
      }
    }
    expectMessage(
      result,
      #"WebListView.scrollToItem(at:at:animated:): position 5 of list "main" names two "#
        + "positions along one axis")
  }

  @Test("a scroll message is written as the note writes it, and read back; bad offsets refused")
  func wire() throws {
    let message = WebServerMessage.scroll(list: "main", x: 0, y: 880.5, animated: true)
    let text = String(decoding: try message.jsonData(), as: UTF8.self)
    #expect(text == #"{"animated":true,"list":"main","type":"scroll","v":1,"x":0,"y":880.5}"#)
    #expect(try WebServerMessage(jsonData: Data(text.utf8)) == message)
    for bad in [
      #"{"v":1,"type":"scroll","list":"main","x":-1,"y":0,"animated":false}"#,
      #"{"v":1,"type":"scroll","list":"main","x":0,"y":0}"#,
      #"{"v":1,"type":"scroll","list":"main","x":0,"y":0,"animated":false,"z":1}"#,
    ] {
      #expect(throws: DecodingError.self) { try WebServerMessage(jsonData: Data(bad.utf8)) }
    }
  }
}
