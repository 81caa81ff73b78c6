import DiffableCore
import DiffableTestSupport
import Testing

@Suite("BatchUpdate properties")
struct BatchUpdatePropertyTests {
  /// Release runs check many more pairs: the optimizer is where subtle bugs show.
  static let pairCount: Int = {
    #if DEBUG
      10_000
    #else
      100_000
    #endif
  }()

  @Test("every batch between random snapshots validates and replays to the new snapshot")
  func randomPairsValidate() throws {
    var random = SeededRandom.forTest("BatchUpdatePropertyTests.randomPairsValidate")
    for round in 0..<Self.pairCount {
      let old = RandomSnapshots.snapshot(using: &random)
      let new: RandomSnapshots.Snapshot
      if round % 5 == 0 {
        new = RandomSnapshots.snapshot(using: &random)  // unrelated snapshots
      } else {
        new = RandomSnapshots.edited(old, using: &random)
      }
      let update = BatchUpdate(from: old, to: new)
      do {
        try update.validate(from: old, to: new)
      } catch {
        Issue.record(
          "seed \(random.seed) round \(round): \(error)\nold: \(old)\nnew: \(new)\nbatch:\n\(update)"
        )
        return
      }
    }
  }
}
