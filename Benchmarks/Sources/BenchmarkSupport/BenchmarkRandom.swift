/// The generator every benchmark draws its data from: SplitMix64 with a
/// fixed seed, so that each run of a program works on the same data and
/// prints the same counts (operations, moves, bytes), whatever the machine.
///
///     var random = BenchmarkRandom()
///     (0..<10).shuffled(using: &random)  // the same order in every run
public struct BenchmarkRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose numbers follow from `seed` alone.
  public init(seed: UInt64 = 42) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A random string shaped like `UUID().uuidString` (8-4-4-4-12 upper-case
  /// hexadecimal digits, version 4), drawn from this generator.
  public mutating func uuidString() -> String {
    let high = (next() & ~0xF000) | 0x4000
    let low = (next() & ~(0xC << 60)) | (0x8 << 60)
    func hex(_ value: UInt64, _ digits: Int) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: digits - text.count) + text
    }
    return [
      hex(high >> 32, 8), hex((high >> 16) & 0xFFFF, 4), hex(high & 0xFFFF, 4),
      hex(low >> 48, 4), hex(low & 0xFFFF_FFFF_FFFF, 12),
    ].joined(separator: "-")
  }
}
