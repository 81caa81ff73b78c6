import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web session: self-sizing cells measured in the browser")
struct WebSelfSizingTests {
  typealias Layouts = WebLayoutTests

  /// Rows of the full width, `height` tall.
  static func rows(_ height: LayoutDimension) -> CompositionalLayout {
    let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height)
    return CompositionalLayout(
      section: LayoutSection(
        group: .vertical(layoutSize: size, subitems: [LayoutItem(layoutSize: size)])))
  }

  /// Rows whose height is estimated at 44 points.
  static let estimatedRows = rows(.estimated(44))

  /// A session whose list "main" has estimated rows, holding `items` in
  /// section "a", served to a page of 390 × 600.
  static func connected(_ items: [String]) async throws -> (
    WebSession, DiffableDataSource<String, String>, FakeWebClient, Task<Void, Never>,
    WebReloadMessage
  ) {
    let (session, _, dataSource) = Layouts.session(layout: estimatedRows)
    await dataSource.apply(.make([("a", items)]))
    let (client, serving, reload) = try await Layouts.connect(
      session, list: WebListViewport(width: 390, height: 600))
    return (session, dataSource, client, serving, reload)
  }

  /// The top of each row of `heights`, stacked from 0.
  static func tops(_ heights: [Double]) -> [Double] {
    var y = 0.0
    return heights.map { height in
      defer { y += height }
      return y
    }
  }

  @Test("a measured height is the cell's height, what follows moves, and seq stays")
  func measuredHeight() async throws {
    let items = Layouts.items(20)
    let (session, _, client, serving, reload) = try await Self.connected(items)
    let layout = try #require(reload.layout)
    #expect(layout.estimated == ["a": .height])
    #expect(layout.frames["item-00001"] == WebRect(x: 0, y: 44, width: 390, height: 44))

    client.send(
      .measure(
        list: "main",
        sizes: [
          "item-00001": WebSize(width: 390, height: 80.5),
          "item-00003": WebSize(width: 390, height: 20),
        ]))
    let answer = try await Layouts.layoutMessage(client)
    #expect(answer.seq == 1)
    // The answer carries the frames that changed alone: the rows measured,
    // and the one between them; the rows below move by one offset, and the
    // first stays.
    #expect(Set(answer.layout.frames.keys) == ["item-00001", "item-00002", "item-00003"])
    #expect(answer.layout.unmoved == ["item-00000"])
    #expect(answer.layout.shifted.map(\.dy) == [12.5])
    let whole = try #require(client.layouts["main"])
    var heights = Array(repeating: 44.0, count: 20)
    heights[1] = 80.5
    heights[3] = 20
    let tops = Self.tops(heights)
    for (i, item) in items.enumerated() {
      #expect(whole.frames[item] == WebRect(x: 0, y: tops[i], width: 390, height: heights[i]))
    }
    #expect(whole.size == WebSize(width: 390, height: 20 * 44 + 36.5 - 24))
    #expect(answer.cells.isEmpty)
    #expect(whole.estimated == ["a": .height])
    #expect(session.listStates().first?.frames == whole.frames)
    #expect(session.listStates().first?.seq == 1)

    // The same sizes again: nothing moves, and the answer says so.
    client.send(.measure(list: "main", sizes: ["item-00001": WebSize(width: 390, height: 80.5)]))
    let again = try await Layouts.layoutMessage(client)
    #expect(again.layout.frames.isEmpty && again.layout.shifted.isEmpty)
    #expect(again.layout.unmoved == items)
    #expect(client.layouts["main"] == whole)
    await client.transport.close()
    await serving.value
  }

  @Test("a plain list's rows are estimated, as UIKit's are")
  func plainListsSizeThemselves() async throws {
    let (session, _, dataSource) = Layouts.session()
    await dataSource.apply(.make([("a", ["apple", "pear"])]))
    let (client, serving, reload) = try await Layouts.connect(
      session, list: WebListViewport(width: 390, height: 600))
    #expect(reload.layout?.estimated == ["a": .height])
    client.send(.measure(list: "main", sizes: ["apple": WebSize(width: 390, height: 61)]))
    let answer = try await Layouts.layoutMessage(client)
    #expect(answer.layout.frames["pear"] == WebRect(x: 0, y: 61, width: 390, height: 44))
    await client.transport.close()
    await serving.value
  }

  @Test("measured sizes belong to their items through later batches, moves and a reload")
  func sizesSurviveBatches() async throws {
    let items = Layouts.items(10)
    let (session, dataSource, client, serving, _) = try await Self.connected(items)
    client.send(.measure(list: "main", sizes: ["item-00001": WebSize(width: 390, height: 100)]))
    _ = try await Layouts.layoutMessage(client)

    // An insert before it: the item keeps its height at its new place.
    var order = ["new"] + items
    let inserting = Task { await dataSource.apply(.make([("a", order)])) }
    guard case .batch(let inserted) = try await client.receive() else {
      throw FakeClientError("expected a batch")
    }
    #expect(inserted.seq == 2)
    let shown = client.layouts["main"]?.frames
    #expect(shown?["item-00001"] == WebRect(x: 0, y: 88, width: 390, height: 100))
    #expect(shown?["item-00002"] == WebRect(x: 0, y: 188, width: 390, height: 44))
    client.send(.ack(list: "main", seq: 2))
    await inserting.value

    // A move within the section (its count stays): the height goes with the item.
    order.swapAt(2, 6)
    let moving = Task { await dataSource.apply(.make([("a", order)])) }
    guard case .batch(let moved) = try await client.receive() else {
      throw FakeClientError("expected a batch")
    }
    #expect(moved.seq == 3)
    #expect(moved.layout?.frames[order[2]] == WebRect(x: 0, y: 88, width: 390, height: 44))
    #expect(moved.layout?.frames["item-00001"] == WebRect(x: 0, y: 264, width: 390, height: 100))
    client.send(.ack(list: "main", seq: 3))
    await moving.value

    // A reload keeps it too.
    client.send(.resync(list: "main", reason: "test"))
    guard case .reload(let reloaded) = try await client.receive() else {
      throw FakeClientError("expected a reload")
    }
    #expect(reloaded.layout?.frames["item-00001"] == WebRect(x: 0, y: 264, width: 390, height: 100))

    // Deleted, the item's size is forgotten: back, it has its estimate.
    order.removeAll { $0 == "item-00001" }
    let deleting = Task { await dataSource.apply(.make([("a", order)])) }
    _ = try await client.receive()
    client.send(.ack(list: "main", seq: 5))
    await deleting.value
    let restoring = Task { await dataSource.apply(.make([("a", order + ["item-00001"])])) }
    guard case .batch(let restored) = try await client.receive() else {
      throw FakeClientError("expected a batch")
    }
    #expect(restored.layout?.frames["item-00001"] == WebRect(x: 0, y: 440, width: 390, height: 44))
    client.send(.ack(list: "main", seq: 6))
    await restoring.value
    #expect(session.listStates().first?.seq == 6)
    await client.transport.close()
    await serving.value
  }

  @Test("a measurement for an item deleted meanwhile, or of a fixed-size list, moves nothing")
  func ignoredSizes() async throws {
    let (session, _, dataSource) = Layouts.session(layout: Self.rows(.absolute(44)))
    await dataSource.apply(.make([("a", ["apple", "pear"])]))
    let (client, serving, reload) = try await Layouts.connect(
      session, list: WebListViewport(width: 390, height: 600))
    #expect(reload.layout?.estimated == [:])
    client.send(.measure(list: "main", sizes: ["apple": WebSize(width: 390, height: 90)]))
    let answer = try await Layouts.layoutMessage(client)
    #expect(answer.layout.frames.isEmpty && answer.layout.unmoved == ["apple", "pear"])
    #expect(client.layouts["main"] == reload.layout)

    let applying = Task { await dataSource.apply(.make([("a", ["pear"])])) }
    _ = try await client.receive()
    client.send(.measure(list: "main", sizes: ["apple": WebSize(width: 390, height: 90)]))
    _ = try await Layouts.layoutMessage(client)
    #expect(client.layouts["main"]?.frames == ["pear": WebRect(x: 0, y: 0, width: 390, height: 44)])
    client.send(.ack(list: "main", seq: 2))
    await applying.value
    await client.transport.close()
    await serving.value
  }

  @Test("bad measurements get an error naming the problem, change nothing, and the page carries on")
  func badMeasurements() async throws {
    let (session, _, dataSource) = Layouts.session(layout: Self.estimatedRows)
    await dataSource.apply(.make([("a", Layouts.items(5))]))
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.measure(list: "main", sizes: [:]))
    #expect(try await client.receive() == .error(message: "measure before ready"))
    client.send(.ready(viewport: WebViewport(width: 390, height: 600)))
    guard case .reload(let reload) = try await client.receive() else {
      throw FakeClientError("expected a reload")
    }

    func expectError(_ text: String, _ check: (String) -> Bool) async throws {
      client.send(text)
      let message = try await client.receive()
      guard case .error(let problem) = message else {
        Issue.record("expected an error for \(text), got \(String(describing: message))")
        return
      }
      #expect(check(problem), "\(problem)")
      // A good message in between, so that the connection stays open.
      client.send(.ping(id: 1))
      #expect(try await client.receive() == .pong(id: 1))
    }
    let measure = #"{"v": 1, "type": "measure", "list": "main", "sizes": "#
    try await expectError(#"{"v": 1, "type": "measure", "list": "nope", "sizes": {}}"#) {
      $0 == #"unknown list "nope""#
    }
    try await expectError(measure + #"{"item-00001": [390, 90], "zzz": [390, 10]}}"#) {
      $0 == #"measure of list "main" names items not in its window: "zzz""#
    }
    try await expectError(measure + #"{"item-00001": [390, -1]}}"#) {
      $0.contains("is not between 0 and 100000 on both axes") && $0.contains("item-00001")
    }
    try await expectError(measure + #"{"item-00001": [390, 100001]}}"#) {
      $0.contains("is not between 0 and 100000")
    }
    try await expectError(measure + #"{"item-00001": [390, 1e999]}}"#) { !$0.isEmpty }
    try await expectError(measure + #"{"item-00001": [390]}}"#) {
      $0.contains("a size has 1 numbers; expected 2")
    }
    let many = (0...WebClientMessage.maximumMeasuredItems).map { #""x\#($0)": [1, 1]"# }
    try await expectError(measure + "{" + many.joined(separator: ",") + "}}") {
      $0.hasPrefix("measure has 1001 sizes; at most 1000 are allowed")
    }
    // None of them changed the layout.
    #expect(session.listStates().first?.frames == reload.layout?.frames)
    await client.transport.close()
    await serving.value
  }
}
