import ArgumentParser
import Diffable

/// `diffable demo wifi`: WWDC19's Wi-Fi settings screen.
///
/// A configuration section holds the Wi-Fi switch and, while Wi-Fi is on,
/// the current network; a networks section, sorted by name, appears when
/// Wi-Fi is on and changes as simulated scans arrive. Every change goes
/// through a `DiffableDataSource` driving a terminal list view.
struct WifiDemo: SessionDemo {
  static let configuration = CommandConfiguration(
    commandName: "wifi",
    abstract: "Wi-Fi settings: networks come and go as scans arrive (WWDC19).",
    discussion: """
      By default Wi-Fi is turned on, simulated scans arrive (--seed picks them), \
      Wi-Fi is turned off and on again every few steps, and the demo ends after \
      --steps steps. With --interactive (on a terminal): Space toggles Wi-Fi, s scans, \
      q, Esc or Ctrl-C quits; scans also arrive on their own.
      """)

  @OptionGroup var stepOptions: StepOptions

  @OptionGroup var seedOption: SeedOption

  @Flag(help: "Toggle Wi-Fi and scan yourself (needs a terminal).")
  var interactive = false

  @OptionGroup var options: DemoOptions

  static let defaultSteps = 8

  func makeSession() async -> WifiSettings {
    await WifiSettings(seed: seedOption.seed, styler: options.styler)
  }
}

/// A Wi-Fi network found by a scan. Two networks are the same network when
/// they have the same name; the signal changes from scan to scan.
struct WifiNetwork: Hashable, Sendable {
  var name: String
  /// Signal strength, 1 to 3 bars.
  var bars: Int
  var isSecured: Bool

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

enum WifiSection: Hashable, Sendable {
  case configuration
  case networks
}

enum WifiItem: Hashable, Sendable {
  case wifiSwitch
  case currentNetwork
  case network(WifiNetwork)
}

/// The simulated radio: which networks each scan finds.
struct WifiScanner: Sendable {
  static let names = [
    "Airport Free", "Bakery", "Café Lumière", "CoffeeShop", "DIRECT-printer", "Guest",
    "Library", "Neighbour 5G", "Office", "Pixel hotspot", "Station", "TrainWiFi",
  ]
  private(set) var visible: [String: WifiNetwork] = [:]
  private var random: DemoRandom

  init(seed: UInt64) {
    random = DemoRandom(seed: seed)
  }

  /// One scan: some networks leave, some arrive, signals drift. Returns the
  /// networks found, sorted by name.
  mutating func scan() -> [WifiNetwork] {
    for name in Self.names {
      if var network = visible[name] {
        if Int.random(in: 0..<7, using: &random) == 0 {
          visible[name] = nil
        } else {
          network.bars = min(3, max(1, network.bars + Int.random(in: -1...1, using: &random)))
          visible[name] = network
        }
      } else if Int.random(in: 0..<4, using: &random) == 0 {
        visible[name] = WifiNetwork(
          name: name, bars: Int.random(in: 1...3, using: &random),
          isSecured: Bool.random(using: &random))
      }
    }
    return networks
  }

  var networks: [WifiNetwork] {
    visible.values.sorted { $0.name.lowercased() < $1.name.lowercased() }
  }
}

/// The settings screen: its model, its data source and its view.
@MainActor
final class WifiSettings: DemoSession {
  typealias Snapshot = DiffableDataSourceSnapshot<WifiSection, WifiItem>

  static let currentNetwork = WifiNetwork(name: "Home", bars: 3, isSecured: true)

  let view: TerminalListView<WifiSection, WifiItem>
  private(set) var dataSource: DiffableDataSource<WifiSection, WifiItem>!
  private(set) var isOn = false
  private var scanner: WifiScanner
  private var scans = 0
  private let styler: TextStyler

  init(seed: UInt64, styler: TextStyler) {
    self.styler = styler
    scanner = WifiScanner(seed: seed)
    view = TerminalListView(styler: styler)
    // The cell provider reads the settings' state, so the data source comes
    // once `self` exists.
    dataSource = view.makeDataSource(header: { $0 == 0 ? "Wi-Fi" : "Choose a network…" }) {
      [unowned self] in text(for: $0)
    }
    view.describeItem = { item in
      switch item {
      case .wifiSwitch: "Wi-Fi switch"
      case .currentNetwork: "current network"
      case .network(let network): network.name
      }
    }
  }

