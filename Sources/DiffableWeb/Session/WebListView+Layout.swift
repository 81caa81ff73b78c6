import CollectionLayout
import DiffableCore
import DiffableEngine
import Foundation

/// The items of a list's window, in the order of the layout's elements:
/// their texts and frames, and their positions in the snapshot the window
/// was computed for (kept as numbers: an `IndexPath` is made only for the
/// items that need one, as making one allocates).
struct _Window {
  var placed: [(text: String, frame: WebRect)] = []
  var positions: [(section: Int, item: Int)] = []

  /// A window with room for `capacity` items.
  init(capacity: Int) {
    placed.reserveCapacity(capacity)
    positions.reserveCapacity(capacity)
  }

  /// The index path of the item at `k`.
  func indexPath(_ k: Int) -> IndexPath {
    IndexPath(item: positions[k].item, section: positions[k].section)
  }
}

/// What a solve learnt of self-sizing cells: the estimated axes of each
/// section, by index, and the measured sizes it used, by item.
final class _Sizing<Item: Hashable> {
  var axes: [Int: WebEstimatedAxes] = [:]
  var kept: [Item: WebSize] = [:]
}

extension CGSize {
  /// The size of a measured cell.
  init(_ size: WebSize) {
    self.init(width: size.width, height: size.height)
  }
}

/// A supplementary view of a solved layout: its kind and index path.
struct _SupplementaryKey: Hashable {
  var kind: String?
  var section: Int
  var item: Int
}

extension WebListView {
  /// The text of `item` on the wire.
  func _text(_ item: Item) -> String {
    do {
      return try WebIdentifier(encoding: item).text
    } catch {
      _diffableFailure(
        "WebListView", "cannot encode item \(_describe([item])) of list \(name): \(error)")
    }
  }

  /// Stops the program: the item `snapshot` has at `item` in the section at
  /// `section` cannot be encoded as an identifier. Kept apart from the
  /// loops that read identifiers, which then use no generic type per item.
  @inline(never)
  func _cannotEncodeItem(section: Int, item: Int, of snapshot: Snapshot, _ error: any Error)
    -> Never
  {
    let described =
      snapshot._itemIdentifierIfPresent(section: section, item: item).map { _describe([$0]) }
      ?? "?"
    _diffableFailure("WebListView", "cannot encode item \(described) of list \(name): \(error)")
  }

  /// The text of `section` on the wire.
  func _text(section: Section) -> String {
    do {
      return try WebIdentifier(encoding: section).text
    } catch {
      _diffableFailure(
        "WebListView", "cannot encode section \(_describe([section])) of list \(name): \(error)")
    }
  }

  /// The item counts of each section of `snapshot`.
  static func _counts(of snapshot: Snapshot) -> [Int] {
    (0..<snapshot.numberOfSections).map { snapshot._numberOfItems(atSection: $0) }
  }

  /// Solves the layout afresh for the list's size and `snapshot`'s counts,
  /// with the measured sizes of the items that have one. A layout that
  /// cannot be solved for the size the page reported leaves the list
  /// without one (it shows nothing), and the page gets an `error` naming
  /// the problem.
  ///
  /// The measured sizes of items no longer in a self-sizing section are
  /// forgotten.
  func _solve(for snapshot: Snapshot) {
    _page.solved = nil
    guard let viewport = _page.viewport else { return }
    let context =
      layoutContext
      ?? LayoutContext(containerSize: CGSize(width: viewport.width, height: viewport.height))
    let sizing = _Sizing<Item>()
    do {
      _page.solved = try layout.solve(
        context, itemCounts: Self._counts(of: snapshot),
        preferredSize: _sizer(for: snapshot, recording: sizing))
      _page.estimatedAxes = sizing.axes
      _page.measured = sizing.kept
    } catch {
      _layoutFailed(error)
    }
  }

  /// Brings the solved layout to `snapshot`'s counts, re-solving only the
  /// sections whose count changed; or, when the page measured items,
  /// solves it afresh, since the solved layout keeps preferred sizes by
  /// index path and items may have moved.
  func _updateCounts(for snapshot: Snapshot) {
    guard var solved = _page.solved, _page.measured.isEmpty else {
      _solve(for: snapshot)
      return
    }
    _page.solved = nil
    let counts = Self._counts(of: snapshot)
    let before = (0..<solved.numberOfSections).map { solved.numberOfItems(inSection: $0) }
    let sizing = _Sizing<Item>()
    do {
      try solved.updateItemCounts(counts, preferredSize: _sizer(for: snapshot, recording: sizing))
      _page.solved = solved
      // Sections solved again were asked about anew; the others are as
      // they were.
      for (section, count) in counts.enumerated()
      where section >= before.count || before[section] != count {
        _page.estimatedAxes[section] = nil
      }
      _page.estimatedAxes = _page.estimatedAxes.filter { $0.key < counts.count }
      _page.estimatedAxes.merge(sizing.axes) { _, new in new }
    } catch {
      _layoutFailed(error)
    }
  }

