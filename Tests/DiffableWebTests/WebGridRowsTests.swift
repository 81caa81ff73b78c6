import CollectionLayout
import DiffableCore
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web lists: a grid's rows in the whole list")
struct WebGridRowsTests {
  /// Three square cells a row, 130 high, under a 30-point header.
  nonisolated static let grid: CompositionalLayout = {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(130)),
      subitems: [.item(item)])
    var section = LayoutSection(group: group)
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
        elementKind: "header", alignment: .top)
    ]
    return CompositionalLayout(section: section)
  }()

  @Test("a grid's window says its rows' places in the whole list, and the count")
  func rows() async throws {
    let (session, view, dataSource) = WebLayoutTests.session(layout: Self.grid)
    // Two sections: 100 items (34 rows), then 5 (2 rows); a header each.
    await dataSource.apply(
      .make([("a", WebLayoutTests.items(100, "a")), ("b", WebLayoutTests.items(5, "b"))]))
    let (client, serving, reload) = try await WebLayoutTests.connect(
      session, list: WebListViewport(width: 390, height: 600))
    let rows = try #require(reload.layout?.rows)
    #expect(rows.count == 1 + 34 + 1 + 2)
    #expect(rows.items["a-00000"] == 1 && rows.items["a-00002"] == 1)
    #expect(rows.items["a-00003"] == 2)
    #expect(rows.supplementaries == [0])
    // Scrolled to the second section: its header is row 35, its items 36, 37.
    let y = try #require(view.solvedLayout).sectionFrame(1).minY
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: Double(y))))
    let layout = try await WebLayoutTests.layoutMessage(client)
    let scrolled = try #require(layout.layout.rows)
    #expect(scrolled.count == 38)
    #expect(scrolled.items["b-00000"] == 36 && scrolled.items["b-00004"] == 37)
    #expect(scrolled.items["a-00099"] == 34)
    let header = try #require(
      layout.layout.supplementaries.firstIndex { $0.kind == "header" && $0.section == "b" })
    #expect(scrolled.supplementaries[header] == 35)
    await client.transport.close()
    await serving.value
  }

  @Test("a list of rows is no grid: its layouts carry no rows")
  func list() async throws {
    let (session, _, dataSource) = WebLayoutTests.session()
    await dataSource.apply(.make([("a", WebLayoutTests.items(50))]))
    let (client, serving, reload) = try await WebLayoutTests.connect(
      session, list: WebListViewport(width: 390, height: 600))
    #expect(reload.layout != nil && reload.layout?.rows == nil)
    await client.transport.close()
    await serving.value
  }

  @Test("rows are written with the layout and read back")
  func wire() throws {
    let layout = WebLayout(
      size: WebSize(width: 390, height: 100),
      frames: ["a": WebRect(x: 0, y: 0, width: 195, height: 50)],
      rows: WebRows(count: 3, items: ["a": 1], supplementaries: [-1]))
    let message = WebServerMessage.layout(
      WebLayoutMessage(list: "main", seq: 1, layout: layout, cells: [:]))
    let text = String(decoding: try message.jsonData(), as: UTF8.self)
    #expect(text.contains(#""rows":{"count":3,"items":{"a":1},"supplementaries":[-1]}"#))
    #expect(try WebServerMessage(jsonData: Data(text.utf8)) == message)
  }
}
