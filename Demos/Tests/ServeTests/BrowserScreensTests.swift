import BrowserRenderer
import CollectionLayout
import DemoScreens
import DiffableWeb
import DiffableWebTools
import Foundation
import Testing

/// The browser screens' layouts and cells, without a page.
@Suite struct BrowserScreensTests {
  /// The frames of one section's items, solved for a container `width`
  /// wide.
  func frames(
    _ layout: CompositionalLayout, width: Double, counts: [Int]
  ) throws -> [[CGRect]] {
    let solved = try layout.solve(
      LayoutContext(containerSize: CGSize(width: width, height: 800)), itemCounts: counts)
    return try counts.indices.map { section in
      try (0..<counts[section]).map { item in
        try #require(solved.layoutAttributesForItem(at: IndexPath(item: item, section: section)))
          .frame
      }
    }
  }

  @Test func theMountainsGridHasTwoColumnsAtPhoneWidthAndMoreWhenWider() throws {
    #expect(MountainsBrowserScreen.columns(forWidth: 320) == 2)
    #expect(MountainsBrowserScreen.columns(forWidth: 390) == 2)
    #expect(MountainsBrowserScreen.columns(forWidth: 768) == 4)
    #expect(MountainsBrowserScreen.columns(forWidth: 1280) == 7)
    for (width, columns) in [(390.0, 2), (1280.0, 7)] {
      let cells = try frames(MountainsBrowserScreen.layout, width: width, counts: [20])[0]
      let firstRow = cells.filter { $0.minY == cells[0].minY }
      #expect(firstRow.count == columns, "\(width)")
      #expect(firstRow.allSatisfy { $0.width == firstRow[0].width })
      #expect(cells.allSatisfy { $0.maxX <= width && $0.minX >= 0 })
    }
  }

