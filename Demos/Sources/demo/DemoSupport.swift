import ArgumentParser

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
