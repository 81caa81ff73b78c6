import CollectionLayout
import DemoScreens
import Diffable
import DiffableWeb
import DiffableWebTools
import Foundation

/// The seed screens in browser pages: for each page, the screen model the
/// terminal uses too (from `DemoScreens`), its data source made over a list
/// of the page's ``WebSession``.
public struct BrowserScreens: Sendable {
  /// The mountains the search page filters.
  public let mountains: [Mountain]
  /// Their search, made once: every page's screen shares its storage (its
  /// index by name and its folded names).
  public let mountainSearch: MountainSearch
  /// How long the sort waits between two steps, after the page has
  /// animated the previous one.
  public var sortInterval: Duration = .milliseconds(350)
  /// How long after a page first connects the rest stop serves lunch.
  public var lunchDelay: Duration = .seconds(2)
  /// How long the Wi-Fi settings wait between two scans, after the page
  /// has animated the previous one.
  public var scanInterval: Duration = .milliseconds(1500)
  /// The chat's pause between two of its changes, in seconds.
  public var chatPause = 1.0

  /// The screens, with the mountains shipped with `DemoScreens`.
  ///
  /// - Throws: `DemoDataError` when the mountains' data is missing or
  ///   malformed.
  public init() throws {
    self.init(mountains: try Mountain.bundled())
  }

  /// The screens, with `mountains` for the search.
  public init(mountains: [Mountain]) {
    self.mountains = mountains
    mountainSearch = MountainSearch(mountains: mountains, order: .name)
  }

  /// The screen of `page`, with its lists in `session`, on the session's
  /// actor.
  ///
  /// - Precondition: `page` is one of ``WebPages/demos``.
  public func make(
    page: DemoPage, session: WebSession, isolation: isolated any Actor = #isolation
  ) -> any BrowserScreen {
    switch page.name {
    case "mountains":
      return MountainsBrowserScreen(
        session: session, listName: page.listName, search: mountainSearch)
    case "sort":
      return SortBrowserScreen(
        session: session, listName: page.listName, seed: UInt64.random(in: 0...UInt64.max),
        interval: sortInterval)
    case "reststop":
      return RestStopBrowserScreen(
        session: session, listName: page.listName, lunchDelay: lunchDelay)
    case "expand":
      return ExpandBrowserScreen(session: session, listName: page.listName)
    case "outline":
      return OutlineBrowserScreen(session: session, listName: page.listName)
    case "chat":
      return ChatBrowserScreen(session: session, listName: page.listName, pause: chatPause)
    case "wifi":
      return WifiBrowserScreen(
        session: session, listName: page.listName, seed: UInt64.random(in: 0...UInt64.max),
        interval: scanInterval)
    case "large":
      return LargeBrowserScreen(session: session, listName: page.listName, shape: .rows)
    case "large-grid":
      return LargeBrowserScreen(session: session, listName: page.listName, shape: .grid)
    case "playground":
      return PlaygroundScreen(
        session: session, listName: page.listName, presets: WebPages.playgroundTool.presets)
    case "inspector":
      return BatchInspectorScreen(
        session: session, listName: page.listName, sources: WebPages.inspector.sources)
    default:
      preconditionFailure(
        "BrowserScreens.make(page:session:): no screen for the page \(page.name.debugDescription)")
    }
  }
}

// MARK: - The tools

/// The layout playground (`DiffableWebTools`) among the screens: it does
/// nothing of its own between the page's messages.
extension PlaygroundScreen: BrowserScreen {
  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {}
  public func opened() async {}
  public func stop(isolation: isolated any Actor) {}
}

/// The batch inspector (`DiffableWebTools`) among the screens: its
/// `stop(isolation:)` is the screen's.
extension BatchInspectorScreen: BrowserScreen {
  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {}

  public func opened() async {
    await settled()
  }
}

// MARK: - Announcements

/// A page's list view says a screen's announcements: the mountains found,
/// a message that arrives.
extension WebListView: StepAnnouncing {}

