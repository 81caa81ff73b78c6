import CollectionLayout
import DiffableCore
import Foundation

// The sections' `visibleItemsInvalidationHandler`s on the page: the view
// runs them through `SolvedLayout.visibleItems(inSection:displayedIn:)`, with
// the bands at the offsets the page reported, whenever the page scrolls a
// band or the list, or the layout changes, and sends what they changed in a
// `visible` message.

extension WebTransform {
  /// The wire form of a layout transform.
  init(_ transform: LayoutTransform) {
    self.init(
      a: Double(transform.a), b: Double(transform.b), c: Double(transform.c),
      d: Double(transform.d), tx: Double(transform.tx), ty: Double(transform.ty))
  }
}

extension WebListView {
  /// Records that the page scrolled the band of the section of text `text`
  /// to `offset`, and sends what the section's handler changed.
  ///
  /// - Returns: An error, changing nothing, when the list shows no section
  ///   of that text, or the section has no band.
  /// - Complexity: O(*S*) in the number of sections, plus what
  ///   ``_sendVisibleIfChanged(_:)`` costs.
  func _scrollBand(_ text: String, to offset: Double) -> String? {
    guard let shown = _page.shown else {
      return "band of list \(String(reflecting: name)), which shows nothing"
    }
    guard
      let q = (0..<shown.numberOfSections).first(where: {
        _text(section: shown._sectionIdentifier(at: $0)) == text
      })
    else {
      return "band names unknown section \(String(reflecting: text)) of list "
        + String(reflecting: name)
    }
    guard let solved = _page.solved, q < solved.numberOfSections,
      solved.orthogonalBand(forSection: q) != nil
    else {
      return "section \(String(reflecting: text)) of list \(String(reflecting: name)) "
        + "has no band: it does not scroll orthogonally"
    }
    _page.bandOffsets[shown._sectionIdentifier(at: q)] = offset
    _sendVisibleIfChanged(shown)
    return nil
  }

  /// What the handlers of the sections displayed in the list's viewport
  /// leave for their cells, by item text: every displayed cell of a
  /// section that has a handler, with the bands scrolled to the offsets
  /// the page reported. A frame the handler changed is given in the
  /// coordinates of the layout's frames (a band's cells unscrolled).
  ///
  /// - Complexity: O(*s*) in the sections, plus, for each section with a
  ///   handler, the elements it displays in the viewport (O(*n*) in the
  ///   elements of an orthogonal one) and the handler's cost.
  func _visibleItems(of shown: Snapshot) -> [String: WebVisibleItem] {
    guard let solved = _page.solved, let viewport = _page.viewport else { return [:] }
    // Only sections with a handler are asked: a list without one costs a
    // look at each section's description, and no query.
    let handled = (0..<min(solved.numberOfSections, shown.numberOfSections)).filter {
      solved._hasVisibleItemsInvalidationHandler(inSection: $0)
    }
    guard !handled.isEmpty else { return [:] }
    var scrolled = solved
    for (section, offset) in _page.bandOffsets {
      guard let q = shown.indexOfSection(section), q < solved.numberOfSections,
        solved.orthogonalBand(forSection: q) != nil
      else { continue }
      scrolled.orthogonalScrollOffsets[q] = CGFloat(offset)
    }
    let visibleRect = CGRect(
      x: viewport.x, y: viewport.y, width: viewport.width, height: viewport.height)
    var items: [String: WebVisibleItem] = [:]
    for q in handled {
      for visible in scrolled.visibleItems(inSection: q, displayedIn: visibleRect)
      where visible.representedElementCategory == .cell {
        let path = visible.indexPath
        guard let item = shown._itemIdentifierIfPresent(section: path.section, item: path.item),
          let displayed = scrolled.layoutAttributesForItem(at: path)?.frame,
          let laidOut = solved.layoutAttributesForItem(at: path)?.frame
        else { continue }
        var frame: WebRect?
        if visible.frame != displayed {
          frame = WebRect(
            visible.frame.offsetBy(
              dx: laidOut.minX - displayed.minX, dy: laidOut.minY - displayed.minY))
        }
        items[_text(item)] = WebVisibleItem(
          alpha: min(1, max(0, Double(visible.alpha))), transform: WebTransform(visible.transform),
          zIndex: visible.zIndex, isHidden: visible.isHidden, frame: frame)
      }
    }
    return items
  }

  /// Sends a `visible` message with the cells whose attributes differ
  /// from what the page holds (``_page.sentVisible``, the defaults for a cell
  /// it holds nothing of); nothing when none does, as for a list none of
  /// whose sections has a handler.
  func _sendVisibleIfChanged(_ shown: Snapshot) {
    guard let session = _session else { return }
    var changed: [String: WebVisibleItem] = [:]
    for (text, item) in _visibleItems(of: shown)
    where item != (_page.sentVisible[text] ?? WebVisibleItem()) {
      changed[text] = item
    }
    guard !changed.isEmpty,
      session._send(.visible(WebVisibleMessage(list: name, seq: seq, items: changed)))
    else { return }
    for (text, item) in changed {
      _page.sentVisible[text] = item == WebVisibleItem() ? nil : item
    }
  }
}
