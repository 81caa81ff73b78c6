public import Foundation

/// A compositional layout solved for a container and item counts: the
/// frames of every cell, supplementary and decoration view.
///
/// ## Overview
///
/// Create one with ``CompositionalLayout/solve(_:itemCounts:preferredSize:)``
/// and ask it what `UICollectionViewLayout` is asked:
///
///     let solved = try layout.solve(LayoutContext(containerSize: CGSize(width: 390, height: 844)),
///                                   itemCounts: [6, 10])
///     solved.contentSize
///     solved.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844))
///     solved.layoutAttributesForItem(at: IndexPath(indexes: [0, 3]))
///
/// Frames are in content coordinates, left to right; a right-to-left
/// ``LayoutContext/layoutDirection`` mirrors them. Orthogonal sections are
/// reported at ``orthogonalScrollOffsets`` (unscrolled by default), and
/// their bands and rest offsets come from ``orthogonalBands``.
///
/// ## Performance
///
/// A section whose items and supplementaries have no estimated dimension is
/// solved once per group and repeated by arithmetic: frame queries and
/// ``layoutAttributesForElements(in:)`` cost O(*k* + *s*) for *k* elements
/// returned and *s* sections overlapping the rect, independent of the number
/// of items. A self-sizing section keeps one solved group per instance; a
/// changed preferred size re-solves only the group that holds it (and later
/// groups only when the number of items that group takes changes).
/// ``updateItemCounts(_:preferredSize:)`` re-solves only sections whose count
/// changed, and a fixed section's count change costs no solving at all.
///
/// ## Invariants
///
/// Every frame comes from the same arithmetic whether it is enumerated,
/// looked up or returned by a rect query, so
/// `layoutAttributesForElements(in: r)` equals `allElements` filtered by
/// overlap with `r`.
public struct SolvedLayout: Sendable {
  /// The layout description.
  public let layout: CompositionalLayout
  /// The container the layout was solved in.
  public let context: LayoutContext
  let _axes: _Axes
  var _sections: [_Section] = []
  var _starts: [CGFloat] = []
  var _layoutBoundary: [_Boundary] = []
  var _layoutHeaderBand: CGFloat = 0
  var _layoutFooterBand: CGFloat = 0
  var _preferred: [_SizeKey: CGSize] = [:]
  var _monotonic = true
  var _sectionOverhangBefore: CGFloat = 0
  var _sectionOverhangAfter: CGFloat = 0

  /// The size of the whole content.
  public internal(set) var contentSize: CGSize = .zero

  /// The scroll offset of each orthogonal section, by section index: the
  /// distance scrolled from the band's start toward its end. Frames of the
  /// section's cells and item supplementaries move by it; absent sections
  /// are unscrolled.
  public var orthogonalScrollOffsets: [Int: CGFloat] = [:]

  /// How many times a section was solved (for tests of what is re-solved).
  @_spi(Testing) public internal(set) var _sectionSolveCount = 0
  /// How many groups were solved (for tests of what is re-solved).
  @_spi(Testing) public internal(set) var _groupSolveCount = 0

  init(layout: CompositionalLayout, context: LayoutContext) {
    self.layout = layout
    self.context = context
    self._axes = _Axes(vertical: layout.configuration.scrollDirection == .vertical)
  }

  /// The number of sections.
  public var numberOfSections: Int { _sections.count }

  /// The number of items in a section.
  ///
  /// - Precondition: `section` is a valid section index.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    _checkSection(section, "numberOfItems(inSection:)")
    return _sections[section].itemCount
  }

  /// The frame of a section: its whole extent along the scroll direction,
  /// across the layout container less the reference insets.
  ///
  /// - Precondition: `section` is a valid section index.
  /// - Complexity: O(1).
  public func sectionFrame(_ section: Int) -> CGRect {
    _checkSection(section, "sectionFrame(_:)")
    let s = _sections[section]
    return _finish(
      _axes.rect(
        main: _starts[section], cross: s.crossStart, mainLength: s.extent,
        crossLength: s.crossLength))
  }

  func _checkSection(_ section: Int, _ operation: StaticString) {
    if section < 0 || section >= _sections.count {
      _layoutFailure(
        operation, "section \(section) out of range; the layout has \(_sections.count) sections")
    }
  }

  // MARK: - Output transform

  /// Mirrors for right-to-left and rounds to pixels.
  @inline(__always)
  func _finish(_ rect: CGRect) -> CGRect {
    _Finisher(self)(rect, dx: 0, dy: 0)
  }

  /// A rect in output coordinates in the solver's left-to-right ones,
  /// widened by a point, or by a pixel where pixels are larger, so that
  /// rounding never loses an element.
  func _unfinish(_ rect: CGRect) -> CGRect {
    var r = rect
    if context.layoutDirection == .rightToLeft {
      r.origin.x = contentSize.width - r.origin.x - r.size.width
    }
    return r.insetBy(dx: -_cullMargin, dy: -_cullMargin)
  }

  /// How far rounding to pixels may move an edge, and more.
  var _cullMargin: CGFloat {
    guard let scale = context.displayScale, scale > 0 else { return 1 }
    return max(1, 1 / scale)
  }
}

/// The output transform, with the layout's direction and scale read once:
/// a frame moved by an offset (as `offsetBy(dx:dy:)` moves it), mirrored
/// for right-to-left and rounded to pixels. Loops over many frames make one
/// and apply it to each, with no call into Foundation per frame.
struct _Finisher {
  /// The content's width when right-to-left, else `nil`.
  let mirrorWidth: CGFloat?
  /// The display scale when frames are rounded, else `nil`.
  let scale: CGFloat?

