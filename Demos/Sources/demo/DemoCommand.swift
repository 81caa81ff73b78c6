import ArgumentParser
import TerminalRenderer

/// `demo`: the seed screens of swift-diffable in a terminal.
///
/// Without a subcommand, it lists the demos, then runs the mountains.
@main
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Watch diffable data sources at work.",
    discussion: "Without a subcommand, lists the demos and runs the mountains demo.",
    subcommands: DemoRegistry.demos)

  @OptionGroup var options: DemoOptions

  func run() async throws {
    let styler = options.styler
    await TerminalOutput.line(
      styler("Demos", .bold) + " (run one with `demo NAME`, add --help for its options):")
    for line in DemoRegistry.listing(styler: styler) { await TerminalOutput.line(line) }
    await TerminalOutput.line()
    try await DemoRegistry.defaultDemo.runWithDefaults(options: options)
  }
}

/// A demo: a subcommand of `demo` that can also run with its default
/// settings when `demo` is given no subcommand.
protocol Demo: AsyncParsableCommand {
  /// The options every demo takes.
  var options: DemoOptions { get set }
  /// Runs the demo with its default settings and the shared options.
  static func runWithDefaults(options: DemoOptions) async throws
}

extension Demo {
  /// Runs the demo as `demo NAME` runs it without options, with `options`
  /// for the shared ones.
  static func runWithDefaults(options: DemoOptions) async throws {
    var demo = try parse([])
    demo.options = options
    try await demo.run()
  }
}

/// Every demo, in the order `demo` lists them.
///
/// To add a demo, write its screen in `DemoScreens`, a type conforming to
/// ``Demo`` that draws it in its own file in this folder, and add it here.
enum DemoRegistry {
  static let demos: [any Demo.Type] = [
    MountainsDemo.self, WifiDemo.self, SortDemo.self, ChatDemo.self, ExpandDemo.self,
    OutlineDemo.self, RestStopDemo.self,
  ]

  /// The demo `demo` runs after listing them all.
  static let defaultDemo: any Demo.Type = MountainsDemo.self

  /// `name  abstract`, one line a demo.
  static func listing(styler: TextStyler) -> [String] {
    let names = demos.map { $0.configuration.commandName ?? "\($0)" }
    let width = names.map(\.count).max() ?? 0
    return zip(demos, names).map { demo, name in
      "  " + styler(padded(name, to: width), .bold) + "  " + demo.configuration.abstract
    }
  }
}

/// Options every demo takes.
struct DemoOptions: ParsableArguments {
  @OptionGroup var color: ColorOptions

  @Option(
    help: ArgumentHelp(
      "Seconds to pause between steps (default: 0.6 on a terminal, 0 otherwise).",
      valueName: "seconds"))
  var delay: Double?

  @Flag(help: "Do not pause between steps.")
  var fast = false

  func validate() throws {
    if let delay, !(delay >= 0 && delay <= 60) {
      throw ValidationError("--delay must be between 0 and 60 seconds.")
    }
  }

  var styler: TextStyler { color.styler }

  /// The pause between steps, in seconds.
  var pause: Double {
    if fast { return 0 }
    return delay ?? (Terminal.standardOutputIsTerminal ? 0.6 : 0)
  }
}
