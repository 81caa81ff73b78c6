import CollectionLayout
public import DiffableCore
import DiffableEngine
public import DiffableWeb
import Foundation

/// The screen of a batch inspector's page (``BatchInspector``): two
/// snapshots in (`old`, `new`, as
/// `diffable diff` reads them), the batch between them in `batch` (which
/// can be edited by hand), its operations as lines (`step`), and the list
/// `inspector` showing the list after the step the `step` range chooses,
/// each change animated as a list view animates it. The validator's
/// message for a batch it refuses shows in `error`, at the first operation
/// without which it would say something else; `test` holds a Swift Testing
/// test that reproduces the pair and the batch.
public final class BatchInspectorScreen: WebSessionDelegate {
  /// The most items a snapshot may hold, and operations a batch: stepping
  /// costs the items times the steps.
  public static let maximumItems = 1_000

  /// The snapshots and batch the page opens with: a few fruits and
  /// vegetables, and a change with one of each kind of item operation.
  public static let example: (old: TextSnapshot, new: TextSnapshot) = {
    var old = TextSnapshot()
    old.appendSections(["fruits", "vegetables"])
    old.appendItems(["apple", "banana", "cherry", "date"], toSection: "fruits")
    old.appendItems(["leek", "kale", "okra"], toSection: "vegetables")
    var new = TextSnapshot()
    new.appendSections(["fruits", "vegetables"])
    new.appendItems(["cherry", "apple", "date", "fig"], toSection: "fruits")
    new.appendItems(["leek", "banana", "okra"], toSection: "vegetables")
    new.reloadItems(["date"])
    new.reconfigureItems(["okra"])
    return (old, new)
  }()

  private let session: WebSession
  private let dataSource: DiffableDataSource<String, String>
  private let actions = _InspectorActions()
  /// The texts of the two snapshots and of the batch, as last typed.
  private var texts: [String: String] = [:]
  /// The pair the page shows, once both snapshots read.
  private var pair: (old: TextSnapshot, new: TextSnapshot)?
  /// The batch the page shows and its steps, when it is valid.
  public private(set) var steps: BatchSteps?
  /// The pages whose last change the page can take (`take`, by name).
  public let sources: [BatchInspector.Source]
  /// Finds the last change of the source of a name on a page open in
  /// another tab of the same browser (`take`); ``BatchInspector/fill(_:registry:)``
  /// sets it.
  public var takeChange: (@Sendable (BatchInspector.Source) async -> WebListChange?)?

  /// What the list shows, or will once its applies are done.
  public var shownSnapshot: TextSnapshot { dataSource.snapshot() }
  /// The step the range asks for.
  public private(set) var wantedStep = 0
  /// The step the list shows (or is applying): from 0, the old snapshot,
  /// to the number of steps, the new one.
  public private(set) var shownStep = 0