// MARK: - Mountains

/// WWDC19's mountain search: the `search` input types into
/// `MountainSearchScreen`; the mountains fill a grid of two columns at phone
/// width, more when wider. The page announces each search's results in
/// words ("4 results").
public final class MountainsBrowserScreen: BrowserScreen, WebSessionDelegate {
  /// The screen model.
  public let screen: MountainSearchScreen
  /// Counts the queries typed: a query typed before the previous one was
  /// applied replaces it.
  private var typed = 0
  /// The last query's task.
  private var typing: Task<Void, Never>?

  /// `search` in the list `listName` of `session`, on the session's actor.
  public init(
    session: WebSession, listName: String, search: MountainSearch,
    isolation: isolated any Actor = #isolation
  ) {
    let view: WebListView<String, String> = session.listView(
      named: listName, layout: Self.layout)
    screen = MountainSearchScreen(
      search: search, view: view, announcements: view
    ) { mountain in
      WebCell(
        mountain.name, secondaryText: "\(MountainSearch.grouped(mountain.height)) m")
    }
    session.delegate = self
    type("")
  }

  /// The page's `search` input changed.
  public func session(
    _ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor
  ) {
    guard input.name == "search" else { return }
    type(input.value)
  }

  /// Shows the mountains matching `query`. Queries typed quickly are merged:
  /// only the last one typed before an apply starts is applied.
  public func type(_ query: String, isolation: isolated any Actor = #isolation) {
    typed += 1
    let number = typed
    typing = Task {
      _ = isolation
      guard number == self.typed else { return }
      await self.screen.type(query)
    }
  }

  /// Columns of at least 180 points, two at least: two at phone width.
  public static func columns(forWidth width: Double) -> Int {
    max(2, Int(width / 180))
  }

  /// The grid: rows of 64-point cells, as many columns as
  /// ``columns(forWidth:)`` gives for the list's width.
  public static let layout = CompositionalLayout { _, environment in
    let columns = MountainsBrowserScreen.columns(
      forWidth: Double(environment.container.effectiveContentSize.width))
    var item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(64)),
      subitem: .item(item), count: columns)
    var section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    return section
  }

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {}

  public func opened() async {
    await typing?.value
  }

  public func stop(isolation: isolated any Actor) {
    typed += 1
  }
}

// MARK: - Sort

/// WWDC19's insertion sort: while a page is connected, one step every
/// `interval` after the previous step's apply completed (one apply a step),
/// a new shuffle when every row is sorted.
public final class SortBrowserScreen: BrowserScreen {
  /// The screen model.
  public let sort: InsertionSort
  /// The pause between steps.
  public let interval: Duration
  private var stepping: Task<Void, Never>?
  private var steps = 0
  /// The first apply, the shuffled rows: the steps start after it.
  private var opening: Task<Void, Never>?

  /// The number of rows.
  public static let rows = 6
  /// The number of cells in a row.
  public static let width = 10

  /// A sort shuffled as `seed` says, in the list `listName` of `session`.
  public init(
    session: WebSession, listName: String, seed: UInt64, interval: Duration,
    isolation: isolated any Actor = #isolation
  ) {
    self.interval = interval
    let view: WebListView<Int, SortCell> = session.listView(named: listName, layout: Self.layout)
    sort = InsertionSort(rows: Self.rows, width: Self.width, seed: seed, view: view) { cell in
      WebCell(
        String(cell.value),
        color: Self.color(hue: InsertionSort.hue(of: cell.value, width: Self.width)))
    }
    let sort = sort
    opening = Task {
      _ = isolation
      await sort.open()
    }
  }

