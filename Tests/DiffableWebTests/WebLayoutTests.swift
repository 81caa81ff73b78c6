import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@MainActor
@Suite("Web session: layout in the browser")
struct WebLayoutTests {
  typealias DataSource = DiffableDataSource<String, String>
  typealias View = WebListView<String, String>

  nonisolated static let plain = CompositionalLayout.list(
    using: ListConfiguration(appearance: .plain))

  /// A session with one list, "main", made as an app makes it: a view from
  /// the session, and a data source of its own whose cells show the item in
  /// capitals and whose supplementary views name their kind and section.
  static func session(layout: CompositionalLayout = plain) -> (WebSession, View, DataSource) {
    let session = WebSession()
    // Acks and closes, never the timeouts, end batches and connections.
    session.acknowledgementTimeout = .seconds(3_600)
    session.silenceTimeout = .seconds(3_600)
    let view: View = session.listView(named: "main", layout: layout)
    let dataSource = DataSource(view: view) { _, _, item in WebCell(item.uppercased()) }
    dataSource.supplementaryViewProvider = .init { (_: View, kind, indexPath) in
      WebCell("\(kind) \(indexPath.section)")
    }
    return (session, view, dataSource)
  }

  /// `count` item names, `prefix-00000` on.
  nonisolated static func items(_ count: Int, _ prefix: String = "item") -> [String] {
    (0..<count).map { number in
      let digits = String(number)
      return prefix + "-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }
  }

  /// What the list's window must hold, from `SolvedLayout` itself: the
  /// frames of every cell overlapping the visible rect of a list of `width`
  /// × `height` scrolled to `y`, extended by one height above and below.
  static func expected(
    _ layout: CompositionalLayout, _ snapshot: StringSnapshot, width: Double, height: Double,
    y: Double
  ) throws -> (frames: [String: WebRect], size: WebSize, solved: SolvedLayout) {
    let counts = snapshot.sectionIdentifiers.map { snapshot.numberOfItems(inSection: $0) }
    let solved = try layout.solve(
      LayoutContext(containerSize: CGSize(width: width, height: height)), itemCounts: counts)
    var frames: [String: WebRect] = [:]
    for attributes in solved.allElements where attributes.category == .cell {
      let frame = attributes.frame
      guard frame.maxY > y - height, frame.minY < y + 2 * height else { continue }
      let section = snapshot.sectionIdentifiers[attributes.section]
      frames[snapshot.itemIdentifiers(inSection: section)[attributes.item]] = WebRect(frame)
    }
    let size = WebSize(
      width: Double(solved.contentSize.width), height: Double(solved.contentSize.height))
    return (frames, size, solved)
  }

  /// Serves `session` to a new fake page that says `ready` with "main" of
  /// `list`'s size and offset, and returns the page and its reload.
  static func connect(_ session: WebSession, list: WebListViewport) async throws -> (
    FakeWebClient, Task<Void, Never>, WebReloadMessage
  ) {
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.ready(viewport: WebViewport(width: 1024, height: 768), lists: ["main": list]))
    guard case .reload(let reload) = try await client.receive() else {
      throw FakeClientError("expected a reload")
    }
    return (client, serving, reload)
  }

  /// The next message, which must be a `layout`.
  static func layoutMessage(_ client: FakeWebClient) async throws -> WebLayoutMessage {
    try await client.receive("a layout") {
      if case .layout(let layout) = $0 { layout } else { nil }
    }
  }

