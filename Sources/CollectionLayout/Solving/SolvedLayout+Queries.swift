public import Foundation

// Queries. Every element is produced by `_visit`, which walks the layout
// in one fixed order (layout headers and footers; then per section its
// boundary supplementaries, its cells group by group, each group's cells
// followed by its supplementaries, then its decorations), optionally culled
// to a rect. Culling is conservative and the exact overlap test runs on the
// final frames, so a rect query is exactly a filter of the enumeration.

extension SolvedLayout {
  /// The attributes of every element whose frame overlaps `rect`, in the
  /// order of ``allElements``.
  ///
  /// - Complexity: O(*k* + *s* + log *S*), where *k* is the number of
  ///   elements returned, *s* the number of sections overlapping `rect` and
  ///   *S* the number of sections; independent of the number of items in
  ///   fixed-size sections.
  public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    var out: [LayoutAttributes] = []
    _visit(in: rect) { out.append($0) }
    return out
  }

  /// The attributes of every element, cells, supplementaries and
  /// decorations.
  ///
  /// - Complexity: O(*n*), where *n* is the number of elements.
  public var allElements: [LayoutAttributes] {
    var out: [LayoutAttributes] = []
    out.reserveCapacity(_elementCountBound)
    _visit(in: nil) { out.append($0) }
    return out
  }

  /// The attributes of every element as a view displays them while
  /// `visibleRect` is on screen: ``allElements``, in the same order, with
  /// the headers and footers that pin to the visible bounds at their pinned
  /// frames (see ``pinnedSupplementaries(in:)``).
  ///
  ///     // A pinned header of section 0 stays at the top while section 0
  ///     // scrolls under it:
  ///     solved.allElements(pinningTo: CGRect(x: 0, y: 300, width: 390, height: 844))
  ///
  /// - Complexity: O(*n*), where *n* is the number of elements.
  public func allElements(pinningTo visibleRect: CGRect) -> [LayoutAttributes] {
    var out: [LayoutAttributes] = []
    out.reserveCapacity(_elementCountBound)
    _visit(in: nil, pinningTo: visibleRect) { out.append($0) }
    return out
  }

  /// The attributes of every element a view displays in `visibleRect`:
  /// those whose frame overlaps it, pinned headers and footers at their
  /// pinned frames. It is ``allElements(pinningTo:)`` filtered by overlap
  /// with `visibleRect`, in the same order.
  ///
  /// - Complexity: As ``layoutAttributesForElements(in:)``.
  public func layoutAttributesForElements(displayedIn visibleRect: CGRect)
    -> [LayoutAttributes]
  {
    var out: [LayoutAttributes] = []
    _visit(in: visibleRect, pinningTo: visibleRect) { out.append($0) }
    return out
  }

  /// At least the number of elements: cells, boundary items and
  /// decorations, and every group's supplementaries.
  var _elementCountBound: Int {
    var count = _layoutBoundary.count
    for s in _sections {
      count += s.itemCount + s.boundary.count + s.description.decorationItems.count
      if let sparse = s.sparse {
        let most = sparse.distinctGroups.map(\.supplementaries.count).max() ?? 0
        count += sparse.count * most
      } else if s.selfSizing {
        for g in s.instances { count += g.supplementaries.count }
      } else {
        count += s.groupCount * s.template.supplementaries.count
      }
    }
    return count
  }

  /// Calls `body` with the attributes of every element, in order, without
  /// building an array.
  ///
  /// - Complexity: O(*n*), where *n* is the number of elements.
  public func forEachElement(_ body: (LayoutAttributes) -> Void) {
    _visit(in: nil, body)
  }

  /// Calls `body` with the attributes of every element whose frame overlaps
  /// `rect`, in the order of ``layoutAttributesForElements(in:)``, without
  /// building an array.
  ///
  /// - Complexity: As ``layoutAttributesForElements(in:)``.
  public func forEachElement(in rect: CGRect, _ body: (LayoutAttributes) -> Void) {
    _visit(in: rect, body)
  }

  /// The frames of every cell of a section, in item order.
  ///
  /// - Precondition: `section` is a valid section index.
  /// - Complexity: O(*n*), where *n* is the number of items of the section.
  public func itemFrames(inSection section: Int) -> [CGRect] {
    _checkSection(section, "itemFrames(inSection:)")
    let s = _sections[section]
    let itemCount = s.itemCount
    let groupCount = s.groupCount
    let sectionStart = _starts[section]
    let shift = _scrollShift(s)
    let finish = _Finisher(self)
    // Each frame is written once into the array's storage.
    return [CGRect](unsafeUninitializedCapacity: itemCount) { out, written in
      @inline(__always) func write(_ cells: UnsafeBufferPointer<CGRect>, k: Int) {
        let origin = _groupOrigin(s, sectionStart: sectionStart, k: k, shift: shift)
        let n = min(cells.count, itemCount - written)
        for j in 0..<n {
          out.initializeElement(at: written + j, to: finish(cells[j], dx: origin.x, dy: origin.y))
        }
        written += n
      }
      if s.sparse != nil {
        for k in 0..<groupCount {
          s.groupLayout(k).cells.withUnsafeBufferPointer { write($0, k: k) }
        }
      } else if s.selfSizing {
        for k in 0..<groupCount {
          s.instances[k].cells.withUnsafeBufferPointer { write($0, k: k) }
        }
      } else {
        s.template.cells.withUnsafeBufferPointer { cells in
          for k in 0..<groupCount { write(cells, k: k) }
        }
      }
    }
  }

  // MARK: - Single elements

  /// The attributes of one cell, or `nil` if there is no such item.
  ///
  /// - Complexity: O(1) in fixed-size sections; O(log *G*) in self-sizing
  ///   ones, where *G* is the number of groups.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.count == 2 else { return nil }
    let section = indexPath[0]
    let item = indexPath[1]
    guard section >= 0, section < _sections.count else { return nil }
    let s = _sections[section]
    guard let k = s.groupIndex(containing: item) else { return nil }
    let g = s.groupLayout(k)
    let first = s.firstItem(ofGroup: k)
    let origin = _groupOrigin(s, sectionStart: _starts[section], k: k, shift: _scrollShift(s))
    return LayoutAttributes(
      category: .cell, section: section, item: item,
      frame: _Finisher(self)(g.cells[item - first], dx: origin.x, dy: origin.y))
  }

  /// The frame of the group an item is laid out in: its section's group,
  /// at the repetition that holds the item (UIKit has no such query; a
  /// layout tool outlines it). `nil` if there is no such item.
  ///
  /// - Complexity: O(1) in fixed-size sections; O(log *G*) in self-sizing
  ///   ones, where *G* is the number of groups.
  public func groupFrame(ofItemAt indexPath: IndexPath) -> CGRect? {
    guard indexPath.count == 2 else { return nil }
    let section = indexPath[0]
    guard section >= 0, section < _sections.count else { return nil }
    let s = _sections[section]
    guard let k = s.groupIndex(containing: indexPath[1]) else { return nil }
    let g = s.groupLayout(k)
    let origin = _groupOrigin(s, sectionStart: _starts[section], k: k, shift: _scrollShift(s))
    return _Finisher(self)(CGRect(origin: .zero, size: g.size), dx: origin.x, dy: origin.y)
  }

  /// The attributes of one supplementary view, or `nil` if there is none of
  /// that kind at that index path.
  ///
  /// Section boundary supplementaries are looked up first, then item and
  /// group supplementaries, then the layout's own boundary supplementaries
  /// (at `[0, i]`).
  ///
  /// - Complexity: O(*b* + *g*), where *b* is the number of boundary items
  ///   and *g* the number of supplementaries in the item's group.
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard indexPath.count == 2 else { return nil }
    let section = indexPath[0]
    let item = indexPath[1]
    if section >= 0, section < _sections.count {
      let s = _sections[section]
      if let b = s.boundary.first(where: { $0.kind == kind && $0.item == item }) {
        return _boundaryAttributes(b, section: section, start: _starts[section])
      }
      if let k = s.groupIndex(containing: item) {
        let g = s.groupLayout(k)
        let first = s.firstItem(ofGroup: k)
        if let sup = g.supplementaries.first(where: { $0.kind == kind && $0.owner == item - first })
        {
          let origin = _groupOrigin(s, sectionStart: _starts[section], k: k, shift: _scrollShift(s))
          return LayoutAttributes(
            category: .supplementaryView, elementKind: kind, section: section, item: item,
            frame: _Finisher(self)(sup.frame, dx: origin.x, dy: origin.y), zIndex: sup.zIndex)
        }
      }
    }
    if section == 0, let b = _layoutBoundary.first(where: { $0.kind == kind && $0.item == item }) {
      return _boundaryAttributes(b, section: 0, start: 0)
    }
    return nil
  }

  /// The attributes of one decoration view, or `nil` if there is none.
  ///
  /// - Complexity: O(*d*), where *d* is the number of decorations of the
  ///   section.
  public func layoutAttributesForDecorationElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard indexPath.count == 2, indexPath[1] == 0 else { return nil }
    let section = indexPath[0]
    guard section >= 0, section < _sections.count else { return nil }
    let s = _sections[section]
    guard let d = s.description.decorationItems.first(where: { $0.elementKind == kind }) else {
      return nil
    }
    return _decorationAttributes(d, s, section: section)
  }

  // MARK: - Orthogonal bands

  /// The band of every orthogonal section, in section order.
  ///
  /// - Complexity: O(*s* + *G*), where *s* is the number of sections and
  ///   *G* the number of groups in orthogonal sections.
  public var orthogonalBands: [OrthogonalBand] {
    _sections.indices.compactMap { orthogonalBand(forSection: $0) }
  }

  /// The band of an orthogonal section, or `nil` for an ordinary section.
  ///
  /// Rest offsets per behaviour: `continuous` rests anywhere;
  /// `continuousGroupLeadingBoundary` and `groupPaging` rest with a group's
  /// leading edge at the section's leading inset; `paging` at multiples of
  /// the visible length; all of these clamp to the scrollable range and
  /// include its end. `groupPagingCentered` rests with each group centred in
  /// the visible length, including the first and last, so its range extends
  /// before zero and beyond the end when needed.
  ///
  /// - Precondition: `section` is a valid section index.
  /// - Complexity: O(*G*), where *G* is the number of groups of the section.
  public func orthogonalBand(forSection section: Int) -> OrthogonalBand? {
    _checkSection(section, "orthogonalBand(forSection:)")
    let s = _sections[section]
    guard s.orthogonal else { return nil }
    let axes = _axes
    let insets = s.description.contentInsets
    let lead = axes.crossLead(insets)
    let trail = axes.crossTrail(insets)
    let visible = s.crossLength
    let length = max(visible, lead + s.groupsLength + trail)
    let maxOffset = max(0, length - visible)
    let frameLTR = axes.rect(
      main: _starts[section] + s.contentMainStart, cross: s.crossStart, mainLength: s.contentExtent,
      crossLength: length)
    var range: ClosedRange<CGFloat> = 0...maxOffset
    var rests: [CGFloat] = []
    let g = s.groupCount
    func clampAndEnd(_ raw: [CGFloat]) -> [CGFloat] {
      var set = Set(raw.map { min(max($0, 0), maxOffset) })
      set.insert(maxOffset)
      return set.sorted()
    }
    switch s.description.orthogonalScrollingBehavior {
    case .none, .continuous:
      break
    case .continuousGroupLeadingBoundary, .groupPaging:
      rests = clampAndEnd((0..<g).map { s.groupOffset($0) })
    case .paging:
      var raw: [CGFloat] = []
      if visible > 0 {
        var o: CGFloat = 0
        while o < maxOffset {
          raw.append(o)
          o += visible
        }
      }
      rests = clampAndEnd(raw)
    case .groupPagingCentered:
      rests = (0..<g).map { k -> CGFloat in
        let e = s.groupExtent(s.groupLayout(k))
        return lead + s.groupOffset(k) + e / 2 - visible / 2
      }
      if rests.isEmpty { rests = [0] }
      range = min(0, rests.first!)...max(maxOffset, rests.last!)
    }
    return OrthogonalBand(
      section: section, frame: _finish(frameLTR), visibleLength: visible,
      behavior: s.description.orthogonalScrollingBehavior, offsetRange: range, restOffsets: rests)
  }

  // MARK: - Pinning

  /// The pinned boundary supplementaries (headers and footers with
  /// `pinToVisibleBounds`) of sections visible in `visibleRect`, at their
  /// pinned frames: kept inside the visible rect while any part of the
  /// section is visible, and clamped to the section.
  ///
  /// ``layoutAttributesForElements(in:)`` and ``allElements`` report them
  /// at their natural positions; ``allElements(pinningTo:)`` and
  /// ``layoutAttributesForElements(displayedIn:)`` at these.
  ///
  /// - Complexity: O(*s* · *b*), where *s* is the number of sections
  ///   overlapping the rect and *b* the number of boundary items in each.
  public func pinnedSupplementaries(in visibleRect: CGRect) -> [LayoutAttributes] {
    let visible = _pinningRange(visibleRect)
    var out: [LayoutAttributes] = []
    for b in _layoutBoundary where b.pinsToVisibleBounds {
      out.append(
        _boundaryAttributes(
          b, section: 0, start: 0, extent: _axes.main(contentSize), pinnedTo: visible))
    }
    for (i, s) in _sections.enumerated() where _sectionOverlaps(i, visible) {
      for b in s.boundary where b.pinsToVisibleBounds {
        out.append(
          _boundaryAttributes(
            b, section: i, start: _starts[i], extent: s.extent, pinnedTo: visible))
      }
    }
    return out
  }

  /// The visible rect along the scroll direction, in unmirrored
  /// coordinates.
  func _pinningRange(_ visibleRect: CGRect) -> (CGFloat, CGFloat) {
    _axes.mainRange(_unfinish(visibleRect).insetBy(dx: _cullMargin, dy: _cullMargin))
  }

  /// Whether section `i` overlaps a range along the scroll direction.
  func _sectionOverlaps(_ i: Int, _ range: (CGFloat, CGFloat)) -> Bool {
    _starts[i] < range.1 && _starts[i] + _sections[i].extent > range.0
  }

  // MARK: - The walk

  @inline(__always)
  func _scrollShift(_ s: _Section) -> CGFloat {
    s.orthogonal ? (orthogonalScrollOffsets[s.index] ?? 0) : 0
  }

  @inline(__always)
  func _groupOrigin(_ s: _Section, sectionStart: CGFloat, k: Int, shift: CGFloat) -> CGPoint {
    let offset = s.groupOffset(k)
    let main = sectionStart + s.contentMainStart
    if s.orthogonal {
      return _axes.point(main: main, cross: s.groupCrossOrigin + offset - shift)
    }
    return _axes.point(main: main + offset, cross: s.groupCrossOrigin)
  }

  /// A boundary item's attributes, its host starting at `start` along the
  /// scroll direction. With `visible` (a range along the scroll direction)
  /// an item that pins is kept inside it, clamped to its host's `extent`.
  func _boundaryAttributes(
    _ b: _Boundary, section: Int, start: CGFloat, extent: CGFloat = 0,
    pinnedTo visible: (CGFloat, CGFloat)? = nil
  ) -> LayoutAttributes {
    let axes = _axes
    var frame = b.frame
    if axes.vertical { frame.origin.y += start } else { frame.origin.x += start }
    if let (v0, v1) = visible, b.pinsToVisibleBounds {
      let (m0, _) = axes.mainRange(frame)
      let length = axes.main(frame.size)
      var m: CGFloat
      if b.role == .header {
        m = min(max(m0, v0), start + extent - length)
      } else {
        m = max(min(m0, v1 - length), start)
      }
      m = max(m, start)
      if axes.vertical { frame.origin.y = m } else { frame.origin.x = m }
    }
    return LayoutAttributes(
      category: .supplementaryView, elementKind: b.kind, section: section, item: b.item,
      frame: _finish(frame), zIndex: b.zIndex)
  }

  func _decorationAttributes(_ d: LayoutDecorationItem, _ s: _Section, section: Int)
    -> LayoutAttributes
  {
    let rect = _axes.rect(
      main: _starts[section], cross: s.crossStart, mainLength: s.extent, crossLength: s.crossLength)
    let i = d.contentInsets
    let frame = CGRect(
      x: rect.minX + i.leading, y: rect.minY + i.top,
      width: max(0, rect.width - i.leading - i.trailing),
      height: max(0, rect.height - i.top - i.bottom))
    return LayoutAttributes(
      category: .decorationView, elementKind: d.elementKind, section: section, item: 0,
      frame: _finish(frame), zIndex: d.zIndex)
  }

  /// How many elements a rect query computes before the exact overlap
  /// test: the measure of its cost, which tests compare across item counts.
  ///
  /// - Complexity: As ``layoutAttributesForElements(in:)``.
  @_spi(Testing) public func _elementsExamined(in rect: CGRect) -> Int {
    let counter = _VisitCounter()
    _visit(in: rect, counter: counter) { _ in }
    return counter.examined
  }

  /// Visits elements in the fixed order, culled to `rect` when given, with
  /// the boundary items that pin at their pinned frames for `visibleRect`
  /// when given.
  func _visit(
    in rect: CGRect?, pinningTo visibleRect: CGRect? = nil, counter: _VisitCounter? = nil,
    _ body: (LayoutAttributes) -> Void
  ) {
    let cull = rect.map(_unfinish)
    let pinning = visibleRect.map(_pinningRange)
    // A walk of everything calls `body` directly, one call per element.
    guard rect != nil || counter != nil else {
      _walk(cull: nil, pinning: pinning, body)
      return
    }
    func emit(_ a: LayoutAttributes) {
      counter?.examined += 1
      if let rect, !_overlaps(a.frame, rect) { return }
      body(a)
    }
    _walk(cull: cull, pinning: pinning, emit)
  }

  /// The walk itself: every element in the fixed order, sections and groups
  /// culled to `cull` (in the solver's coordinates) when given, passed to
  /// `emit`.
  func _walk(
    cull: CGRect?, pinning: (CGFloat, CGFloat)?, _ emit: (LayoutAttributes) -> Void
  ) {
    let axes = _axes
    let contentLength = axes.main(contentSize)
    for b in _layoutBoundary where b.role != .footer {
      emit(
        _boundaryAttributes(b, section: 0, start: 0, extent: contentLength, pinnedTo: pinning))
    }

    // Sections overlapping the rect along the scroll axis.
    var firstSection = 0
    var endSection = _sections.count
    if let cull, _monotonic {
      let (a, b) = axes.mainRange(cull)
      var lo = 0
      var hi = _sections.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if _starts[mid] + _sections[mid].extent + _sectionOverhangAfter < a {
          lo = mid + 1
        } else {
          hi = mid
        }
      }
      firstSection = lo
      endSection = firstSection
      while endSection < _sections.count, _starts[endSection] - _sectionOverhangBefore <= b {
        endSection += 1
      }
    }
    for si in firstSection..<endSection {
      _visitSection(si, cull: cull, pinning: pinning, emit)
    }
    for b in _layoutBoundary where b.role == .footer {
      emit(
        _boundaryAttributes(b, section: 0, start: 0, extent: contentLength, pinnedTo: pinning))
    }
  }

  func _visitSection(
    _ si: Int, cull: CGRect?, pinning: (CGFloat, CGFloat)?, _ emit: (LayoutAttributes) -> Void
  ) {
    let s = _sections[si]
    let start = _starts[si]
    // Only a section that is visible pins its headers and footers.
    let visible = pinning.flatMap { _sectionOverlaps(si, $0) ? $0 : nil }
    for b in s.boundary {
      emit(
        _boundaryAttributes(b, section: si, start: start, extent: s.extent, pinnedTo: visible))
    }
    let groupCount = s.groupCount
    if groupCount > 0 {
      let shift = _scrollShift(s)
      var kLo = 0
      var kHi = groupCount - 1
      if let cull {
        // The rect along the group axis, relative to group 0's origin.
        let origin0 = _groupOrigin(s, sectionStart: start, k: 0, shift: shift)
        let (lo, hi): (CGFloat, CGFloat) =
          s.groupAxisIsX
          ? (cull.minX - origin0.x, cull.maxX - origin0.x)
          : (cull.minY - origin0.y, cull.maxY - origin0.y)
        if !s.selfSizing {
          if s.stride > 0 {
            let first = ((lo - s.overhangAfter - s.groupExtent(s.template)) / s.stride).rounded(
              .down)
            let last = ((hi + s.overhangBefore) / s.stride).rounded(.down)
            kLo = Int(max(0, min(first, CGFloat(groupCount))))
            kHi = Int(max(-1, min(last, CGFloat(groupCount - 1))))
          }
        } else if let sparse = s.sparse {
          kLo = sparse.firstGroup(endingAtOrAfter: lo, overhang: s.overhangAfter)
          var e = kLo
          while e < groupCount, sparse.offset(e) - s.overhangBefore <= hi { e += 1 }
          kHi = e - 1
        } else if s.description.interGroupSpacing >= 0 {
          var a = 0
          var b = groupCount
          while a < b {
            let mid = (a + b) / 2
            if s.instanceOffsets[mid] + s.groupExtent(s.instances[mid]) + s.overhangAfter < lo {
              a = mid + 1
            } else {
              b = mid
            }
          }
          kLo = a
          var e = a
          while e < groupCount, s.instanceOffsets[e] - s.overhangBefore <= hi { e += 1 }
          kHi = e - 1
        }
      }
      if kLo <= kHi {
        let finish = _Finisher(self)
        // Emits one group's cells, then its supplementaries.
        @inline(__always) func emitGroup(_ g: borrowing _GroupLayout, k: Int, first: Int) {
          let origin = _groupOrigin(s, sectionStart: start, k: k, shift: shift)
          let n = min(g.cells.count, s.itemCount - first)
          g.cells.withUnsafeBufferPointer { cells in
            for j in 0..<n {
              emit(
                LayoutAttributes(
                  category: .cell, section: si, item: first + j,
                  frame: finish(cells[j], dx: origin.x, dy: origin.y)))
            }
          }
          for sup in g.supplementaries where sup.owner < n {
            emit(
              LayoutAttributes(
                category: .supplementaryView, elementKind: sup.kind, section: si,
                item: first + sup.owner,
                frame: finish(sup.frame, dx: origin.x, dy: origin.y), zIndex: sup.zIndex))
          }
        }
        if s.sparse != nil {
          for k in kLo...kHi {
            emitGroup(s.groupLayout(k), k: k, first: k)
          }
        } else if s.selfSizing {
          // Read in place: a subscript of the array would copy each group
          // (retaining its arrays) before lending it.
          s.instances.withUnsafeBufferPointer { instances in
            for k in kLo...kHi {
              emitGroup(instances[k], k: k, first: s.instanceFirstItems[k])
            }
          }
        } else {
          let perGroup = s.template.cells.count
          for k in kLo...kHi {
            emitGroup(s.template, k: k, first: k * perGroup)
          }
        }
      }
    }
    for d in s.description.decorationItems {
      emit(_decorationAttributes(d, s, section: si))
    }
  }
}

/// Counts the elements a walk computes (for complexity tests).
final class _VisitCounter {
  var examined = 0
}
