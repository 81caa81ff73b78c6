public import DiffableCore
import Foundation

/// The snapshots the inspector reads and shows: identifiers are strings,
/// as `diffable diff` reads them.
public typealias TextSnapshot = DiffableDataSourceSnapshot<String, String>

/// A valid batch update taken one operation at a time, for a person to
/// watch: the list after each operation.
///
/// A list view performs a batch as one transaction; its operations have
/// no order of their own. The steps put them in the order that lets each
/// be seen on its own: the removals first (section deletes, then item
/// deletes), then what replaces and adds (section reloads, section
/// inserts, section moves, item inserts, item moves), then the reloads and
/// reconfigures of items, which change no position. Each operation acts on
/// identities (the old snapshot's at its old index paths, the new
/// snapshot's at its new ones): an item or section that arrives is placed
/// after everything already in its final place that comes before it in the
/// new snapshot, so the list after the last step is the new snapshot, and
/// what a move has not yet moved stays where it was.
public struct BatchSteps: Sendable {
  /// What one step does.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A section of the old snapshot goes, with its items.
    case sectionDelete = "delete section"
    /// A section of the new snapshot arrives, with its items.
    case sectionInsert = "insert section"
    /// A section goes from its old place to its new one.
    case sectionMove = "move section"
    /// A section's items are replaced by those the new snapshot gives it.
    case sectionReload = "reload section"
    /// An item of the old snapshot goes.
    case itemDelete = "delete"
    /// An item of the new snapshot arrives.
    case itemInsert = "insert"
    /// An item goes from its old place to its new one.
    case itemMove = "move"
    /// An item's cell is replaced, in place.
    case itemReload = "reload"
    /// An item's cell is updated, in place.
    case itemReconfigure = "reconfigure"
  }

  /// One operation of the batch.
  public struct Step: Sendable, Hashable {
    /// What it does.
    public var kind: Kind
    /// The section or item it acts on.
    public var identifier: String
    /// Whether it acts on a section.
    public var isSection: Bool {
      [.sectionDelete, .sectionInsert, .sectionMove, .sectionReload].contains(kind)
    }
    /// What it does in words, with the index paths the batch gives:
    /// `move "pear" [0, 1] → [1, 0]`.
    public var text: String
  }

  /// The snapshot before the batch.
  public let old: TextSnapshot
  /// The snapshot after it.
  public let new: TextSnapshot
  /// The batch.
  public let batch: BatchUpdate
  /// The batch's operations, in the order they are shown.
  public let steps: [Step]

  /// The steps of `batch`, which must take `old` to `new`.
  ///
  /// - Throws: The validator's `BatchUpdate.ValidationError` when the
  ///   batch does not take `old` to `new`.
  /// - Complexity: O(*n* + *b*), where *n* is the number of items of both
  ///   snapshots and *b* the size of the batch.
  public init(_ batch: BatchUpdate, from old: TextSnapshot, to new: TextSnapshot) throws(BatchUpdate
    .ValidationError)
  {
    try batch.validate(from: old, to: new)
    self.old = old
    self.new = new
    self.batch = batch
    steps = Self.operations(of: batch, from: old, to: new)
  }

  /// The operations of `batch` in the order steps take them, each named
  /// with the identifier at its index path; an index path that is not in
  /// its snapshot is named `?` (the batch is invalid then).
  ///
  /// - Complexity: O(*s* + *b*), where *s* is the number of sections and
  ///   *b* the size of the batch.
  public static func operations(
    of batch: BatchUpdate, from old: TextSnapshot, to new: TextSnapshot
  ) -> [Step] {
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    func section(_ index: Int, of sections: [String]) -> String {
      sections.indices.contains(index) ? sections[index] : "?"
    }
    func item(_ path: IndexPath, of snapshot: TextSnapshot, _ sections: [String]) -> String {
      guard path.count == 2, sections.indices.contains(path.section) else { return "?" }
      let items = snapshot.itemIdentifiers(inSection: sections[path.section])
      return items.indices.contains(path.item) ? items[path.item] : "?"
    }
    func oldItem(_ path: IndexPath) -> String { item(path, of: old, oldSections) }
    func newItem(_ path: IndexPath) -> String { item(path, of: new, newSections) }
    func text(_ path: IndexPath) -> String {
      "[" + path.map(String.init).joined(separator: ", ") + "]"
    }
    func step(_ kind: Kind, _ identifier: String, _ place: String) -> Step {
      Step(
        kind: kind, identifier: identifier,
        text: "\(kind.rawValue) \(identifier == "?" ? "?" : jsonText(identifier)) \(place)")
    }
    var steps: [Step] = []
    steps += batch.sectionDeletes.map {
      step(.sectionDelete, section($0, of: oldSections), "\($0)")
    }
    steps += batch.itemDeletes.map { step(.itemDelete, oldItem($0), text($0)) }
    steps += batch.sectionReloads.map {
      step(.sectionReload, section($0, of: oldSections), "\($0)")
    }
    steps += batch.sectionInserts.map {
      step(.sectionInsert, section($0, of: newSections), "\($0)")
    }
    steps += batch.sectionMoves.map {
      step(.sectionMove, section($0.from, of: oldSections), "\($0.from) → \($0.to)")
    }
    steps += batch.itemInserts.map { step(.itemInsert, newItem($0), text($0)) }
    steps += batch.itemMoves.map {
      step(.itemMove, oldItem($0.from), "\(text($0.from)) → \(text($0.to))")
    }
    steps += batch.itemReloads.map { step(.itemReload, oldItem($0), text($0)) }
    steps += batch.itemReconfigures.map { step(.itemReconfigure, newItem($0), text($0)) }
    return steps
  }

  /// `batch` without its operation at `index` in the order of
  /// ``operations(of:from:to:)``.
  static func removing(_ index: Int, from batch: BatchUpdate) -> BatchUpdate {
    var batch = batch
    var index = index
    func take<T>(_ list: inout [T]) -> Bool {
      guard index < list.count else {
        index -= list.count
        return false
      }
      list.remove(at: index)
      return true
    }
    _ =
      take(&batch.sectionDeletes) || take(&batch.itemDeletes) || take(&batch.sectionReloads)
      || take(&batch.sectionInserts) || take(&batch.sectionMoves) || take(&batch.itemInserts)
      || take(&batch.itemMoves) || take(&batch.itemReloads) || take(&batch.itemReconfigures)
    return batch
  }

  /// The operation the validator's `refusal` of `batch` is about: the
  /// first, in the order of ``operations(of:from:to:)``, without which the
  /// validator takes the batch; failing that, the first without which it
  /// says something else; `nil` when no one operation makes a difference.
  ///
  /// - Complexity: O(*b* · (*n* + *b*)), where *n* is the number of items
  ///   and *b* the size of the batch.
  public static func culprit(
    of batch: BatchUpdate, refused refusal: BatchUpdate.ValidationError, from old: TextSnapshot,
    to new: TextSnapshot
  ) -> Int? {
    let refusals = (0..<batch.count).map { index -> BatchUpdate.ValidationError? in
      do throws(BatchUpdate.ValidationError) {
        try removing(index, from: batch).validate(from: old, to: new)
        return nil
      } catch {
        return error
      }
    }
    return refusals.firstIndex { $0 == nil } ?? refusals.firstIndex { $0 != refusal }
  }

  /// The list after the first `count` steps: `old` for 0, `new` (without
  /// its marks) for all of them. The items and sections that the steps in
  /// `marked` reload or reconfigure, and are still there, are marked so:
  /// applied after the list of an earlier step, it animates those steps.
  ///
  /// - Precondition: `count` is from 0 to the number of steps.
  /// - Complexity: O(*n* · *k*), where *n* is the number of items and *k*
  ///   the number of steps taken.
  public func snapshot(after count: Int, marking marked: Range<Int> = 0..<0) -> TextSnapshot {
    precondition(
      (0...steps.count).contains(count),
      "BatchSteps.snapshot(after:marking:): step \(count) is not from 0 to \(steps.count)")
    var list = _StepList(old)
    let newSections = new.sectionIdentifiers
    var newPlace: [String: (section: Int, item: Int)] = [:]
    for (q, section) in newSections.enumerated() {
      for (k, item) in new.itemIdentifiers(inSection: section).enumerated() {
        newPlace[item] = (q, k)
      }
    }
    let newSectionPlace = Dictionary(
      uniqueKeysWithValues: newSections.enumerated().map { ($1, $0) })
    // Moves whose step is yet to come stay where they were.
    var pendingSections = Set(steps.filter { $0.kind == .sectionMove }.map(\.identifier))
    var pendingItems = Set(steps.filter { $0.kind == .itemMove }.map(\.identifier))
    let sectionOrder = { (section: String) -> Int? in
      pendingSections.contains(section) ? nil : newSectionPlace[section]
    }
    for step in steps[..<count] {
      let id = step.identifier
      switch step.kind {
      case .sectionDelete:
        list.removeSection(id)
      case .itemDelete:
        list.removeItem(id)
      case .sectionReload, .sectionInsert:
        list.removeSection(id)
        list.placeSection(
          id, items: new.itemIdentifiers(inSection: id), at: newSectionPlace[id]!,
          order: sectionOrder)
      case .sectionMove:
        pendingSections.remove(id)
        let items = list.removeSection(id)
        list.placeSection(id, items: items, at: newSectionPlace[id]!, order: sectionOrder)
      case .itemInsert, .itemMove:
        pendingItems.remove(id)
        list.removeItem(id)
        let place = newPlace[id]!
        list.placeItem(id, in: newSections[place.section], at: place.item) {
          pendingItems.contains($0) || newPlace[$0]?.section != place.section
            ? nil : newPlace[$0]?.item
        }
      case .itemReload, .itemReconfigure:
        break
      }
    }
    var snapshot = list.snapshot()
    for step in steps[marked.clamped(to: 0..<count)] {
      switch step.kind {
      case .itemReload where snapshot.indexOfItem(step.identifier) != nil:
        snapshot.reloadItems([step.identifier])
      case .itemReconfigure where snapshot.indexOfItem(step.identifier) != nil:
        snapshot.reconfigureItems([step.identifier])
      case .sectionReload where snapshot.indexOfSection(step.identifier) != nil:
        snapshot.reloadSections([step.identifier])
      default:
        break
      }
    }
    return snapshot
  }

  /// The index of the last step among the first `count` that acts on the
  /// item `item` or its section, if any.
  public func lastStep(touching item: String, section: String, before count: Int) -> Int? {
    steps[..<min(max(count, 0), steps.count)].lastIndex {
      $0.identifier == ($0.isSection ? section : item)
    }
  }
}