  /// The sizing callback of a solve for `snapshot`: it answers each cell
  /// with its item's measured size, if any, and records in `sizing` the
  /// estimated axes of each section asked about and the measured sizes it
  /// used.
  func _sizer(for snapshot: Snapshot, recording sizing: _Sizing<Item>)
    -> (LayoutSizingRequest) -> CGSize?
  {
    let measured = _page.measured
    return { request in
      guard request.category == .cell,
        let axes = WebEstimatedAxes(
          width: request.widthIsEstimated, height: request.heightIsEstimated)
      else { return nil }
      let known = sizing.axes[request.section]
      sizing.axes[request.section] = WebEstimatedAxes(
        width: axes.width || known?.width == true, height: axes.height || known?.height == true)
      guard !measured.isEmpty,
        let item = snapshot._itemIdentifierIfPresent(
          section: request.section, item: request.item),
        let size = measured[item]
      else { return nil }
      sizing.kept[item] = size
      return CGSize(size)
    }
  }

  func _layoutFailed(_ error: LayoutError) {
    func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
    let size = _page.viewport.map { "\(number($0.width))×\(number($0.height))" } ?? "?"
    _ = _session?._send(
      .error(
        message: "list \(String(reflecting: name)) cannot be laid out at \(size): \(error)"))
  }

  /// The window of the list: its visible rect extended by one visible
  /// length before and after along the scroll direction (two the way the
  /// page scrolls, ``WebListViewport/ahead``), and without bound
  /// across it (so that orthogonal bands are in it whole).
  func _window(_ viewport: WebListViewport) -> CGRect {
    let unbounded: CGFloat = 1e12
    // Scrolling, one more visible length the way the page goes.
    let before = viewport.ahead < 0 ? 2.0 : 1.0
    let after = viewport.ahead > 0 ? 2.0 : 1.0
    if layout.configuration.scrollDirection == .vertical {
      return CGRect(
        x: -unbounded, y: viewport.y - before * viewport.height, width: 2 * unbounded,
        height: (1 + before + after) * viewport.height)
    }
    return CGRect(
      x: viewport.x - before * viewport.width, y: -unbounded,
      width: (1 + before + after) * viewport.width, height: 2 * unbounded)
  }

