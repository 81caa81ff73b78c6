public import CollectionLayout
public import DiffableCore
public import DiffableEngine

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A list of a browser page, as a `DiffableListView`: make one with
/// ``WebSession/listView(named:layout:)`` and give it to a
/// `DiffableDataSource`, as an app gives a `UICollectionView` to its data
/// source:
///
/// ```swift
/// let view: WebListView<String, String> = session.listView(
///   named: "fruits", layout: .list(using: ListConfiguration(appearance: .plain)))
/// let fruits = DiffableDataSource<String, String>(view: view) { _, _, item in
///   WebCell(item.capitalized)
/// }
/// ```
///
/// The view takes its cells from the data source's cell provider and its
/// headers and footers (``SupplementaryView`` is ``WebCell``) from its
/// `supplementaryViewProvider`. It turns what the data source does into
/// messages for the page:
///
/// - `reloadData()` sends a `reload` of the data source's snapshot.
/// - `performBatchUpdates` calls `updatingData` at once, as UIKit does, then
///   keeps one batch in flight: with none in flight, it sends a `batch`
///   from what the page shows to the data source's new snapshot, and
///   completes when the page acknowledges it, or with `false` after the
///   session's ``WebSession/acknowledgementTimeout``. With one in flight,
///   it records the completion; when the batch in flight is acknowledged or
///   times out, it sends one batch from what the page shows to the data
///   source's current snapshot (diffed off the session's actor), which completes
///   every recorded completion.
/// - Reconfigured items ride in the batch's `reconfigured` cells.
///
/// ## Layout
///
/// The view solves ``layout`` for the size of the list element the page
/// reports, at the item counts of what the page shows, and keeps it solved
/// as batches change the counts. Every reload and batch carries the frames
/// of the items in the list's *window* (the visible rect extended by one
/// visible length before and after along the scroll direction), the
/// headers, footers and orthogonal bands there, and cells only for the
/// items of the window the page does not hold yet: the size of a message
/// follows the change and the window, not the length of the list. When the
/// page scrolls or resizes the list, the view sends a `layout` message if
/// the window's contents or frames changed (resolving the layout for a new
/// size).
///
/// ## Self-sizing cells
///
/// A section whose items have an estimated width or height is named in the
/// layout's `estimated` sections. The page measures those cells once it
/// has placed them and sends their sizes in a `measure` message; the view
/// gives each size to the solved layout as the item's preferred size
/// (`SolvedLayout.setPreferredSize(_:forItemAt:)`), which moves what
/// follows, and answers with a `layout` message. Sizes are kept by item,
/// not by index path: an item keeps its measured size through later
/// batches, reloads and resizes (the page measures again whatever changed)
/// as long as it stays in the list, and the sizes are forgotten when the
/// connection ends.
///
/// ## Visible-item handlers
///
/// For the sections on screen that have a `visibleItemsInvalidationHandler`,
/// the view runs the handler through
/// `SolvedLayout.visibleItems(inSection:displayedIn:)` after every reload,
/// batch and layout it sends, every scroll of the list, and every scroll of
/// a band the page reports in a `band` message (the view keeps each band's
/// offset), and sends a ``WebVisibleMessage`` with the cells whose alpha,
/// transform, z-index, hidden flag or frame changed. A list without
/// handlers sends none.
///
/// ## Reordering
///
/// When the data source has a `reorderingHandlers.canReorderItem`, the page
/// lets its user drag rows, or move the focused one with Alt+Up and
/// Alt+Down; rows whose items the handler does not allow offer neither. A
/// `move` from the page goes through the data source's connection, as
/// UIKit's `collectionView(_:moveItemAt:to:)` does, so `willReorder` and
/// `didReorder` get the transaction; the view answers with the batch that
/// shows the move. A move it cannot make (a batch in flight, an item the
/// handler refuses, a place that does not exist) is answered with a
/// `refused`, and the page puts the row back: the network never stops the
/// program.
///
/// With no page connected (or before it says `ready`), nothing is sent and
/// completions run at once; the next `ready` gets a reload. Each reload or
/// batch of a list has the next sequence number.
public final class WebListView<Section, Item>: DiffableListView
where Section: Hashable & Sendable & Encodable, Item: Hashable & Sendable & Encodable {
  /// What the page shows for an item.
  public typealias Cell = WebCell
  /// What the page shows for a header, footer or other supplementary view.
  public typealias SupplementaryView = WebCell

  typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>
  typealias Completion = (Bool) -> Void

  /// The list's name on the wire.
  public let name: String

  /// The layout the list is shown with.
  ///
  /// Setting it solves the new layout for the list element's size and
  /// sends the page a `layout` message if its window changed.
  public var layout: CompositionalLayout {
    didSet {
      guard let shown = _page.shown else { return }
      _solve(for: shown)
      _sendLayoutIfChanged(shown)
    }
  }

  /// The context the layout is solved in, in place of the list element's
  /// size: `nil`, the default, solves it for the size the page reports,
  /// with `LayoutContext`'s defaults.
  ///
  /// Set it to show the list as a device of another size would (a phone's
  /// width on a desktop page), right to left, at a display scale, or with a
  /// safe area: the frames sent are those of the layout solved in it,
  /// whatever the list element's size; the page's viewport still decides
  /// which items are in the window. Setting it solves the layout again and
  /// sends the page a `layout` message if its window changed.
  public var layoutContext: LayoutContext? {
    didSet {
      guard oldValue != layoutContext, let shown = _page.shown else { return }
      _solve(for: shown)
      _sendLayoutIfChanged(shown)
    }
  }

  /// The sequence number of the last reload or batch sent.
  public private(set) var seq = 0

  /// What the page's user does to the list goes to the delegate: a tap
  /// of the cell of an item the data source still has, with the item's
  /// index path in the data source's current snapshot. A tap of an item
  /// deleted since the page showed it is ignored. The view does not keep
  /// its delegate alive.
  ///
  /// While it is set, the page's cells are selectable from the keyboard as
  /// well: each can take the focus, and Enter or Space on it taps it. (The
  /// `reload` message says so; setting or clearing the delegate while a
  /// page shows the list sends it a reload.)
  public weak var delegate: (any WebListViewDelegate)? {
    didSet {
      if (oldValue == nil) != (delegate == nil), _page.shown != nil { _sendReload() }
    }
  }

  /// Whether the page's user can select cells, as a collection view's
  /// `allowsSelection`: `true` by default. While it is `false`, taps of
  /// cells do not reach the delegate and the cells are not selectable from
  /// the keyboard, but the controls of cells' templates still reach it
  /// (``WebListViewDelegate/listView(named:didTapAction:inItemAt:isolation:)``).
  public var allowsSelection = true {
    didSet {
      if oldValue != allowsSelection, delegate != nil, _page.shown != nil { _sendReload() }
    }
  }

  /// Whether the page points out what each batch does, for a person
  /// studying it (the batch inspector): an arrow from each moved item's
  /// old place to its new one, and a flash of each reconfigured cell, as
  /// the batch animates. `false` by default; nothing is shown while the
  /// user prefers reduced motion. (The `reload` message says so; changing
  /// it while a page shows the list sends it a reload.)
  public var showsChanges = false {
    didSet {
      if oldValue != showsChanges, _page.shown != nil { _sendReload() }
    }
  }

  /// Whether the page shows the list's geometry, for a person studying a
  /// layout (the layout playground): while an item is hovered or has the
  /// focus, the page outlines the group it is in and its section, and
  /// says the three frames. Its layouts then carry a ``WebGeometry``.
  /// `false` by default. (Changing it while a page shows the list sends it
  /// a reload.)
  public var showsGeometry = false {
    didSet {
      if oldValue != showsGeometry, _page.shown != nil { _sendReload() }
    }
  }

  /// The words the page announces for the next batch or reload the view
  /// sends, such as `"3 results"` or `"Ada: Did the batch animate?"`.
  ///
  /// The page says them in its polite live region (at most once a second),
  /// for a screen reader. Set it just before the apply whose change it
  /// describes:
  ///
  /// ```swift
  /// view.announcement = results.count == 1 ? "1 result" : "\(results.count) results"
  /// await dataSource.apply(snapshot)
  /// ```
  ///
  /// - Sending it clears it: one announcement goes with one message. It is
  ///   taken when the view builds the batch or reload; while no page shows
  ///   the list, it waits for the reload the next page gets.
  /// - When several applies are merged into one batch (applies made while
  ///   a batch is in flight), the last announcement set before the batch
  ///   is built wins.
  /// - `nil`, the default, sends no `"announce"` key: the page summarizes
  ///   the change in its own words.
  /// - It is plain text: the page sets it with `textContent`, never as
  ///   markup. Text over 200 characters (`Character`s) is truncated when
  ///   sent: its first 199 characters and `"…"`.
  public var announcement: String?

  /// The most characters of an ``announcement`` sent, a truncated one's
  /// `"…"` included.
  static var _maximumAnnouncementLength: Int { 200 }

  /// The layout solved for the list element's size and the item counts of
  /// what the page shows; `nil` while no page is ready, or when the layout
  /// cannot be solved for the size the page reported.
  public var solvedLayout: SolvedLayout? { _page.solved }

  /// The size and scroll offset of the list element, as the page reported
  /// them; `nil` while no page is ready.
  public var viewport: WebListViewport? { _page.viewport }

  weak var _session: WebSession?
  /// What the view receives in `connect(to:)`: it makes cells and
  /// supplementary views.
  weak var _source: (any DiffableListViewDataSource<WebCell, WebCell>)?
  /// The data source, for its snapshots.
  weak var _dataSource: DiffableDataSource<Section, Item>?

  /// The flow of batches to the page: the batch in flight, what waits
  /// behind it, the acknowledgement's deadline (``_WebBatchFlow``).
  var _flow = _WebBatchFlow<Item, Completion>()
  /// The task of the flow's timer, if one was started.
  var _timer: Task<Void, Never>?
  /// Set by `performBatchUpdates`: the engine's `reconfigureItems(at:)` that
  /// follows has been taken care of.
  var _reconfiguresHandled = false
  /// The last change applied, while the session records changes.
  var _lastChange: _RecordedChange<Section, Item>?

  /// What the view knows of the page that shows the list: what it shows,
  /// its viewport, the layout solved and sent, the windows sent;
  /// forgotten when the connection ends.
  var _page = _WebListPage<Section, Item>()
  /// The kind of the list's section identifiers on the wire, and of its
  /// item identifiers: set by each reload, checked for what each batch
  /// brings in (`_checkKindsOfReload(_:_:)`), kept across connections.
  var _sectionKind: _RoleKind?
  var _itemKind: _RoleKind?

  init(name: String, layout: CompositionalLayout, session: WebSession) {
    self.name = name
    self.layout = layout
    self._session = session
  }

  /// Keeps `dataSource` to make cells and supplementary views, and the
  /// `DiffableDataSource` behind it to read its snapshots; the session
  /// keeps the data source alive.
  ///
  /// - Precondition: The view is not yet connected, and the data source is
  ///   a `DiffableDataSource<Section, Item>`.
  public func connect(to dataSource: any DiffableListViewDataSource<WebCell, WebCell>) {
    guard _source == nil else {
      _diffableFailure(
        "WebListView.connect(to:)",
        "list \(String(reflecting: name)) is already the view of a data source")
    }
    guard
      let owner = (dataSource as? any _DataSourceConnection)?._dataSource
        as? DiffableDataSource<Section, Item>
    else {
      _diffableFailure(
        "WebListView.connect(to:)",
        "list \(String(reflecting: name)) is a WebListView<\(Section.self), \(Item.self)>; "
          + "only a DiffableDataSource<\(Section.self), \(Item.self)> can drive it")
    }
    _source = dataSource
    _dataSource = owner
    _session?._keep(owner)
  }

  /// Sends a reload of the data source's snapshot, if a page is ready.
  public func reloadData() {
    _sendReload()
  }

  /// Calls `updatingData`, then sends the batch or queues it behind the
  /// batch in flight.
  public func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void,
    completion: @escaping (Bool) -> Void
  ) {
    let old = _dataSource?.snapshot()
    updatingData()
    _reconfiguresHandled = true
    if let old, let new = _dataSource?.snapshot() { _record(update, from: old, to: new) }
    guard let session = _session, session.isConnected, let shown = _page.shown,
      let dataSource = _dataSource, let old
    else {
      completion(true)
      return
    }
    let new = dataSource.snapshot()
    let changed = { Self._changedCells(by: update, from: old, to: new) }
    if let completions = _flow.batch(completion, fresh: changed) {
      _sendBatch(update, from: shown, to: new, completions: completions)
    }
  }

  /// The items whose cells `update` changes, reloads and reconfigures,
  /// that are still in `new`.
  static func _changedCells(by update: BatchUpdate, from old: Snapshot, to new: Snapshot)
    -> [Item]
  {
    var items: [Item] = []
    for path in update.itemReloads {
      if let item = old._itemIdentifierIfPresent(section: path.section, item: path.item) {
        items.append(item)
      }
    }
    for path in update.itemReconfigures {
      if let item = new._itemIdentifierIfPresent(section: path.section, item: path.item) {
        items.append(item)
      }
    }
    for p in update.sectionReloads where 0 <= p && p < old.numberOfSections {
      let section = old._sectionIdentifier(at: p)
      if new.indexOfSection(section) != nil {
        items += new.itemIdentifiers(inSection: section)
      }
    }
    return items
  }

  /// Reconfigures right after a batch are already in it (or recorded for
  /// the merged batch); others are sent as a batch of their own.
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    if _reconfiguresHandled {
      _reconfiguresHandled = false
      return
    }
    guard let session = _session, session.isConnected, _page.shown != nil,
      let snapshot = _dataSource?.snapshot()
    else { return }
    let items = indexPaths.compactMap {
      snapshot._itemIdentifierIfPresent(section: $0.section, item: $0.item)
    }
    _perform(_flow.reconfigured(items))
  }

  // MARK: Sending

  /// Forgets the batch in flight and what waits for it, so that a stale
  /// timeout or diff does nothing, and returns their completions.
  private func _abandonPending() -> [Completion] {
    let (completions, actions) = _flow.abandon()
    _perform(actions)
    return completions
  }

  /// Performs what a transition of the flow returned.
  func _perform(_ actions: [_WebBatchFlow<Item, Completion>.Action]) {
    for action in actions {
      switch action {
      case .diff(let round): _diffMerged(round: round)
      case .complete(let completions, let finished):
        for completion in completions { completion(finished) }
      case .startTimer(let number, let wake): _startTimer(number, at: wake)
      case .stopTimer:
        _timer?.cancel()
        _timer = nil
      case .recordAcknowledged(let latency):
        _session?._record(.acknowledged(list: name, latency: latency))
      case .recordTimedOut:
        _session?._record(.acknowledgementTimedOut(list: name))
      }
    }
  }

  /// Takes ``announcement`` for the message being built, leaving `nil`:
  /// the words to send, cut to `_maximumAnnouncementLength` characters.
  func _takeAnnouncement() -> String? {
    guard let announcement else { return nil }
    self.announcement = nil
    return Self._capped(announcement)
  }

  /// `text`, or, when it is longer than `_maximumAnnouncementLength`
  /// characters, its first characters and `"…"`, that many in all.
  ///
  /// - Complexity: O(*n*), where *n* is the smaller of the number of
  ///   characters of `text` and the limit.
  static func _capped(_ text: String) -> String {
    let limit = _maximumAnnouncementLength
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end != text.endIndex
    else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }

  func _sendReload() {
    let completions = _abandonPending()
    _reconfiguresHandled = false
    if let session = _session, session.isConnected, let dataSource = _dataSource,
      let source = _source
    {
      let snapshot = dataSource.snapshot()
      let (built, window) = _reloadMessage(
        of: snapshot, seq: seq + 1, source: source, "WebListView.reloadData()")
      var message = built
      message.announce = _takeAnnouncement()
      seq += 1
      _ = session._send(.reload(message))
      _page.shown = snapshot
      _page.rememberSent(message.layout, window: window, of: snapshot)
      _page.sentVisible = [:]
      _sendVisibleIfChanged(snapshot)
    } else {
      _page.shown = nil
    }
    for completion in completions { completion(true) }
  }

  /// A reload of `snapshot` numbered `seq`: the layout solved afresh for
  /// the viewport, and the cells of its window; and the window.
  func _reloadMessage(
    of snapshot: Snapshot, seq: Int, source: any DiffableListViewDataSource<WebCell, WebCell>,
    _ operation: StaticString
  ) -> (WebReloadMessage, _Window) {
    _solve(for: snapshot)
    let (layout, window) = _layoutValue(of: snapshot)
    var message: WebReloadMessage
    do {
      message = try WebReloadMessage(list: name, seq: seq, sectionsOf: snapshot)
    } catch {
      _diffableFailure(operation, "cannot encode the list: \(error)")
    }
    _checkKindsOfReload(message.sections, operation)
    let reorderable = _isReorderable
    for (k, placed) in window.placed.enumerated() {
      message.cells[placed.text] = _cell(at: window.indexPath(k), of: source, reorderable)
    }
    message.layout = layout
    message.selectable = delegate != nil && allowsSelection
    message.reorderable = _isReorderable
    message.showsChanges = showsChanges
    return (message, window)
  }

  /// What the page's HTML shows of the list before its socket connects
  /// (``WebPageDocument``): a reload numbered 0 of what the data source
  /// holds, laid out for `viewport`; `nil` while a page is connected or
  /// the list has no data source.
  ///
  /// The viewport stays the list's until the page's `ready` gives its own.
  func _firstPaint(in viewport: WebListViewport) -> WebReloadMessage? {
    guard _session?.isConnected != true, let dataSource = _dataSource, let source = _source
    else { return nil }
    _page.viewport = viewport
    return _reloadMessage(
      of: dataSource.snapshot(), seq: 0, source: source, "WebPageDocument.html(for:socketPath:)"
    ).0
  }

  /// Sends the batch from `old`, what the page shows, to `new`, the data
  /// source's current snapshot.
  func _sendBatch(
    _ update: BatchUpdate, from old: Snapshot, to new: Snapshot, completions: [Completion]
  ) {
    guard let session = _session, let source = _source else { return }
    _updateCounts(for: new)
    let (built, layout, window) = _batch(update, from: old, to: new, source: source)
    var message = built
    message.announce = _takeAnnouncement()
    seq += 1
    _page.rememberSent(layout, window: window, of: new)
    _page.shown = new
    guard session._send(.batch(message)) else {
      for completion in completions { completion(true) }
      return
    }
    _perform(
      _flow.sent(
        completions, seq: seq, at: session._clock.now(), timeout: session.acknowledgementTimeout))
    _sendVisibleIfChanged(new)
  }

  /// The batch message that takes the page from `old` to `new` by `update`,
  /// for the layout as updated for `new`: its cells are those of the items
  /// entering the window, and its layout holds only the frames the page
  /// does not hold. Also the full layout the page then holds.
  ///
  /// Whether an item is in the window, and whether the page holds its
  /// cell, is read from the frames of the new layout and of the last layout
  /// sent, by the item's text: no set of items is built.
  func _batch(
    _ update: BatchUpdate, from old: Snapshot, to new: Snapshot,
    source: any DiffableListViewDataSource<WebCell, WebCell>
  ) -> (message: WebBatchMessage, layout: WebLayout, window: _Window) {
    let (layout, window) = _layoutValue(of: new)
    let (toSend, entering) = _toSend(layout, window: window)
    let reorderable = _isReorderable
    var message: WebBatchMessage
    do {
      message = try WebBatchMessage(
        list: name, seq: seq + 1, update: update, from: old, to: new,
        isShown: { layout.frames[$0] != nil },
        cellIfShown: { _, path in self._cell(at: path, of: source, reorderable) })
    } catch {
      _diffableFailure("WebListView.performBatchUpdates", "cannot encode the batch: \(error)")
    }
    _checkKindsOfBatch(message, "WebListView.performBatchUpdates")
    for k in entering where message.cells[window.placed[k].text] == nil {
      message.cells[window.placed[k].text] = _cell(
        at: window.indexPath(k), of: source, reorderable)
    }
    for text in message.reconfigured.keys where message.cells[text] != nil {
      message.reconfigured[text] = nil
    }
    message.layout = toSend
    return (message, layout, window)
  }

  /// `layout` as a `batch` or `layout` message carries it, given the
  /// window's entries (every item of its frames, in the window's order):
  /// the page holds the frames of the last layout sent, so the message has
  /// only those that changed and those of the items that entered the
  /// window, and names the others in the window's order
  /// (`WebLayout._sendingOnlyChangedFrames(after:inOrder:)`). Also the
  /// positions in `window` of the items whose cells the page does not hold.
  func _toSend(_ layout: WebLayout, window: _Window) -> (
    layout: WebLayout, entering: [Int]
  ) {
    guard let sent = _page.sentLayout else { return (layout, Array(window.placed.indices)) }
    var result = layout._sendingOnlyChangedFrames(after: sent, inOrder: window.placed)
    // Patterns the page holds are not sent again; none where it holds some
    // is sent as none.
    if layout.patterns == sent.patterns {
      result.layout.patterns = nil
    } else if layout.patterns == nil {
      result.layout.patterns = []
    }
    return result
  }

  /// The server's work for a batch, without sending it or changing what
  /// the view remembers of the page: the layout updated for `new` (which
  /// stays updated, as after a batch), the batch message and its JSON text.
  /// `nil` when the view has no data source or no page, or the message
  /// cannot be encoded. For benchmarks, which time it apart from the hops
  /// between tasks and the page's acknowledgement, and reload the list
  /// between runs.
  ///
  /// - Complexity: O(*w* log *w* + *b*) plus one cell per item entering
  ///   the window, where *w* is the number of elements in the window and
  ///   *b* the size of the batch (the diff that made `update` is not part
  ///   of it); independent of the length of the list.
  @_spi(Benchmarks)
  public func _batchText(
    _ update: BatchUpdate, from old: DiffableDataSourceSnapshot<Section, Item>,
    to new: DiffableDataSourceSnapshot<Section, Item>
  ) -> String? {
    guard let source = _source, _page.shown != nil else { return nil }
    _updateCounts(for: new)
    return try? WebServerMessage.batch(_batch(update, from: old, to: new, source: source).message)
      ._jsonText()
  }

  /// Starts the flow's timer `number`, to wake at `wake`, in place of the
  /// running one: it sleeps on the session's clock, so that a batch
  /// acknowledged in time costs no timer of its own.
  ///
  /// The timer's task holds nothing of the list: it hands its waking to
  /// the loop serving the connection, which finds the list by name.
  func _startTimer(_ number: Int, at wake: Duration) {
    _timer?.cancel()
    _timer = nil
    guard let session = _session, let mailbox = session._connection?.mailbox else { return }
    let clock = session._clock
    let name = self.name
    _timer = Task.detached {
      do { try await clock.sleep(wake) } catch { return }
      mailbox.post(.listTimer(list: name, number: number))
    }
  }

  /// The flow's timer `number` woke: acts on it, and sleeps again if the
  /// flow says to.
  func _timerFired(_ number: Int) {
    guard let clock = _session?._clock else { return }
    let (actions, next) = _flow.timerFired(number, now: clock.now())
    // Before the actions, which may start a timer of another number.
    if let next { _startTimer(number, at: next) }
    _perform(actions)
  }

  /// Diffs, for the flow's merged batch of `round`, what the page shows
  /// against the data source's current snapshot, off the session's actor;
  /// if the data source changes meanwhile, the flow has it diffed again, so
  /// that the batch's cells come from the snapshot the data source holds.
  /// The diff's task hands it to the loop serving the connection, which
  /// finds the list by name.
  func _diffMerged(round: Int) {
    guard let session = _session, session.isConnected,
      let mailbox = session._connection?.mailbox, let shown = _page.shown,
      let target = _dataSource?.snapshot()
    else {
      _diffed(round: round, nil)
      return
    }
    let name = self.name
    Task.detached {
      let diff = _MergedDiff(
        update: BatchUpdate(from: shown, to: target), shown: shown, target: target)
      mailbox.post(.listDiffed(list: name, round: round, diff: diff))
    }
  }

  /// The diff of `round` gave `diff` (`nil` when there was nothing to
  /// diff, no page showing the list): sends it, with reconfigures for the
  /// cells changed meanwhile.
  func _diffed(round: Int, _ diff: _MergedDiff<Section, Item>?) {
    switch _flow.diffed(round: round) {
    case .stale: return
    case .again(let actions): _perform(actions)
    case .send(let completions, let fresh):
      guard let diff else {
        for completion in completions { completion(true) }
        return
      }
      var batch = diff.update
      var reconfigures: [IndexPath] = []
      for item in fresh where diff.shown.indexOfItem(item) != nil {
        if let path = diff.target._indexPath(of: item) { reconfigures.append(path) }
      }
      batch.itemReconfigures = (batch.itemReconfigures + reconfigures).sorted {
        ($0.section, $0.item) < ($1.section, $1.item)
      }
      if batch.isEmpty {
        for completion in completions { completion(true) }
        return
      }
      _sendBatch(batch, from: diff.shown, to: diff.target, completions: completions)
    }
  }

  // MARK: From the session

  func _acknowledge(_ seq: Int) -> String? {
    guard seq <= self.seq else {
      return "ack of seq \(seq) of list \(String(reflecting: name)), which was never sent "
        + "(the last is \(self.seq))"
    }
    if let clock = _session?._clock { _perform(_flow.acknowledged(seq, now: clock.now())) }
    return nil
  }

  func _ready(_ viewport: WebListViewport) {
    _page.viewport = viewport
    _sendReload()
  }

  func _viewportDidChange(_ viewport: WebListViewport) {
    let resized =
      _page.viewport?.width != viewport.width || _page.viewport?.height != viewport.height
    _page.viewport = viewport
    guard let shown = _page.shown else { return }
    if resized || _page.solved == nil { _solve(for: shown) }
    _sendLayoutIfChanged(shown)
  }

  func _tap(_ text: String, action: String?, isolation: isolated any Actor) -> String? {
    guard let item = _page.windowItem(text) else {
      return "unknown item \(String(reflecting: text)) of list \(String(reflecting: name))"
    }
    if let action, action.isEmpty || action.utf8.count > 256 {
      return "action name of \(action.utf8.count) bytes in list \(String(reflecting: name)); "
        + "1 to 256 expected"
    }
    guard let path = _dataSource?.indexPath(for: item) else { return nil }
    if let action {
      delegate?.listView(named: name, didTapAction: action, inItemAt: path, isolation: isolation)
    } else if allowsSelection {
      delegate?.listView(named: name, didSelectItemAt: path, isolation: isolation)
    }
    return nil
  }

  func _state() -> WebListState {
    var sections: [WebSection] = []
    if let shown = _page.shown {
      do {
        for q in 0..<shown.numberOfSections {
          sections.append(
            WebSection(
              id: try WebIdentifier(encoding: shown._sectionIdentifier(at: q)),
              items: try shown._itemIdentifiers(atSection: q).map(WebIdentifier.init(encoding:))))
        }
      } catch {
        _diffableFailure("WebSession.listStates()", "cannot encode the list: \(error)")
      }
    }
    return WebListState(
      name: name, seq: seq, sections: sections, frames: _page.sentLayout?.frames ?? [:],
      contentSize: _page.sentLayout?.size ?? WebLayout.empty.size)
  }

  func _connectionDidEnd() {
    let completions = _abandonPending()
    _page = _WebListPage()
    for completion in completions { completion(false) }
  }
}

extension WebListView: _WebSessionList {
  func _lastChangeText() -> WebListChange? { lastChange }

  func _diffed(round: Int, _ diff: any Sendable) {
    _diffed(round: round, diff as? _MergedDiff<Section, Item>)
  }
}

/// The diff of a list's merged batch, made off the session's actor: the
/// batch from what the page shows to the data source's snapshot.
struct _MergedDiff<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  var update: BatchUpdate
  var shown: DiffableDataSourceSnapshot<Section, Item>
  var target: DiffableDataSourceSnapshot<Section, Item>
}
