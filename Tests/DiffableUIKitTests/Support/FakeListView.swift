import DiffableCore
import DiffableEngine
import DiffableTesting
import Foundation

/// What the fake views share: a log of every call an adapter makes, in
/// order, as the call reads in UIKit, and a ``ReferenceListView`` that keeps
/// the cells and checks each batch with UIKit's rules.
///
/// A batch's calls are collected into a `BatchUpdate` while its closure
/// runs; when the closure returns, the reference view performs it, reading
/// the counts before from its cells and the counts after from the data
/// source, and stops with UIKit's message if the batch breaks a rule (as
/// UIKit raises). A call outside a batch is a batch of its own, as in UIKit.
/// The data source must not change before a batch starts: the fake stops if
/// the counts the data source reports differ from the cells it shows.
@MainActor
class FakeListView {
  /// The cells, and the checks of every batch.
  let reference = ReferenceListView<String>()
  /// Every call, in order: `performBatchUpdates {`, the calls inside,
  /// `}`, `completion(true)`, and the calls outside batches.
  var calls: [String] = []
  /// The index paths whose cells the view asked for, in order.
  var cellRequests: [IndexPath] = []
  /// The batches, as collected from the calls inside batch closures.
  var batches: [BatchUpdate] = []
  /// The questions the view asks its data source, set when the adapter
  /// installs it.
  var questions: Questions?
  /// The batch being collected, while a batch closure runs.
  private var collecting: BatchUpdate?
  /// Whether a `performWithoutAnimation(_:)` closure is running.
  static var animationsDisabled = false

  /// Makes `questions` what the view asks, as UIKit's views keep their
  /// `dataSource`, and returns it.
  func install(_ questions: Questions) -> Questions {
    self.questions = questions
    reference.connect(to: questions)
    return questions
  }

  /// Forgets the calls, cell requests and batches so far.
  func clear() {
    calls = []
    cellRequests = []
    batches = []
  }

  /// Runs `updates` as one batch named `name`, then performs the batch on
  /// the reference view and calls `completion`.
  func batch(_ name: String, _ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    require(collecting == nil, "\(name): called inside a batch")
    requireDataUnchanged(name)
    calls.append(name + (Self.animationsDisabled ? " (without animation) {" : " {"))
    collecting = BatchUpdate()
    updates?()
    let update = collecting!
    collecting = nil
    calls.append("}")
    perform(update, completion: completion, isBatch: true)
  }

  /// Records one call: into the batch being collected, or as a batch of
  /// its own.
  func record(_ call: String, _ edit: (inout BatchUpdate) -> Void) {
    if collecting != nil {
      calls.append(call)
      edit(&collecting!)
      return
    }
    calls.append(call)
    var update = BatchUpdate()
    edit(&update)
    perform(update, completion: nil, isBatch: false)
  }

  func reconfigure(_ call: String, _ indexPaths: [IndexPath]) {
    require(collecting == nil, "\(call): called inside a batch")
    requireDataUnchanged(call)
    calls.append(call)
    reference.reconfigureItems(at: indexPaths)
  }

  /// Drags an item as a user does: the view moves its cell, then tells the
  /// data source (through the adapter).
  @discardableResult
  func userMovesItem(at source: IndexPath, to destination: IndexPath) -> Bool {
    reference.interactivelyMoveItem(at: source, to: destination)
  }

  private func perform(_ update: BatchUpdate, completion: ((Bool) -> Void)?, isBatch: Bool) {
    if isBatch { batches.append(update) }
    reference.performBatchUpdates(
      update, animatingDifferences: !Self.animationsDisabled, rowAnimation: .none,
      updatingData: {},
      completion: { finished in
        guard let completion else { return }
        self.calls.append("completion(\(finished))")
        completion(finished)
      })
  }

  private func requireDataUnchanged(_ name: String) {
    guard let questions else { return }
    let shown = reference.cells.map(\.count)
    let reported = (0..<questions.numberOfSections).map { questions.numberOfItems(inSection: $0) }
    require(
      shown == reported,
      "\(name): the data source changed before the batch: the view shows \(shown) items, "
        + "the data source reports \(reported)")
  }