  @Test @MainActor func theSortHasARowOfSquaresPerSection() throws {
    let rows = SortBrowserScreen.rows
    let width = SortBrowserScreen.width
    let sections = try frames(
      SortBrowserScreen.layout, width: 390, counts: Array(repeating: width, count: rows))
    #expect(sections.count == rows)
    for (index, cells) in sections.enumerated() {
      #expect(Set(cells.map(\.minY)).count == 1, "row \(index) is one line")
      #expect(cells.allSatisfy { $0.height == 39 && $0.width == 39 })
      if index > 0 { #expect(cells[0].minY > sections[index - 1][0].maxY) }
    }
    let colours = (0..<width).map {
      SortBrowserScreen.color(hue: InsertionSort.hue(of: $0, width: width)).hex
    }
    #expect(Set(colours).count == width)
    #expect(SortBrowserScreen.color(hue: 0).hex == SortBrowserScreen.color(hue: 1).hex)
  }

  @Test @MainActor func anExpandedRowShowsItsTextAndSaysSo() {
    for item in ExpandingTable.articles.indices {
      let article = ExpandingTable.articles[item]
      #expect(
        ExpandBrowserScreen.cell(item, expanded: false)
          == WebCell(article.title, accessories: [.disclosure(expanded: false)]))
      #expect(
        ExpandBrowserScreen.cell(item, expanded: true)
          == WebCell(
            article.title, secondaryText: article.body, accessories: [.disclosure(expanded: true)]))
    }
  }

  @Test @MainActor func anOutlineRowIsIndentedByItsLevelAndAFolderSaysIfItIsOpen() {
    #expect(
      OutlineBrowserScreen.cell("Sources/DiffableCore/", level: 0, expanded: true)
        == WebCell("DiffableCore/", accessories: [.disclosure(expanded: true)]))
    #expect(
      OutlineBrowserScreen.cell("Sources/DiffableCore/Snapshot/", level: 1, expanded: false)
        == WebCell("Snapshot/", indentation: 1, accessories: [.disclosure(expanded: false)]))
    #expect(
      OutlineBrowserScreen.cell("Package.swift", level: 0, expanded: nil)
        == WebCell("Package.swift"))
  }

  @Test @MainActor func theWifiRowsShowTheSwitchTheNetworkJoinedAndEachSignal() throws {
    let home = WifiScanner.home
    let bakery = WifiNetwork(name: "Bakery", bars: 1, isSecured: false)
    #expect(
      WifiBrowserScreen.cell(.wifiSwitch, isOn: true, joined: home)
        == WebCell("Wi-Fi", accessories: [.switch(isOn: true)]))
    #expect(
      WifiBrowserScreen.cell(.network(home), isOn: true, joined: home)
        == WebCell("Home", secondaryText: "▂▄▆ locked", accessories: [.checkmark]))
    #expect(
      WifiBrowserScreen.cell(.network(bakery), isOn: true, joined: home)
        == WebCell("Bakery", secondaryText: "▂··"))
    #expect(
      WifiBrowserScreen.cell(.network(bakery), isOn: true, joined: bakery)
        == WebCell("Bakery", secondaryText: "▂··", accessories: [.checkmark]))
    // A network's identity on the wire is its name, whatever its signal.
    let weak = try WebIdentifier(
      encoding: WifiItem.network(WifiNetwork(name: "Bakery", bars: 1, isSecured: false)))
    let strong = try WebIdentifier(
      encoding: WifiItem.network(WifiNetwork(name: "Bakery", bars: 3, isSecured: true)))
    #expect(weak == strong && weak.text == #"{"network":"Bakery"}"#)
    #expect(try WebIdentifier(encoding: WifiItem.wifiSwitch).text == #"{"row":"wifiSwitch"}"#)
    #expect(try WebIdentifier(encoding: WifiItem.network(home)).text == #"{"network":"Home"}"#)
    #expect(try WebIdentifier(encoding: WifiSection.networks).text == "networks")
  }

  @Test @MainActor func chatRowsShowTheMessageItsAuthorAndWhetherYoursWasRead() async throws {
    let screen = ChatBrowserScreen(session: WebSession(), listName: "chat", pause: 1)
    let conversation = screen.conversation
    #expect(ChatBrowserScreen.cell(.typing, in: conversation) == WebCell("Ada is typing…"))
    #expect(ChatBrowserScreen.cell(.message(99), in: conversation) == WebCell("?"))
    await conversation.open()
    #expect(
      ChatBrowserScreen.cell(.message(1), in: conversation)
        == WebCell("Are the data sources in?", secondaryText: "Ada"))
    #expect(
      ChatBrowserScreen.cell(.message(2), in: conversation)
        == WebCell("Merged this morning.", secondaryText: "you · ✓✓ read"))
    #expect(try WebIdentifier(encoding: ChatItem.message(4)).text == #"{"message":4}"#)
    #expect(try WebIdentifier(encoding: ChatItem.typing).text == #"{"typing":true}"#)
    #expect(try WebIdentifier(encoding: ChatSection.today).text == "today")
    screen.stop(isolation: MainActor.shared)
  }

  @Test @MainActor func aTapOnANetworkFoundJoinsItAndOnOtherRowsDoesNothing() async throws {
    let session = WebSession()
    let screen = WifiBrowserScreen(
      session: session, listName: "wifi", seed: 19, interval: .seconds(3600))
    defer { screen.stop(isolation: MainActor.shared) }
    let settings = screen.settings
    await screen.opened()
    screen.session(
      session, didReceive: WebInput(name: "wifi", value: "true"), isolation: MainActor.shared)
    await screen.opened()
    while settings.dataSource.snapshot().numberOfItems(inSection: .networks) == 0 {
      await settings.scan()
    }
    let tap = { (indexPath: IndexPath) in
      screen.listView(named: "wifi", didSelectItemAt: indexPath, isolation: MainActor.shared)
    }
    let before = settings.dataSource.snapshot()
    // The switch's row and the network joined: nothing.
    tap(IndexPath(item: 0, section: 0))
    tap(IndexPath(item: 1, section: 0))
    await screen.opened()
    #expect(settings.isOn)
    #expect(settings.dataSource.snapshot().itemIdentifiers == before.itemIdentifiers)
    // A network found: joined, after the actions before it.
    guard case .network(let chosen) = before.itemIdentifiers(inSection: .networks)[0] else {
      Issue.record("the networks section holds a row that is no network")
      return
    }
    tap(IndexPath(item: 0, section: 1))
    await screen.opened()
    #expect(settings.currentNetwork == chosen)
    let after = settings.dataSource.snapshot()
    #expect(after.itemIdentifiers(inSection: .configuration) == [.wifiSwitch, .network(chosen)])
    #expect(after.itemIdentifiers(inSection: .networks).contains(.network(WifiScanner.home)))
    #expect(!after.itemIdentifiers(inSection: .networks).contains(.network(chosen)))
  }

  @Test @MainActor func aMessageTypedIsTrimmedAndCutAndAnEmptyOneRefused() {
    #expect(ChatBrowserScreen.message(from: "  Hello, Ada!\n") == "Hello, Ada!")
    #expect(ChatBrowserScreen.message(from: " \t\n ") == nil)
    #expect(ChatBrowserScreen.message(from: "") == nil)
    let long = String(repeating: "é", count: 600)
    #expect(ChatBrowserScreen.message(from: " " + long) == String(repeating: "é", count: 500))
    #expect(ChatBrowserScreen.maximumMessageLength == 500)
  }

  /// The texts of the rows of today, as `author: text`; the typing
  /// indicator as `…`.
  @MainActor func today(_ screen: ChatBrowserScreen) -> [String] {
    let conversation = screen.conversation
    return conversation.dataSource.snapshot().itemIdentifiers(inSection: .today).map { item in
      guard case .message(let number) = item, let message = conversation.messages[number] else {
        return "…"
      }
      return message.author + ": " + message.text
    }
  }

  @Test @MainActor func aMessageTypedStopsTheScriptForGoodAndIsAnsweredInTurn() async throws {
    let session = WebSession()
    let screen = ChatBrowserScreen(session: session, listName: "chat", pause: 0.001)
    defer { screen.stop(isolation: MainActor.shared) }
    await screen.opened()
    screen.connectionChanged(connected: true, isolation: MainActor.shared)
    // The script plays: wait until Ada has started typing its first line.
    while today(screen).isEmpty { await Task.yield() }
    #expect(!screen.scriptStopped)

    let input = { (value: String) in
      screen.session(
        session, didReceive: WebInput(name: "message", value: value), isolation: MainActor.shared)
    }
    input("   ")
    #expect(!screen.scriptStopped, "an empty message is refused")
    input("First")
    #expect(screen.scriptStopped)
    input(" Second ")
    input(String(repeating: "x", count: 501))
    screen.session(
      session, didReceive: WebInput(name: "search", value: "ignored"), isolation: MainActor.shared)
    #expect(screen.waitingMessages == 3)
    await screen.sent()
    #expect(screen.waitingMessages == 0)

    // Whatever the script showed before it stopped, without its typing
    // indicator; then each message and its answer, in turn.
    let rows = today(screen)
    #expect(!rows.contains("…"))
    #expect(
      Array(rows.suffix(6)) == [
        "you: First", "Ada: " + Conversation.lines[0],
        "you: Second", "Ada: " + Conversation.lines[1],
        "you: " + String(repeating: "x", count: 500), "Ada: " + Conversation.lines[2],
      ])
    let shown = rows.count
    // A reconnect does not start the script again.
    screen.connectionChanged(connected: false, isolation: MainActor.shared)
    screen.connectionChanged(connected: true, isolation: MainActor.shared)
    await screen.sent()
    #expect(today(screen).count == shown)
    #expect(screen.scriptStopped)
  }

  @Test @MainActor func messagesPastTheQueueAreRefusedAndNoneAfterTheScreenStops() async {
    let session = WebSession()
    let screen = ChatBrowserScreen(session: session, listName: "chat", pause: 0.001)
    await screen.opened()
    for number in 0..<ChatBrowserScreen.maximumWaitingMessages {
      #expect(screen.send("message \(number)"))
    }
    #expect(!screen.send("one too many"))
    await screen.sent()
    #expect(today(screen).count == 2 * ChatBrowserScreen.maximumWaitingMessages)
    #expect(!today(screen).contains("you: one too many"))
    screen.stop(isolation: MainActor.shared)
    #expect(!screen.send("after the end"))
  }

  @Test @MainActor func eachPageHasItsScreenAndItsList() throws {
    let screens = BrowserScreens(mountains: testMountains)
    for page in WebPages.pages {
      let session = WebSession()
      let screen = screens.make(page: page, session: session)
      #expect(session.listNames == [page.listName])
      switch page.name {
      case "inspector": #expect(screen is BatchInspectorScreen)
      case "playground": #expect(screen is PlaygroundScreen)
      case "mountains": #expect(screen is MountainsBrowserScreen)
      case "sort": #expect(screen is SortBrowserScreen)
      case "reststop": #expect(screen is RestStopBrowserScreen)
      case "expand": #expect(screen is ExpandBrowserScreen)
      case "outline": #expect(screen is OutlineBrowserScreen)
      case "chat": #expect(screen is ChatBrowserScreen)
      case "large", "large-grid": #expect(screen is LargeBrowserScreen)
      default: #expect(screen is WifiBrowserScreen)
      }
      // Every screen stops, through the protocol as the registry stops it.
      screen.stop(isolation: MainActor.shared)
    }
  }

  @Test @MainActor func theLargePagesJumpToWholeNumbersFromOneToAMillionOnly() {
    for (shape, things) in [(LargeBrowserScreen.Shape.grid, "Cells"), (.rows, "Rows")] {
      let screen = LargeBrowserScreen(session: WebSession(), listName: "large", shape: shape)
      #expect(screen.jumpTarget("765,432") == .success(765_432))
      #expect(screen.jumpTarget(" 1 ") == .success(1))
      #expect(screen.jumpTarget("1000000") == .success(1_000_000))
      let refusal = LargeBrowserScreen.JumpRefusal(text: "\(things) are numbered 1 to 1,000,000.")
      for bad in ["0", "1000001", "-5", "2.5", "many", "", "99999999999999999999999"] {
        #expect(screen.jumpTarget(bad) == .failure(refusal), "\(bad)")
      }
      screen.stop(isolation: MainActor.shared)
    }
  }

  @Test func theLargeGridTilesAMillionCellsWithinWhatABrowserLaysOut() throws {
    #expect(LargeBrowserScreen.snapshot.numberOfItems == 1_000_000)
    for width in [320.0, 390, 1280, 2560] {
      let solved = try LargeBrowserScreen.layout(.grid).solve(
        LayoutContext(containerSize: CGSize(width: width, height: 800)),
        itemCounts: [LargeBrowserScreen.count])
      #expect(solved.contentSize.height <= 33_554_432, "at \(width)")
      // No space between cells: the next one starts where one ends.
      let first = try #require(solved.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
      let second = try #require(solved.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
      #expect(abs(second.frame.minX - first.frame.maxX) < 0.001)
    }
    #expect(LargeBrowserScreen.cell(765_432, .grid).text == "765,432")
    #expect(LargeBrowserScreen.cell(16, .rows).secondaryText != nil)
    #expect(LargeBrowserScreen.cell(17, .rows).text == "Row 17")
  }

  @Test func theMillionRowsFitWithinWhatABrowserLaysOutAsEstimated() throws {
    let solved = try LargeBrowserScreen.layout(.rows).solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)),
      itemCounts: [LargeBrowserScreen.count])
    #expect(solved.contentSize.height == 30_000_000)
  }
}