/// The text of an identifier in a step: as JSON writes it.
func jsonText(_ identifier: String) -> String {
  let data = (try? JSONEncoder().encode(identifier)) ?? Data()
  return String(decoding: data, as: UTF8.self)
}

/// A list being stepped through: its sections, in order, with their items.
struct _StepList {
  var sections: [(id: String, items: [String])]

  init(_ snapshot: TextSnapshot) {
    sections = snapshot.sectionIdentifiers.map { ($0, snapshot.itemIdentifiers(inSection: $0)) }
  }

  /// Removes the section `id`, if it is there, and returns its items.
  @discardableResult
  mutating func removeSection(_ id: String) -> [String] {
    guard let at = sections.firstIndex(where: { $0.id == id }) else { return [] }
    return sections.remove(at: at).items
  }

  /// Removes the item `id` from wherever it is.
  mutating func removeItem(_ id: String) {
    for s in sections.indices {
      if let at = sections[s].items.firstIndex(of: id) {
        sections[s].items.remove(at: at)
        return
      }
    }
  }

  /// Puts the section `id` with `items` before the first section whose
  /// `order` (its place in the new snapshot, `nil` while it is not in its
  /// final place) is after `place`; its items leave any other section.
  mutating func placeSection(
    _ id: String, items: [String], at place: Int, order: (String) -> Int?
  ) {
    for item in items { removeItem(item) }
    let at = sections.firstIndex { order($0.id).map { $0 > place } ?? false } ?? sections.endIndex
    sections.insert((id, items), at: at)
  }

  /// Puts the item `id` in the section `section` before the first item
  /// whose `order` is after `place`.
  mutating func placeItem(
    _ id: String, in section: String, at place: Int, order: (String) -> Int?
  ) {
    guard let s = sections.firstIndex(where: { $0.id == section }) else {
      preconditionFailure(
        "BatchSteps.snapshot(after:marking:): section \(jsonText(section)) is not in the list "
          + "when \(jsonText(id)) arrives in it")
    }
    let items = sections[s].items
    let at = items.firstIndex { order($0).map { $0 > place } ?? false } ?? items.endIndex
    sections[s].items.insert(id, at: at)
  }

  /// The list as a snapshot.
  func snapshot() -> TextSnapshot {
    var snapshot = TextSnapshot()
    snapshot.appendSections(sections.map(\.id))
    for section in sections { snapshot.appendItems(section.items, toSection: section.id) }
    return snapshot
  }
}