  // MARK: The members the fake views share, spelled as UIKit's

  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    batch("performBatchUpdates", updates, completion: completion)
  }
  func insertSections(_ sections: IndexSet) {
    record("insertSections(\(describe(sections)))") { $0.sectionInserts += sections }
  }
  func deleteSections(_ sections: IndexSet) {
    record("deleteSections(\(describe(sections)))") { $0.sectionDeletes += sections }
  }
  func reloadSections(_ sections: IndexSet) {
    record("reloadSections(\(describe(sections)))") { $0.sectionReloads += sections }
  }
  func moveSection(_ section: Int, toSection newSection: Int) {
    record("moveSection(\(section), toSection: \(newSection))") {
      $0.sectionMoves.append(.init(from: section, to: newSection))
    }
  }
  func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record(
      "moveItem(at: \(indexPath.bracketedDescription), to: \(newIndexPath.bracketedDescription))"
    ) {
      $0.itemMoves.append(.init(from: indexPath, to: newIndexPath))
    }
  }
  func reloadData() {
    require(collecting == nil, "reloadData(): called inside a batch")
    calls.append("reloadData()")
    reference.reloadData()
  }
  static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    require(!animationsDisabled, "performWithoutAnimation(_:) inside another")
    animationsDisabled = true
    defer { animationsDisabled = false }
    actionsWithoutAnimation()
  }
}

/// What a fake view asks its data source, as closures that call an
/// adapter's data source methods; the reference view asks through it.
@MainActor
final class Questions: @MainActor DiffableListViewDataSource {
  typealias Cell = String
  typealias SupplementaryView = String

  private unowned let view: FakeListView
  private let sections: () -> Int
  private let items: (Int) -> Int
  private let cell: (IndexPath) -> String
  private let canMove: (IndexPath) -> Bool
  private let move: (IndexPath, IndexPath) -> Void

  init(
    view: FakeListView, sections: @escaping () -> Int, items: @escaping (Int) -> Int,
    cell: @escaping (IndexPath) -> String,
    canMove: @escaping (IndexPath) -> Bool = { _ in false },
    move: @escaping (IndexPath, IndexPath) -> Void = { _, _ in }
  ) {
    self.view = view
    self.sections = sections
    self.items = items
    self.cell = cell
    self.canMove = canMove
    self.move = move
  }

  var numberOfSections: Int { sections() }
  func numberOfItems(inSection section: Int) -> Int { items(section) }
  func cell(at indexPath: IndexPath) -> String {
    view.cellRequests.append(indexPath)
    return cell(indexPath)
  }
  func canMoveItem(at indexPath: IndexPath) -> Bool { canMove(indexPath) }
  func moveItem(at source: IndexPath, to destination: IndexPath) { move(source, destination) }

  // The fakes ask only the questions above through the reference view; the
  // tests ask the others of the adapters directly.
  func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> String {
    fatalError("the fake views ask for supplementary views through their adapters")
  }
  func canEditItem(at indexPath: IndexPath) -> Bool {
    fatalError("the fake views ask about editing through their adapters")
  }
  func commit(_ editingStyle: DiffableEditingStyle, forItemAt indexPath: IndexPath) {
    fatalError("the fake views commit edits through their adapters")
  }
}

/// Index paths as calls print them: `[[0, 1], [1, 0]]`.
func describe(_ indexPaths: some Sequence<IndexPath>) -> String {
  "[" + indexPaths.map(\.bracketedDescription).joined(separator: ", ") + "]"
}

/// Sections as calls print them: `[0, 2]`.
func describe(_ sections: IndexSet) -> String {
  "\(Array(sections))"
}

/// Stops with `message` unless `condition` holds, in every build
/// configuration: `precondition` prints no message in optimized builds, and
/// the misuse tests read it.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
