import ArgumentParser
import DemoScreens
import Diffable
import TerminalRenderer

/// `demo wifi`: WWDC19's Wi-Fi settings screen (``WifiSettings``) in a
/// terminal list view.
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

  func makeSession() async -> WifiSession {
    await WifiSession(seed: seedOption.seed, styler: options.styler)
  }
}

/// The Wi-Fi settings drawn in a terminal: the screen, its view, and how
/// its rows look.
@MainActor
final class WifiSession: DemoSession {
  let view: TerminalListView<WifiSection, WifiItem>
  private(set) var screen: WifiSettings!
  private let styler: TextStyler

  init(seed: UInt64, styler: TextStyler) {
    self.styler = styler
    view = TerminalListView(styler: styler)
    screen = WifiSettings(seed: seed, view: view, captions: view) { [unowned self] screen, item in
      text(for: item, in: screen)
    }
    view.show(screen.dataSource) { [unowned self] in screen.title(ofSection: $0) }
    view.describeItem = WifiSettings.name(of:)
  }

  func text(for item: WifiItem, in screen: WifiSettings) -> String {
    switch item {
    case .wifiSwitch:
      return padded("Wi-Fi", to: 24)
        + (screen.isOn ? styler("[ on ]", .green, .bold) : styler("[ off ]", .dim))
    case .network(let network) where network == screen.currentNetwork:
      return styler("✓ ", .blue) + row(network, width: 22)
    case .network(let network):
      return "  " + row(network, width: 22)
    }
  }

  private func row(_ network: WifiNetwork, width: Int) -> String {
    return padded(network.name, to: width) + network.signalBars
      + (network.isSecured ? styler(" locked", .dim) : "")
  }

  /// The unattended demo: Wi-Fi on, scans, off and on again every five steps.
  func play(steps: Int, pause seconds: Double) async throws {
    TerminalOutput.line(
      styler("Wi-Fi settings", .bold) + ": a DiffableDataSource drives a terminal list")
    TerminalOutput.line(styler("+ inserted   - deleted   > moved   ~ reconfigured", .dim))
    await screen.open(caption: "Wi-Fi off")
    for step in 1...steps {
      try await pause(seconds)
      await screen.step(step)
    }
  }

  /// The interactive demo: keys toggle and scan; scans also arrive every
  /// two seconds.
  func runInteractively() async throws {
    try await withInteractiveTerminal { keys in
      view.redrawsScreen = true
      view.footer = [styler("Space toggles Wi-Fi · s scans · q, Esc or Ctrl-C quits", .dim)]
      await screen.open()
      let ticker = Task { @MainActor [weak self] in
        while !Task.isCancelled {
          try await Task.sleep(for: .seconds(2))
          guard let self, self.screen.isOn else { continue }
          await self.screen.scan()
        }
      }
      defer { ticker.cancel() }
      for await key in keys {
        if key.quits { break }
        switch key {
        case .character(" "), .enter: await screen.toggle()
        case .character("s") where screen.isOn: await screen.scan()
        default: break
        }
      }
    }
  }
}