  @Test("held frames: only changed frames are sent, the page's frames fill the rest")
  func heldFrames() throws {
    let row = { (y: Double) in WebRect(x: 0, y: y, width: 390, height: 44) }
    let held = WebLayout(
      size: WebSize(width: 390, height: 440),
      frames: ["a": row(0), "b": row(44), "c": row(88), "d": row(132), "e": row(176)])
    // `a` deleted, `n` inserted at the top, `b`, `c` one row down, `d`
    // where it was, `e` taller, `f` entering.
    let next = WebLayout(
      size: WebSize(width: 390, height: 484),
      frames: [
        "n": row(0), "b": row(88), "c": row(132), "d": row(132),
        "e": WebRect(x: 0, y: 176, width: 390, height: 60), "f": row(236),
      ])
    let sent = next.sendingOnlyChangedFrames(after: held)
    #expect(sent.frames == ["n": row(0), "e": next.frames["e"]!, "f": row(236)])
    #expect(sent.unmoved == ["d"])
    #expect(sent.shifted == [WebShift(dx: 0, dy: 44, items: ["b", "c"])])
    #expect(sent.withHeldFrames(from: held) == next)
    // A lone shifted item is cheaper as a frame.
    let one = WebLayout(size: held.size, frames: ["a": row(10)])
    #expect(one.sendingOnlyChangedFrames(after: held) == one)
    // A page that holds another layout cannot fill them in.
    let other = WebLayout(size: held.size, frames: ["b": row(0), "c": row(44)])
    #expect(sent.withHeldFrames(from: other) == nil)
    #expect(sent.withHeldFrames(from: WebLayout.empty) == nil)

    // In JSON, in key order; refused twice or beside its frame.
    let message = WebLayoutMessage(list: "l", seq: 1, layout: sent, cells: [:])
    let json = try writtenText(.layout(message))
    #expect(json.contains(#""shifted":[{"by":[0,44],"items":["b","c"]}],"size""#))
    #expect(json.contains(#""supplementaries":[],"unmoved":["d"]},"list""#))
    #expect(try JSONDecoder().decode(WebLayoutMessage.self, from: Data(json.utf8)) == message)
    for (old, bad) in [
      (#""unmoved":["d"]"#, #""unmoved":["d","d"]"#), (#""unmoved":["d"]"#, #""unmoved":["n"]"#),
      (#""unmoved":["d"]"#, #""unmoved":["b"]"#), (#""by":[0,44]"#, #""by":[0]"#),
    ] {
      let text = json.replacingOccurrences(of: old, with: bad)
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(WebLayoutMessage.self, from: Data(text.utf8))
      }
    }
  }

  @Test("a reload carries the frames SolvedLayout gives the window, and a cell for each only")
  func reloadLayout() async throws {
    let (session, view, dataSource) = Self.session()
    let snapshot = StringSnapshot.make([("a", Self.items(100)), ("b", Self.items(100, "b"))])
    await dataSource.apply(snapshot)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 600))
    let layout = try #require(reload.layout)
    let expected = try Self.expected(Self.plain, snapshot, width: 390, height: 600, y: 0)
    #expect(layout.frames == expected.frames)
    #expect(layout.size == expected.size)
    #expect(layout.frames.count < 40)  // the window, not the list
    #expect(Set(reload.cells.keys) == Set(expected.frames.keys))
    #expect(reload.cells["item-00003"] == WebCell("ITEM-00003"))
    #expect(reload.sections.map(\.items.count) == [100, 100])
    #expect(view.viewport == WebListViewport(width: 390, height: 600))
    #expect(view.solvedLayout?.context.containerSize == CGSize(width: 390, height: 600))

