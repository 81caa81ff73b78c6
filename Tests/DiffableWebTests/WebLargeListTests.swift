import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import Foundation
import Testing

@testable import DiffableWeb

@MainActor
@Suite("Web lists: long lists (runs, patterns, the window ahead)")
struct WebLargeListTests {
  typealias Layouts = WebLayoutTests

  /// Square cells of 64 points, `columns` a row.
  nonisolated static func grid(columns: Int) -> CompositionalLayout {
    let item = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .absolute(64), heightDimension: .absolute(64)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(64)),
      repeatingSubitem: item, count: columns)
    return CompositionalLayout(section: LayoutSection(group: group))
  }

  /// A session whose list "main" of `layout` shows `count` integers from
  /// `first` in section "s", served to a page of 390 × 600.
  static func connected(
    _ count: Int, from first: Int = 0, layout: CompositionalLayout = Layouts.plain
  ) async throws -> (
    WebListView<String, Int>, DiffableDataSource<String, Int>, FakeWebClient,
    Task<Void, Never>, WebReloadMessage
  ) {
    let session = WebSession()
    session.acknowledgementTimeout = .seconds(3_600)
    session.silenceTimeout = .seconds(3_600)
    let view: WebListView<String, Int> = session.listView(named: "main", layout: layout)
    let dataSource = DiffableDataSource<String, Int>(view: view) { _, _, item in
      WebCell("Row \(item)")
    }
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["s"])
    snapshot.appendItems(Array(first..<(first + count)))
    await dataSource.apply(snapshot)
    let (client, serving, reload) = try await Layouts.connect(
      session, list: WebListViewport(width: 390, height: 600))
    return (view, dataSource, client, serving, reload)
  }

  @Test("a long section of consecutive integers travels as its runs, a short one as items")
  func runs() async throws {
    let (_, _, client, serving, reload) = try await Self.connected(100_000)
    #expect(reload.sections.count == 1)
    #expect(reload.sections[0].runs == [WebItemRun(first: 0, count: 100_000)])
    #expect(reload.sections[0].items.isEmpty && reload.sections[0].count == 100_000)
    // The cells are the window's only.
    #expect(reload.cells.count < 100 && reload.cells["0"]?.text == "Row 0")
    await client.transport.close()
    await serving.value
    let (_, _, shortClient, shortServing, short) = try await Self.connected(255, from: 7)
    #expect(short.sections[0].runs == nil && short.sections[0].items.count == 255)
    #expect(short.sections[0].items.first == WebIdentifier(7))
    await shortClient.transport.close()
    await shortServing.value
  }

  @Test("runs are used only when they are few: one per eight items at most")
  func fewRuns() {
    let long = Array(0..<256)
    #expect(WebSection._runs(of: long) == [WebItemRun(first: 0, count: 256)])
    // Every other integer: 256 runs of one.
    #expect(WebSection._runs(of: long.map { $0 * 2 }) == nil)
    // 32 runs of 8: the most that 256 items are written with.
    let eights = (0..<256).map { $0 + ($0 / 8) }
    #expect(WebSection._runs(of: eights)?.count == 32)
    #expect(WebSection._runs(of: eights + [1_000]) == nil)
    // 16 runs of 16: fine.
    let sixteen = (0..<256).map { $0 + ($0 / 16) }
    #expect(WebSection._runs(of: sixteen)?.count == 16)
    // Integers a page cannot hold exactly are listed.
    #expect(WebSection._runs(of: long.map { $0 + (1 << 53) }) == nil)
  }

  @Test("runs are written as [first, count] pairs and read back; bad runs are refused")
  func runsOnTheWire() throws {
    let section = WebSection(
      id: WebIdentifier("s"),
      runs: [WebItemRun(first: -3, count: 5), WebItemRun(first: 100, count: 1)])
    let message = WebServerMessage.reload(
      WebReloadMessage(list: "main", seq: 1, sections: [section], cells: [:]))
    let text = String(decoding: try message.jsonData(), as: UTF8.self)
    #expect(text.contains(#""sections":[{"id":"s","runs":[[-3,5],[100,1]]}]"#))
    #expect(try WebServerMessage(jsonData: Data(text.utf8)) == message)
    #expect(section.count == 6)
    for bad in [
      #"{"id":"s","runs":[[0,0]]}"#, #"{"id":"s","runs":[[0]]}"#,
      #"{"id":"s","runs":[[9007199254740992,1]]}"#, #"{"id":"s","runs":[[9007199254740991,2]]}"#,
      #"{"id":"s","runs":[[0,1]],"items":[]}"#, #"{"id":"s","runs":[[0.5,1]]}"#,
    ] {
      #expect(throws: DecodingError.self, "\(bad)") {
        try JSONDecoder().decode(WebSection.self, from: Data(bad.utf8))
      }
    }
  }

  @Test("a grid's pattern gives every item's frame, outside the window too")
  func gridPattern() async throws {
    let layout = Self.grid(columns: 6)
    let (view, _, client, serving, reload) = try await Self.connected(1_000, layout: layout)
    let pattern = try #require(reload.layout?.patterns?.first)
    #expect(pattern.section == "s" && pattern.count == 1_000 && pattern.slots.count == 6)
    let solved = try #require(view.solvedLayout)
    for k in [0, 5, 6, 77, 500, 999] {
      let expected = try #require(
        solved.layoutAttributesForItem(at: IndexPath(item: k, section: 0))
      ).frame
      let (g, j) = k.quotientAndRemainder(dividingBy: pattern.slots.count)
      let slot = pattern.slots[j]
      #expect(pattern.origin.x + Double(g) * pattern.step.x + slot.x == Double(expected.minX))
      #expect(pattern.origin.y + Double(g) * pattern.step.y + slot.y == Double(expected.minY))
      #expect(slot.width == Double(expected.width) && slot.height == Double(expected.height))
    }
    // A scroll sends a layout without the patterns the page holds.
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 3_000)))
    let scrolled = try await Layouts.layoutMessage(client)
    #expect(scrolled.layout.patterns == nil)
    await client.transport.close()
    await serving.value
  }

  @Test("a section the window holds whole has no pattern; one that shrinks into it sends none")
  func patternsGone() async throws {
    let (_, dataSource, client, serving, reload) = try await Self.connected(1_000)
    #expect(reload.layout?.patterns?.count == 1)
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["s"])
    snapshot.appendItems([1, 2, 3])
    let applied = Task { await dataSource.apply(snapshot, animatingDifferences: false) }
    let batch = try await client.receive("a batch") {
      if case .batch(let batch) = $0 { batch } else { nil }
    }
    #expect(batch.layout?.patterns == [])
    client.send(.ack(list: "main", seq: batch.seq))
    await applied.value
    let (_, _, smallClient, smallServing, small) = try await Self.connected(3)
    #expect(small.layout?.patterns == nil)
    await smallClient.transport.close()
    await smallServing.value
    await client.transport.close()
    await serving.value
  }

  @Test("rows that size themselves: the pattern's step is their average, and the slot fills it")
  func estimatedPattern() async throws {
    let (view, _, client, serving, reload) = try await Self.connected(
      500, layout: WebSelfSizingTests.estimatedRows)
    let pattern = try #require(reload.layout?.patterns?.first)
    let solved = try #require(view.solvedLayout)
    #expect(pattern.slots.count == 1)
    #expect(pattern.step.y * 499 == Double(solved.contentSize.height) - 44)
    #expect(pattern.slots[0].height == pattern.step.y)
    await client.transport.close()
    await serving.value
  }

  @Test("scrolling down, the window reaches one more length ahead; up, behind")
  func ahead() async throws {
    let (_, _, client, serving, _) = try await Self.connected(10_000)
    // Rows of 44: at y 44,000 a window of ±600 ends at row 1,013; ahead, 1,027.
    func lastRow(_ ahead: Int, y: Double) async throws -> (first: Int, last: Int) {
      client.send(
        .viewport(list: "main", WebListViewport(width: 390, height: 600, y: y, ahead: ahead)))
      let message = try await Layouts.layoutMessage(client)
      let all = message.layout.frames.merging(
        message.layout.unmoved.map { ($0, WebRect(x: 0, y: 0, width: 0, height: 0)) }
          + message.layout.shifted.flatMap { group in
            group.items.map { ($0, WebRect(x: 0, y: 0, width: 0, height: 0)) }
          }
      ) { a, _ in a }
      let rows = all.keys.compactMap(Int.init)
      return (rows.min() ?? -1, rows.max() ?? -1)
    }
    let still = try await lastRow(0, y: 44_000)
    #expect(still.first == (44_000 - 600) / 44 && still.last == (44_000 + 1_200) / 44)
    let down = try await lastRow(1, y: 88_000)
    #expect(down.first == (88_000 - 600) / 44 && down.last == (88_000 + 1_800) / 44)
    let up = try await lastRow(-1, y: 44_000)
    #expect(up.first == (44_000 - 1_200) / 44 && up.last == (44_000 + 1_200) / 44)
    await client.transport.close()
    await serving.value
  }

  @Test("ahead is -1, 0 or 1, and only 0 goes unwritten")
  func aheadOnTheWire() throws {
    let message = WebClientMessage.viewport(
      list: "main", WebListViewport(width: 390, height: 600, y: 10, ahead: -1))
    let text = String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
    #expect(text.contains(#""ahead":-1"#))
    #expect(try JSONDecoder().decode(WebClientMessage.self, from: Data(text.utf8)) == message)
    let still = String(
      decoding: try JSONEncoder().encode(
        WebClientMessage.viewport(list: "main", WebListViewport(width: 390, height: 600))),
      as: UTF8.self)
    #expect(!still.contains("ahead"))
    let bad = #"{"v":1,"type":"viewport","list":"main","width":1,"height":1,"x":0,"y":0,"ahead":2}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(WebClientMessage.self, from: Data(bad.utf8))
    }
  }

  @Test("the first paint of a section of runs holds its window, in place in the whole list")
  func firstPaint() async throws {
    let registry = WebPageRegistry { page in
      let view: WebListView<String, Int> = page.session.listView(
        named: "main", layout: Layouts.plain)
      let dataSource = DiffableDataSource<String, Int>(view: view) { _, _, item in
        WebCell("Row \(item)")
      }
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      snapshot.appendSections(["s"])
      snapshot.appendItems(Array(1...100_000))
      dataSource.applySnapshotUsingReloadData(snapshot)
      page.content = dataSource
    }
    let issued = try await registry.issue(WebFirstPaintTests.request).get()
    let page = try #require(await registry.page(id: issued.id))
    var document = WebPageDocument(title: "Rows")
    document.firstPaintViewport = WebListViewport(width: 390, height: 600)
    let html = await document.html(for: page, socketPath: issued.socketPath)
    let painted = WebFirstPaintTests.cells(in: html).map(\.item)
    #expect(painted.first == "1" && painted.count > 10 && painted.count < 60)
    #expect(painted == (1...painted.count).map(String.init), "in order")
    #expect(html.contains(#"data-item="3" tabindex="-1" role="listitem" aria-setsize="100000""#))
    #expect(html.contains(#"aria-posinset="3""#))
  }

  @Test("uniform rows are counted from the pattern, as the walk of every frame counts them")
  func uniformRows() async throws {
    for (layout, counts) in [
      (WebGridRowsTests.grid, [100, 5]), (Self.grid(columns: 6), [1_000]),
      (MountainsLikeGrid.layout, [37]),
    ] {
      let (session, view, dataSource) = Layouts.session(layout: layout)
      await dataSource.apply(
        .make(
          counts.enumerated().map { ("s\($0.offset)", Layouts.items($0.element, "s\($0.offset)")) })
      )
      let (client, serving, _) = try await Layouts.connect(
        session, list: WebListViewport(width: 390, height: 600))
      let solved = try #require(view.solvedLayout)
      let walked = _GridRows(solved, vertical: true)
      let uniform = _GridRows(solved, vertical: true) {
        view._uniformRow(ofSection: $0, in: solved, vertical: true)
      }
      #expect(uniform.sections.allSatisfy { $0.perRow != nil && $0.rowStarts.isEmpty })
      #expect(uniform.count == walked.count)
      for (section, count) in counts.enumerated() {
        for item in 0..<count {
          #expect(
            uniform.row(section: section, item: item) == walked.row(section: section, item: item))
        }
        for key in walked.sections[section].leading + walked.sections[section].trailing {
          #expect(uniform.row(of: key) == walked.row(of: key))
        }
      }
      await client.transport.close()
      await serving.value
    }
  }
}

/// The mountains page's grid: cells inset by 4 points in rows of 64.
enum MountainsLikeGrid {
  static let layout: CompositionalLayout = {
    var item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(64)),
      subitem: .item(item), count: 2)
    var section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    return CompositionalLayout(section: section)
  }()
}