  /// Rows of square cells (44 points at most), a row a section.
  public static let layout = CompositionalLayout { _, environment in
    let width = Double(environment.container.effectiveContentSize.width)
    let side = min(44, (width / Double(SortBrowserScreen.width)).rounded(.down))
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1 / CGFloat(SortBrowserScreen.width)),
        heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(CGFloat(side))),
      subitems: [item])
    var section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 8, trailing: 0)
    return section
  }

  /// The colour of a hue from 0 (red) to 1 (back to red), saturated and
  /// light enough for dark text.
  public static func color(hue: Double) -> WebCell.Color {
    let h = (hue - hue.rounded(.down)) * 6
    let saturation = 0.6
    let value = 0.95
    let chroma = value * saturation
    let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double)
    switch Int(h) {
    case 0: (r, g, b) = (chroma, x, 0)
    case 1: (r, g, b) = (x, chroma, 0)
    case 2: (r, g, b) = (0, chroma, x)
    case 3: (r, g, b) = (0, x, chroma)
    case 4: (r, g, b) = (x, 0, chroma)
    default: (r, g, b) = (chroma, 0, x)
    }
    let m = value - chroma
    func byte(_ component: Double) -> UInt8 { UInt8(((component + m) * 255).rounded()) }
    return WebCell.Color(red: byte(r), green: byte(g), blue: byte(b))
  }

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {
    if connected {
      guard stepping == nil else { return }
      let interval = interval
      let opening = opening
      stepping = Task { [weak self] in
        _ = isolation
        await opening?.value
        while !Task.isCancelled {
          guard let self else { return }
          self.steps += 1
          await self.sort.step(self.steps)
          do { try await Task.sleep(for: interval) } catch { return }
        }
      }
    } else {
      stepping?.cancel()
      stepping = nil
    }
  }

  public func opened() async {
    await opening?.value
  }

  public func stop(isolation: isolated any Actor) {
    stepping?.cancel()
    stepping = nil
  }
}

// MARK: - Rest stop

/// The highway rest stop in `RestStop.layout`: it opens with the whole menu;
/// `lunchDelay` after a page first connects, lunch adds a dish and sells
/// out the ice. Each section has its title as a header. The dishes are
/// cards of the page's own template (a picture, the name and price, what
/// the basket holds, an "Add" button whose tap adds one to the basket);
/// the brands, a template too, show what their counters offer and a link,
/// in cells that size themselves: the page measures them and the rows
/// below move.
public final class RestStopBrowserScreen: BrowserScreen, WebListViewDelegate {
  /// The screen model.
  public let screen: RestStopScreen
  /// How long after the first connection lunch comes.
  public let lunchDelay: Duration
  /// How many of each dish the page's user added, by name.
  public var basket: [String: Int] { basketCounts.counts }
  private let view: WebListView<RestStop.Section, AnySendableHashable>
  private var lunch: Task<Void, Never>?
  /// The first apply, the opening snapshot: lunch comes after it.
  private var opening: Task<Void, Never>?

  /// The rest stop in the list `listName` of `session`.
  public init(
    session: WebSession, listName: String, lunchDelay: Duration,
    isolation: isolated any Actor = #isolation
  ) {
    self.lunchDelay = lunchDelay
    let view: WebListView<RestStop.Section, AnySendableHashable> = session.listView(
      named: listName, layout: RestStopScreen.layout)
    self.view = view
    let counts = _BasketCounts()
    screen = RestStopScreen(view: view) { item in Self.cell(item, inBasket: counts.of(item)) }
    basketCounts = counts
    let dataSource = screen.dataSource
    dataSource.supplementaryViewProvider = .init {
      [weak dataSource] (_: WebListView<RestStop.Section, AnySendableHashable>, _, indexPath) in
      dataSource?.sectionIdentifier(for: indexPath.section).map { WebCell($0.title) }
    }
    // Cells are not selected; their "Add" buttons reach the delegate.
    view.allowsSelection = false
    view.delegate = self
    let screen = screen
    opening = Task {
      _ = isolation
      await screen.open()
    }
  }

  /// The counts the cell provider reads: the basket, shared with it.
  private let basketCounts: _BasketCounts

