import DiffableCore

// The reference model of the section snapshot suites: a flat outline that
// is simple enough to be obviously correct.

/// An outline as UIKit describes one: a list of items in depth-first
/// pre-order, each with its level and whether it is expanded. Every operation
/// is a few lines of array surgery over this list.
struct OutlineModel: Equatable {
  struct Entry: Equatable {
    var item: Int
    var level: Int
    var isExpanded: Bool
  }

  var entries: [Entry] = []

  var items: [Int] { entries.map(\.item) }
  var rootItems: [Int] { entries.filter { $0.level == 0 }.map(\.item) }

  func index(of item: Int) -> Int? { entries.firstIndex { $0.item == item } }

  /// The index just past the subtree of the entry at `index`.
  func subtreeEnd(_ index: Int) -> Int {
    var end = index + 1
    while end < entries.count, entries[end].level > entries[index].level { end += 1 }
    return end
  }

  var visibleItems: [Int] { zip(items, visibility).filter(\.1).map(\.0) }

  /// The parent of every entry, in one pass: the path from the root to the
  /// current entry is a stack, cut back to the entry's level.
  var parents: [Int?] {
    var path: [Int] = []
    return entries.map { entry in
      path.removeLast(path.count - entry.level)
      defer { path.append(entry.item) }
      return path.last
    }
  }

  /// Whether every entry is visible, in one pass, in the same way.
  var visibility: [Bool] {
    var path: [(item: Int, showsChildren: Bool)] = []
    return entries.map { entry in
      path.removeLast(path.count - entry.level)
      let isVisible = path.last?.showsChildren ?? true
      path.append((entry.item, isVisible && entry.isExpanded))
      return isVisible
    }
  }

  mutating func append(_ items: [Int], to parent: Int?) {
    guard let parent else {
      entries += items.map { Entry(item: $0, level: 0, isExpanded: false) }
      return
    }
    let index = self.index(of: parent)!
    let level = entries[index].level + 1
    entries.insert(
      contentsOf: items.map { Entry(item: $0, level: level, isExpanded: false) },
      at: subtreeEnd(index))
  }

  mutating func insert(_ items: [Int], before item: Int) {
    insert(items.map { Entry(item: $0, level: 0, isExpanded: false) }, before: item)
  }

  mutating func insert(_ items: [Int], after item: Int) {
    insert(items.map { Entry(item: $0, level: 0, isExpanded: false) }, after: item)
  }

  /// Inserts entries whose levels start at 0, shifted to the level of `item`.
  mutating func insert(_ new: [Entry], before item: Int) {
    let index = self.index(of: item)!
    entries.insert(contentsOf: shifted(new, by: entries[index].level), at: index)
  }

  mutating func insert(_ new: [Entry], after item: Int) {
    let index = self.index(of: item)!
    entries.insert(contentsOf: shifted(new, by: entries[index].level), at: subtreeEnd(index))
  }

  func shifted(_ new: [Entry], by delta: Int) -> [Entry] {
    new.map { Entry(item: $0.item, level: $0.level + delta, isExpanded: $0.isExpanded) }
  }

  mutating func delete(_ items: [Int]) {
    for item in items {
      guard let index = self.index(of: item) else { continue }
      entries.removeSubrange(index..<subtreeEnd(index))
    }
  }

  mutating func setExpanded(_ items: [Int], _ isExpanded: Bool) {
    for item in items { entries[index(of: item)!].isExpanded = isExpanded }
  }

  mutating func replace(childrenOf parent: Int, using new: [Entry]) {
    let index = self.index(of: parent)!
    let end = subtreeEnd(index)
    entries.replaceSubrange(
      (index + 1)..<end, with: shifted(new, by: entries[index].level + 1))
  }

  func entries(of parent: Int, includingParent: Bool) -> [Entry] {
    let index = self.index(of: parent)!
    let start = includingParent ? index : index + 1
    let base = entries[start..<subtreeEnd(index)].first?.level ?? 0
    return shifted(Array(entries[start..<subtreeEnd(index)]), by: -base)
  }

  func visualDescription() -> String {
    var text = ""
    let visibility = self.visibility
    for (index, entry) in entries.enumerated() {
      let hasChildren = index + 1 < entries.count && entries[index + 1].level > entry.level
      text += String(repeating: "  ", count: entry.level)
      text += visibility[index] ? "*" : " "
      text += entry.isExpanded ? "+" : hasChildren ? "-" : " "
      text += " \(entry.item)\n"
    }
    return text
  }

  /// A section snapshot built from the model with `append` and `expand`.
  var snapshot: DiffableDataSourceSectionSnapshot<Int> {
    var result = DiffableDataSourceSectionSnapshot<Int>()
    for (entry, parent) in zip(entries, parents) {
      result.append([entry.item], to: parent)
      if entry.isExpanded { result.expand([entry.item]) }
    }
    return result
  }
}
