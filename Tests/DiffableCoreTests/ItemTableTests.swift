@_spi(Testing) import DiffableCore
import DiffableTestSupport
import Testing

/// The item index's own hash table, against a `Dictionary` that does the
/// same operations, with identifiers that hash well and with identifiers
/// whose hashes collide (long runs of entries far from home, where removal
/// has to hash entries again to find their homes).
@Suite("The item index's table")
struct ItemTableTests {
  /// An identifier whose hash is its value modulo `classes`: with few
  /// classes, every entry of a class probes from one bucket.
  struct Colliding: Hashable, Sendable, CustomStringConvertible {
    var value: Int
    var classes: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value % classes) }
    var description: String { "\(value)" }
  }

  typealias Location = (slot: Int, index: Int)

  /// Runs `steps` random operations on a table and a `Dictionary`, checking
  /// after each that both agree on what they hold and that the table's
  /// invariants hold.
  func agreesWithDictionary<Key: Hashable & Sendable>(
    seed: UInt64, steps: Int, keys: Int, checkingEvery period: Int = 1, _ make: (Int) -> Key
  ) {
    var random = SeededRandom(seed: seed)
    var table = _TestingItemTable<Key>()
    var model: [Key: Location] = [:]
    var copies: [(_TestingItemTable<Key>, [Key: Location])] = []
    for step in 0..<steps {
      let key = make(Int.random(in: 0..<keys, using: &random))
      let location = (slot: Int.random(in: 0..<4, using: &random), index: step)
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let previous = table.updateValue(slot: location.slot, index: location.index, forKey: key)
        let expected = model.updateValue(location, forKey: key)
        #expect(previous.map { [$0.slot, $0.index] } == expected.map { [$0.slot, $0.index] })
      case 4..<7:
        let removed = table.removeValue(forKey: key)
        let expected = model.removeValue(forKey: key)
        #expect(removed.map { [$0.slot, $0.index] } == expected.map { [$0.slot, $0.index] })
      case 7:
        table.setIndex(step, forKey: key)
        model[key]?.index = step
      case 8:
        // A run of keys, some already present, some repeated in the run.
        let run = (0..<Int.random(in: 0..<40, using: &random)).map { _ in
          make(Int.random(in: 0..<keys, using: &random))
        }
        let replaced = table.updateValues(run, slot: 9, range: run.indices)
        var expected: [[Int]] = []
        for (i, key) in run.enumerated() {
          if let previous = model.updateValue((9, i), forKey: key) {
            expected.append([i, previous.slot, previous.index])
          }
        }
        #expect(replaced.map { [$0.index, $0.previous.slot, $0.previous.index] } == expected)
      default:
        // A copy, kept to check later that the writes since left it alone.
        copies.append((table, model))
      }
      if step % period == 0, let broken = table.brokenInvariant() {
        Issue.record("step \(step): \(broken)")
        return
      }
      #expect(table.count == model.count)
    }
    for (copy, expected) in copies + [(table, model)] {
      #expect(copy.brokenInvariant() == nil)
      #expect(copy.count == expected.count)
      for key in (0..<keys).map(make) {
        #expect(
          copy[key].map { [$0.slot, $0.index] } == expected[key].map { [$0.slot, $0.index] })
      }
    }
  }

  @Test("random operations on well-hashed identifiers agree with a Dictionary", arguments: 0..<4)
  func wellHashed(seed: UInt64) {
    agreesWithDictionary(seed: seed, steps: 3_000, keys: 500) { $0 }
  }

  @Test("identifiers whose hashes collide agree with a Dictionary, far from home")
  func colliding() {
    // One class: a run of up to 400 entries, distances past 254.
    agreesWithDictionary(seed: 7, steps: 2_000, keys: 400, checkingEvery: 10) {
      Colliding(value: $0, classes: 1)
    }
    agreesWithDictionary(seed: 8, steps: 2_000, keys: 300) { Colliding(value: $0, classes: 37) }
  }

  @Test("reserving capacity grows the buckets once, and inserts up to it grow nothing")
  func reserve() {
    var table = _TestingItemTable<Int>()
    #expect(table.bucketCount == 0)
    table.reserveCapacity(1_000)
    let buckets = table.bucketCount
    #expect(buckets == 2_048)
    _ = table.updateValues(Array(0..<1_000), slot: 0, range: 0..<1_000)
    #expect(table.bucketCount == buckets)
    table.updateValue(slot: 0, index: 0, forKey: 1_000)
    #expect(table.bucketCount == buckets)
    for key in 1_001..<1_600 { table.updateValue(slot: 0, index: 0, forKey: key) }
    #expect(table.bucketCount == 2 * buckets)
    #expect(table.count == 1_600)
    #expect(table.brokenInvariant() == nil)
  }

  @Test("a run hashes each identifier once")
  func runHashesOnce() {
    let counter = CountingIdentifier.Counter()
    let keys = counter.identifiers(0..<5_000)
    var table = _TestingItemTable<CountingIdentifier>()
    table.reserveCapacity(keys.count)
    let cost = counter.measure { _ = table.updateValues(keys, slot: 0, range: keys.indices) }
    #expect(cost.hashes == keys.count)
    #expect(table.count == keys.count)
  }
}
