@_spi(Testing) import DiffableCore
import DiffableTestSupport
import Testing

/// Complexity, proved by counting `hash(into:)` and `==` calls rather than by
/// timing. Sections and items share the counters, so every bound counts both.
///
/// Removing a key from a Swift `Dictionary` rehashes some of the keys that
/// follow it in its probe sequence (backward-shift deletion), so removals are
/// bounded by a small multiple, not counted exactly; the snapshots here hold
/// 10,000 items, far above every bound.
///
/// With `DIFFABLE_INTERNAL_CHECKS`, every mutation checks the whole snapshot,
/// which hashes every item: the suite is skipped in that run.
@Suite(
  "Complexity by counting hashes", .serialized,
  .disabled(
    if: DiffableDataSourceSnapshot<Int, Int>._isCheckingInvariants,
    "invariant checks hash every item on every mutation"))
struct ComplexityTests {
  typealias Snapshot = DiffableDataSourceSnapshot<CountingIdentifier, CountingIdentifier>

  /// Counts the calls made on this suite's identifiers.
  static let counter = CountingIdentifier.Counter()

  static func id(_ value: Int) -> CountingIdentifier { counter.identifier(value) }
  static func ids(_ range: Range<Int>) -> [CountingIdentifier] { counter.identifiers(range) }