  /// An item's cell: a dish's card or a brand's of the page's templates;
  /// a good's text.
  public static func cell(_ item: AnySendableHashable, inBasket count: Int = 0) -> WebCell {
    let label = RestStop.label(item)
    if let dish = item.base as? RestStop.FoodMenuItem {
      return WebCell(
        count == 0 ? label : "\(label), \(count) in basket",
        template: WebCell.Template(
          "food",
          fields: [
            "name": .text(dish.name), "price": .text("$\(dish.price)"),
            "basket": .text(count == 0 ? "" : "\(count) in basket"),
            "picture": picture(of: dish),
          ]))
    }
    if let brand = item.base as? RestStop.Brand {
      let details = RestStop.detail(item) ?? ""
      var fields: [String: WebCell.Field] = ["name": .text(brand.name), "details": .text(details)]
      // The brands' sites are examples, under the domain kept for them.
      let slug = brand.name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        .joined(separator: "-")
      fields["site"] = try? .link("\(brand.name)'s site", to: "https://example.com/brands/\(slug)")
      return WebCell(
        label, secondaryText: details, template: WebCell.Template("brand", fields: fields))
    }
    return WebCell(label)
  }

  /// A dish's picture: a small SVG drawn here, a plate on a colour of the
  /// dish's own, with the dish's initial: a `data:` URL, so that the page
  /// loads nothing from the network.
  public static func picture(of dish: RestStop.FoodMenuItem) -> WebCell.Field {
    // A hue of the dish's own: its name's bytes, hashed (FNV-1a), in 12 steps.
    let hash = dish.name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    let hue = Double(hash % 12) / 12
    let color = SortBrowserScreen.color(hue: hue).hex
    let initial = dish.name.first.map(String.init) ?? ""
    let svg =
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'>"
      + "<rect width='40' height='40' rx='6' fill='\(color)'/>"
      + "<circle cx='20' cy='20' r='13' fill='white' fill-opacity='0.85'/>"
      + "<text x='20' y='25' font-family='sans-serif' font-size='14' text-anchor='middle'"
      + " fill='\(color)'>\(initial)</text></svg>"
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~:/='(),;!*+")
    let encoded = svg.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    do {
      return try .image("data:image/svg+xml," + encoded, description: "")
    } catch {
      preconditionFailure("RestStopBrowserScreen.picture(of:): \(error)")
    }
  }

  /// The page's user tapped "Add" on a dish's card: one more in the
  /// basket, the card says so, and the page announces it.
  public func listView(
    named name: String, didTapAction action: String, inItemAt indexPath: IndexPath,
    isolation: isolated any Actor
  ) {
    guard action == "add", let item = screen.dataSource.itemIdentifier(for: indexPath),
      let dish = item.base as? RestStop.FoodMenuItem
    else { return }
    basketCounts.counts[dish.name, default: 0] += 1
    var snapshot = screen.dataSource.snapshot()
    snapshot.reconfigureItems([item])
    view.announcement = "\(dish.name): \(basket[dish.name, default: 0]) in basket"
    screen.dataSource.apply(snapshot)
  }

  /// Cells of the rest stop are not selected.
  public func listView(
    named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor
  ) {}

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {
    guard connected, lunch == nil else { return }
    let delay = lunchDelay
    let opening = opening
    lunch = Task { [weak self] in
      _ = isolation
      await opening?.value
      do { try await Task.sleep(for: delay) } catch { return }
      await self?.screen.lunch()
    }
  }

  public func opened() async {
    await opening?.value
  }

  public func stop(isolation: isolated any Actor) {
    lunch?.cancel()
  }
}

/// The basket's counts by dish name, read by the rest stop's cell
/// provider.
final class _BasketCounts {
  var counts: [String: Int] = [:]

  /// How many of `item` the basket holds: 0 for anything but a dish.
  func of(_ item: AnySendableHashable) -> Int {
    (item.base as? RestStop.FoodMenuItem).map { counts[$0.name] ?? 0 } ?? 0
  }
}

