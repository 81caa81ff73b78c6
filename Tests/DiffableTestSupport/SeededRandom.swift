import Foundation

/// A fast, seedable generator (SplitMix64), so that every random test can print
/// its seed and be replayed exactly.
///
/// A random test makes its generator with ``forTest(_:)``, which takes the seed
/// from the environment variable `DIFFABLE_SEED` when it is set (and a fresh
/// one otherwise) and prints it with the test's name:
///
///     var random = SeededRandom.forTest("BatchUpdate random pairs")
///     // prints "BatchUpdate random pairs: seed 1234; replay with DIFFABLE_SEED=1234"
///
/// Generators made from one seed for different tests draw different numbers:
/// each test's name picks its own stream.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  /// The seed that replays this generator: run the tests with `DIFFABLE_SEED`
  /// set to it.
  public let seed: UInt64
  /// Which of the seed's streams this generator draws from.
  public let stream: UInt64
  private var state: UInt64

  /// A generator that draws stream `stream` of `seed`.
  public init(seed: UInt64, stream: UInt64 = 0) {
    self.seed = seed
    self.stream = stream
    // Scrambled, so that neighbouring streams are not the same sequence a few
    // steps apart.
    self.state = seed ^ Self.scramble(stream)
  }

  /// The generator of the random test `name`, seeded from `DIFFABLE_SEED` if
  /// it is set, otherwise from the system generator; prints the name and seed.
  ///
  /// - Precondition: `DIFFABLE_SEED`, if set, is an unsigned 64-bit integer.
  public static func forTest(_ name: String) -> SeededRandom {
    let seed: UInt64
    if let text = ProcessInfo.processInfo.environment["DIFFABLE_SEED"] {
      guard let value = UInt64(text) else {
        fatalError("DIFFABLE_SEED must be an unsigned 64-bit integer, not \"\(text)\"")
      }
      seed = value
    } else {
      seed = UInt64.random(in: .min ... .max)
    }
    print("\(name): seed \(seed); replay with DIFFABLE_SEED=\(seed)")
    return SeededRandom(seed: seed, stream: streamNumber(of: name))
  }

  /// Another generator replayed by the same seed, drawing stream `index` of
  /// this one: for example one for each thread of a test.
  public func substream(_ index: Int) -> SeededRandom {
    SeededRandom(seed: seed, stream: stream &+ UInt64(truncatingIfNeeded: index) &+ 1)
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.scramble(state)
  }

  /// SplitMix64's output function: a bijection that spreads every bit of `z`
  /// over the result (0 stays 0).
  static func scramble(_ z: UInt64) -> UInt64 {
    var z = z
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A stable number for a test's name (64-bit FNV-1a): the same in every run,
  /// unlike `hashValue`.
  static func streamNumber(of name: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }
}
