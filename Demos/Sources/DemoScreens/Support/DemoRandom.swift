/// A small seedable generator (xorshift64*) for the screens' simulations:
/// the same seed replays the same run.
public struct DemoRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
  }

  public mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}
