@_spi(Testing) import DiffableCore
import DiffableTestSupport
import Testing

/// The item index is built when a read first needs it. These tests reach
/// what happens then, in every build configuration (`_appendItemsSettlingLater`
/// appends as release builds do), and build it from many tasks at once (the
/// suite runs under ThreadSanitizer in CI).
@Suite("The item index is built once, when first needed")
struct SnapshotIndexTests {
  @Test("an item repeated in one append stops the first lookup, naming both places in the call")
  func repeatFoundByLookup() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.appendSections(["s", "t"])
      snapshot._appendItemsSettlingLater(["x"], toSection: "t")
      snapshot._appendItemsSettlingLater(["a", "b", "a", "b"], toSection: "s")
      _ = snapshot.indexOfItem("x")
    }
    expectMessage(
      result,
      #"appendItems(_:toSection:): item identifiers are not unique: ["a", "b"]; ["a"] is at positions 0 and 2 of the 4 identifiers appended to section ["s"] (found when indexOfItem(_:) built the item index)"#
    )
  }

  @Test("an item repeated in one append, then deleted while pending, stops the read that builds")
  func repeatDeletedFoundByLookup() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.appendSections(["s"])
      snapshot._appendItemsSettlingLater(["a", "b", "c", "b"], toSection: "s")
      snapshot.deleteItems(["b"])
      _ = snapshot.numberOfItems
    }
    expectMessage(
      result,
      #"appendItems(_:toSection:): item identifiers are not unique: ["b"]; ["b"] is at positions 1 and 3 of the 4 identifiers appended to section ["s"] (found when numberOfItems built the item index)"#
    )
  }

  @Test("a count of one append's items builds no index; the next read that does stops on a repeat")
  func repeatFoundAfterCount() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.appendSections(["s"])
      snapshot._appendItemsSettlingLater(["a", "b", "a"], toSection: "s")
      precondition(snapshot.numberOfItems == 3)
      _ = snapshot.indexOfItem("b")
    }
    expectMessage(
      result,
      #"appendItems(_:toSection:): item identifiers are not unique: ["a"]; ["a"] is at positions 0 and 2 of the 3 identifiers appended to section ["s"] (found when indexOfItem(_:) built the item index)"#
    )
  }

  @Test("an item repeated in one append stops the diff that builds the index")
  func repeatFoundByDiff() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let old = StringSnapshot.make([("s", ["z"])])
      var new = StringSnapshot()
      new.appendSections(["s"])
      new._appendItemsSettlingLater(["z", "a", "b", "a"], toSection: "s")
      _ = BatchUpdate(from: old, to: new)
    }
    expectMessage(
      result,
      #"appendItems(_:toSection:): item identifiers are not unique: ["a"]; ["a"] is at positions 1 and 3 of the 4 identifiers appended to section ["s"] (found when BatchUpdate(from:to:) built the item index)"#
    )
  }

  @Test("a mark on an absent item made while the index is pending stops the read that builds it")
  func absentMarkFoundByLookup() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = StringSnapshot()
      snapshot.appendSections(["s"])
      snapshot._appendItemsSettlingLater(["a", "b"], toSection: "s")
      snapshot._markItemsCheckingLater(["b", "zz"], reload: true)
      _ = snapshot.indexOfItem("a")
    }
    expectMessage(
      result,
      #"reloadItems(_:): item identifier ["zz"] does not exist (found when indexOfItem(_:) built the item index)"#
    )
  }

  @Test("a copy that drops its marks does not excuse the original's mark on an absent item")
  func marksCheckedPerSnapshot() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var original = StringSnapshot()
      original.appendSections(["s"])
      original._appendItemsSettlingLater(["a"], toSection: "s")
      original._markItemsCheckingLater(["zz"], reload: false)
      var copy = original
      copy._removeMarks()
      _ = copy.numberOfItems  // builds the copy's index: no marks to look up
      _ = original.indexOfItem("a")
    }
    expectMessage(
      result,
      #"reconfigureItems(_:): item identifier ["zz"] does not exist (found when indexOfItem(_:) built the item index)"#
    )
  }

  @Test("a mark on an item deleted while the index was pending stops the diff that builds it")
  func markOfDeletedFoundByDiff() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let old = StringSnapshot.make([("s", ["a"])])
      var new = StringSnapshot()
      new.appendSections(["s"])
      new._appendItemsSettlingLater(["a", "b"], toSection: "s")
      new.deleteItems(["b"])
      new._markItemsCheckingLater(["b"], reload: false)
      _ = BatchUpdate(from: old, to: new)
    }
    expectMessage(
      result,
      #"reconfigureItems(_:): item identifier ["b"] does not exist (found when BatchUpdate(from:to:) built the item index)"#
    )
  }

  @Test("items deleted while the index is pending are gone from every read, and marks on them too")
  func deletionsResolvedLate() {
    var snapshot = StringSnapshot()
    snapshot.appendSections(["s", "t"])
    snapshot._appendItemsSettlingLater(["a", "b", "c"], toSection: "s")
    snapshot._appendItemsSettlingLater(["d", "e"], toSection: "t")
    let before = snapshot
    snapshot.deleteItems(["b", "zz", "d", "b"])
    let shared = snapshot
    // A copy's read builds the shared index; the deletion applies to both.
    #expect(shared.itemIdentifiers == ["a", "c", "e"])
    #expect(snapshot.numberOfItems == 3 && snapshot.indexOfItem("e") == 2)
    #expect(snapshot.numberOfItems(inSection: "t") == 1)
    #expect(before.itemIdentifiers == ["a", "b", "c", "d", "e"])
    // Appending after a waiting deletion keeps the call order: "b" is back.
    var again = before
    again.deleteItems(["b", "c"])
    again._appendItemsSettlingLater(["b"], toSection: "t")
    #expect(again.itemIdentifiers(inSection: "s") == ["a"])
    #expect(again.itemIdentifiers(inSection: "t") == ["d", "e", "b"])
    // A diff against the snapshot it came from sees the deletion.
    #expect(BatchUpdate(from: before, to: snapshot).itemDeletes.count == 2)
    // Equal items as stored are not enough when a deletion waits.
    var same = before
    same._appendItemsSettlingLater(["f"], toSection: "t")
    same.deleteItems(["f"])
    #expect(same == before && before == same)
    var fewer = before
    fewer.deleteItems(["e"])
    #expect(fewer != before && before != fewer)
    snapshot._checkInvariants()
    again._checkInvariants()
  }

  @Test(
    "an item appended again by a later call moves there when the index is built, as at the call")
  func reappendResolvedLate() {
    final class Box: @unchecked Sendable { var seen: [DiffableDiagnostic] = [] }
    let box = Box()
    var late = StringSnapshot()
    late.appendSections(["s", "t"])
    late._appendItemsSettlingLater(["a", "b", "c"], toSection: "s")
    late._appendItemsSettlingLater(["d", "a"], toSection: "t")
    late._appendItemsSettlingLater(["c", "e"], toSection: "s")
    DiffableDiagnostics.withHandler({ box.seen.append($0) }) {
      #expect(late.numberOfItems == 5)
    }
    #expect(late.itemIdentifiers(inSection: "s") == ["b", "c", "e"])
    #expect(late.itemIdentifiers(inSection: "t") == ["d", "a"])
    #expect(late.indexOfItem("e") == 2 && late.indexOfItem("a") == 4)
    #expect(late.sectionIdentifier(containingItem: "a") == "t")
    #expect(
      box.seen.map(\.description) == [
        #"appendItems(_:toSection:): item identifiers already in the snapshot were moved, as UIKit does: ["a"]"#,
        #"appendItems(_:toSection:): item identifiers already in the snapshot were moved, as UIKit does: ["c"]"#,
      ])
    var atCall = StringSnapshot()
    atCall.appendSections(["s", "t"])
    DiffableDiagnostics.withHandler({ _ in }) {
      for (items, section) in [(["a", "b", "c"], "s"), (["d", "a"], "t"), (["c", "e"], "s")] {
        atCall.appendItems(items, toSection: section)
        atCall._prepareItemIndex()
      }
    }
    #expect(late == atCall && atCall == late)
    late._checkInvariants()
  }

  @Test("an item a later call moved, then deleted while pending, is reported moved and is gone")
  func reappendedThenDeleted() {
    final class Box: @unchecked Sendable { var seen: [DiffableDiagnostic] = [] }
    let box = Box()
    var snapshot = StringSnapshot()
    snapshot.appendSections(["s", "t"])
    snapshot._appendItemsSettlingLater(["a", "b", "c"], toSection: "s")
    _ = snapshot.indexOfItem("a")  // built: "a", "b", "c" are in the table
    snapshot._appendItemsSettlingLater(["d", "a"], toSection: "t")
    snapshot._appendItemsSettlingLater(["e", "d"], toSection: "s")
    snapshot.deleteItems(["a", "d", "c"])
    DiffableDiagnostics.withHandler({ box.seen.append($0) }) {
      #expect(snapshot.numberOfItems == 2)
    }
    #expect(snapshot.itemIdentifiers(inSection: "s") == ["b", "e"])
    #expect(snapshot.itemIdentifiers(inSection: "t") == [])
    #expect(snapshot.indexOfItem("e") == 1 && snapshot.indexOfItem("a") == nil)
    #expect(
      box.seen.map(\.description) == [
        #"appendItems(_:toSection:): item identifiers already in the snapshot were moved, as UIKit does: ["a"]"#,
        #"appendItems(_:toSection:): item identifiers already in the snapshot were moved, as UIKit does: ["d"]"#,
      ])
    snapshot._checkInvariants()
  }

  @Test(
    "random appends, deletions and marks resolved late give the snapshot that checking each call gives"
  )
  func lateEqualsAtCall() {
    var random = SeededRandom.forTest("SnapshotIndexTests.lateEqualsAtCall")
    for _ in 0..<200 {
      var late = DiffableDataSourceSnapshot<Int, Int>()
      var atCall = late
      late.appendSections([0, 1, 2])
      atCall.appendSections([0, 1, 2])
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let section = Int.random(in: 0...2, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
          let other = (section + 1) % 3
          late.moveSection(section, beforeSection: other)
          atCall.moveSection(section, beforeSection: other)
          continue
        case 1:
          // Deleted while pending: the build removes them.
          let items = Array((0..<20).shuffled(using: &random).prefix(3))
          late.deleteItems(items)
          atCall.deleteItems(items)
          atCall._prepareItemIndex()
          continue
        case 2:
          // Marked while pending: the build looks them up.
          let present = atCall.itemIdentifiers.shuffled(using: &random).prefix(2)
          let reload = Bool.random(using: &random)
          late._markItemsCheckingLater(Array(present), reload: reload)
          if reload {
            atCall.reloadItems(Array(present))
          } else {
            atCall.reconfigureItems(Array(present))
          }
          continue
        default: break
        }
        let items = Array(
          (0..<20).shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random)))
        late._appendItemsSettlingLater(items, toSection: section)
        DiffableDiagnostics.withHandler({ _ in }) {
          atCall.appendItems(items, toSection: section)
          atCall._prepareItemIndex()
        }
      }
      // A count may be read as stored (one append call): it agrees.
      let counted = late
      DiffableDiagnostics.withHandler({ _ in }) {
        #expect(counted.numberOfItems == atCall.numberOfItems)
      }
      let copy = late
      DiffableDiagnostics.withHandler({ _ in }) {
        #expect(copy.itemIdentifiers == atCall.itemIdentifiers)
      }
      for item in 0..<20 { #expect(late.indexOfItem(item) == atCall.indexOfItem(item)) }
      #expect(late.reloadedItemIdentifiers == atCall.reloadedItemIdentifiers)
      #expect(late.reconfiguredItemIdentifiers == atCall.reconfiguredItemIdentifiers)
      #expect(late.sectionIdentifiers == atCall.sectionIdentifiers)
      // `late` takes over the sections its copy's read settled.
      late.appendSections([3])
      #expect(late.itemIdentifiers(inSection: 0) == atCall.itemIdentifiers(inSection: 0))
      late._checkInvariants()
      copy._checkInvariants()
    }
  }

  @Test("every query finds the items appended before the index was built")
  func queriesAfterLateAppends() {
    var snapshot = StringSnapshot()
    snapshot.appendSections(["fruits", "veg"])
    snapshot._appendItemsSettlingLater(["apple", "pear"], toSection: "fruits")
    snapshot._appendItemsSettlingLater(["leek"])
    #expect(snapshot.numberOfItems == 3)
    #expect(snapshot.indexOfItem("leek") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: "pear") == "fruits")
    #expect(snapshot._indexPath(of: "leek").map(Array.init) == [1, 0])
    snapshot._appendItemsSettlingLater(["kiwi"], toSection: "fruits")
    #expect(snapshot.indexOfItem("leek") == 3 && snapshot.indexOfItem("kiwi") == 2)
    snapshot._checkInvariants()
  }

  @Test("a copy mutated after the index was built keeps the original's index right")
  func copyOnWrite() {
    var original = StringSnapshot()
    original.appendSections(["s"])
    original._appendItemsSettlingLater(["a", "b", "c"], toSection: "s")
    var copy = original
    #expect(original.indexOfItem("c") == 2)  // builds the shared index
    copy.deleteItems(["a"])
    copy._appendItemsSettlingLater(["d"], toSection: "s")
    #expect(copy.indexOfItem("c") == 1 && copy.indexOfItem("d") == 2)
    #expect(original.indexOfItem("c") == 2 && original.indexOfItem("d") == nil)
    var other = original
    other.deleteSections(["s"])
    #expect(other.indexOfItem("a") == nil && original.indexOfItem("a") == 0)
    original._checkInvariants()
    copy._checkInvariants()
  }

  @Test("deleting drops marks on deleted items, whether the index is rewritten or emptied")
  func deleteDropsMarks() {
    var snapshot = StringSnapshot.make(
      [("s", ["a", "b", "c", "d", "e", "f"])], reloaded: ["a", "f"], reconfigured: ["b", "e"])
    snapshot.deleteItems(["a", "b"])  // four items shift, more than one: the index is emptied
    #expect(snapshot.reloadedItemIdentifiers == ["f"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["e"])
    snapshot.deleteItems(["f"])  // none shift: the index is kept
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.indexOfItem("e") == 2)
    snapshot._checkInvariants()
  }

  @Test("many tasks making the first lookup together build the index once and agree")
  func concurrentFirstLookups() async {
    for round in 0..<20 {
      let counter = CountingIdentifier.Counter()
      var snapshot = DiffableDataSourceSnapshot<Int, CountingIdentifier>()
      snapshot.appendSections(Array(0..<10))
      for s in 0..<10 {
        snapshot._appendItemsSettlingLater(
          counter.identifiers(s * 200..<(s + 1) * 200), toSection: s)
      }
      let shared = snapshot
      let tasks = 16
      let cost = await counter.measureAsync {
        await withTaskGroup(of: Bool.self) { group in
          for task in 0..<tasks {
            group.addTask {
              let item = (task * 127 + round * 31) % 2_000
              let copy = shared
              return copy.indexOfItem(counter.identifier(item)) == item
                && shared.sectionIdentifier(containingItem: counter.identifier(item)) == item / 200
            }
          }
          for await agrees in group { #expect(agrees) }
        }
      }
      // One build (a hash per item), then two lookups per task.
      #expect(cost.hashes == 2_000 + 2 * tasks)
    }
  }
}
