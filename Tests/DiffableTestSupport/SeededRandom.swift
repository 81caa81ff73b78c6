/// A fast, seedable generator (SplitMix64), so that every random test can print
/// its seed and be replayed exactly.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  public private(set) var seed: UInt64
  private var state: UInt64

  public init(seed: UInt64) {
    self.seed = seed
    self.state = seed
  }

  /// A generator seeded from the environment variable `DIFFABLE_SEED` if set,
  /// otherwise from the system generator. Tests print the seed they use.
  public static func fromEnvironmentOrRandom(salt: UInt64 = 0) -> SeededRandom {
    if let text = _environment("DIFFABLE_SEED"), let seed = UInt64(text) {
      return SeededRandom(seed: seed ^ salt)
    }
    return SeededRandom(seed: UInt64.random(in: .min ... .max))
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func _environment(_ name: String) -> String? {
  guard let value = getenv(name) else { return nil }
  return String(cString: value)
}
