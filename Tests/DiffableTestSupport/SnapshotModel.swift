import DiffableCore

/// An obviously correct, slow snapshot: an array of sections, each an array of
/// items. Every operation is a linear scan. Property tests run the same
/// operations on it and on `DiffableDataSourceSnapshot` and compare.
public struct SnapshotModel<Section: Hashable & Sendable, Item: Hashable & Sendable>: Equatable {
  public var sections: [Section] = []
  public var items: [[Item]] = []

  public init() {}

  public init(_ snapshot: DiffableDataSourceSnapshot<Section, Item>) {
    sections = snapshot.sectionIdentifiers
    items = sections.map { snapshot.itemIdentifiers(inSection: $0) }
  }

  public var flattened: [Item] { items.flatMap { $0 } }

  public func location(of item: Item) -> (section: Int, index: Int)? {
    for (s, list) in items.enumerated() {
      if let i = list.firstIndex(of: item) { return (s, i) }
    }
    return nil
  }

  public mutating func appendSections(_ ids: [Section]) {
    sections += ids
    items += ids.map { _ in [] }
  }

  public mutating func insertSections(_ ids: [Section], at position: Int) {
    sections.insert(contentsOf: ids, at: position)
    items.insert(contentsOf: ids.map { _ in [] }, at: position)
  }

  public mutating func deleteSections(_ ids: [Section]) {
    for id in ids {
      if let s = sections.firstIndex(of: id) {
        sections.remove(at: s)
        items.remove(at: s)
      }
    }
  }

  public mutating func moveSection(_ id: Section, to anchor: Section, after: Bool) {
    let s = sections.firstIndex(of: id)!
    let list = items.remove(at: s)
    sections.remove(at: s)
    let a = sections.firstIndex(of: anchor)! + (after ? 1 : 0)
    sections.insert(id, at: a)
    items.insert(list, at: a)
  }

  public mutating func deleteItems(_ ids: [Item]) {
    for id in ids {
      if let (s, i) = location(of: id) { items[s].remove(at: i) }
    }
  }

  /// Inserts `ids` at `index` of section `s`, moving any that already exist.
  public mutating func insertItems(_ ids: [Item], section: Section, index: (SnapshotModel) -> Int) {
    deleteItems(ids)
    let s = sections.firstIndex(of: section)!
    items[s].insert(contentsOf: ids, at: index(self))
  }
}
