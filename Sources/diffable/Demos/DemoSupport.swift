import ArgumentParser
import Diffable

/// A small seedable generator (xorshift64*) for the demos' simulations: the
/// same seed replays the same run.
struct DemoRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
  }

  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}

/// The option of demos that run in steps.
struct StepOptions: ParsableArguments {
  @Option(help: "The number of steps before the demo ends.")
  var steps: Int?

  func validate() throws {
    if let steps, !(1...1_000).contains(steps) {
      throw ValidationError("--steps must be between 1 and 1000.")
    }
  }
}

/// The option of demos whose data is simulated.
struct SeedOption: ParsableArguments {
  @Option(help: "The seed of the simulated data: the same seed, the same run.")
  var seed: UInt64 = 19
}

/// What a demo of the data source engine runs: unattended for a number of
/// steps, or driven by the keyboard.
@MainActor
protocol DemoSession: Sendable {
  func play(steps: Int, pause seconds: Double) async throws
  func runInteractively() async throws
}

/// A demo that runs a ``DemoSession``: unattended by default, for
/// `--steps` steps (its ``defaultSteps`` without), or with `--interactive`.
protocol SessionDemo: Demo {
  associatedtype Session: DemoSession
  static var defaultSteps: Int { get }
  /// Makes the session the demo's options describe.
  func makeSession() async -> Session
  var stepOptions: StepOptions { get }
  var interactive: Bool { get }
}

extension SessionDemo {
  func run() async throws {
    let session = await makeSession()
    if interactive {
      try await session.runInteractively()
    } else {
      try await session.play(steps: stepOptions.steps ?? Self.defaultSteps, pause: options.pause)
    }
  }
}

/// Waits between steps.
func pause(_ seconds: Double) async throws {
  if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
}

/// Runs `body` with the terminal in raw mode on the alternate screen, handing
/// it the keys as they arrive; restores the terminal however `body` ends.
///
/// - Throws: ``InputError`` when standard input or output is not a terminal,
///   at once, rather than waiting for keys that never come.
@MainActor
func withInteractiveTerminal(_ body: (AsyncStream<Key>) async throws -> Void) async throws {
  guard Terminal.standardOutputIsTerminal, let terminal = RawTerminal() else {
    throw InputError("--interactive needs standard input and output to be a terminal")
  }
  Terminal.write(ScreenControl.enterAlternateScreen + ScreenControl.hideCursor)
  defer { Terminal.write(ScreenControl.showCursor + ScreenControl.leaveAlternateScreen) }
  try await body(keysFromStandardInput())
  withExtendedLifetime(terminal) {}
}

extension Key {
  /// Whether the key ends an interactive demo: `q`, Esc, Ctrl-C or Ctrl-D.
  var quits: Bool {
    switch self {
    case .escape, .interrupt, .endOfInput, .character("q"): true
    default: false
    }
  }
}

extension DiffableDataSource {
  /// Moves a highlight from one row to another: applies the data source's
  /// snapshot with both rows reconfigured, one to lose the highlight, one to
  /// gain it (the cell provider draws it from the demo's state).
  func moveSelection(from previous: ItemIdentifierType?, to item: ItemIdentifierType) async {
    var snapshot = snapshot()
    snapshot.reconfigureItems(previous == nil || previous == item ? [item] : [previous!, item])
    await apply(snapshot)
  }
}