    let states = session.listStates()
    #expect(states.count == 1)
    #expect(states.first?.name == "main" && states.first?.seq == 1)
    #expect(states.first?.sections == reload.sections)
    #expect(states.first?.frames == layout.frames)
    #expect(states.first?.contentSize == layout.size)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(try #require(states.first)), as: UTF8.self)
    #expect(json.hasPrefix(#"{"contentSize":[390,"#))
    #expect(json.contains(#""frames":{"item-00000":[0,0,390,44],"#))
    #expect(json.contains(#""name":"main","sections":[{"id":"a","items":["item-00000","#))
    await client.transport.close()
    await serving.value
    #expect(session.listStates().first?.sections == [])
  }

  @Test("a scroll moves the window: a layout message with only the cells the page lacks")
  func scrolling() async throws {
    let (session, _, dataSource) = Self.session()
    let snapshot = StringSnapshot.make([("a", Self.items(300))])
    await dataSource.apply(snapshot)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 600))
    let top = Set(reload.cells.keys)

    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 2000)))
    let moved = try await Self.layoutMessage(client)
    let expected = try Self.expected(Self.plain, snapshot, width: 390, height: 600, y: 2000)
    #expect(moved.seq == 1)
    #expect(moved.layout.frames == expected.frames)
    #expect(Set(moved.cells.keys) == Set(expected.frames.keys).subtracting(top))
    #expect(!moved.cells.isEmpty)
    #expect(moved.cells.count <= 42)  // 1,800 px of 44 px rows

    // The same window again: nothing to send.
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 2000)))
    client.send(.ping(id: 7))
    #expect(try await client.receive() == .pong(id: 7))

    // Back to the top: the page dropped those cells, so they come again.
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 0)))
    let back = try await Self.layoutMessage(client)
    #expect(back.layout.frames == reload.layout?.frames)
    #expect(Set(back.cells.keys) == top.subtracting(expected.frames.keys))
    #expect(session.listStates().first?.frames == back.layout.frames)
    await client.transport.close()
    await serving.value
  }

  @Test("a resize solves the layout again for the new size")
  func resizing() async throws {
    let (session, view, dataSource) = Self.session()
    let snapshot = StringSnapshot.make([("a", Self.items(300))])
    await dataSource.apply(snapshot)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 600))
    client.send(.viewport(list: "main", WebListViewport(width: 500, height: 1000)))
    let resized = try await Self.layoutMessage(client)
    let expected = try Self.expected(Self.plain, snapshot, width: 500, height: 1000, y: 0)
    #expect(resized.layout.frames == expected.frames)
    #expect(resized.layout.frames.values.allSatisfy { $0.width == 500 })
    #expect(resized.layout.size == expected.size)
    #expect(
      Set(resized.cells.keys) == Set(expected.frames.keys).subtracting(reload.cells.keys))
    #expect(view.solvedLayout?.context.containerSize == CGSize(width: 500, height: 1000))
    await client.transport.close()
    await serving.value
  }

  @Test("a new layout is solved and sent at once")
  func newLayout() async throws {
    let (session, view, dataSource) = Self.session()
    let snapshot = StringSnapshot.make([("a", Self.items(100))])
    await dataSource.apply(snapshot)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 600))
    let row = LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(60))
    let grid = CompositionalLayout(
      section: LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
          subitems: [LayoutItem(layoutSize: row)])))
    view.layout = grid
    let changed = try await Self.layoutMessage(client)
    let expected = try Self.expected(grid, snapshot, width: 390, height: 600, y: 0)
    #expect(changed.layout.frames == expected.frames)
    #expect(changed.layout.frames["item-00001"] == WebRect(x: 195, y: 0, width: 195, height: 60))
    #expect(Set(changed.cells.keys) == Set(expected.frames.keys).subtracting(reload.cells.keys))
    await client.transport.close()
    await serving.value
  }

  @Test("a batch's cells and reconfigured cells follow the window")
  func batchWindow() async throws {
    let (session, _, dataSource) = Self.session()
    let old = StringSnapshot.make([("a", Self.items(200))])
    await dataSource.apply(old)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 600))
    let held = Set(reload.cells.keys)

    var new = old
    new.insertItems(["new-top"], beforeItem: "item-00000")
    new.insertItems(["new-far"], afterItem: "item-00150")
    new.deleteItems(["item-00005"])
    new.reconfigureItems(["item-00002", "item-00180"])
    new.reloadItems(["item-00003", "item-00190"])
    let applying = Task { await dataSource.apply(new) }
    guard case .batch(let batch) = try await client.receive() else {
      Issue.record("expected a batch")
      return
    }
    let expected = try Self.expected(Self.plain, new, width: 390, height: 600, y: 0)
    let window = Set(expected.frames.keys)
    let broughtIn: Set = ["new-top", "new-far", "item-00003", "item-00190"]
    // The batch carries the frames of the items that entered the window;
    // an insert above item-00005 and its deletion move items 0 to 4 one
    // row down and leave the others: the client takes those from the
    // reload's frames.
    #expect(client.layouts["main"]?.frames == expected.frames)
    let shown = try #require(batch.layout)
    #expect(shown.frames.keys.sorted() == ["new-top"])
    #expect(shown.shifted == [WebShift(dx: 0, dy: 44, items: Array(Self.items(5)))])
    #expect(shown.unmoved == Array(Self.items(28)[6...]))
    #expect(
      Set(batch.cells.keys) == window.intersection(broughtIn).union(window.subtracting(held)))
    #expect(batch.cells["new-top"] == WebCell("NEW-TOP"))
    #expect(batch.cells["new-far"] == nil && batch.cells["item-00190"] == nil)
    #expect(batch.reconfigured == ["item-00002": WebCell("ITEM-00002")])
    #expect(batch.insertedItems.compactMap { $0?.string }.sorted() == ["new-far", "new-top"])
    client.send(.ack(list: "main", seq: 2))
    await applying.value
    #expect(client.lists["main"] == (try new.web()))

    // Scrolling down brings the far items with their new cells.
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 6600)))
    let far = try await Self.layoutMessage(client)
    #expect(far.cells["new-far"] == WebCell("NEW-FAR"))
    #expect(far.seq == 2)
    await client.transport.close()
    await serving.value
  }

  @Test("orthogonal sections are bands with their rest offsets; pinned headers stay listed")
  func bandsAndPinnedHeaders() async throws {
    let tile = LayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100))
    var band = LayoutSection(
      group: .horizontal(layoutSize: tile, subitems: [LayoutItem(layoutSize: tile)]))
    band.orthogonalScrollingBehavior = .groupPaging
    let list = LayoutSection.list(
      using: ListConfiguration(appearance: .plain, headerMode: .supplementary))
    let layout = CompositionalLayout(sections: [band, list])
    let (session, _, dataSource) = Self.session(layout: layout)
    let snapshot = StringSnapshot.make([("band", Self.items(20, "b")), ("list", Self.items(100))])
    await dataSource.apply(snapshot)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 600))
    let solved = try Self.expected(layout, snapshot, width: 390, height: 600, y: 0).solved
    let value = try #require(reload.layout)

    // The band: all of its items, at offset 0, and where it rests.
    let expectedBand = try #require(solved.orthogonalBand(forSection: 0))
    #expect(value.bands.count == 1)
    let sent = try #require(value.bands.first)
    #expect(sent.section == "band")
    #expect(sent.frame == WebRect(x: 0, y: 0, width: 390, height: 100))
    #expect(sent.contentWidth == Double(expectedBand.frame.width))
    #expect(sent.contentWidth == 3000)
    #expect(sent.rests == expectedBand.restOffsets.map { Double($0) })
    #expect(sent.rests.count > 1)
    let bandFrames = solved.itemFrames(inSection: 0)
    for (k, item) in Self.items(20, "b").enumerated() {
      #expect(value.frames[item] == WebRect(bandFrames[k]), "\(item)")
      #expect(reload.cells[item] != nil, "\(item)")
    }

    // The list's header, where it lies, pinned to its section.
    let header = ListConfiguration.headerElementKind
    let section = solved.sectionFrame(1)
    let pin = Double(section.minY)...Double(section.maxY)
    let natural = try #require(
      solved.layoutAttributesForSupplementaryElement(
        ofKind: header, at: IndexPath(item: 0, section: 1)))
    let expectedHeader = WebSupplementary(
      kind: header, section: "list", index: 0, frame: WebRect(natural.frame), pin: pin,
      cell: WebCell("\(header) 1"))
    #expect(value.supplementaries == [expectedHeader])

    // Deep in the list, the band is gone and the header is still sent.
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 3000)))
    let deep = try await Self.layoutMessage(client)
    #expect(deep.layout.bands == [])
    #expect(deep.layout.frames["b-00000"] == nil)
    #expect(deep.layout.supplementaries == [expectedHeader])
    #expect(natural.frame.maxY < 2400)  // outside the window: sent because it pins
    await client.transport.close()
    await serving.value
  }

  @Test("a size the layout cannot be solved for gets an error and an empty layout, until it can")
  func unsolvableSize() async throws {
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
      subitems: [
        LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .absolute(500), heightDimension: .fractionalHeight(1)))
      ])
    let layout = CompositionalLayout(section: LayoutSection(group: row))
    let (session, view, dataSource) = Self.session(layout: layout)
    let snapshot = StringSnapshot.make([("a", Self.items(10))])
    await dataSource.apply(snapshot)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 600, height: 800))
    #expect(reload.layout?.frames.count == 10)

    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 800)))
    #expect(
      try await client.receive()
        == .error(
          message: #"list "main" cannot be laid out at 390×800: "#
            + "sections[0].group.horizontal: a horizontal group with width 390 cannot fit a "
            + "single subitem"))
    let empty = try await Self.layoutMessage(client)
    #expect(empty.layout == .empty && empty.cells.isEmpty)
    #expect(view.solvedLayout == nil)
    #expect(session.isConnected)

    client.send(.viewport(list: "main", WebListViewport(width: 700, height: 800)))
    let back = try await Self.layoutMessage(client)
    let expected = try Self.expected(layout, snapshot, width: 700, height: 800, y: 0)
    #expect(back.layout.frames == expected.frames)
    #expect(Set(back.cells.keys) == Set(expected.frames.keys))
    await client.transport.close()
    await serving.value
  }

  @Test("setting or clearing didSelectItem while a page shows the list sends a reload saying so")
  func selectable() async throws {
    let (session, view, dataSource) = Self.session()
    await dataSource.apply(.make([("fruits", ["apple", "pear"])]))
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.ready(viewport: WebViewport(width: 390, height: 844), lists: [:]))
    guard case .reload(let first) = try await client.receive() else {
      Issue.record("expected a reload")
      return
    }
    #expect(!first.selectable)
    #expect(!"\(first)".contains("selectable"), "no key when false: \(first)")

    let recorder = Recorder()
    view.delegate = recorder
    guard case .reload(let second) = try await client.receive() else {
      Issue.record("expected a reload")
      return
    }
    #expect(second.selectable && second.seq == first.seq + 1)
    #expect(second.sections == first.sections && second.cells == first.cells)
    #expect("\(second)".contains(#""selectable":true"#))

    // Another delegate: the cells stay selectable, and nothing is sent.
    let shifted = Recorder()
    shifted.shift = 100
    view.delegate = shifted
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    client.send(.tap(list: "main", item: "pear"))
    client.send(.ping(id: 2))
    #expect(try await client.receive() == .pong(id: 2))
    view.delegate = nil
    guard case .reload(let third) = try await client.receive() else {
      Issue.record("expected a reload")
      return
    }
    #expect(!third.selectable && third.seq == second.seq + 1)
    #expect(recorder.selected.isEmpty && shifted.selected == [IndexPath(item: 101, section: 0)])
    await client.transport.close()
    await serving.value
  }

  @Test("a tap may name the items of the last two windows alone, whatever the list's length")
  func tapsNameTheWindowsItems() async throws {
    let (session, view, dataSource) = Self.session()
    let recorder = Recorder()
    view.delegate = recorder
    let items = Self.items(10_000)
    await dataSource.apply(.make([("all", items)]))
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 600))
    #expect(reload.cells.count < 100, "the window's cells alone")
    client.send(.tap(list: "main", item: items[3]))
    client.send(.tap(list: "main", item: items[5_000]))
    #expect(
      try await client.receive()
        == .error(message: #"unknown item "item-05000" of list "main""#))
    #expect(recorder.selected == [IndexPath(item: 3, section: 0)])
    // Scrolled to the middle: its items can be tapped, and the first
    // window's still, until the window after.
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 220_000)))
    guard case .layout = try await client.receive() else { throw FakeClientError("a layout") }
    client.send(.tap(list: "main", item: items[5_000]))
    client.send(.tap(list: "main", item: items[3]))
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600, y: 400_000)))
    guard case .layout = try await client.receive() else { throw FakeClientError("a layout") }
    client.send(.tap(list: "main", item: items[3]))
    #expect(
      try await client.receive() == .error(message: #"unknown item "item-00003" of list "main""#))
    #expect(recorder.selected.map(\.item) == [3, 5_000, 3])
    await client.transport.close()
    await serving.value
  }

  @Test("taps reach the list's delegate by index path, input the session's, bad ones get errors")
  func tapsAndInput() async throws {
    let (session, view, dataSource) = Self.session()
    let recorder = Recorder()
    session.delegate = recorder
    view.delegate = recorder
    await dataSource.apply(.make([("fruits", ["apple", "pear"]), ("veg", ["kale"])]))

    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.input(WebInput(name: "search", value: "k")))
    client.send(.tap(list: "main", item: "apple"))
    #expect(try await client.receive() == .error(message: "tap before ready"))
    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 600)))
    #expect(try await client.receive() == .error(message: "viewport before ready"))
    #expect(recorder.inputs == [WebInput(name: "search", value: "k")])

    client.send(
      .ready(
        viewport: WebViewport(width: 390, height: 844),
        lists: ["nope": WebListViewport(width: 1, height: 1)]))
    guard case .reload(let reload) = try await client.receive() else {
      Issue.record("expected a reload")
      return
    }
    #expect(reload.selectable, "a list with a didSelectItem handler has selectable cells")
    #expect(try await client.receive() == .error(message: #"ready names unknown lists "nope""#))
    #expect(session.viewport == WebViewport(width: 390, height: 844))
    #expect(view.viewport == WebListViewport(width: 390, height: 844))

    client.send(.tap(list: "main", item: "kale"))
    client.send(.tap(list: "main", item: "zzz"))
    #expect(try await client.receive() == .error(message: #"unknown item "zzz" of list "main""#))
    #expect(recorder.selected == [IndexPath(item: 0, section: 1)])
    client.send(.tap(list: "nope", item: "kale"))
    #expect(try await client.receive() == .error(message: #"unknown list "nope""#))
    client.send(.viewport(list: "nope", WebListViewport(width: 1, height: 1)))
    #expect(try await client.receive() == .error(message: #"unknown list "nope""#))

    // A tap of an item the page showed, deleted since, is ignored.
    let applying = Task {
      await dataSource.apply(.make([("fruits", ["apple"]), ("veg", ["kale"])]))
    }
    _ = try await client.receive()
    client.send(.ack(list: "main", seq: 2))
    await applying.value
    client.send(.tap(list: "main", item: "pear"))
    client.send(.input(WebInput(name: "search", value: "ka")))
    client.send(.tap(list: "main", item: "apple"))
    client.send(.ping(id: 1))
    #expect(try await client.receive() == .pong(id: 1))
    #expect(recorder.selected == [IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 0)])
    #expect(recorder.inputs.map(\.value) == ["k", "ka"])
    // After a reload, two windows on, the list no longer knows "pear":
    // it keeps the items of its last two windows alone.
    client.send(.resync(list: "main", reason: "test"))
    _ = try await client.receive()
    client.send(.tap(list: "main", item: "pear"))
    client.send(.ping(id: 2))
    #expect(try await client.receive() == .error(message: #"unknown item "pear" of list "main""#))
    #expect(try await client.receive() == .pong(id: 2))
    #expect(recorder.selected.count == 2)
    await client.transport.close()
    await serving.value
  }

  @Test("in a 10,000-item list, a batch changing 1% and a scroll cost a few percent of a reload")
  func messageSizeFollowsTheChange() async throws {
    let (session, _, dataSource) = Self.session()
    let names = Self.items(10_000)
    let old = StringSnapshot.make([("a", names)])
    await dataSource.apply(old)
    let (client, serving, reload) = try await Self.connect(
      session, list: WebListViewport(width: 390, height: 844))
    let reloadBytes = try #require(client.receivedBytes.last)
    #expect(reload.sections.first?.items.count == 10_000)
    #expect(reload.cells.count < 100)

    // 1% of the items change: 50 deleted and 50 inserted, spread out.
    var new = old
    new.deleteItems(stride(from: 0, to: 10_000, by: 200).map { names[$0] })
    for (k, added) in Self.items(50, "new").enumerated() {
      new.insertItems([added], afterItem: names[k * 200 + 100])
    }
    let applying = Task { await dataSource.apply(new) }
    guard case .batch(let batch) = try await client.receive() else {
      Issue.record("expected a batch")
      return
    }
    let batchBytes = try #require(client.receivedBytes.last)
    #expect(batch.update.itemDeletes.count == 50 && batch.update.itemInserts.count == 50)
    #expect(batchBytes * 20 <= reloadBytes, "batch \(batchBytes) B, reload \(reloadBytes) B")
    client.send(.ack(list: "main", seq: 2))
    await applying.value
    #expect(client.lists["main"] == (try new.web()))

    client.send(.viewport(list: "main", WebListViewport(width: 390, height: 844, y: 200_000)))
    _ = try await Self.layoutMessage(client)
    let scrollBytes = try #require(client.receivedBytes.last)
    #expect(scrollBytes * 20 <= reloadBytes, "scroll \(scrollBytes) B, reload \(reloadBytes) B")
    await client.transport.close()
    await serving.value
  }
}