  @inline(__always)
  init(_ solved: SolvedLayout) {
    mirrorWidth =
      solved.context.layoutDirection == .rightToLeft ? solved.contentSize.width : nil
    if let scale = solved.context.displayScale, scale > 0 {
      self.scale = scale
    } else {
      scale = nil
    }
  }

  @inline(__always)
  func callAsFunction(_ rect: CGRect, dx: CGFloat, dy: CGFloat) -> CGRect {
    var x = rect.origin.x
    var y = rect.origin.y
    var width = rect.size.width
    var height = rect.size.height
    // Standardized first, as `offsetBy`, `minX` and `maxX` see a rect.
    if width < 0 {
      x += width
      width = -width
    }
    if height < 0 {
      y += height
      height = -height
    }
    x += dx
    y += dy
    if let mirrorWidth { x = mirrorWidth - x - width }
    if let scale {
      let x0 = (x * scale).rounded() / scale
      let y0 = (y * scale).rounded() / scale
      let x1 = ((x + width) * scale).rounded() / scale
      let y1 = ((y + height) * scale).rounded() / scale
      return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    return CGRect(x: x, y: y, width: width, height: height)
  }
}

// MARK: - Solving

extension CompositionalLayout {
  /// Solves the layout for a container and the number of items in each
  /// section.
  ///
  /// - Parameters:
  ///   - context: The container size, reference insets, layout direction
  ///     and display scale.
  ///   - itemCounts: The number of items in each section; its count is the
  ///     number of sections.
  ///   - preferredSize: Called for each element with an estimated dimension
  ///     (self-sizing); return its preferred size, or `nil` to keep the
  ///     estimate. Only the estimated axes of the answer are used. Answers
  ///     are remembered, so each element is asked once.
  /// - Returns: The solved layout.
  /// - Throws: ``LayoutError`` naming the JSON path of an invalid
  ///   description: a group that cannot fit one child, a negative size, a
  ///   fraction of an estimated axis, a group of more than
  ///   ``maximumItemsPerGroup`` items; or with the path `itemCounts[i]`
  ///   for counts that total more than ``maximumItemCount``.
  /// - Precondition: No count is negative.
  /// - Complexity: O(*s* + *g* + *e*), where *s* is the number of sections,
  ///   *g* the size of their root groups, and *e* the number of items in
  ///   self-sizing sections; fixed-size sections cost nothing per item.
  public func solve(
    _ context: LayoutContext, itemCounts: [Int],
    preferredSize: ((LayoutSizingRequest) -> CGSize?)? = nil
  ) throws(LayoutError) -> SolvedLayout {
    if let bad = itemCounts.firstIndex(where: { $0 < 0 }) {
      _layoutFailure(
        "solve(_:itemCounts:preferredSize:)",
        "section \(bad) has a negative item count \(itemCounts[bad])")
    }
    try _checkItemCounts(itemCounts)
    if let problem = LayoutContext.containerSizeProblem(context.containerSize) {
      throw LayoutError(path: "(root)", message: problem)
    }
    var solved = SolvedLayout(layout: self, context: context)
    let lookup = _Lookup(known: [:], callback: preferredSize)
    try solved._solveLayoutBoundary(lookup)
    for (i, count) in itemCounts.enumerated() {
      solved._sections.append(try solved._solveSection(i, count: count, lookup))
    }
    solved._preferred = lookup.received
    solved._restack()
    // Numbers within the limits add up to finite sizes; only a description
    // built in Swift with larger spacing or insets gets here.
    guard solved.contentSize.width.isFinite, solved.contentSize.height.isFinite else {
      throw LayoutError(
        path: "(root)",
        message:
          "the content size is not finite; a spacing or inset is larger than the largest length, \(_format(Self.maximumLength))"
      )
    }
    return solved
  }
}

extension SolvedLayout {
  /// The environment section providers see.
  var _environment: LayoutEnvironment {
    let reference = context.insets(for: layout.configuration.contentInsetsReference)
    let crossOnly =
      _axes.vertical
      ? DirectionalEdgeInsets(leading: reference.leading, trailing: reference.trailing)
      : DirectionalEdgeInsets(top: reference.top, bottom: reference.bottom)
    return LayoutEnvironment(
      container: LayoutContainer(contentSize: context.containerSize, contentInsets: crossOnly),
      layoutDirection: context.layoutDirection, displayScale: context.displayScale,
      layoutMargins: context.layoutMargins, readableContentInsets: context.readableContentInsets)
  }

  /// The reference insets across the scroll direction.
  func _crossRange(_ reference: ContentInsetsReference) -> (start: CGFloat, length: CGFloat) {
    let insets = context.insets(for: reference)
    let lead = _axes.crossLead(insets)
    let trail = _axes.crossTrail(insets)
    return (lead, max(0, _axes.cross(context.containerSize) - lead - trail))
  }
}

/// Where preferred sizes come from while solving: those already known, then
/// the caller's callback, whose answers are kept.
final class _Lookup {
  let known: [_SizeKey: CGSize]
  let callback: ((LayoutSizingRequest) -> CGSize?)?
  var received: [_SizeKey: CGSize] = [:]

  init(known: [_SizeKey: CGSize], callback: ((LayoutSizingRequest) -> CGSize?)?) {
    self.known = known
    self.callback = callback
  }

  func callAsFunction(_ r: LayoutSizingRequest) -> CGSize? {
    let key = _SizeKey(r)
    if let s = received[key] ?? known[key] { return s }
    guard let callback, let s = callback(r) else { return nil }
    received[key] = s
    return s
  }
}
