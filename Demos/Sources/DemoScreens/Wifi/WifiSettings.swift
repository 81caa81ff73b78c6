import Diffable

/// A Wi-Fi network found by a scan. Two networks are the same network when
/// they have the same name; the signal changes from scan to scan.
public struct WifiNetwork: Hashable, Sendable {
  public var name: String
  /// Signal strength, 1 to 3 bars.
  public var bars: Int
  public var isSecured: Bool

  public init(name: String, bars: Int, isSecured: Bool) {
    self.name = name
    self.bars = bars
    self.isSecured = isSecured
  }

  /// The signal as every renderer draws it: the bars it has out of three,
  /// the missing ones as dots (`▂▄·`).
  public var signalBars: String {
    String("▂▄▆".prefix(bars)) + String(repeating: "·", count: max(0, 3 - bars))
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The sections of the Wi-Fi settings screen.
public enum WifiSection: Hashable, Sendable {
  /// The switch and, while Wi-Fi is on, the network joined.
  case configuration
  /// The networks found, while Wi-Fi is on.
  case networks
}

/// A section is written by its name: `"configuration"`, `"networks"`.
extension WifiSection: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self == .configuration ? "configuration" : "networks")
  }
}

/// The rows of the Wi-Fi settings screen.
public enum WifiItem: Hashable, Sendable {
  case wifiSwitch
  /// A network: the one joined, in the configuration section, or one found,
  /// in the networks section. Joining a network moves its row, the same
  /// row, from one section to the other.
  case network(WifiNetwork)
}

/// A row is written by what identifies it, as it is equal and hashes, as a
/// JSON object (a browser list's identifiers are all of one kind): the
/// switch by name (`{"row": "wifiSwitch"}`), a network by its name only
/// (`{"network": "Bakery"}`), not its signal, which changes while it stays
/// the same row, nor whether it is joined.
extension WifiItem: Encodable {
  private enum CodingKeys: String, CodingKey { case row, network }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .wifiSwitch: try container.encode("wifiSwitch", forKey: .row)
    case .network(let network): try container.encode(network.name, forKey: .network)
    }
  }
}

/// The simulated radio: which networks each scan finds, and the network
/// joined.
///
/// The network joined is held apart from those found: a scan neither finds
/// it again nor loses it, so it stays joined, with the signal it had when
/// joined, however the networks around it come and go. Joining a network
/// found takes it out of those found; the network left goes back among
/// them, in range. The network joined at first, ``home``, is none a scan
/// finds by itself: once left, it stays among those found, as it is.
public struct WifiScanner: Sendable {
  /// The networks a scan may find.
  public static let names = [
    "Airport Free", "Bakery", "Café Lumière", "CoffeeShop", "DIRECT-printer", "Guest",
    "Library", "Neighbour 5G", "Office", "Pixel hotspot", "Station", "TrainWiFi",
  ]
  /// The network joined at first.
  public static let home = WifiNetwork(name: "Home", bars: 3, isSecured: true)
  /// The networks the last scan found, by name; never the one joined.
  public private(set) var visible: [String: WifiNetwork] = [:]
  /// The network joined.
  public private(set) var joined = Self.home
  private var random: DemoRandom

  /// A radio whose scans are fixed by `seed`, joined to ``home``.
  public init(seed: UInt64) {
    random = DemoRandom(seed: seed)
  }

  /// Joins the network `name` that the last scan found, and puts the
  /// network left back among those found. Returns the network left, or
  /// `nil` (and changes nothing) when no network of that name is found.
  public mutating func join(_ name: String) -> WifiNetwork? {
    guard let network = visible.removeValue(forKey: name) else { return nil }
    let left = joined
    visible[left.name] = left
    joined = network
    return left
  }

