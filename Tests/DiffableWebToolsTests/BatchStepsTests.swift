import DiffableCore
import DiffableTestSupport
import DiffableWebTools
import Foundation
import Testing

@Suite("The inspector's steps through a batch")
struct BatchStepsTests {
  /// A snapshot of `sections`, each `(id, items)`.
  static func snapshot(_ sections: [(String, [String])]) -> TextSnapshot {
    var snapshot = TextSnapshot()
    snapshot.appendSections(sections.map(\.0))
    for (section, items) in sections { snapshot.appendItems(items, toSection: section) }
    return snapshot
  }

  /// Sections and items as text: `a: 1 2 | b: 3`.
  static func text(_ snapshot: TextSnapshot) -> String {
    snapshot.sectionIdentifiers.map { section in
      "\(section):" + snapshot.itemIdentifiers(inSection: section).map { " " + $0 }.joined()
    }.joined(separator: " | ")
  }

  /// A random pair of snapshots over a few sections and items: sections
  /// come, go and move; items come, go and move within and across them.
  static func randomPair(_ random: inout SeededRandom) -> (TextSnapshot, TextSnapshot) {
    func make(_ random: inout SeededRandom) -> TextSnapshot {
      let sections = ["s0", "s1", "s2", "s3", "s4"].filter { _ in
        Int.random(in: 0..<4, using: &random) > 0
      }
      .shuffled(using: &random)
      var items = (0..<14).map { "i\($0)" }.filter { _ in Int.random(in: 0..<3, using: &random) > 0
      }
      .shuffled(using: &random)
      var result: [(String, [String])] = []
      for (index, section) in sections.enumerated() {
        let count =
          index == sections.count - 1
          ? items.count : Int.random(in: 0...items.count, using: &random)
        result.append((section, Array(items.prefix(count))))
        items.removeFirst(count)
      }
      var snapshot = snapshot(result)
      for item in snapshot.itemIdentifiers where Int.random(in: 0..<8, using: &random) == 0 {
        if Bool.random(using: &random) {
          snapshot.reloadItems([item])
        } else {
          snapshot.reconfigureItems([item])
        }
      }
      return snapshot
    }
    return (make(&random), make(&random))
  }

  @Test("the example: each step is one operation, in the order the steps say")
  func example() throws {
    let old = Self.snapshot([
      ("fruits", ["apple", "banana", "cherry", "date"]), ("veg", ["leek", "okra"]),
    ])
    var new = Self.snapshot([
      ("fruits", ["cherry", "apple", "date", "fig"]), ("veg", ["leek", "banana", "okra"]),
    ])
    new.reloadItems(["date"])
    new.reconfigureItems(["okra"])
    let steps = try BatchSteps(BatchUpdate(from: old, to: new), from: old, to: new)
    #expect(
      steps.steps.map(\.text) == [
        #"insert "fig" [0, 3]"#, #"move "cherry" [0, 2] → [0, 0]"#,
        #"move "banana" [0, 1] → [1, 1]"#,
        #"reload "date" [0, 3]"#, #"reconfigure "okra" [1, 2]"#,
      ])
    #expect(
      (0...5).map { Self.text(steps.snapshot(after: $0)) } == [
        "fruits: apple banana cherry date | veg: leek okra",
        "fruits: apple banana cherry date fig | veg: leek okra",
        "fruits: cherry apple banana date fig | veg: leek okra",
        "fruits: cherry apple date fig | veg: leek banana okra",
        "fruits: cherry apple date fig | veg: leek banana okra",
        "fruits: cherry apple date fig | veg: leek banana okra",
      ])
    // Marks: what the steps passed over reload or reconfigure.
    let marked = steps.snapshot(after: 5, marking: 3..<5)
    #expect(marked.reloadedItemIdentifiers == ["date"])
    #expect(marked.reconfiguredItemIdentifiers == ["okra"])
    #expect(steps.snapshot(after: 5, marking: 0..<3).reloadedItemIdentifiers.isEmpty)
    #expect(steps.lastStep(touching: "banana", section: "veg", before: 5) == 2)
    #expect(steps.lastStep(touching: "banana", section: "veg", before: 2) == nil)
  }

  @Test("over random pairs: the last step is the new snapshot, each step changes one thing")
  func randomPairs() throws {
    var random = SeededRandom(seed: 31)
    for _ in 0..<400 {
      let (old, new) = Self.randomPair(&random)
      let batch = BatchUpdate(from: old, to: new)
      let steps = try BatchSteps(batch, from: old, to: new)
      #expect(steps.steps.count == batch.count)
      #expect(Self.text(steps.snapshot(after: 0)) == Self.text(old))
      let last = steps.snapshot(after: steps.steps.count)
      #expect(Self.text(last) == Self.text(new), "\(Self.text(old)) → \(Self.text(new))")
      // A step changes the list by its one operation: the batch from the
      // list before it to the list after it has at most one change of
      // position (reloads and reconfigures change none), or the section's.
      for (index, step) in steps.steps.enumerated() {
        let before = steps.snapshot(after: index)
        let after = steps.snapshot(after: index + 1)
        let update = BatchUpdate(from: before, to: after)
        switch step.kind {
        case .itemReload, .itemReconfigure:
          #expect(update.isEmpty)
        case .itemDelete:
          #expect(
            update
              == BatchUpdate(itemDeletes: [try #require(before.indexPath(of: step.identifier))]))
        case .itemInsert:
          #expect(
            update == BatchUpdate(itemInserts: [try #require(after.indexPath(of: step.identifier))])
          )
        case .itemMove:
          #expect(update.count <= 1 && update.itemInserts.isEmpty && update.itemDeletes.isEmpty)
        case .sectionDelete:
          #expect(update.sectionDeletes == [try #require(before.indexOfSection(step.identifier))])
        case .sectionInsert, .sectionMove, .sectionReload:
          #expect(after.indexOfSection(step.identifier) != nil)
        }
      }
    }
  }

  @Test("a refused batch: the operation without which it is taken")
  func culprit() throws {
    let old = Self.snapshot([("a", ["1", "2", "3"])])
    let new = Self.snapshot([("a", ["1", "3"])])
    var batch = BatchUpdate(from: old, to: new)
    batch.itemDeletes.append(IndexPath(item: 2, section: 0))
    let refusal: BatchUpdate.ValidationError
    do throws(BatchUpdate.ValidationError) {
      try batch.validate(from: old, to: new)
      Issue.record("the batch deletes an item twice, but it is taken")
      return
    } catch {
      refusal = error
    }
    #expect(BatchSteps.culprit(of: batch, refused: refusal, from: old, to: new) == 1)
    #expect(
      BatchSteps.operations(of: batch, from: old, to: new).map(\.text) == [
        #"delete "2" [0, 1]"#, #"delete "3" [0, 2]"#,
      ])
    // An index path outside the snapshot is named, not looked up.
    let outside = BatchUpdate(itemDeletes: [IndexPath(item: 9, section: 4)])
    #expect(
      BatchSteps.operations(of: outside, from: old, to: new).map(\.text) == ["delete ? [4, 9]"])
    #expect(throws: BatchUpdate.ValidationError.self) {
      try BatchSteps(outside, from: old, to: new)
    }
  }
}

extension TextSnapshot {
  /// The index path of `item`, if the snapshot has it.
  func indexPath(of item: String) -> IndexPath? {
    guard let section = sectionIdentifier(containingItem: item),
      let s = indexOfSection(section),
      let i = itemIdentifiers(inSection: section).firstIndex(of: item)
    else { return nil }
    return IndexPath(item: i, section: s)
  }
}
