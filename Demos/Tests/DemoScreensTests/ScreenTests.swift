import CollectionLayout
import DemoScreens
import Diffable
import DiffableTesting
import Foundation
import Testing

/// Records the captions a screen gives, in order, with the change each went
/// with.
@MainActor
final class CaptionLog: @MainActor StepCaptioning {
  var caption: String? {
    didSet { if let caption { captions.append(caption) } }
  }
  private(set) var captions: [String] = []
}

/// Records the announcements a screen makes, in order, and for each the
/// number of batches its view had received when it was made.
@MainActor
final class AnnouncementLog<Cell>: @MainActor StepAnnouncing {
  let view: ReferenceListView<Cell>
  var announcement: String? {
    didSet {
      if let announcement { announcements.append((announcement, ScreenTests.batchCount(view))) }
    }
  }
  private(set) var announcements: [(words: String, batchesBefore: Int)] = []

  init(_ view: ReferenceListView<Cell>) { self.view = view }
}

/// The seed screens driven as any renderer drives them: through their data
/// sources, here into reference list views whose cells are plain text, so
/// that every batch is checked as UIKit would check it.
@Suite("Seed screens without a terminal")
struct ScreenTests {
  @Test("wifi: scans find networks sorted by name, and report signal changes")
  func scanner() {
    var scanner = WifiScanner(seed: 3)
    var sawChange = false
    var previous: [String: Int] = [:]
    for _ in 0..<20 {
      let found = scanner.scan()
      #expect(found.map { $0.name.lowercased() } == found.map { $0.name.lowercased() }.sorted())
      #expect(found.allSatisfy { (1...3).contains($0.bars) })
      for network in found where previous[network.name].map({ $0 != network.bars }) == true {
        sawChange = true
      }
      previous = Dictionary(uniqueKeysWithValues: found.map { ($0.name, $0.bars) })
    }
    #expect(sawChange)
  }

  @Test("wifi: the network joined is held apart from the scans, which neither find it nor lose it")
  func scannerKeepsTheNetworkJoined() throws {
    var scanner = WifiScanner(seed: 3)
    #expect(scanner.joined == WifiScanner.home)
    #expect(scanner.join("Nowhere") == nil)
    var found = scanner.scan()
    while found.isEmpty { found = scanner.scan() }
    let chosen = found[0]
    #expect(scanner.join(chosen.name) == WifiScanner.home)
    #expect(scanner.joined.name == chosen.name)
    #expect(scanner.join(chosen.name) == nil, "the network joined is not among those found")
    var homeStays = true
    for _ in 0..<40 {
      let networks = scanner.scan()
      #expect(!networks.contains(chosen))
      homeStays = homeStays && networks.contains(WifiScanner.home)
    }
    #expect(scanner.joined.name == chosen.name)
    #expect(homeStays, "the network left stays in range")
    // Joining Home again puts the other back among those found.
    #expect(scanner.join("Home")?.name == chosen.name)
    #expect(scanner.networks.contains(chosen) && !scanner.networks.contains(WifiScanner.home))
  }

  @Test("sort: a step is one insertion-sort step in every row")
  @MainActor
  func sortStep() {
    var snapshot = DiffableDataSourceSnapshot<Int, SortCell>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems([3, 1, 2, 0].map { SortCell(row: 0, value: $0, round: 1) }, toSection: 0)
    snapshot.appendItems([0, 1].map { SortCell(row: 1, value: $0, round: 1) }, toSection: 1)
    #expect(InsertionSort.step(&snapshot) == 1)
    #expect(snapshot.itemIdentifiers(inSection: 0).map(\.value) == [1, 3, 2, 0])
    #expect(InsertionSort.step(&snapshot) == 1)
    #expect(snapshot.itemIdentifiers(inSection: 0).map(\.value) == [1, 2, 3, 0])
    #expect(InsertionSort.step(&snapshot) == 1)
    #expect(snapshot.itemIdentifiers(inSection: 0).map(\.value) == [0, 1, 2, 3])
    #expect(InsertionSort.step(&snapshot) == 0)
  }

  @Test("outline: rows are named by the last part of their path")
  @MainActor
  func outlineNames() {
    #expect(FileTree.name(of: "Sources/DiffableCore/") == "DiffableCore/")
    #expect(FileTree.name(of: "Sources/diffable/Diff/DiffCommand.swift") == "DiffCommand.swift")
    #expect(FileTree.name(of: "Package.swift") == "Package.swift")
    // Every folder of the script holds entries; every entry is unique.
    let entries = FileTree.folders.flatMap { folder, names in names.map { folder + $0 } }
    #expect(Set(entries).count == entries.count)
    for path in FileTree.script where FileTree.isFolder(path) {
      #expect(FileTree.folders[path] != nil, "\(path)")
    }
  }