// MARK: - Actions in order

/// A screen's actions (opening, taps, inputs, timed steps), run one after
/// the other in the order they were asked for: each is a task that waits
/// for the one before, so that changes made quickly apply in turn.
final class ActionsInOrder {
  private var last: Task<Void, Never>?

  /// Runs `action` after the actions asked for before, on the caller's
  /// actor.
  func perform(
    isolation: isolated any Actor = #isolation, _ action: @escaping () async -> Void
  ) {
    let previous = last
    last = Task {
      _ = isolation
      await previous?.value
      await action()
    }
  }

  /// Returns when every action asked for so far has run.
  func wait() async {
    await last?.value
  }

  /// Cancels the last action asked for.
  func cancel() {
    last?.cancel()
  }
}

// MARK: - Expand

/// Rows of long texts (`ExpandingTable`): a tap on a row, or Enter or Space
/// on it, expands it to show its text, or collapses it. The row is
/// reconfigured, not reloaded; the list's rows size themselves, so the page
/// measures the row and the rows below move.
public final class ExpandBrowserScreen: BrowserScreen, WebListViewDelegate {
  /// The screen model.
  public let table: ExpandingTable
  /// The opening and the toggles, in the order they came.
  private let actions = ActionsInOrder()

  /// The rows in the list `listName` of `session`, on the session's actor.
  public init(
    session: WebSession, listName: String, isolation: isolated any Actor = #isolation
  ) {
    let view: WebListView<Int, Int> = session.listView(named: listName, layout: Self.layout)
    table = ExpandingTable(view: view) { table, item in
      Self.cell(item, expanded: table.expanded.contains(item))
    }
    view.delegate = self
    let table = table
    actions.perform { await table.open() }
  }

  /// A row was tapped: it expands or collapses.
  public func listView(
    named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor
  ) {
    guard let item = table.dataSource.itemIdentifier(for: indexPath) else { return }
    toggle(item)
  }

  /// An inset grouped list, whose rows size themselves to their text.
  public static let layout = CompositionalLayout.list(
    using: ListConfiguration(appearance: .insetGrouped))

  /// The cell of the article `item`: its title, its text when expanded, and
  /// a disclosure mark that says which.
  public static func cell(_ item: Int, expanded: Bool) -> WebCell {
    let article = ExpandingTable.articles[item]
    return WebCell(
      article.title, secondaryText: expanded ? article.body : nil,
      accessories: [.disclosure(expanded: expanded)])
  }

  /// Expands the row of `item`, or collapses it, after the toggles asked
  /// for before.
  public func toggle(_ item: Int, isolation: isolated any Actor = #isolation) {
    let table = table
    actions.perform { await table.toggle(item) }
  }

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {}

  public func opened() async {
    await actions.wait()
  }

  public func stop(isolation: isolated any Actor) {
    actions.cancel()
  }
}

// MARK: - Outline

/// A folder tree (`FileTree`) in an outline section: a tap on a folder, or
/// Enter or Space on it, expands it (its entries are loaded by
/// `snapshotForExpandingParent` the first time) or collapses it, through
/// the data source's `toggleExpansion(of:)`, which reconfigures the folder.
/// Each row is indented by its level; folders have a disclosure mark.
public final class OutlineBrowserScreen: BrowserScreen, WebListViewDelegate {
  /// The screen model.
  public let tree: FileTree
  /// The opening and the toggles, in the order they came.
  private let actions = ActionsInOrder()

  /// The tree in the list `listName` of `session`, on the session's actor.
  public init(
    session: WebSession, listName: String, isolation: isolated any Actor = #isolation
  ) {
    let view: WebListView<Int, String> = session.listView(named: listName, layout: Self.layout)
    tree = FileTree(view: view) { tree, path in
      Self.cell(
        path, level: tree.level(of: path),
        expanded: FileTree.isFolder(path) ? tree.isExpanded(path) : nil)
    }
    view.delegate = self
    let tree = tree
    actions.perform { await tree.open() }
  }

