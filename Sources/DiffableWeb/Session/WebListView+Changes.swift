public import DiffableCore

/// The last change a list's data source applied as a batch (not a reload:
/// a first apply, or one without animation, has no before), for a debugging tool
/// such as the batch inspector: the snapshot before it and the snapshot
/// after it, identifiers written as their text (``WebIdentifier/text``), the
/// after snapshot marked with the reloads and reconfigures the change made.
/// `BatchUpdate(from: old, to: new)` is the batch the data source made of
/// it.
public struct WebListChange: Sendable, Equatable {
  /// The snapshot before the change.
  public var old: DiffableDataSourceSnapshot<String, String>
  /// The snapshot after it, with its reload and reconfigure marks.
  public var new: DiffableDataSourceSnapshot<String, String>
  /// When the change was applied.
  public var applied: ContinuousClock.Instant

  /// Creates a change.
  public init(
    old: DiffableDataSourceSnapshot<String, String>,
    new: DiffableDataSourceSnapshot<String, String>, applied: ContinuousClock.Instant
  ) {
    self.old = old
    self.new = new
    self.applied = applied
  }
}

/// What a list keeps of its last change while its session records them.
struct _RecordedChange<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  var old: DiffableDataSourceSnapshot<Section, Item>
  var new: DiffableDataSourceSnapshot<Section, Item>
  var update: BatchUpdate
  var applied: ContinuousClock.Instant
}

extension WebListView {
  /// The last change the data source applied to the list as a batch while
  /// its session's ``WebSession/recordsChanges`` was on; `nil` before one.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items of both
  ///   snapshots: the identifiers are written as text when it is read.
  public var lastChange: WebListChange? {
    guard let recorded = _lastChange else { return nil }
    func text(_ snapshot: Snapshot) -> DiffableDataSourceSnapshot<String, String> {
      var result = DiffableDataSourceSnapshot<String, String>()
      for section in snapshot.sectionIdentifiers {
        let name = _text(section: section)
        result.appendSections([name])
        result.appendItems(snapshot.itemIdentifiers(inSection: section).map(_text), toSection: name)
      }
      return result
    }
    let old = text(recorded.old)
    var new = text(recorded.new)
    let update = recorded.update
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    new.reloadItems(
      update.itemReloads.map { old.itemIdentifiers(inSection: oldSections[$0.section])[$0.item] }
        .filter { new.indexOfItem($0) != nil })
    new.reconfigureItems(
      update.itemReconfigures.map {
        new.itemIdentifiers(inSection: newSections[$0.section])[$0.item]
      })
    new.reloadSections(
      update.sectionReloads.map { oldSections[$0] }.filter { new.indexOfSection($0) != nil })
    return WebListChange(old: old, new: new, applied: recorded.applied)
  }

  /// Records the change from `old` to `new` that `update` makes, when the
  /// session records changes.
  func _record(_ update: BatchUpdate, from old: Snapshot, to new: Snapshot) {
    guard _session?.recordsChanges == true else { return }
    _lastChange = _RecordedChange(old: old, new: new, update: update, applied: .now)
  }
}
