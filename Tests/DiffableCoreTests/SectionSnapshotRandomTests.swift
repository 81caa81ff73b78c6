import DiffableCore
import DiffableTestSupport
import Testing

/// Random operation sequences, each applied both to a section snapshot and to
/// ``OutlineModel``, comparing every query after every step.
///
/// Set `DIFFABLE_SEED` to replay a printed seed.
@Suite("Section snapshot: random operations against a reference model")
struct SectionSnapshotRandomTests {
  /// A small random outline over fresh identifiers, as model entries with
  /// levels starting at 0.
  static func randomEntries(
    count: Int, next: inout Int, using random: inout SeededRandom
  ) -> [OutlineModel.Entry] {
    var entries: [OutlineModel.Entry] = []
    for _ in 0..<count {
      let maxLevel = entries.last.map { $0.level + 1 } ?? 0
      entries.append(
        OutlineModel.Entry(
          item: next, level: Int.random(in: 0...maxLevel, using: &random),
          isExpanded: Bool.random(using: &random)))
      next += 1
    }
    return entries
  }

  static func check(
    _ outline: DiffableDataSourceSectionSnapshot<Int>, against model: OutlineModel,
    step: Int, operation: String, seed: UInt64, absent: Int
  ) {
    let context: Comment = "step \(step), \(operation), seed \(seed)"
    outline._checkInvariants()
    #expect(outline.items == model.items, context)
    #expect(outline.rootItems == model.rootItems, context)
    #expect(outline.visibleItems == model.visibleItems, context)
    let parents = model.parents
    let visibility = model.visibility
    for (index, entry) in model.entries.enumerated() {
      let item = entry.item
      guard outline.contains(item),
        outline.index(of: item) == index,
        outline.level(of: item) == entry.level,
        outline.parent(of: item) == parents[index],
        outline.isExpanded(item) == entry.isExpanded,
        outline.isVisible(item) == visibility[index]
      else {
        Issue.record("\(context): queries about \(item) disagree with the model")
        return
      }
    }
    #expect(!outline.contains(absent), context)
    #expect(outline.index(of: absent) == nil, context)
    #expect(outline.visualDescription() == model.visualDescription(), context)
    #expect(outline == model.snapshot, context)
  }

  @Test("every query agrees with the model after every operation", arguments: 0..<12)
  func randomSequences(run: Int) {
    var random = SeededRandom.forTest("SectionSnapshotRandomTests.randomSequences run \(run)")
    let seed = random.seed
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    var model = OutlineModel()
    var next = 0
    func fresh(_ count: Int) -> [Int] {
      defer { next += count }
      return Array(next..<(next + count))
    }
    for step in 0..<150 {
      let items = model.items
      let existing = items.randomElement(using: &random)
      let count = Int.random(in: 0...4, using: &random)
      let operation: String
      switch Int.random(in: 0..<12, using: &random) {
      case 0, 1:
        let new = fresh(count)
        let parent = Bool.random(using: &random) ? existing : nil
        operation = "append(\(new), to: \(String(describing: parent)))"
        outline.append(new, to: parent)
        model.append(new, to: parent)
      case 2:
        guard let destination = existing else { continue }
        let new = fresh(count)
        operation = "insert(\(new), before: \(destination))"
        outline.insert(new, before: destination)
        model.insert(new, before: destination)
      case 3:
        guard let destination = existing else { continue }
        let new = fresh(count)
        operation = "insert(\(new), after: \(destination))"
        outline.insert(new, after: destination)
        model.insert(new, after: destination)
      case 4:
        var doomed = (0..<count).compactMap { _ in items.randomElement(using: &random) }
        doomed.append(next + 1000)  // absent: ignored
        operation = "delete(\(doomed))"
        outline.delete(doomed)
        model.delete(doomed)
      case 5, 6:
        let chosen = (0..<count).compactMap { _ in items.randomElement(using: &random) }
        operation = "expand(\(chosen))"
        outline.expand(chosen)
        model.setExpanded(chosen, true)
      case 7:
        let chosen = (0..<count).compactMap { _ in items.randomElement(using: &random) }
        operation = "collapse(\(chosen))"
        outline.collapse(chosen)
        model.setExpanded(chosen, false)
      case 8, 9:
        guard let destination = existing else { continue }
        let entries = Self.randomEntries(count: count * 2, next: &next, using: &random)
        let inserted = OutlineModel(entries: entries)
        let after = Bool.random(using: &random)
        operation =
          "insert(snapshot \(entries.map(\.item)), \(after ? "after" : "before"): \(destination))"
        if after {
          outline.insert(inserted.snapshot, after: destination)
          model.insert(entries, after: destination)
        } else {
          outline.insert(inserted.snapshot, before: destination)
          model.insert(entries, before: destination)
        }
      case 10:
        guard let parent = existing else { continue }
        // New children: fresh items, plus some of the current descendants,
        // which replace(childrenOf:using:) allows to reappear.
        var entries = Self.randomEntries(count: count * 2, next: &next, using: &random)
        let descendants = model.entries(of: parent, includingParent: false).map(\.item)
        for reused in descendants.shuffled(using: &random).prefix(2) {
          entries.append(
            OutlineModel.Entry(item: reused, level: 0, isExpanded: Bool.random(using: &random)))
        }
        operation = "replace(childrenOf: \(parent), using: \(entries.map(\.item)))"
        outline.replace(childrenOf: parent, using: OutlineModel(entries: entries).snapshot)
        model.replace(childrenOf: parent, using: entries)
      default:
        guard let parent = existing else { continue }
        let includingParent = Bool.random(using: &random)
        operation = "snapshot(of: \(parent), includingParent: \(includingParent))"
        let part = outline.snapshot(of: parent, includingParent: includingParent)
        let expected = OutlineModel(
          entries: model.entries(of: parent, includingParent: includingParent))
        Self.check(
          part, against: expected, step: step, operation: operation, seed: seed, absent: -1)
        // Round trip: replacing the children with their own copy changes nothing.
        if !includingParent {
          let before = outline
          outline.replace(childrenOf: parent, using: part)
          #expect(outline == before, "step \(step), replace with own children, seed \(seed)")
        }
      }
      Self.check(outline, against: model, step: step, operation: operation, seed: seed, absent: -1)
    }
  }

  @Test("deleteAll in the middle of a sequence resets everything")
  func deleteAllResets() {
    var random = SeededRandom.forTest("SectionSnapshotRandomTests.deleteAllResets")
    var next = 0
    let entries = Self.randomEntries(count: 40, next: &next, using: &random)
    var outline = OutlineModel(entries: entries).snapshot
    outline.deleteAll()
    #expect(outline == DiffableDataSourceSectionSnapshot())
    outline.append([1, 2, 3])
    #expect(outline.items == [1, 2, 3])
    outline._checkInvariants()
  }
}
