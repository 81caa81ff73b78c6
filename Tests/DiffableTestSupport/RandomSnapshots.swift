import DiffableCore

/// Random snapshots and random edits of them, for property tests.
public enum RandomSnapshots {
  public typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// A snapshot with up to `maxSections` sections drawn from `0..<sectionPool`
  /// and items drawn from `0..<itemPool`, spread randomly.
  public static func snapshot(
    maxSections: Int = 5, sectionPool: Int = 8, itemPool: Int = 30,
    using random: inout SeededRandom
  ) -> Snapshot {
    var snapshot = Snapshot()
    let sections = Array(
      (0..<sectionPool).shuffled(using: &random)
        .prefix(Int.random(in: 0...maxSections, using: &random)))
    snapshot.appendSections(sections)
    guard !sections.isEmpty else { return snapshot }
    for item in (0..<itemPool).shuffled(using: &random)
    where Int.random(in: 0..<3, using: &random) > 0 {
      snapshot.appendItems([item], toSection: sections.randomElement(using: &random)!)
    }
    return snapshot
  }

  /// `snapshot` after a few random edits through the public API, with random
  /// reload and reconfigure marks. Edits favour small changes, so that moves,
  /// crossings and section moves all appear together.
  public static func edited(
    _ snapshot: Snapshot, edits: Int = 6, sectionPool: Int = 8, itemPool: Int = 30,
    using random: inout SeededRandom
  ) -> Snapshot {
    var result = snapshot
    result._removeMarks()
    for _ in 0..<Int.random(in: 0...edits, using: &random) {
      let sections = result.sectionIdentifiers
      let items = result.itemIdentifiers
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        let fresh = (0..<sectionPool).filter { result.indexOfSection($0) == nil }
        if let section = fresh.randomElement(using: &random) {
          if let anchor = sections.randomElement(using: &random) {
            result.insertSections([section], beforeSection: anchor)
          } else {
            result.appendSections([section])
          }
        }
      case 1:
        if let section = sections.randomElement(using: &random) { result.deleteSections([section]) }
      case 2:
        if sections.count > 1 {
          let pair = sections.shuffled(using: &random).prefix(2)
          if Bool.random(using: &random) {
            result.moveSection(pair.first!, beforeSection: pair.last!)
          } else {
            result.moveSection(pair.first!, afterSection: pair.last!)
          }
        }
      case 3, 4:
        let fresh = (0..<itemPool).filter { result.indexOfItem($0) == nil }
        if let item = fresh.randomElement(using: &random) {
          if let anchor = items.randomElement(using: &random), Bool.random(using: &random) {
            result.insertItems([item], afterItem: anchor)
          } else if let section = sections.randomElement(using: &random) {
            result.appendItems([item], toSection: section)
          }
        }
      case 5, 6:
        if let item = items.randomElement(using: &random) { result.deleteItems([item]) }
      default:
        if items.count > 1 {
          let pair = items.shuffled(using: &random).prefix(2)
          if Bool.random(using: &random) {
            result.moveItem(pair.first!, beforeItem: pair.last!)
          } else {
            result.moveItem(pair.first!, afterItem: pair.last!)
          }
        }
      }
    }
    let items = result.itemIdentifiers
    if !items.isEmpty {
      result.reloadItems(
        Array(items.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))))
      result.reconfigureItems(
        Array(items.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))))
    }
    let sections = result.sectionIdentifiers
    if !sections.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
      result.reloadSections([sections.randomElement(using: &random)!])
    }
    return result
  }
}