  /// 10 sections of 1,000 items, with room reserved so no rehash happens.
  static func large() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(ids(0..<10))
    snapshot.appendItems(ids(0..<20_000), toSection: Self.id(0))
    // Built before the deletion in every configuration, so that the table
    // keeps its room when the items leave it.
    snapshot._prepareItemIndex()
    snapshot.deleteItems(ids(0..<20_000))
    for s in 0..<10 {
      snapshot.appendItems(ids(s * 1_000..<(s + 1) * 1_000), toSection: Self.id(s))
    }
    snapshot._prepareItemIndex()
    return snapshot
  }

  /// 10 sections of 1,000 items, appended as release builds append: the item
  /// index is pending.
  static func pending() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(ids(0..<10))
    for s in 0..<10 {
      snapshot._appendItemsSettlingLater(
        ids(s * 1_000..<(s + 1) * 1_000), toSection: Self.id(s))
    }
    return snapshot
  }

  @Test("lookups hash their argument once, whatever the size")
  func lookups() {
    let snapshot = Self.large()
    let item = Self.id(7_777)
    let section = Self.id(7)
    #expect(Self.counter.measure { _ = snapshot.indexOfItem(item) }.hashes == 1)
    #expect(
      Self.counter.measure { _ = snapshot.sectionIdentifier(containingItem: item) }.hashes
        == 1)
    #expect(Self.counter.measure { _ = snapshot.indexOfSection(section) }.hashes == 1)
    #expect(
      Self.counter.measure { _ = snapshot.numberOfItems(inSection: section) }.hashes == 1)
    #expect(
      Self.counter.measure { _ = snapshot.itemIdentifiers(inSection: section) }.hashes == 1)
  }

  @Test("appending hashes nothing; debug builds check at the call, with one hash per item")
  func append() {
    var snapshot = Self.large()
    let added = Self.ids(50_000..<50_100)
    let cost = Self.counter.measure {
      snapshot.appendItems(added, toSection: Self.id(9))
    }
    // The section lookup, and in debug builds the items.
    #expect(cost.hashes == 1 + (Snapshot._isSettlingAppendsAtCall ? 100 : 0))
    #expect(cost.equalities <= 2 * 100 + 1)
    var late = Self.large()
    let lateCost = Self.counter.measure {
      for batch in 0..<10 {
        late._appendItemsSettlingLater(Self.ids(60_000 + batch * 100..<60_000 + (batch + 1) * 100))
      }
    }
    #expect(lateCost.hashes == 0)
    // The reflexivity check: one `==` per item.
    #expect(lateCost.equalities == 1_000)
    // The first lookup takes the 1,000 in: one hash each, and its argument.
    let lookup = Self.counter.measure { #expect(late.indexOfItem(Self.id(60_999)) == 10_999) }
    #expect(lookup.hashes == 1_000 + 1)
  }

  @Test("the first lookup hashes each item once, for the snapshot and its copies; later ones once")
  func firstLookupBuildsOnce() {
    let snapshot = Self.pending()
    let copy = snapshot
    let first = Self.counter.measure { #expect(snapshot.indexOfItem(Self.id(5_500)) == 5_500) }
    #expect(first.hashes == snapshot.numberOfItems + 1)
    let later = Self.counter.measure {
      #expect(copy.indexOfItem(Self.id(9_999)) == 9_999)
      #expect(snapshot.sectionIdentifier(containingItem: Self.id(42)) == Self.id(0))
    }
    #expect(later.hashes == 2)
  }

  @Test("a diff of equal snapshots hashes nothing, built apart or copied")
  func diffOfEqualSnapshots() {
    let old = Self.pending()
    _ = old.numberOfItems  // the snapshot a list shows has its index built
    let apart = Self.pending()
    let cost = Self.counter.measure { #expect(BatchUpdate(from: old, to: apart).isEmpty) }
    #expect(cost.hashes == 0)
    // One `==` per section identifier and per item.
    #expect(cost.equalities == old.numberOfSections + old.numberOfItems)
    // The new snapshot took the old one's index: its lookups hash once.
    #expect(Self.counter.measure { _ = apart.indexOfItem(Self.id(7)) }.hashes == 1)
    let copy = old
    let copied = Self.counter.measure { #expect(BatchUpdate(from: old, to: copy).isEmpty) }
    // A copy shares its arrays: one `==` per section identifier, none per item.
    #expect(copied.total == old.numberOfSections)
  }

  @Test("a diff compares no item of the sections a copy left untouched")
  func diffSkipsSharedSections() {
    let old = Self.large()
    var new = old
    new.appendItems([Self.id(80_000)], toSection: Self.id(9))
    _ = new.numberOfItems
    let cost = Self.counter.measure { _ = BatchUpdate(from: old, to: new) }
    // The new item, looked up in the old index: the `==` calls of that
    // lookup's probe, which depend on the process's hashing seed, are
    // counted apart.
    let probe = Self.counter.measure { #expect(old.indexOfItem(Self.id(80_000)) == nil) }
    #expect(cost.hashes == 1 && probe.hashes == 1)
    // And one `==` per section identifier, per item of the changed section
    // and per failed guess.
    #expect(cost.equalities <= old.numberOfSections + 1_001 + 2 + probe.equalities)
  }

  @Test(
    "deleting half the items hashes each deleted identifier once, and no other item, whether the index is built or pending (the build then takes them out)",
    arguments: [false, true])
  func deleteHalf(pending: Bool) {
    var snapshot = pending ? Self.pending() : Self.large()
    let deleted = stride(from: 0, to: 10_000, by: 2).map(Self.id)
    let cost = Self.counter.measure { snapshot.deleteItems(deleted) }
    #expect(cost.hashes == deleted.count)
    #expect(snapshot.numberOfItems == 5_000)
    #expect(snapshot.indexOfItem(Self.id(9_999)) == 4_999)
    #expect(snapshot.indexOfItem(Self.id(9_998)) == nil)
  }

  @Test("marking items for reload or reconfigure hashes each twice: find, mark")
  func marksHashTwice() {
    var snapshot = Self.large()
    let marked = stride(from: 0, to: 10_000, by: 2).map(Self.id)
    let reload = Self.counter.measure { snapshot.reloadItems(marked) }
    #expect(reload.hashes == 2 * marked.count)
    let reconfigure = Self.counter.measure { snapshot.reconfigureItems(marked) }
    #expect(reconfigure.hashes == 2 * marked.count)
    #expect(snapshot.reloadedItemIdentifiers == marked)
  }

  @Test("marking items of a pending snapshot hashes each once; the build looks each up once")
  func marksOfPendingHashOnce() {
    var snapshot = Self.pending()
    let marked = stride(from: 0, to: 10_000, by: 2).map(Self.id)
    let reload = Self.counter.measure { snapshot._markItemsCheckingLater(marked, reload: true) }
    #expect(reload.hashes == marked.count)
    let build = Self.counter.measure { snapshot._prepareItemIndex() }
    #expect(build.hashes == 10_000 + marked.count)
    #expect(snapshot.reloadedItemIdentifiers == marked)
  }

  @Test("deleting items of a pending snapshot hashes each once; the build hashes each item once")
  func deletionsOfPendingHashOnce() {
    var snapshot = Self.pending()
    let deleted = stride(from: 0, to: 10_000, by: 2).map(Self.id)
    let delete = Self.counter.measure { snapshot.deleteItems(deleted) }
    #expect(delete.hashes == deleted.count)
    // The deleted identifiers are looked up with the hash that stores an
    // item: none is hashed again, and no item that stays either.
    let build = Self.counter.measure { #expect(snapshot.numberOfItems == 5_000) }
    #expect(build.hashes == 10_000)
    #expect(snapshot.indexOfItem(Self.id(9_999)) == 4_999)
    #expect(snapshot.itemIdentifiers(inSection: Self.id(3)).first == Self.id(3_001))
  }

  @Test("counting the items of one append call, marked or not, hashes none; of two, builds")
  func countOfOneAppend() {
    var snapshot = Snapshot()
    snapshot.appendSections([Self.id(-1)])
    snapshot._appendItemsSettlingLater(Self.ids(0..<1_000))
    snapshot._markItemsCheckingLater(Self.ids(0..<500), reload: true)
    let count = Self.counter.measure {
      #expect(snapshot.numberOfItems == 1_000)
      #expect(snapshot.numberOfItems(inSection: Self.id(-1)) == 1_000)
    }
    #expect(count.hashes == 1)  // the section
    let again = Self.counter.measure {
      // Appending after waiting marks builds the index first.
      snapshot._appendItemsSettlingLater(Self.ids(1_000..<1_100))
      #expect(snapshot.numberOfItems == 1_100)
    }
    // The builds: each item, and each mark looked up.
    #expect(again.hashes == 1_100 + 500)
    #expect(snapshot.reloadedItemIdentifiers == Self.ids(0..<500))
  }

  @Test("building n items costs O(n) hashes amortized, rehashing included")
  func buildAmortized() {
    var snapshot = Snapshot()
    let cost = Self.counter.measure {
      snapshot.appendSections([Self.id(0)])
      for batch in 0..<100 { snapshot.appendItems(Self.ids(batch * 100..<(batch + 1) * 100)) }
    }
    #expect(cost.hashes <= 3 * 10_000)
  }

  @Test("inserting before an item costs the items inserted plus the section's tail")
  func insertBefore() {
    var snapshot = Self.large()
    let anchor = Self.id(5_990)  // 10 items before the end of section 5
    let cost = Self.counter.measure {
      snapshot.insertItems(Self.ids(60_000..<60_005), beforeItem: anchor)
    }
    #expect(cost.hashes <= 1 + 5 + 10)
  }

  @Test("deleting items at the end of a section costs only them")
  func deleteTail() {
    var snapshot = Self.large()
    let cost = Self.counter.measure { snapshot.deleteItems(Self.ids(4_990..<5_000)) }
    // A removal from a hash table moves the entries after it in its probe run
    // back, hashing each: how many depends on the process's random seed. Ten
    // deletions average about two hashes each; the bound is loose enough for
    // any seed and still far below the 10,000 items.
    #expect(cost.hashes <= 8 * 10)
  }

  @Test("deleting a section costs its items, not the others")
  func deleteSection() {
    var snapshot = Self.large()
    let cost = Self.counter.measure { snapshot.deleteSections([Self.id(3)]) }
    #expect(cost.hashes <= 1 + 3 * 1_000)
  }

  @Test("inserting or moving a section touches no item")
  func sectionMoves() {
    var snapshot = Self.large()
    let insert = Self.counter.measure {
      snapshot.insertSections([Self.id(100)], beforeSection: Self.id(0))
    }
    // The anchor, and the section once.
    #expect(insert.hashes == 2)
    var sections = Snapshot()
    let append = Self.counter.measure { sections.appendSections(Self.ids(0..<100)) }
    #expect(append.hashes == 100)
    let move = Self.counter.measure {
      snapshot.moveSection(Self.id(9), beforeSection: Self.id(100))
    }
    #expect(move.hashes == 2)
    #expect(snapshot.indexOfItem(Self.id(9_000)) == 0)
  }

  @Test("moving an item costs the tails of the two sections it touches")
  func moveItem() {
    var snapshot = Self.large()
    // 50 moves from section 1 to section 8, each with a tail of one item on
    // both sides: the second-to-last item of section 1 goes after the
    // second-to-last item of section 8 (8,998 first, then the item moved
    // before it).
    let moved = (0..<50).map { Self.id(1_998 - $0) }
    let anchors = [Self.id(8_998)] + moved.dropLast()
    let cost = Self.counter.measure {
      for (item, anchor) in zip(moved, anchors) { snapshot.moveItem(item, afterItem: anchor) }
    }
    // Per move: 2 lookups, remove (1, plus the removal's rehashes), the 1
    // item after it, insert (1), the 1 item after it. How many entries a
    // removal rehashes depends on the process's random seed, so the bound
    // is on the average over the moves.
    #expect(cost.hashes <= 12 * moved.count)
    #expect(
      Array(snapshot.itemIdentifiers(inSection: Self.id(8)).suffix(52))
        == [Self.id(8_998)] + moved + [Self.id(8_999)])
    #expect(
      snapshot.itemIdentifiers(inSection: Self.id(1)).suffix(2) == [Self.id(1_948), Self.id(1_999)])
  }

  @Test("the diff hashes no old item, and a new item only where it breaks a run")
  func diffHashesOnlyBrokenRuns() {
    let old = Self.large()
    var new = old
    new.deleteItems(Self.ids(100..<200))
    new.appendItems(Self.ids(70_000..<70_050), toSection: Self.id(4))
    new.moveItem(Self.id(3_003), beforeItem: Self.id(3_000))
    new.moveSection(Self.id(8), beforeSection: Self.id(2))
    new.reloadItems([Self.id(5_000)])
    new.reconfigureItems([Self.id(6_000)])
    let cost = Self.counter.measure { _ = BatchUpdate(from: old, to: new) }
    // Items hashed: 200, after the deleted run; the 50 new items; 3,003 and
    // 3,000, which swapped order, and 3,004, which no longer follows 3,003.
    // Then one hash per old section after the first that moved (sections 0
    // and 1 stay in place) and one per mark.
    #expect(cost.hashes == 1 + 50 + 3 + (old.numberOfSections - 2) + 2)
    // One `==` per item for its guess, plus what the few lookups compare;
    // debug builds then compare the first 32 inserted items with the first
    // 32 deleted ones.
    let twinChecks = BatchUpdate._isCheckingEqualTwins ? 32 * 32 : 0
    #expect(cost.equalities <= new.numberOfItems + 2 * cost.hashes + twinChecks)
  }

  @Test("a random permutation costs at most one hash and a few == per item")
  func diffOfPermutationIsLinear() {
    let old = Self.large()
    var new = Snapshot()
    new.appendSections(Self.ids(0..<10))
    var random = SeededRandom.forTest("ComplexityTests.diffOfPermutationIsLinear")
    let shuffled = old.itemIdentifiers.shuffled(using: &random)
    for s in 0..<10 {
      new.appendItems(
        Array(shuffled[s * 1_000..<(s + 1) * 1_000]), toSection: Self.id(s))
    }
    new._prepareItemIndex()  // the diff would build it: one hash per item
    let cost = Self.counter.measure { _ = BatchUpdate(from: old, to: new) }
    #expect(cost.hashes <= new.numberOfItems + old.numberOfSections)
    #expect(cost.equalities <= 3 * new.numberOfItems)
  }
}