  /// The layout value of the window for `snapshot` (what the page shows, or
  /// will once it applies the batch being built), and the window's items.
  ///
  /// Supplementary views come from the data source's provider, at their
  /// index paths in its current snapshot (a section the data source no
  /// longer has is left out).
  ///
  /// - Complexity: O(*k* + *s* + log *S*), where *k* is the number of
  ///   elements in the window, *s* the number of sections there, and *S*
  ///   the number of sections: independent of the length of the list.
  func _layoutValue(of snapshot: Snapshot) -> (WebLayout, _Window) {
    guard let solved = _page.solved, let viewport = _page.viewport else {
      return (.empty, _Window(capacity: 0))
    }
    let window = _window(viewport)
    let vertical = layout.configuration.scrollDirection == .vertical
    // Made with room for as many elements as the last window had: a
    // window keeps its size while the list scrolls and changes.
    let expected = _page.sentFrameCount
    var frames: [String: WebRect] = [:]
    frames.reserveCapacity(expected)
    var entries = _Window(capacity: expected)
    var supplementaries: [LayoutAttributes] = []
    var sections = Set<Int>()
    var reader = _IdentifierReader(snapshot)
    solved.forEachElement(in: window) { attributes in
      switch attributes.category {
      case .cell:
        let identifier: WebIdentifier?
        do {
          identifier = try reader.identifier(section: attributes.section, item: attributes.item)
        } catch {
          _cannotEncodeItem(
            section: attributes.section, item: attributes.item, of: snapshot, error)
        }
        guard let text = identifier?.text else { return }
        let frame = WebRect(attributes.frame)
        frames[text] = frame
        entries.placed.append((text, frame))
        entries.positions.append((attributes.section, attributes.item))
        sections.insert(attributes.section)
      case .supplementaryView:
        supplementaries.append(attributes)
        sections.insert(attributes.section)
      case .decorationView:
        break
      }
    }

    // Pinned headers and footers of the sections in the window, where they
    // lie (the page pins them).
    var listed = Set(
      supplementaries.map {
        _SupplementaryKey(kind: $0.elementKind, section: $0.section, item: $0.item)
      })
    var pinned = Set<_SupplementaryKey>()
    for attributes in solved.pinnedSupplementaries(in: window) {
      let key = _SupplementaryKey(
        kind: attributes.elementKind, section: attributes.section, item: attributes.item)
      pinned.insert(key)
      if listed.insert(key).inserted, let kind = attributes.elementKind,
        let natural = solved.layoutAttributesForSupplementaryElement(
          ofKind: kind, at: attributes.indexPath)
      {
        supplementaries.append(natural)
      }
    }

    var values: [WebSupplementary] = []
    var keys: [_SupplementaryKey] = []
    for attributes in supplementaries {
      guard let kind = attributes.elementKind, attributes.section < snapshot.numberOfSections,
        let cell = _supplementaryCell(
          ofKind: kind, section: snapshot._sectionIdentifier(at: attributes.section),
          index: attributes.item)
      else { continue }
      var pin: ClosedRange<Double>?
      if pinned.contains(
        _SupplementaryKey(kind: kind, section: attributes.section, item: attributes.item))
      {
        pin = _pinRange(of: attributes, kind: kind, in: solved, vertical: vertical)
      }
      values.append(
        WebSupplementary(
          kind: kind, section: _text(section: snapshot._sectionIdentifier(at: attributes.section)),
          index: attributes.item, frame: WebRect(attributes.frame), pin: pin, cell: cell))
      keys.append(
        _SupplementaryKey(kind: kind, section: attributes.section, item: attributes.item))
    }

    var estimated: [String: WebEstimatedAxes] = [:]
    for section in sections where section < snapshot.numberOfSections {
      if let axes = _page.estimatedAxes[section] {
        estimated[_text(section: snapshot._sectionIdentifier(at: section))] = axes
      }
    }

    var bands: [WebBand] = []
    for section in sections.sorted() where section < snapshot.numberOfSections {
      guard let band = solved.orthogonalBand(forSection: section) else { continue }
      var visible = band.frame
      if vertical {
        visible.size.width = band.visibleLength
      } else {
        visible.size.height = band.visibleLength
      }
      guard visible.intersects(window) else { continue }
      bands.append(
        WebBand(
          section: _text(section: snapshot._sectionIdentifier(at: section)),
          frame: WebRect(visible),
          contentWidth: Double(vertical ? band.frame.width : band.frame.height),
          rests: band.restOffsets.map { Double($0) }))
    }

    let size = WebSize(
      width: Double(solved.contentSize.width), height: Double(solved.contentSize.height))
    var geometry: WebGeometry?
    if showsGeometry {
      var groups: [String: WebRect] = [:]
      for (k, (text, _)) in entries.placed.enumerated() {
        if let frame = solved.groupFrame(ofItemAt: entries.indexPath(k)) {
          groups[text] = WebRect(frame)
        }
      }
      var sectionFrames: [String: WebRect] = [:]
      for section in sections where section < snapshot.numberOfSections {
        sectionFrames[_text(section: snapshot._sectionIdentifier(at: section))] = WebRect(
          solved.sectionFrame(section))
      }
      geometry = WebGeometry(groups: groups, sections: sectionFrames)
    }
    let rows = _rows(
      entries, frames: frames, supplementaries: values, keys: keys, bands: bands, solved: solved,
      vertical: vertical)
    return (
      WebLayout(
        size: size, frames: frames, supplementaries: values, bands: bands, estimated: estimated,
        geometry: geometry, rows: rows,
        patterns: _patterns(of: snapshot, window: entries, in: solved)),
      entries
    )
  }

  /// The range along the scroll direction a pinned header or footer stays
  /// within: its section's extent, or the whole content for one of the
  /// layout's own.
  func _pinRange(
    of attributes: LayoutAttributes, kind: String, in solved: SolvedLayout, vertical: Bool
  ) -> ClosedRange<Double> {
    let extent: CGRect
    if attributes.section == 0, _isLayoutBoundary(kind: kind, index: attributes.item) {
      extent = CGRect(origin: .zero, size: solved.contentSize)
    } else {
      extent = solved.sectionFrame(attributes.section)
    }
    return vertical
      ? Double(extent.minY)...Double(extent.maxY) : Double(extent.minX)...Double(extent.maxX)
  }