  /// A row was tapped: a folder expands or collapses.
  public func listView(
    named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor
  ) {
    guard let path = tree.dataSource.itemIdentifier(for: indexPath) else { return }
    toggle(path)
  }

  /// A sidebar list, whose rows size themselves.
  public static let layout = CompositionalLayout.list(
    using: ListConfiguration(appearance: .sidebar))

  /// The cell of `path`: its name, indented by `level`, and for a folder
  /// (`expanded` not `nil`) a disclosure mark that says whether it is
  /// expanded.
  public static func cell(_ path: String, level: Int, expanded: Bool?) -> WebCell {
    WebCell(
      FileTree.name(of: path), indentation: level,
      accessories: expanded.map { [.disclosure(expanded: $0)] } ?? [])
  }

  /// Expands the folder `path`, or collapses it, after the toggles asked
  /// for before. A file does not change.
  public func toggle(_ path: String, isolation: isolated any Actor = #isolation) {
    guard FileTree.isFolder(path) else { return }
    let tree = tree
    actions.perform { await tree.toggle(path) }
  }

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {}

  public func opened() async {
    await actions.wait()
  }

  public func stop(isolation: isolated any Actor) {
    actions.cancel()
  }
}

// MARK: - Wi-Fi

/// WWDC19's Wi-Fi settings (`WifiSettings`): the page's switch (the `input`
/// named `wifi`) turns Wi-Fi on and off, which brings in the networks
/// section or takes it away; while a page is connected and Wi-Fi is on, a
/// scan every `interval` after the previous apply completed changes the
/// networks found and reconfigures those whose signal changed. A tap on a
/// network found (or Enter or Space on it) joins it: its row moves up to
/// the network joined, with its check mark, and the network left moves
/// back among those found. A tap on the switch's row or on the network
/// joined does nothing.
public final class WifiBrowserScreen: BrowserScreen, WebSessionDelegate, WebListViewDelegate {
  /// The screen model.
  public let settings: WifiSettings
  /// The pause between scans.
  public let interval: Duration
  /// The opening, the switch's turns, the joins and the scans, in the order
  /// they came.
  private let actions = ActionsInOrder()
  private var scanning: Task<Void, Never>?

  /// Settings whose scans `seed` fixes, in the list `listName` of `session`.
  public init(
    session: WebSession, listName: String, seed: UInt64, interval: Duration,
    isolation: isolated any Actor = #isolation
  ) {
    self.interval = interval
    let view: WebListView<WifiSection, WifiItem> = session.listView(
      named: listName, layout: Self.layout)
    settings = WifiSettings(seed: seed, view: view) { settings, item in
      Self.cell(item, isOn: settings.isOn, joined: settings.currentNetwork)
    }
    let settings = settings
    settings.dataSource.supplementaryViewProvider = .init {
      [weak settings] (_: WebListView<WifiSection, WifiItem>, _, indexPath) in
      settings.map { WebCell($0.title(ofSection: indexPath.section)) }
    }
    actions.perform { await settings.open() }
    session.delegate = self
    view.delegate = self
  }

  /// A row was tapped: a network found is joined.
  public func listView(
    named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor
  ) {
    guard settings.dataSource.sectionIdentifier(for: indexPath.section) == .networks,
      case .network(let network) = settings.dataSource.itemIdentifier(for: indexPath)
    else { return }
    join(network.name)
  }

  /// Joins the network `name`, after the actions asked for before; nothing
  /// when, by then, Wi-Fi is off or no scan finds the network any longer.
  public func join(_ name: String, isolation: isolated any Actor = #isolation) {
    let settings = settings
    actions.perform { await settings.join(name) }
  }

  /// The page's switch turned.
  public func session(
    _ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor
  ) {
    guard input.name == "wifi" else { return }
    turn(on: input.value == "true")
  }