  /// One scan: some networks leave, some arrive, signals drift; the network
  /// joined is left alone. Returns the networks found, sorted by name.
  public mutating func scan() -> [WifiNetwork] {
    for name in Self.names where name != joined.name {
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

  /// The networks the last scan found, sorted by name; never the one
  /// joined.
  public var networks: [WifiNetwork] {
    visible.values.sorted { $0.name.lowercased() < $1.name.lowercased() }
  }
}

/// WWDC19's Wi-Fi settings screen: its model, and the data source that
/// shows it.
///
/// A configuration section holds the Wi-Fi switch and, while Wi-Fi is on,
/// the network joined (``currentNetwork``, with a check mark); a networks
/// section, sorted by name, appears when Wi-Fi is on and changes as
/// simulated scans arrive. Every change is one apply: ``toggle()`` when the
/// switch is tapped, ``scan()`` when a scan arrives, ``join(_:)`` when a
/// network found is tapped, which moves its row up into the configuration
/// section and the row of the network left down among those found.
public final class WifiSettings {
  public typealias Snapshot = DiffableDataSourceSnapshot<WifiSection, WifiItem>

  /// The data source that drives the view.
  public private(set) var dataSource: DiffableDataSource<WifiSection, WifiItem>!
  /// Whether Wi-Fi is on.
  public private(set) var isOn = false
  /// The network joined, shown while Wi-Fi is on; ``WifiScanner/home`` at
  /// first.
  public var currentNetwork: WifiNetwork { scanner.joined }
  private var scanner: WifiScanner
  private var scans = 0
  private let captions: (any StepCaptioning)?

  /// A screen whose scans are fixed by `seed`, shown in `view`.
  ///
  /// - Parameters:
  ///   - captions: Told what each change is about, before it is applied.
  ///   - cell: Makes a row's cell; it reads the screen's state (``isOn``,
  ///     ``currentNetwork``).
  public init<View: DiffableListView>(
    seed: UInt64, view: View, captions: (any StepCaptioning)? = nil,
    cell: @escaping (WifiSettings, WifiItem) -> View.Cell
  ) {
    scanner = WifiScanner(seed: seed)
    self.captions = captions
    // The cell provider reads the settings' state, so the data source comes
    // once `self` exists.
    dataSource = DataSource(view: view) { [unowned self] _, _, item in cell(self, item) }
  }

  private typealias DataSource = DiffableDataSource<WifiSection, WifiItem>

  /// The title of a section's header, by section index.
  public func title(ofSection index: Int) -> String {
    index == 0 ? "Wi-Fi" : "Choose a network…"
  }

  /// How the screen names a row in words.
  public static func name(of item: WifiItem) -> String {
    switch item {
    case .wifiSwitch: "Wi-Fi switch"
    case .network(let network): network.name
    }
  }

  /// The snapshot of the current state; `changed` are the networks whose
  /// cell changed (their signal, their check mark), reconfigured in place.
  public func snapshot(reconfiguring changed: [WifiNetwork] = [], toggled: Bool = false)
    -> Snapshot
  {
    var snapshot = Snapshot()
    snapshot.appendSections([.configuration])
    snapshot.appendItems(isOn ? [.wifiSwitch, .network(scanner.joined)] : [.wifiSwitch])
    if isOn {
      snapshot.appendSections([.networks])
      snapshot.appendItems(scanner.networks.map(WifiItem.network))
    }
    var reconfigured = changed.map(WifiItem.network)
    if toggled { reconfigured.append(.wifiSwitch) }
    snapshot.reconfigureItems(reconfigured)
    return snapshot
  }

  // MARK: Actions

  /// Shows the screen as it is: Wi-Fi off at first.
  public func open(caption: String? = nil) async {
    captions?.caption = caption
    await dataSource.apply(snapshot())
  }

  /// Turns Wi-Fi on or off, as a tap on the switch does, and applies the
  /// change. Turning it on scans, and the caption names that scan: the
  /// networks shown are its results, not those of the scan before Wi-Fi
  /// went off.
  public func toggle() async {
    isOn.toggle()
    if isOn {
      scans += 1
      let found = scanner.scan().count
      captions?.caption =
        "Wi-Fi on: scan \(scans) finds \(found) network\(found == 1 ? "" : "s"); "
        + "the networks section appears"
    } else {
      captions?.caption = "Wi-Fi off: it goes"
    }
    await dataSource.apply(snapshot(toggled: true))
  }

  /// Runs a scan and applies what it found.
  public func scan() async {
    scans += 1
    let number = scans
    let before = Dictionary(uniqueKeysWithValues: scanner.networks.map { ($0.name, $0) })
    let found = scanner.scan()
    let changed = found.filter { network in
      before[network.name].map { $0.bars != network.bars } ?? false
    }
    let arrived = found.filter { before[$0.name] == nil }.count
    let left = before.count - (found.count - arrived)
    let signals = "\(changed.count) signal\(changed.count == 1 ? "" : "s") changed"
    captions?.caption = "scan \(number): \(arrived) found, \(left) gone, \(signals)"
    await dataSource.apply(snapshot(reconfiguring: changed))
  }

  /// Joins the network `name` found by the last scan, as a tap on its row
  /// does, and applies the change: its row moves into the configuration
  /// section, where it is reconfigured to show its check mark, and the row
  /// of the network left moves back among the networks found (both are
  /// moves, the rows keeping their identity). Returns whether it joined:
  /// nothing changes while Wi-Fi is off, or when no network of that name
  /// is found (the joined one included).
  @discardableResult
  public func join(_ name: String) async -> Bool {
    guard isOn, let left = scanner.join(name) else { return false }
    captions?.caption = "join \(name): its row moves up, \(left.name) goes back among the networks"
    await dataSource.apply(snapshot(reconfiguring: [left, scanner.joined]))
    return true
  }

  /// Step `number` (from 1) of the unattended run: Wi-Fi on at the first,
  /// off and on again every five steps, scans in between.
  public func step(_ number: Int) async {
    if number == 1 || number % 5 == 0 || number % 5 == 1 && !isOn {
      await toggle()
    } else {
      await scan()
    }
  }
}