  /// Whether `[0, index]` of `kind` is one of the layout's own boundary
  /// items rather than one of section 0's.
  func _isLayoutBoundary(kind: String, index: Int) -> Bool {
    let own = layout.configuration.boundarySupplementaryItems.filter { $0.elementKind == kind }
    guard index < own.count else { return false }
    // A layout by width: the sections of the class the list's width picks.
    let width = layoutContext.map { Double($0.containerSize.width) } ?? _page.viewport?.width ?? 0
    guard let first = layout.sections(forWidth: CGFloat(width))?.first else { return true }
    return first.boundarySupplementaryItems.filter { $0.elementKind == kind }.count <= index
  }

  /// The data source's supplementary view of `kind` for `section` at
  /// `index`, or `nil` when the data source no longer has the section.
  func _supplementaryCell(ofKind kind: String, section: Section, index: Int) -> WebCell? {
    guard let source = _source, let q = _dataSource?.index(for: section) else { return nil }
    return source.supplementaryView(ofKind: kind, at: IndexPath(item: index, section: q))
  }

  /// Sends a `layout` message when the window's layout differs from the
  /// last one sent (or `always`), with cells for the items the page does
  /// not hold, naming in `unmoved` and `shifted` the frames the page holds;
  /// then a `visible` message if the handlers changed a cell.
  ///
  /// An item that the page shows but the data source has deleted since
  /// (its batch waits behind the one in flight) gets no cell: if the page
  /// does not hold it, it is left out of the frames.
  func _sendLayoutIfChanged(_ shown: Snapshot, always: Bool = false) {
    guard let session = _session, let source = _source, let dataSource = _dataSource else {
      return
    }
    var (layout, window) = _layoutValue(of: shown)
    var (toSend, entering) = _toSend(layout, window: window)
    var cells: [String: WebCell] = [:]
    let reorderable = _isReorderable
    for k in entering {
      let text = window.placed[k].text
      guard
        let item = shown._itemIdentifierIfPresent(
          section: window.positions[k].section, item: window.positions[k].item),
        let path = dataSource.indexPath(for: item)
      else {
        layout.frames[text] = nil
        toSend.frames[text] = nil
        continue
      }
      cells[text] = _cell(at: path, of: source, reorderable)
    }
    if always || !_page.sentLayoutIs(layout) || !cells.isEmpty {
      _ = session._send(
        .layout(WebLayoutMessage(list: name, seq: seq, layout: toSend, cells: cells)))
      _page.rememberSent(layout, window: window, of: shown)
    }
    _sendVisibleIfChanged(shown)
  }

  /// Keeps the sizes the page measured, lays the list out with them, and
  /// answers with a `layout` (sent even when nothing moved, so that the
  /// page knows its measurement was taken).
  ///
  /// An item not in the last two windows sent makes the whole message an
  /// error, and nothing changes. An item deleted since the page measured
  /// it, or whose section does not size itself (the layout changed
  /// meanwhile), is passed over.
  ///
  /// - Complexity: O(*k* × (*g* + *G* + *s*)), where *k* is the number of
  ///   sizes, *g* the size of an item's group, *G* the number of groups of
  ///   its section and *s* the number of sections; more when a group holds
  ///   a different number of items afterwards.
  func _measure(_ sizes: [String: WebSize]) -> String? {
    var items: [(Item, WebSize)] = []
    var unknown: [String] = []
    for (text, size) in sizes {
      guard let item = _page.windowItem(text) else {
        unknown.append(text)
        continue
      }
      items.append((item, size))
    }
    guard unknown.isEmpty else {
      return "measure of list \(String(reflecting: name)) names items not in its window: "
        + unknown.sorted().prefix(5).map { String(reflecting: $0) }.joined(separator: ", ")
    }
    guard let shown = _page.shown, var solved = _page.solved else { return nil }
    for (item, size) in items {
      guard let path = shown._indexPath(of: item), _page.estimatedAxes[path.section] != nil else {
        continue
      }
      _page.measured[item] = size
      solved.setPreferredSize(CGSize(size), forItemAt: path)
    }
    _page.solved = solved
    _sendLayoutIfChanged(shown, always: true)
    return nil
  }
}