  /// An inset grouped list with a header above each section.
  public static let layout = CompositionalLayout.list(
    using: ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary))

  /// The cell of `item`: the switch, the network `joined` (with a check
  /// mark), or a network found, with its signal and whether it is locked.
  public static func cell(_ item: WifiItem, isOn: Bool, joined: WifiNetwork) -> WebCell {
    switch item {
    case .wifiSwitch:
      return WebCell("Wi-Fi", accessories: [.switch(isOn: isOn)])
    case .network(let network) where network == joined:
      return WebCell(network.name, secondaryText: signal(of: network), accessories: [.checkmark])
    case .network(let network):
      return WebCell(network.name, secondaryText: signal(of: network))
    }
  }

  /// A network's bars out of three, and a lock if it is secured.
  static func signal(of network: WifiNetwork) -> String {
    network.signalBars + (network.isSecured ? " locked" : "")
  }

  /// Turns Wi-Fi on or off, after the actions asked for before; nothing
  /// when it already is.
  public func turn(on: Bool, isolation: isolated any Actor = #isolation) {
    let settings = settings
    actions.perform {
      if settings.isOn != on { await settings.toggle() }
    }
  }

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {
    guard connected else {
      scanning?.cancel()
      scanning = nil
      return
    }
    guard scanning == nil else { return }
    let interval = interval
    scanning = Task { [weak self] in
      _ = isolation
      while !Task.isCancelled {
        do { try await Task.sleep(for: interval) } catch { return }
        guard let self else { return }
        let settings = settings
        self.actions.perform {
          if settings.isOn { await settings.scan() }
        }
        await self.actions.wait()
      }
    }
  }

  public func opened() async {
    await actions.wait()
  }

  public func stop(isolation: isolated any Actor) {
    scanning?.cancel()
    scanning = nil
    actions.cancel()
  }
}

// MARK: - Chat

/// A conversation whose messages arrive from a background task
/// (`Conversation`): while a page is connected, Ada types (an indicator
/// row), her message replaces the indicator and marks your last message
/// read, and you reply, `pause` seconds apart; after the last line of the
/// script, the conversation starts again from its history. The page
/// announces each of Ada's messages as it arrives ("Ada: Did the batch
/// animate?").
///
/// The page's form sends what you type (the `input` named `message`): the
/// first message stops the unattended script for good, on this page; each
/// message then comes at the end of the list, and Ada answers it after her
/// typing indicator, one message after the other.
public final class ChatBrowserScreen: BrowserScreen, WebSessionDelegate {
  /// The screen model.
  public let conversation: Conversation
  /// The pause between two changes, in seconds.
  public let pause: Double
  /// Whether a message typed on the page stopped the unattended script:
  /// it does not start again, even when the page connects again.
  public private(set) var scriptStopped = false
  /// The number of typed messages waiting to be sent or answered.
  public private(set) var waitingMessages = 0
  /// The last task of the script started, running or cancelled and
  /// ending: each starts after the one before has ended.
  private var script: Task<Void, Never>?
  /// Whether the script plays (its task is not cancelled).
  private var playing = false
  /// The first apply, the history: the conversation plays after it.
  private var opening: Task<Void, Never>?
  /// The typed messages, each sent and answered after the one before.
  private let sends = ActionsInOrder()
  private var stopped = false

  /// The longest message the screen takes, in characters: the page's
  /// field stops there too (`maxlength`), and a longer one is cut.
  public static let maximumMessageLength = 500
  /// The most typed messages that wait their turn: a message past them is
  /// refused, so that a page that sends faster than Ada answers holds a
  /// bounded queue.
  public static let maximumWaitingMessages = 20