  // MARK: Driven through a data source

  /// The number of batches and reloads a reference view received.
  @MainActor
  static func batchCount<Cell>(_ view: ReferenceListView<Cell>) -> Int {
    view.events.count { event in
      switch event.kind {
      case .batchUpdate, .reloadData: true
      default: false
      }
    }
  }

  /// The batches a reference view received, as summaries.
  @MainActor
  func batches<Cell>(_ view: ReferenceListView<Cell>) -> [String] {
    view.events.compactMap { event in
      if case .batchUpdate(let batch, _, _) = event.kind { return batch.summary }
      return nil
    }
  }

  @Test("wifi: the switch shows the networks section and hides it; scans reconfigure signals")
  @MainActor
  func wifiScreen() async {
    let view = ReferenceListView<String>()
    let log = CaptionLog()
    let screen = WifiSettings(seed: 19, view: view, captions: log) { screen, item in
      switch item {
      case .wifiSwitch: screen.isOn ? "Wi-Fi on" : "Wi-Fi off"
      case .network(let network) where network == screen.currentNetwork: "✓ " + network.name
      case .network(let network): "\(network.name) \(network.bars)"
      }
    }
    await screen.open()
    #expect(view.cells == [["Wi-Fi off"]])
    await screen.toggle()
    #expect(screen.isOn)
    #expect(view.cells.count == 2)
    #expect(view.cells[0] == ["Wi-Fi on", "✓ Home"])
    #expect(screen.title(ofSection: 1) == "Choose a network…")
    let names = view.cells[1].map {
      String($0.split(separator: " ").dropLast().joined(separator: " "))
    }
    #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
    for step in 2...4 { await screen.step(step) }
    #expect(log.captions.filter { $0.hasPrefix("scan ") }.count == 3)
    await screen.toggle()
    #expect(view.cells == [["Wi-Fi off"]])
    #expect(batches(view).last == "1 section delete, 1 item delete, 1 item reconfigure")
    #expect(log.captions.last == "Wi-Fi off: it goes")
  }

  @Test("wifi: joining a network found moves its row up and the row of the network left down")
  @MainActor
  func wifiJoin() async throws {
    let view = ReferenceListView<String>()
    let log = CaptionLog()
    let screen = WifiSettings(seed: 19, view: view, captions: log) { screen, item in
      switch item {
      case .wifiSwitch: "Wi-Fi"
      case .network(let network) where network == screen.currentNetwork: "✓ " + network.name
      case .network(let network): network.name
      }
    }
    await screen.open()
    #expect(await !screen.join("Bakery"), "nothing to join while Wi-Fi is off")
    await screen.toggle()
    while screen.dataSource.snapshot().numberOfItems(inSection: .networks) < 2 {
      await screen.scan()
    }
    let before = screen.dataSource.snapshot()
    let names = before.itemIdentifiers(inSection: .networks).map(WifiSettings.name(of:))
    let chosen = names[1]
    let events = view.events.count
    #expect(await !screen.join("Home"), "the network joined is joined already")
    #expect(await !screen.join("Nowhere"))
    #expect(view.events.count == events, "nothing applied")

    #expect(await screen.join(chosen))
    #expect(screen.currentNetwork.name == chosen)
    #expect(
      log.captions.last == "join \(chosen): its row moves up, Home goes back among the networks")
    let after = screen.dataSource.snapshot()
    #expect(view.cells[0] == ["Wi-Fi", "✓ " + chosen])
    let shown = view.cells[1]
    #expect(shown == shown.sorted { $0.lowercased() < $1.lowercased() })
    #expect(Set(shown) == Set(names.filter { $0 != chosen } + ["Home"]))
    // The two rows kept their identity: the batch moves them, and
    // reconfigures them for their check marks.
    let batch = BatchUpdate(from: before, to: after)
    #expect(batch.itemDeletes.isEmpty && batch.itemInserts.isEmpty)
    #expect(batch.itemMoves.count == 2)
    #expect(batches(view).last == "2 item moves, 2 item reconfigures")

