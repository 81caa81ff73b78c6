@_spi(Testing) import DiffableCore
import DiffableTestSupport
import Testing

@Suite("Snapshot misuse stops with a message naming the operation and identifiers")
struct SnapshotMisuseTests {
  @Test("appendItems with no sections")
  func appendWithoutSections() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.appendItems(["a"])
    }
    expectMessage(
      result,
      #"appendItems(_:toSection:): there are no sections to append item identifiers ["a"] to"#)
  }

  @Test("appendItems to an absent section")
  func appendToAbsentSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", [])])
      snapshot.appendItems(["a"], toSection: "nope")
    }
    expectMessage(result, #"appendItems(_:toSection:): section identifier ["nope"] does not exist"#)
  }

  @Test("appendItems with repeated identifiers")
  func appendRepeated() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["x"])])
      snapshot.appendItems(["a", "b", "a"])
      // Stops at the call in debug builds, at the first read that needs the
      // item index otherwise, with the same message.
      _ = snapshot.indexOfItem("b")
    }
    expectMessage(
      result,
      #"appendItems(_:toSection:): item identifiers are not unique: ["a"]; ["a"] is at positions 0 and 2 of the 3 identifiers appended to section ["s"]"#
    )
  }

  @Test("insertItems before an absent item")
  func insertBeforeAbsent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["x"])])
      snapshot.insertItems(["a"], beforeItem: "nope")
    }
    expectMessage(result, #"insertItems(_:beforeItem:): item identifier ["nope"] does not exist"#)
  }

  @Test("insertItems after one of the inserted items")
  func insertRelativeToItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["x"])])
      snapshot.insertItems(["a", "x"], afterItem: "x")
    }
    expectMessage(
      result,
      #"insertItems(_:afterItem:): cannot insert item identifiers relative to ["x"], one of themselves"#
    )
  }

  @Test("appendSections with an existing section")
  func appendExistingSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", [])])
      snapshot.appendSections(["t", "s"])
    }
    expectMessage(result, #"appendSections(_:): section identifiers already exist: ["s"]"#)
  }

  @Test("appendSections with repeated identifiers")
  func appendRepeatedSections() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.appendSections(["s", "s"])
    }
    expectMessage(result, #"appendSections(_:): section identifiers are not unique: ["s"]"#)
  }

  @Test("insertSections before an absent section")
  func insertBeforeAbsentSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.insertSections(["s"], beforeSection: "nope")
    }
    expectMessage(
      result, #"insertSections(_:beforeSection:): section identifier ["nope"] does not exist"#)
  }

  @Test("insertSections after an absent section")
  func insertAfterAbsentSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.insertSections(["s"], afterSection: "nope")
    }
    expectMessage(
      result, #"insertSections(_:afterSection:): section identifier ["nope"] does not exist"#)
  }

  @Test("moveSection relative to itself")
  func moveSectionToItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", [])])
      snapshot.moveSection("s", afterSection: "s")
    }
    expectMessage(
      result,
      #"moveSection(_:afterSection:): cannot move section identifier ["s"] relative to itself"#)
  }

  @Test("moveSection of an absent section")
  func moveAbsentSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", [])])
      snapshot.moveSection("nope", beforeSection: "s")
    }
    expectMessage(
      result, #"moveSection(_:beforeSection:): section identifier ["nope"] does not exist"#)
  }

  @Test("moveItem relative to itself")
  func moveItemToItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["a"])])
      snapshot.moveItem("a", beforeItem: "a")
    }
    expectMessage(
      result, #"moveItem(_:beforeItem:): cannot move item identifier ["a"] relative to itself"#)
  }

  @Test("moveItem of an absent item")
  func moveAbsentItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["a"])])
      snapshot.moveItem("nope", afterItem: "a")
    }
    expectMessage(result, #"moveItem(_:afterItem:): item identifier ["nope"] does not exist"#)
  }

  @Test("reloadItems of an absent item")
  func reloadAbsentItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["a"])])
      snapshot.reloadItems(["a", "nope"])
      // Release builds look the marks up when a read builds a pending index.
      _ = snapshot.itemIdentifiers
    }
    expectMessage(result, #"reloadItems(_:): item identifier ["nope"] does not exist"#)
  }

  @Test("reconfigureItems with repeated identifiers")
  func reconfigureRepeated() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["a"])])
      snapshot.reconfigureItems(["a", "a"])
    }
    expectMessage(result, #"reconfigureItems(_:): item identifiers are not unique: ["a"]"#)
  }

  @Test("reconfigureItems of an absent item")
  func reconfigureAbsentItem() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["a"])])
      snapshot.reconfigureItems(["nope"])
      _ = snapshot.itemIdentifiers
    }
    expectMessage(result, #"reconfigureItems(_:): item identifier ["nope"] does not exist"#)
  }

  @Test("reloadSections of an absent section")
  func reloadAbsentSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot.make([("s", ["a"])])
      snapshot.reloadSections(["nope"])
    }
    expectMessage(result, #"reloadSections(_:): section identifier ["nope"] does not exist"#)
  }

  @Test("numberOfItems(inSection:) of an absent section")
  func countAbsentSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = StringSnapshot().numberOfItems(inSection: "nope")
    }
    expectMessage(result, #"numberOfItems(inSection:): section identifier ["nope"] does not exist"#)
  }

  @Test("itemIdentifiers(inSection:) of an absent section")
  func itemsOfAbsentSection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = StringSnapshot().itemIdentifiers(inSection: "nope")
    }
    expectMessage(
      result, #"itemIdentifiers(inSection:): section identifier ["nope"] does not exist"#)
  }

  @Test("an identifier that is not equal to itself")
  func irreflexive() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<Int, IrreflexiveIdentifier>()
      snapshot.appendSections([0])
      snapshot.appendItems([IrreflexiveIdentifier(1)])
    }
    expectMessage(result, "is not equal to itself; IrreflexiveIdentifier's == must be reflexive")
  }

  @Test("equal identifiers with different hashes")
  func inconsistentHash() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<Int, InconsistentHashIdentifier>()
      snapshot.appendSections([0])
      snapshot.appendItems([InconsistentHashIdentifier(1, salt: 1)])
      // A twin may still land in the same bucket by chance; take the first
      // salt whose lookup misses, as a broken type eventually does.
      for salt in 2..<1_000
      where snapshot.indexOfItem(InconsistentHashIdentifier(1, salt: salt)) == nil {
        snapshot.reloadItems([InconsistentHashIdentifier(1, salt: salt)])
      }
    }
    expectMessage(result, "but the two hash differently")
  }

  @Test("the diff stops at a new item equal to the old one at its place but hashing differently")
  func inconsistentHashInDiff() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      typealias Item = InconsistentHashIdentifier
      var old = DiffableDataSourceSnapshot<Int, Item>()
      old.appendSections([0])
      old.appendItems([Item(1, salt: 0), Item(2, salt: 0)])
      // The item the app renamed: equal to `Item(2, salt: 0)`, hashed with
      // a salt whose lookup misses (as a broken type's eventually does).
      guard let salt = (1..<1_000).first(where: { old.indexOfItem(Item(2, salt: $0)) == nil })
      else { return }
      var new = DiffableDataSourceSnapshot<Int, Item>()
      new.appendSections([0])
      new.appendItems([Item(3, salt: 0), Item(2, salt: salt)])
      _ = BatchUpdate(from: old, to: new)
    }
    expectMessage(result, "BatchUpdate(from:to:): item identifier [")
    expectMessage(result, "but the two hash differently; InconsistentHashIdentifier's hash(into:)")
  }

  /// An old snapshot of 1, 2, 3 and a new one where the app renamed 2 (now
  /// equal to it, hashed with a salt whose lookup misses) and moved it first.
  static func movedTwin() -> (
    old: DiffableDataSourceSnapshot<Int, InconsistentHashIdentifier>,
    new: DiffableDataSourceSnapshot<Int, InconsistentHashIdentifier>
  )? {
    typealias Item = InconsistentHashIdentifier
    var old = DiffableDataSourceSnapshot<Int, Item>()
    old.appendSections([0])
    old.appendItems([Item(1, salt: 0), Item(2, salt: 0), Item(3, salt: 0)])
    guard let salt = (1..<1_000).first(where: { old.indexOfItem(Item(2, salt: $0)) == nil })
    else { return nil }
    var new = DiffableDataSourceSnapshot<Int, Item>()
    new.appendSections([0])
    new.appendItems([Item(2, salt: salt), Item(1, salt: 0), Item(3, salt: 0)])
    return (old, new)
  }

  @Test(
    "debug builds stop the diff at an inserted item equal to a deleted one elsewhere",
    .enabled(if: BatchUpdate._isCheckingEqualTwins))
  func movedTwinInDebugDiff() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      guard let (old, new) = Self.movedTwin() else { return }
      _ = BatchUpdate(from: old, to: new)
    }
    expectMessage(result, "BatchUpdate(from:to:): item identifier [")
    expectMessage(result, "but the two hash differently; InconsistentHashIdentifier's hash(into:)")
  }

  @Test(
    "release builds let an equal item elsewhere through as a delete and an insert, as documented",
    .disabled(if: BatchUpdate._isCheckingEqualTwins))
  func movedTwinInReleaseDiff() throws {
    let (old, new) = try #require(Self.movedTwin())
    let update = BatchUpdate(from: old, to: new)
    #expect(update.itemDeletes == [IndexPath(item: 1, section: 0)])
    #expect(update.itemInserts == [IndexPath(item: 0, section: 0)])
  }

  @Test("the diff stops at a new section equal to the old one at its place but hashing differently")
  func inconsistentSectionHashInDiff() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      typealias Section = InconsistentHashIdentifier
      var old = DiffableDataSourceSnapshot<Section, Int>()
      old.appendSections([Section(1, salt: 0), Section(2, salt: 0)])
      // The diff looks old sections up in the new snapshot: take a salt
      // whose index misses the old section.
      for salt in 1..<1_000 {
        var new = DiffableDataSourceSnapshot<Section, Int>()
        new.appendSections([Section(3, salt: 0), Section(2, salt: salt)])
        if new.indexOfSection(Section(2, salt: 0)) == nil {
          _ = BatchUpdate(from: old, to: new)
        }
      }
    }
    expectMessage(result, "BatchUpdate(from:to:): section identifier [")
  }

  @Test("a diff of correct identifiers replaced at the same places does not stop")
  func replacedInPlace() {
    typealias Item = InconsistentHashIdentifier
    var old = DiffableDataSourceSnapshot<Int, Item>()
    old.appendSections([0])
    old.appendItems([Item(1, salt: 0), Item(2, salt: 0)])
    var new = DiffableDataSourceSnapshot<Int, Item>()
    new.appendSections([0])
    new.appendItems([Item(3, salt: 0), Item(4, salt: 0)])
    let update = BatchUpdate(from: old, to: new)
    #expect(update.itemDeletes == [[0, 0], [0, 1]])
    #expect(update.itemInserts == [[0, 0], [0, 1]])
  }

  @Test("a refused call leaves the snapshot unchanged (checked before stopping)")
  func refusedCallsChangeNothing() {
    // The stopping calls above validate before mutating; this checks the
    // undo path of the fast insert, which runs on every re-insert, and the
    // move of a re-appended item.
    var snapshot = StringSnapshot.make([("s", ["a", "b"]), ("t", ["c"])])
    let before = snapshot
    DiffableDiagnostics.withHandler({ _ in }) {
      snapshot.appendItems(["x", "y", "a"], toSection: "t")
      snapshot.insertItems(["z", "b"], beforeItem: "c")
    }
    #expect(before.itemIdentifiers == ["a", "b", "c"])
    #expect(snapshot.itemIdentifiers == ["z", "b", "c", "x", "y", "a"])
    snapshot._checkInvariants()
  }
}