  /// The inspector in the list `listName` of `session`, which can take the
  /// last change of `sources`.
  public init(
    session: WebSession, listName: String, sources: [BatchInspector.Source] = [],
    isolation: isolated any Actor = #isolation
  ) {
    self.session = session
    self.sources = sources
    let view: WebListView<String, String> = session.listView(
      named: listName,
      layout: .list(using: ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary))
    )
    var note: (String, String) -> String? = { _, _ in nil }
    dataSource = DiffableDataSource(view: view) { _, _, item in
      WebCell(item, secondaryText: note(item, ""))
    }
    let dataSource = dataSource
    dataSource.supplementaryViewProvider = .init {
      [weak dataSource] (_: WebListView<String, String>, _, indexPath) in
      dataSource?.sectionIdentifier(for: indexPath.section).map { WebCell($0) }
    }
    view.allowsSelection = false
    // Arrows for moves, flashes for reconfigures.
    view.showsChanges = true
    session.delegate = self
    note = { [unowned self] item, _ in self.note(for: item) }
    let example = Self.example
    show(old: example.old, new: example.new)
  }

  /// The texts of the example pair and its batch, as the page's fields
  /// first hold them.
  public static var exampleTexts: (old: String, new: String, batch: String) {
    (json(example.old), json(example.new), json(BatchUpdate(from: example.old, to: example.new)))
  }

  /// A snapshot's or batch's JSON text, as the page's fields show it: keys
  /// in order, slashes as they are.
  public static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// What the last step the list shows that reloaded or reconfigured
  /// `item` (or reloaded its section) did, as its cell's second line:
  /// `step 4: reload`.
  func note(for item: String) -> String? {
    note(for: item, in: drawn)
  }

  /// The list as the screen last gave it to its data source: what the cell
  /// provider reads a note in, with no copy of the snapshot per cell.
  private var drawn = TextSnapshot()

  /// A control of the page changed: `old` or `new` (a snapshot's JSON),
  /// `batch` (the batch, edited by hand), `step` (the range) or `take` (a
  /// source to take the last change of). Anything malformed shows its
  /// error in the page's `error` text and changes nothing else.
  ///
  /// - Complexity: O(*n* · *b*) for a batch refused by the validator (the
  ///   operation at fault is looked for), O(*n* + *b*) otherwise, where *n*
  ///   is the number of items (at most ``maximumItems``) and *b* the size
  ///   of the batch.
  public func session(
    _ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor
  ) {
    switch input.name {
    case "old", "new":
      guard texts[input.name] != input.value else { return }
      texts[input.name] = input.value
      read()
    case "batch":
      guard texts["batch"] != input.value else { return }
      texts["batch"] = input.value
      if input.value.allSatisfy(\.isWhitespace), let pair {
        // An emptied field: the batch between the snapshots again.
        show(old: pair.old, new: pair.new)
      } else {
        edit(input.value)
      }
    case "take":
      take(input.value)
    case "step":
      guard let step = Int(input.value), step >= 0 else {
        return session.setText(
          "step: \(String(reflecting: String(input.value.prefix(40)))) is not a step number",
          forElement: "error")
      }
      go(to: min(step, steps?.steps.count ?? 0))
    default:
      break
    }
  }

  /// Takes the last two applies of the source `name` in another tab of
  /// the browser: its snapshots fill the fields, and their batch shows.
  private func take(_ name: String, isolation: isolated any Actor = #isolation) {
    guard let source = sources.first(where: { $0.name == name }) else {
      return session.setText(
        "take: \(String(reflecting: String(name.prefix(40)))) is not a page the inspector reads",
        forElement: "error")
    }
    let takeChange = takeChange
    actions.perform { [self] in
      guard let change = await takeChange?(source) else {
        return self.session.setText(
          "take: no other tab of this browser shows \(source.title) with a change yet: open "
            + "\(source.path) in another tab and change it", forElement: "error")
      }
      for (field, snapshot) in [("old", change.old), ("new", change.new)] {
        guard snapshot.numberOfItems <= Self.maximumItems else {
          return self.session.setText(
            "take: the \(field) snapshot of \(source.title) has \(snapshot.numberOfItems) items; "
              + "the inspector takes at most \(Self.maximumItems)", forElement: "error")
        }
      }
      for (field, snapshot) in [("old", change.old), ("new", change.new)] {
        let text = Self.json(snapshot)
        self.texts[field] = text
        self.session.setValue(text, forControl: field)
      }
      self.show(old: change.old, new: change.new, isolation: isolation)
    }
  }

  /// Reads the two snapshots' texts; shows their batch, or what is wrong
  /// with each, one line each, while the last good drawing stays.
  private func read(isolation: isolated any Actor = #isolation) {
    let old = texts["old"] ?? Self.exampleTexts.old
    let new = texts["new"] ?? Self.exampleTexts.new
    let pair = (
      Result { () throws(InspectorInputError) in try Self.snapshot(old, named: "old") },
      Result { () throws(InspectorInputError) in try Self.snapshot(new, named: "new") }
    )
    switch pair {
    case (.success(let old), .success(let new)):
      show(old: old, new: new)
    default:
      let errors = [pair.0, pair.1].compactMap {
        if case .failure(let error) = $0 { error.description } else { nil }
      }
      session.setText(errors.joined(separator: "\n"), forElement: "error")
    }
  }

  /// Reads a snapshot's JSON.
  static func snapshot(_ text: String, named name: String) throws(InspectorInputError)
    -> TextSnapshot
  {
    let snapshot: TextSnapshot
    do {
      snapshot = try JSONDecoder().decode(TextSnapshot.self, from: Data(text.utf8))
    } catch {
      throw InspectorInputError("\(name): not a valid snapshot: \(describe(error, in: text))")
    }
    guard snapshot.numberOfItems <= maximumItems else {
      throw InspectorInputError(
        "\(name): \(snapshot.numberOfItems) items; the inspector takes at most \(maximumItems)")
    }
    return snapshot
  }

  /// Shows the batch `BatchUpdate(from: old, to: new)` between a new pair,
  /// from its first step.
  private func show(
    old: TextSnapshot, new: TextSnapshot, isolation: isolated any Actor = #isolation
  ) {
    pair = (old, new)
    let batch = BatchUpdate(from: old, to: new)
    let text = Self.json(batch)
    texts["batch"] = text
    session.setValue(text, forControl: "batch")
    showSteps(of: batch)
  }

  /// A batch typed by hand: shown if the validator takes it, its message
  /// otherwise.
  private func edit(_ text: String, isolation: isolated any Actor = #isolation) {
    guard let pair else { return }
    let batch: BatchUpdate
    do {
      batch = try JSONDecoder().decode(BatchUpdate.self, from: Data(text.utf8))
    } catch {
      session.setText(
        "batch: not a valid batch: \(Self.describe(error, in: text))", forElement: "error")
      return
    }
    guard batch.count <= Self.maximumItems else {
      session.setText(
        "batch: \(batch.count) operations; the inspector takes at most \(Self.maximumItems)",
        forElement: "error")
      return
    }
    do throws(BatchUpdate.ValidationError) {
      try batch.validate(from: pair.old, to: pair.new)
      showSteps(of: batch)
    } catch {
      let operations = BatchSteps.operations(of: batch, from: pair.old, to: pair.new)
      let culprit = BatchSteps.culprit(of: batch, refused: error, from: pair.old, to: pair.new)
      session.setText(error.description, forElement: "error")
      session.setLines(
        WebPageLines(operations.map(\.text), invalid: culprit), forElement: "step")
      session.setText(
        BatchTestExport.test(old: pair.old, new: pair.new, batch: batch), forElement: "test")
    }
  }

  /// Shows the steps of a valid batch, from the first.
  private func showSteps(
    of batch: BatchUpdate, isolation: isolated any Actor = #isolation
  ) {
    guard let pair, let steps = try? BatchSteps(batch, from: pair.old, to: pair.new) else {
      return
    }
    self.steps = steps
    session.setText("", forElement: "error")
    session.setMaximum(steps.steps.count, forControl: "step")
    session.setText(
      BatchTestExport.test(old: pair.old, new: pair.new, batch: batch), forElement: "test")
    session.setLines(WebPageLines(steps.steps.map(\.text)), forElement: "step")
    shownStep = -1
    go(to: 0)
  }

  /// Shows the list after `step` steps, animated from what it shows; the
  /// step's line is current once the page has shown it (its apply
  /// completed), so a page that sees it current sees the list after it.
  private func go(to step: Int, isolation: isolated any Actor = #isolation) {
    guard let steps else { return }
    wantedStep = step
    session.setValue(String(step), forControl: "step")
    let dataSource = dataSource
    let session = session
    actions.perform { [weak self] in
      guard let self, let shown = self.steps, shown.old == steps.old, shown.new == steps.new,
        shown.batch == steps.batch, self.shownStep != self.wantedStep
      else { return }
      let from = max(self.shownStep, 0)
      let to = self.wantedStep
      var snapshot = steps.snapshot(after: to, marking: min(from, to)..<max(from, to))
      // Cells whose note changes are reconfigured, unless they change anyway.
      let fresh = self.shownStep < 0
      let drawn = self.drawn
      let before = Dictionary(
        uniqueKeysWithValues: drawn.itemIdentifiers.map { ($0, self.note(for: $0, in: drawn)) })
      self.shownStep = to
      let changed = snapshot.itemIdentifiers.filter { item in
        !fresh && before[item] != nil && before[item]! != self.note(for: item, in: snapshot)
          && !snapshot.reloadedItemIdentifiers.contains(item)
      }
      snapshot.reconfigureItems(
        changed.filter { !snapshot.reconfiguredItemIdentifiers.contains($0) })
      self.drawn = snapshot
      await dataSource.apply(snapshot)
      // The line of the step shown is current once the page has shown it.
      guard self.steps?.batch == steps.batch, self.shownStep == to else { return }
      session.setLines(
        WebPageLines(steps.steps.map(\.text), current: to > 0 ? to - 1 : nil), forElement: "step")
    }
  }

  /// ``note(for:)`` of `item` in `snapshot`, before it is applied.
  private func note(for item: String, in snapshot: TextSnapshot) -> String? {
    guard let steps, let section = snapshot.sectionIdentifier(containingItem: item),
      let index = steps.lastStep(touching: item, section: section, before: shownStep),
      Self.notedKinds.contains(steps.steps[index].kind)
    else { return nil }
    return "step \(index + 1): \(steps.steps[index].kind.rawValue)"
  }

  /// The steps a cell's note tells of: those that change no position, and
  /// would go unseen once their animation is over. Moves have their
  /// arrows, inserts and deletes show themselves.
  static let notedKinds: Set<BatchSteps.Kind> = [.itemReload, .itemReconfigure, .sectionReload]

  /// A decoding error of `text` in one line: what was wrong, and where;
  /// "not JSON" for text that is not JSON at all.
  static func describe(_ error: any Error, in text: String) -> String {
    guard let error = error as? DecodingError,
      (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil
    else { return "not JSON" }
    let (context, what): (DecodingError.Context, String) =
      switch error {
      case .keyNotFound(let key, let context): (context, "missing key \(jsonKey(key.stringValue))")
      case .valueNotFound(_, let context): (context, "a value is missing")
      case .typeMismatch(let type, let context): (context, "expected \(type)")
      case .dataCorrupted(let context): (context, context.debugDescription)
      @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
      }
    guard !context.codingPath.isEmpty else { return what }
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      .joined()
    return "\(what) at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"
  }

  private static func jsonKey(_ key: String) -> String { "\"\(key)\"" }

  /// Returns when what the page asked for so far is shown (its applies
  /// done): the page's first paint waits for it.
  public func settled(isolation: isolated (any Actor)? = #isolation) async {
    await actions.wait()
  }

  /// Stops what the screen was doing: its page is dropped.
  public func stop(isolation: isolated any Actor = #isolation) {
    actions.cancel()
  }
}

/// The screen's applies and takes, one after the other in the order asked.
final class _InspectorActions {
  private var last: Task<Void, Never>?

  /// Runs `action` on the caller's actor once those asked before it ran.
  func perform(
    isolation: isolated any Actor = #isolation, _ action: @escaping () async -> Void
  ) {
    let previous = last
    last = Task {
      _ = isolation
      await previous?.value
      await action()
    }
  }

  /// Returns when every action asked for so far has run.
  func wait(isolation: isolated (any Actor)? = #isolation) async { await last?.value }

  /// Cancels the last action asked for.
  func cancel() { last?.cancel() }
}

/// What is wrong with a snapshot or batch the inspector was given, in one
/// line.
public struct InspectorInputError: Error, CustomStringConvertible {
  /// The line shown in the page's error.
  public let description: String
  init(_ description: String) { self.description = description }
}