    // Scans leave the network joined alone; turned off and on, it is still joined.
    for _ in 0..<10 { await screen.scan() }
    await screen.toggle()
    await screen.toggle()
    #expect(view.cells[0] == ["Wi-Fi", "✓ " + chosen])
    #expect(!view.cells[1].contains(chosen))
  }

  @Test("sort: each step moves one cell in each unsorted row until every row is sorted")
  @MainActor
  func sortScreen() async {
    let view = ReferenceListView<Int>()
    let screen = InsertionSort(rows: 2, width: 4, seed: 5, view: view) { $0.value }
    await screen.open()
    #expect(view.cells.map { $0.sorted() } == [[0, 1, 2, 3], [0, 1, 2, 3]])
    var step = 1
    while view.cells != [[0, 1, 2, 3], [0, 1, 2, 3]] {
      await screen.step(step)
      let moves = batches(view).last ?? ""
      #expect(moves == "1 item move" || moves == "2 item moves", "\(moves)")
      step += 1
      if step > 12 { break }
    }
    #expect(view.cells == [[0, 1, 2, 3], [0, 1, 2, 3]])
    // Sorted: the next step shuffles again, with new cells.
    await screen.step(step)
    #expect(batches(view).last == "8 item deletes, 8 item inserts")
    #expect(InsertionSort.hue(of: 0, width: 4) == 0)
    #expect(InsertionSort.hue(of: 3, width: 4) == 0.75)
  }

  @Test("chat: Ada's line arrives from a background task, replacing the typing indicator")
  @MainActor
  func chatScreen() async throws {
    let view = ReferenceListView<String>()
    let log = CaptionLog()
    let screen = Conversation(view: view, captions: log) { screen, item in
      switch item {
      case .typing: return "…"
      case .message(let number):
        let message = screen.messages[number]!
        return message.author + ": " + message.text + (message.status == .read ? " ✓✓" : "")
      }
    }
    await screen.open()
    #expect(view.cells.map(\.count) == [3, 0])
    try await screen.step(0, pause: 0)
    #expect(
      view.cells[1] == ["Ada: " + Conversation.lines[0] + " ✓✓", "you: " + Conversation.replies[0]])
    try await screen.step(1, pause: 0)
    // Ada's second message marked your first reply read.
    #expect(view.cells[1][1] == "you: " + Conversation.replies[0] + " ✓✓")
    #expect(
      batches(view).suffix(3) == [
        "1 item insert", "1 item delete, 1 item insert, 1 item reconfigure", "1 item insert",
      ])
    #expect(
      log.captions.suffix(3) == [
        "Ada starts typing (sent by a background task)",
        "Ada's message replaces the indicator; your message is read", "you reply",
      ])
  }

  @Test("chat: each of Ada's messages is announced as it arrives, and nothing else")
  @MainActor
  func chatAnnouncements() async throws {
    let view = ReferenceListView<String>()
    let log = AnnouncementLog(view)
    let screen = Conversation(view: view, announcements: log) { _, _ in "" }
    await screen.open()
    #expect(log.announcements.isEmpty)
    let before = Self.batchCount(view)
    try await screen.step(0, pause: 0)
    try await screen.step(1, pause: 0)
    // Typing, Ada's message, your reply: announced just before the second
    // of each step's three changes.
    #expect(
      log.announcements.map(\.words) == [
        "Ada: " + Conversation.lines[0], "Ada: " + Conversation.lines[1],
      ])
    #expect(log.announcements.map(\.batchesBefore) == [before + 1, before + 4])
    #expect(
      Conversation.announcement(of: ChatMessage(author: "Ada", text: "Hi", status: .read))
        == "Ada: Hi")
  }

  /// Cancels `task` when given a caption that starts with `prefix`: in
  /// the middle of the change that caption goes with.
  @MainActor
  final class CancelOnCaption: @MainActor StepCaptioning {
    let prefix: String
    var task: Task<Void, any Error>?
    init(_ prefix: String) { self.prefix = prefix }
    var caption: String? {
      didSet { if caption?.hasPrefix(prefix) == true { task?.cancel() } }
    }
  }

  @Test("chat: a run cancelled while Ada types takes her typing indicator away")
  @MainActor
  func chatCancelled() async throws {
    let view = ReferenceListView<String>()
    let canceller = CancelOnCaption("Ada starts typing")
    let screen = Conversation(view: view, captions: canceller) { screen, item in
      switch item {
      case .typing: return "…"
      case .message(let number): return screen.messages[number]!.text
      }
    }
    await screen.open()
    // Cancelled as the indicator comes in; her line, handed over at once
    // after it, is not shown.
    let run = Task { try await screen.step(0, pause: 0) }
    canceller.task = run
    await #expect(throws: CancellationError.self) { try await run.value }
    #expect(view.cells[1] == [])
    #expect(batches(view).suffix(2) == ["1 item insert", "1 item delete"])
    #expect(canceller.caption == "Ada stops typing")
    // The next change builds on what the run left.
    try await screen.sendAndAwaitAnswer("Hello?", pause: 0)
    #expect(view.cells[1] == ["Hello?", Conversation.lines[0]])
  }

  @Test("expand: a toggle or a selection reconfigures the rows in place")
  @MainActor
  func expandScreen() async {
    let view = ReferenceListView<String>()
    let screen = ExpandingTable(view: view) { screen, item in
      (screen.expanded.contains(item) ? "open " : "closed ") + (screen.selection == item ? "*" : "")
    }
    await screen.open(selecting: 0)
    #expect(view.cells == [["closed *", "closed ", "closed ", "closed ", "closed "]])
    await screen.step(0)
    #expect(view.cells[0][1] == "open ")
    await screen.select(1)
    #expect(view.cells[0][0...1] == ["closed ", "open *"])
    #expect(batches(view) == ["1 item reconfigure", "2 item reconfigures"])
  }

  @Test("outline: folders load their entries once; files refuse to open and nothing is applied")
  @MainActor
  func outlineScreen() async {
    let view = ReferenceListView<String>()
    let log = CaptionLog()
    let screen = FileTree(view: view, captions: log) { screen, path in
      String(repeating: "  ", count: screen.level(of: path)) + FileTree.name(of: path)
    }
    await screen.open()
    #expect(view.cells == [["DiffableCore/", "DiffableEngine/", "diffable/", "Package.swift"]])
    #expect(await screen.step(0))
    #expect(
      log.captions.last
        == #"open "Sources/DiffableCore/" (snapshotForExpandingParent loaded 3 entries)"#)
    #expect(view.cells[0][1...3] == ["  Snapshot/", "  SectionSnapshot/", "  BatchUpdate/"])
    #expect(screen.isExpanded("Sources/DiffableCore/"))
    #expect(screen.parent(of: "Sources/DiffableCore/Snapshot/") == "Sources/DiffableCore/")
    let events = view.events.count
    #expect(await !screen.toggle("Package.swift"))
    #expect(view.events.count == events)
    #expect(screen.toggleCaption(for: "Sources/DiffableCore/") == #"close "Sources/DiffableCore/""#)
    await screen.toggle("Sources/DiffableCore/")
    await screen.toggle("Sources/DiffableCore/")
    // Opened again: nothing loaded this time.
    #expect(log.captions.last == #"open "Sources/DiffableCore/""#)
    #expect(screen.shownItems.count == 7)
  }

  @Test("outline: roots move and their order is kept; an entry of a folder does not move")
  @MainActor
  func outlineReordering() async {
    let view = ReferenceListView<String>()
    let screen = FileTree(view: view) { screen, path in
      String(repeating: "  ", count: screen.level(of: path)) + FileTree.name(of: path)
    }
    await screen.open()
    // Package.swift, the last root, to the top.
    #expect(view.interactivelyMoveItem(at: [0, 3], to: [0, 0]))
    #expect(screen.rootOrder == ["Package.swift"] + FileTree.roots.dropLast())
    #expect(screen.shownItems == screen.rootOrder)
    await screen.toggle("Sources/DiffableCore/")
    #expect(!view.interactivelyMoveItem(at: [0, 2], to: [0, 0]), "an entry stays in its folder")
    await screen.toggle("Sources/DiffableCore/")
    // Shown again from its roots, the tree keeps the order.
    await screen.open()
    #expect(view.cells == [["Package.swift", "DiffableCore/", "DiffableEngine/", "diffable/"]])
  }

  @Test("mountains: typing a query applies the matching mountains, deleting and inserting rows")
  @MainActor
  func mountainScreen() async throws {
    let search = try MountainSearch(mountains: Mountain.bundled(), order: .name)
    let view = ReferenceListView<String>()
    let screen = MountainSearchScreen(search: search, view: view) { "\($0.name) \($0.height)" }
    await screen.open()
    #expect(view.cells[0].count == search.mountains.count)
    await screen.type("kil")
    #expect(view.cells == [["Kilimanjaro 5895"]])
    #expect(screen.query == "kil")
    await screen.type("ki")
    #expect(batches(view).last == "6 item inserts")
  }

  @Test("mountains: each query announces its number of results before it is applied")
  @MainActor
  func mountainAnnouncements() async throws {
    let search = try MountainSearch(mountains: Mountain.bundled(), order: .name)
    let view = ReferenceListView<String>()
    let log = AnnouncementLog(view)
    let screen = MountainSearchScreen(search: search, view: view, announcements: log) { $0.name }
    await screen.open()
    await screen.type("kil")
    await screen.type("xyzzy")
    await screen.type("ki")
    #expect(
      log.announcements.map(\.words) == [
        "\(search.mountains.count) results", "1 result", "No results",
        "\(search.names(matching: "ki").count) results",
      ])
    #expect(log.announcements.map(\.batchesBefore) == [0, 1, 2, 3])
    #expect(MountainSearchScreen.announcement(forResults: 0) == "No results")
    #expect(MountainSearchScreen.announcement(forResults: 1) == "1 result")
    #expect(MountainSearchScreen.announcement(forResults: 2) == "2 results")
  }

  // MARK: The rest stop

  @Test("rest stop: lunch is one apply that inserts a dish and deletes the ice")
  @MainActor
  func restStopScreen() async throws {
    let view = ReferenceListView<String>()
    let log = CaptionLog()
    let screen = RestStopScreen(view: view, captions: log, cell: RestStop.label)
    await screen.open()
    #expect(view.cells.map(\.count) == [6, 8, 6])
    await screen.lunch()
    #expect(view.cells.map(\.count) == [7, 7, 6])
    #expect(view.cells[0].last == "Grilled cheese $6")
    #expect(!view.cells[1].contains("Ice"))
    #expect(batches(view) == ["1 item delete, 1 item insert"])
    #expect(log.captions == ["The rest stop opens", "Lunch: a dish is added, the ice is sold out"])
    let solved = try RestStopScreen.layout.solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)),
      itemCounts: view.cells.map(\.count))
    #expect(solved.numberOfItems(inSection: 0) == 7)
  }

  @Test("one snapshot holds the three kinds of items, one kind per section")
  func threeKinds() {
    let snapshot = RestStop.openingSnapshot()
    #expect(snapshot.sectionIdentifiers == [.food, .goods, .brands])
    let food = snapshot.itemIdentifiers(inSection: .food)
    let goods = snapshot.itemIdentifiers(inSection: .goods)
    let brands = snapshot.itemIdentifiers(inSection: .brands)
    #expect(food.allSatisfy { $0.base is RestStop.FoodMenuItem })
    #expect(goods.allSatisfy { $0.base is RestStop.ConvenienceGood })
    #expect(brands.allSatisfy { $0.base is RestStop.Brand })
    #expect(RestStop.label(food[0]) == "Cheeseburger $9")
    #expect(RestStop.label(goods[0]) == "Coffee")
    #expect(RestStop.label(brands[0]) == "Starlite Coffee")
    let lunch = RestStop.lunchSnapshot()
    #expect(lunch.numberOfItems(inSection: .food) == 7)
    #expect(lunch.numberOfItems(inSection: .goods) == 7)
  }

  @Test(
    "the food menu is golden case G3: half-width, quarter-height dishes under a title, scrolling sideways"
  )
  func foodMenuIsG3() throws {
    let snapshot = RestStop.openingSnapshot()
    let solved = try RestStop.layout(sections: snapshot.sectionIdentifiers)
      .solve(LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [6, 8, 6])
    let food = solved.allElements.filter { $0.section == 0 }
    #expect(
      food.filter { $0.category == .cell }.map(\.frame)
        == (0..<6).map { CGRect(x: 195 * CGFloat($0), y: 44, width: 195, height: 211) })
    #expect(
      food.filter { $0.category == .supplementaryView }.map(\.frame) == [
        CGRect(x: 0, y: 0, width: 390, height: 44)
      ])
    #expect(solved.sectionFrame(0) == CGRect(x: 0, y: 0, width: 390, height: 255))
    let band = try #require(solved.orthogonalBand(forSection: 0))
    #expect(band.restOffsets == [0, 195, 390, 585, 780])
    // The grid and the list follow, 12 points apart.
    #expect(solved.sectionFrame(1).minY == 267)
    #expect(
      solved.layoutAttributesForItem(at: IndexPath(indexes: [1, 0]))?.frame
        == CGRect(x: 4, y: 315, width: 89.5, height: 89.5))
    #expect(
      solved.layoutAttributesForItem(at: IndexPath(indexes: [2, 1]))?.frame
        == CGRect(x: 195, y: 562, width: 195, height: 56))
  }
}