  // MARK: The model as a snapshot

  /// The snapshot of the current state; `changed` are the networks whose
  /// signal changed, reconfigured in place.
  func snapshot(reconfiguring changed: [WifiNetwork] = [], toggled: Bool = false) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections([.configuration])
    snapshot.appendItems(isOn ? [.wifiSwitch, .currentNetwork] : [.wifiSwitch])
    if isOn {
      snapshot.appendSections([.networks])
      snapshot.appendItems(scanner.networks.map(WifiItem.network))
    }
    var reconfigured = changed.map(WifiItem.network)
    if toggled { reconfigured.append(.wifiSwitch) }
    snapshot.reconfigureItems(reconfigured)
    return snapshot
  }

  func text(for item: WifiItem) -> String {
    switch item {
    case .wifiSwitch:
      return padded("Wi-Fi", to: 24)
        + (isOn ? styler("[ on ]", .green, .bold) : styler("[ off ]", .dim))
    case .currentNetwork:
      return styler("✓ ", .blue) + row(Self.currentNetwork, width: 22)
    case .network(let network):
      return "  " + row(network, width: 22)
    }
  }

  private func row(_ network: WifiNetwork, width: Int) -> String {
    let bars = String("▂▄▆".prefix(network.bars)) + String(repeating: "·", count: 3 - network.bars)
    return padded(network.name, to: width) + bars
      + (network.isSecured ? styler(" locked", .dim) : "")
  }

  // MARK: Steps

  /// Turns Wi-Fi on or off and applies the change.
  func toggle() async {
    isOn.toggle()
    if isOn { _ = scanner.scan() }
    view.caption = isOn ? "Wi-Fi on: the networks section appears" : "Wi-Fi off: it goes"
    await dataSource.apply(snapshot(toggled: true))
  }

  /// Runs a scan and applies what it found.
  func scan() async {
    scans += 1
    let number = scans
    let before = Dictionary(uniqueKeysWithValues: scanner.networks.map { ($0.name, $0) })
    let found = scanner.scan()
    let changed = found.filter { network in
      before[network.name].map { $0.bars != network.bars } ?? false
    }
    let arrived = found.filter { before[$0.name] == nil }.count
    let left = before.count - (found.count - arrived)
    view.caption =
      "scan \(number): \(arrived) found, \(left) gone, \(changed.count) signal\(changed.count == 1 ? "" : "s") changed"
    await dataSource.apply(snapshot(reconfiguring: changed))
  }

  /// The unattended demo: Wi-Fi on, scans, off and on again every five steps.
  func play(steps: Int, pause seconds: Double) async throws {
    print(styler("Wi-Fi settings", .bold) + ": a DiffableDataSource drives a terminal list")
    print(styler("+ inserted   - deleted   > moved   ~ reconfigured", .dim))
    view.caption = "Wi-Fi off"
    await dataSource.apply(snapshot())
    for step in 1...steps {
      try await pause(seconds)
      if step == 1 || step % 5 == 0 || step % 5 == 1 && !isOn {
        await toggle()
      } else {
        await scan()
      }
    }
  }

  /// The interactive demo: keys toggle and scan; scans also arrive every
  /// two seconds.
  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      view.footer = [styler("Space toggles Wi-Fi · s scans · q, Esc or Ctrl-C quits", .dim)]
      await dataSource.apply(snapshot())
      let ticker = Task { @MainActor [weak self] in
        while !Task.isCancelled {
          try await Task.sleep(for: .seconds(2))
          guard let self, self.isOn else { continue }
          await self.scan()
        }
      }
      defer { ticker.cancel() }
      for await key in keys {
        if key.quits { break }
        switch key {
        case .character(" "), .enter: await toggle()
        case .character("s") where isOn: await scan()
        default: break
        }
      }
    }
  }
}