  /// The conversation in the list `listName` of `session`.
  public init(
    session: WebSession, listName: String, pause: Double,
    isolation: isolated any Actor = #isolation
  ) {
    self.pause = pause
    let view: WebListView<ChatSection, ChatItem> = session.listView(
      named: listName, layout: Self.layout)
    conversation = Conversation(view: view, announcements: view) { conversation, item in
      Self.cell(item, in: conversation)
    }
    let conversation = conversation
    conversation.dataSource.supplementaryViewProvider = .init {
      [weak conversation] (_: WebListView<ChatSection, ChatItem>, _, indexPath) in
      conversation.map { WebCell($0.title(ofSection: indexPath.section)) }
    }
    opening = Task {
      _ = isolation
      await conversation.open()
    }
    session.delegate = self
  }

  /// A plain list with a header above each day; rows size themselves to
  /// their message.
  public static let layout = CompositionalLayout.list(
    using: ListConfiguration(appearance: .plain, headerMode: .supplementary))

  /// The cell of `item`: a message with its author (and, for yours,
  /// whether it was read), or the typing indicator.
  public static func cell(_ item: ChatItem, in conversation: Conversation) -> WebCell {
    switch item {
    case .typing:
      return WebCell("Ada is typing…")
    case .message(let number):
      guard let message = conversation.messages[number] else { return WebCell("?") }
      // Yours with its receipt; the other side's with its author.
      return WebCell(
        message.text, secondaryText: message.receipt.map { "you · " + $0 } ?? message.author)
    }
  }

  /// The message a page's `message` input makes: its value without the
  /// white space around it, cut to ``maximumMessageLength`` characters;
  /// `nil` when nothing is left.
  public static func message(from value: String) -> String? {
    let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    return String(text.prefix(maximumMessageLength))
  }

  /// The page's form sent a message.
  public func session(
    _ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor
  ) {
    guard input.name == "message" else { return }
    send(input.value)
  }

  /// Sends `value` as your message (see ``message(from:)``), after the
  /// messages sent before, and plays Ada answering it. The first one stops
  /// the unattended script for good. Returns whether the message was
  /// taken: an empty one is not, nor one past ``maximumWaitingMessages``
  /// waiting, nor one after the screen stopped.
  @discardableResult
  public func send(_ value: String, isolation: isolated any Actor = #isolation) -> Bool {
    guard !stopped, let text = Self.message(from: value),
      waitingMessages < Self.maximumWaitingMessages
    else { return false }
    scriptStopped = true
    playing = false
    let script = script
    script?.cancel()
    waitingMessages += 1
    let opening = opening
    let conversation = conversation
    let pause = pause
    // Each change reads the snapshot the one before applied: the history,
    // what the cancelled script left (it takes its typing indicator away
    // as it ends), the message before and its answer.
    sends.perform { [weak self] in
      await opening?.value
      await script?.value
      defer { self?.waitingMessages -= 1 }
      guard self?.stopped == false else { return }
      try? await conversation.sendAndAwaitAnswer(text, pause: pause)
    }
    return true
  }

  public func connectionChanged(connected: Bool, isolation: isolated any Actor) {
    guard connected else {
      script?.cancel()
      playing = false
      return
    }
    guard !playing, !scriptStopped, !stopped else { return }
    playing = true
    let opening = opening
    let previous = script
    let pause = pause
    let conversation = conversation
    script = Task {
      _ = isolation
      await opening?.value
      // A script cancelled when the page went away may still be ending.
      await previous?.value
      do {
        while true {
          for step in Conversation.lines.indices {
            try Task.checkCancellation()
            try await conversation.step(step, pause: pause)
          }
          try await DemoScreens.pause(pause * 3)
          try Task.checkCancellation()
          await conversation.open()
        }
      } catch {
        return
      }
    }
  }

  public func opened() async {
    await opening?.value
  }

  /// Returns when every message typed so far is sent and answered.
  public func sent() async {
    await sends.wait()
  }

  public func stop(isolation: isolated any Actor) {
    stopped = true
    script?.cancel()
    playing = false
    sends.cancel()
  }
}