@Suite("Web list views: misuse")
struct WebListViewMisuseTests {
  @Test("a second list of the same name stops the program, naming it")
  func duplicateName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let session = WebSession()
        let _: WebListView<String, String> = session.listView(
          named: "main", layout: WebLayoutTests.plain)
        let _: WebListView<String, String> = session.listView(
          named: "main", layout: WebLayoutTests.plain)
      }
    }
    expectMessage(
      result, #"listView(named:layout:): the session already has a list named "main""#)
  }

  @Test("a data source of other identifier types stops the program, naming the types")
  func wrongTypes() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let session = WebSession()
        let view: WebListView<String, String> = session.listView(
          named: "main", layout: WebLayoutTests.plain)
        _ = DiffableDataSource<Int, Int>(view: view) { _, _, item in WebCell("\(item)") }
      }
    }
    expectMessage(
      result,
      #"WebListView.connect(to:): list "main" is a WebListView<String, String>; only a "#
        + "DiffableDataSource<String, String> can drive it")
  }

  /// An identifier that encodes to a string or to a number.
  enum MixedID: Hashable, Sendable, Encodable {
    case name(String)
    case number(Int)

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .name(let name): try container.encode(name)
      case .number(let number): try container.encode(number)
      }
    }
  }

  /// A page connects to a list of `first`, then the data source applies
  /// `then`, if any.
  @MainActor
  static func show(_ first: [MixedID], then: [MixedID]? = nil) async throws {
    let session = WebSession()
    session.acknowledgementTimeout = .seconds(3_600)
    let view: WebListView<String, MixedID> = session.listView(
      named: "main", layout: WebLayoutTests.plain)
    let dataSource = DiffableDataSource<String, MixedID>(view: view) { _, _, _ in WebCell("x") }
    var snapshot = DiffableDataSourceSnapshot<String, MixedID>()
    snapshot.appendSections(["s"])
    snapshot.appendItems(first)
    await dataSource.apply(snapshot)
    let client = FakeWebClient()
    let serving = Task { await session.serve(client.transport) }
    client.send(.ready(viewport: WebViewport(width: 390, height: 844), lists: [:]))
    _ = try await client.receive()
    if let then {
      snapshot.appendItems(then)
      await dataSource.apply(snapshot)
    }
    await client.transport.close()
    await serving.value
  }

  @Test("items that encode to a string and to a number stop a reload, naming both")
  func mixedKindsInAReload() async throws {
    // One kind each: shown.
    try await Self.show([.name("a"), .name("b")])
    try await Self.show([.number(1), .number(2)])
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try await WebListViewMisuseTests.show([.name("a"), .number(1)])
    }
    expectMessage(
      result,
      #"WebListView.reloadData(): list "main" has item 1, a number, and item "a", a string: "#
        + "a page keys identifiers by their text, so a list's items must encode to one kind "
        + "of JSON value")
  }

  @Test("a batch bringing in an item of another kind than the list's stops, naming both")
  func mixedKindsInABatch() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try await WebListViewMisuseTests.show([.number(7)], then: [.name("seven")])
    }
    expectMessage(
      result,
      #"WebListView.performBatchUpdates: list "main" has item "seven", a string, and item 7, "#
        + "a number")
  }

  @Test("a second data source for one view stops the program")
  func secondDataSource() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let session = WebSession()
        let view: WebListView<String, String> = session.listView(
          named: "main", layout: WebLayoutTests.plain)
        _ = DiffableDataSource<String, String>(view: view) { _, _, item in WebCell(item) }
        _ = DiffableDataSource<String, String>(view: view) { _, _, item in WebCell(item) }
      }
    }
    expectMessage(
      result, #"WebListView.connect(to:): list "main" is already the view of a data source"#)
  }
}
