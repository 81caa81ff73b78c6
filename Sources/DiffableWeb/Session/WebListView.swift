public import DiffableCore
public import DiffableEngine

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A list of a browser page, as a `DiffableListView`: the view of a data
/// source that ``WebSession/list(named:cellProvider:)`` makes.
///
/// The view turns what the data source does into messages for the page:
///
/// - `reloadData()` sends a `reload` of the data source's snapshot.
/// - `performBatchUpdates` calls `updatingData` at once, as UIKit does, then
///   keeps one batch in flight: with none in flight, it sends a `batch`
///   from what the page shows to the data source's new snapshot, and
///   completes when the page acknowledges it, or with `false` after the
///   session's ``WebSession/acknowledgementTimeout``. With one in flight,
///   it records the completion; when the batch in flight is acknowledged or
///   times out, it sends one batch from what the page shows to the data
///   source's current snapshot (diffed off the main actor), which completes
///   every recorded completion.
/// - Reconfigured items ride in the batch's `reconfigured` cells.
///
/// With no page connected (or before it says `ready`), nothing is sent and
/// completions run at once; the next `ready` gets a reload. Each reload or
/// batch of a list has the next sequence number.
@MainActor
public final class WebListView<Section, Item>: DiffableListView
where Section: Hashable & Sendable & Encodable, Item: Hashable & Sendable & Encodable {
  public typealias Cell = WebCell

  typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>
  typealias Completion = @MainActor (Bool) -> Void

  /// The list's name on the wire.
  public let name: String

  /// The sequence number of the last reload or batch sent.
  public private(set) var seq = 0

  weak var _session: WebSession?
  weak var _dataSource: DiffableDataSource<Section, Item>?
  let _cellProvider: @MainActor (WebListView, IndexPath, Item) -> WebCell?

  /// What the page shows once it has applied everything sent; `nil` while
  /// no page is ready.
  var _shown: Snapshot?

  /// The batch in flight: its sequence number (`nil` while a merged batch is
  /// being diffed), the completions it completes, its timeout.
  struct _InFlight {
    var seq: Int?
    var completions: [Completion]
    var timeout: Task<Void, Never>?
  }
  var _inFlight: _InFlight?
  /// Completions of batches that arrived while one was in flight.
  var _waiting: [Completion] = []
  /// Whether something changed while a batch was in flight.
  var _hasWaiting = false
  /// Items whose cells changed (reloaded or reconfigured) while a batch was
  /// in flight: the merged batch reconfigures them.
  var _freshItems: Set<Item> = []
  /// Set by `performBatchUpdates`: the engine's `reconfigureItems(at:)` that
  /// follows has been taken care of.
  var _reconfiguresHandled = false
  /// Changes with every reload and connection change, so that a merged
  /// batch or a timeout of an earlier epoch does nothing.
  var _epoch = 0

  init(
    name: String, session: WebSession,
    cellProvider: @escaping @MainActor (WebListView, IndexPath, Item) -> WebCell?
  ) {
    self.name = name
    self._session = session
    self._cellProvider = cellProvider
  }

  /// The view asks the data source nothing through the connection: it reads
  /// the data source's snapshots directly.
  public func connect(to dataSource: any DiffableListViewDataSource<WebCell, Never>) {}

  /// Sends a reload of the data source's snapshot, if a page is ready.
  public func reloadData() {
    _sendReload()
  }

  /// Calls `updatingData`, then sends the batch or queues it behind the
  /// batch in flight.
  public func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping @MainActor () -> Void,
    completion: @escaping @MainActor (Bool) -> Void
  ) {
    let old = _dataSource?.snapshot()
    updatingData()
    _reconfiguresHandled = true
    guard let session = _session, session.isConnected, let shown = _shown,
      let dataSource = _dataSource, let old
    else {
      completion(true)
      return
    }
    let new = dataSource.snapshot()
    if _inFlight != nil {
      _waiting.append(completion)
      _hasWaiting = true
      for path in update.itemReloads {
        if let item = old._itemIdentifierIfPresent(section: path.section, item: path.item) {
          _freshItems.insert(item)
        }
      }
      for path in update.itemReconfigures {
        if let item = new._itemIdentifierIfPresent(section: path.section, item: path.item) {
          _freshItems.insert(item)
        }
      }
      for p in update.sectionReloads where 0 <= p && p < old.numberOfSections {
        let section = old._sectionIdentifier(at: p)
        if new.indexOfSection(section) != nil {
          _freshItems.formUnion(new.itemIdentifiers(inSection: section))
        }
      }
      return
    }
    _sendBatch(update, from: shown, to: new, completions: [completion])
  }

  /// Reconfigures right after a batch are already in it (or recorded for
  /// the merged batch); others are sent as a batch of their own.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    if _reconfiguresHandled {
      _reconfiguresHandled = false
      return
    }
    guard let session = _session, session.isConnected, _shown != nil,
      let snapshot = _dataSource?.snapshot()
    else { return }
    for path in indexPaths {
      if let item = snapshot._itemIdentifierIfPresent(section: path.section, item: path.item) {
        _freshItems.insert(item)
      }
    }
    _hasWaiting = true
    if _inFlight == nil { _sendMerged() }
  }

  // MARK: Sending

  /// The cell of `item` at `path`.
  func _cell(_ item: Item, at path: IndexPath) -> WebCell {
    guard let cell = _cellProvider(self, path, item) else {
      _diffableFailure(
        "WebListView", "the cell provider returned nil for item \(_describe([item])) at \(path)")
    }
    return cell
  }

  /// Forgets the batch in flight and what waits for it, so that a stale
  /// timeout or merge does nothing, and returns their completions.
  private func _abandonPending() -> [Completion] {
    _epoch += 1
    let completions = (_inFlight?.completions ?? []) + _waiting
    _inFlight?.timeout?.cancel()
    _inFlight = nil
    _waiting = []
    _hasWaiting = false
    _freshItems = []
    return completions
  }

  func _sendReload() {
    let completions = _abandonPending()
    _reconfiguresHandled = false
    if let session = _session, session.isConnected, let dataSource = _dataSource {
      let snapshot = dataSource.snapshot()
      let message: WebReloadMessage
      do {
        message = try WebReloadMessage(list: name, seq: seq + 1, snapshot: snapshot) {
          item, path in _cell(item, at: path)
        }
      } catch {
        _diffableFailure("WebListView.reloadData()", "cannot encode the list: \(error)")
      }
      seq += 1
      _ = session._send(.reload(message))
      _shown = snapshot
    } else {
      _shown = nil
    }
    for completion in completions { completion(true) }
  }

  func _sendBatch(
    _ update: BatchUpdate, from old: Snapshot, to new: Snapshot, completions: [Completion]
  ) {
    guard let session = _session else { return }
    let message: WebBatchMessage
    do {
      message = try WebBatchMessage(list: name, seq: seq + 1, update: update, from: old, to: new) {
        item, path in _cell(item, at: path)
      }
    } catch {
      _diffableFailure("WebListView.performBatchUpdates", "cannot encode the batch: \(error)")
    }
    seq += 1
    _shown = new
    guard session._send(.batch(message)) else {
      for completion in completions { completion(true) }
      return
    }
    let sent = seq
    let epoch = _epoch
    let timeout = session.acknowledgementTimeout
    _inFlight = _InFlight(
      seq: sent, completions: completions,
      timeout: Task { [weak self] in
        do { try await Task.sleep(for: timeout) } catch { return }
        guard let self, self._epoch == epoch, self._inFlight?.seq == sent else { return }
        self._finishInFlight(finished: false)
      })
  }

  /// Completes the batch in flight, then sends what waited behind it.
  func _finishInFlight(finished: Bool) {
    guard let inFlight = _inFlight else { return }
    inFlight.timeout?.cancel()
    _inFlight = nil
    if _hasWaiting { _sendMerged() }
    for completion in inFlight.completions { completion(finished) }
  }

  /// Sends one batch from what the page shows to the data source's current
  /// snapshot, completing every waiting completion when it is acknowledged.
  /// The diff runs off the main actor.
  func _sendMerged() {
    let completions = _waiting
    let fresh = _freshItems
    _waiting = []
    _hasWaiting = false
    _freshItems = []
    guard let session = _session, session.isConnected, let shown = _shown,
      let target = _dataSource?.snapshot()
    else {
      for completion in completions { completion(true) }
      return
    }
    _inFlight = _InFlight(seq: nil, completions: completions, timeout: nil)
    let epoch = _epoch
    Task { [weak self] in
      var update = await Self._diff(from: shown, to: target)
      guard let self, self._epoch == epoch, self._inFlight?.seq == nil else { return }
      let completions = self._inFlight?.completions ?? []
      self._inFlight = nil
      var reconfigures: [IndexPath] = []
      for item in fresh where shown.indexOfItem(item) != nil {
        if let path = target._indexPath(of: item) { reconfigures.append(path) }
      }
      update.itemReconfigures = (update.itemReconfigures + reconfigures).sorted {
        ($0.section, $0.item) < ($1.section, $1.item)
      }
      if update.isEmpty {
        if self._hasWaiting { self._sendMerged() }
        for completion in completions { completion(true) }
        return
      }
      self._sendBatch(update, from: shown, to: target, completions: completions)
    }
  }

  /// The batch from `old` to `new`, computed off the main actor.
  nonisolated static func _diff(from old: Snapshot, to new: Snapshot) async -> BatchUpdate {
    BatchUpdate(from: old, to: new)
  }

  // MARK: From the session

  func _acknowledge(_ seq: Int) -> String? {
    guard seq <= self.seq else {
      return "ack of seq \(seq) of list \(String(reflecting: name)), which was never sent "
        + "(the last is \(self.seq))"
    }
    if let inFlight = _inFlight, inFlight.seq == seq { _finishInFlight(finished: true) }
    return nil
  }

  func _connectionDidEnd() {
    let completions = _abandonPending()
    _shown = nil
    for completion in completions { completion(false) }
  }
}

extension WebListView: _WebSessionList {}
