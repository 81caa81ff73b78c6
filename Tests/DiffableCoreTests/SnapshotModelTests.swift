import DiffableCore
import DiffableTestSupport
import Testing

@Suite("Snapshot against an array model")
struct SnapshotModelTests {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// Checks every query of `snapshot` against `model`.
  func expectAgree(_ snapshot: Snapshot, _ model: SnapshotModel<Int, Int>, _ context: String) {
    #expect(SnapshotModel(snapshot) == model, "\(context)")
    #expect(snapshot.sectionIdentifiers == model.sections, "\(context)")
    #expect(snapshot.itemIdentifiers == model.flattened, "\(context)")
    #expect(snapshot.numberOfSections == model.sections.count)
    #expect(snapshot.numberOfItems == model.flattened.count)
    for (s, section) in model.sections.enumerated() {
      #expect(snapshot.indexOfSection(section) == s, "\(context)")
      #expect(snapshot.numberOfItems(inSection: section) == model.items[s].count)
    }
    for (index, item) in model.flattened.enumerated() {
      #expect(snapshot.indexOfItem(item) == index, "\(context)")
      let (s, _) = model.location(of: item)!
      #expect(snapshot.sectionIdentifier(containingItem: item) == model.sections[s])
    }
    snapshot._checkInvariants()
  }

  @Test("random operation sequences agree with the model after every step")
  func randomOperations() {
    var random = SeededRandom.forTest("SnapshotModelTests.randomOperations")
    for run in 0..<300 {
      var snapshot = Snapshot()
      var model = SnapshotModel<Int, Int>()
      for step in 0..<40 {
        let sections = model.sections
        let items = model.flattened
        let context = "seed \(random.seed) run \(run) step \(step)"
        switch Int.random(in: 0..<12, using: &random) {
        case 0:
          let fresh = (0..<10).filter { !sections.contains($0) }.shuffled(using: &random).prefix(2)
          snapshot.appendSections(Array(fresh))
          model.appendSections(Array(fresh))
        case 1:
          let fresh = (0..<10).filter { !sections.contains($0) }.shuffled(using: &random).prefix(2)
          if let anchor = sections.randomElement(using: &random) {
            let after = Bool.random(using: &random)
            if after {
              snapshot.insertSections(Array(fresh), afterSection: anchor)
            } else {
              snapshot.insertSections(Array(fresh), beforeSection: anchor)
            }
            model.insertSections(
              Array(fresh), at: model.sections.firstIndex(of: anchor)! + (after ? 1 : 0))
          }
        case 2:
          let doomed = [Int.random(in: 0..<12, using: &random)]
          snapshot.deleteSections(doomed)
          model.deleteSections(doomed)
        case 3:
          if sections.count > 1 {
            let pair = sections.shuffled(using: &random)
            let after = Bool.random(using: &random)
            if after {
              snapshot.moveSection(pair[0], afterSection: pair[1])
            } else {
              snapshot.moveSection(pair[0], beforeSection: pair[1])
            }
            model.moveSection(pair[0], to: pair[1], after: after)
          }
        case 4, 5:
          // Append, sometimes re-appending items that exist (they move).
          guard let section = sections.randomElement(using: &random) else { continue }
          let batch = Array(
            (0..<60).shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)))
          DiffableDiagnostics.withHandler({ _ in }) {
            snapshot.appendItems(batch, toSection: section)
          }
          model.insertItems(batch, section: section) {
            $0.items[$0.sections.firstIndex(of: section)!].count
          }
        case 6, 7:
          guard let anchor = items.randomElement(using: &random) else { continue }
          let batch = Array(
            (0..<60).filter { $0 != anchor }.shuffled(using: &random)
              .prefix(Int.random(in: 0...3, using: &random)))
          let after = Bool.random(using: &random)
          DiffableDiagnostics.withHandler({ _ in }) {
            if after {
              snapshot.insertItems(batch, afterItem: anchor)
            } else {
              snapshot.insertItems(batch, beforeItem: anchor)
            }
          }
          var withoutBatch = model
          withoutBatch.deleteItems(batch)
          let (s, _) = withoutBatch.location(of: anchor)!
          model.insertItems(batch, section: model.sections[s]) {
            $0.location(of: anchor)!.index + (after ? 1 : 0)
          }
        case 8, 9:
          let doomed = Array(
            (0..<60).shuffled(using: &random).prefix(Int.random(in: 0...6, using: &random)))
          snapshot.deleteItems(doomed)
          model.deleteItems(doomed)
        case 10:
          if items.count > 1 {
            let pair = items.shuffled(using: &random)
            let after = Bool.random(using: &random)
            if after {
              snapshot.moveItem(pair[0], afterItem: pair[1])
            } else {
              snapshot.moveItem(pair[0], beforeItem: pair[1])
            }
            model.insertItems(
              [pair[0]],
              section: model.sections[
                {
                  var m = model
                  m.deleteItems([pair[0]])
                  return m.location(of: pair[1])!.section
                }()]
            ) { $0.location(of: pair[1])!.index + (after ? 1 : 0) }
          }
        default:
          let copy = snapshot
          snapshot.deleteAllItems()
          #expect(copy == Snapshot(copy: copy))
          model = SnapshotModel()
          if Bool.random(using: &random) {
            snapshot = copy
            model = SnapshotModel(copy)
          }
        }
        expectAgree(snapshot, model, context)
      }
    }
  }
}

extension DiffableDataSourceSnapshot {
  /// Rebuilds a snapshot from its queries, to compare against the original.
  init(copy other: Self) {
    self.init()
    appendSections(other.sectionIdentifiers)
    for section in other.sectionIdentifiers {
      appendItems(other.itemIdentifiers(inSection: section), toSection: section)
    }
  }
}
