public import Foundation

// Visible items: what a section's `visibleItemsInvalidationHandler` sees and
// changes. UIKit hands the handler objects whose properties it sets; here the
// handler gets the visible items as an `inout` array of values, and what it
// leaves in the array is what a renderer draws.

// MARK: - LayoutTransform

/// A two-dimensional affine transform, applied to a visible item about the
/// centre of its frame: UIKit's `CGAffineTransform`, which Foundation does
/// not have on every platform.
///
///     let half = LayoutTransform(scaleX: 0.5, y: 0.5)
///     half.a  // 0.5
///
/// The matrix is `[a b 0; c d 0; tx ty 1]`, as in Core Graphics.
public struct LayoutTransform: Sendable, Hashable {
  /// The matrix's entries.
  public var a: CGFloat
  /// The matrix's entries.
  public var b: CGFloat
  /// The matrix's entries.
  public var c: CGFloat
  /// The matrix's entries.
  public var d: CGFloat
  /// The translation along x.
  public var tx: CGFloat
  /// The translation along y.
  public var ty: CGFloat

  /// Creates a transform from its matrix's entries.
  ///
  /// - Complexity: O(1).
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// A transform that scales by `sx` along x and `sy` along y.
  ///
  /// - Complexity: O(1).
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A transform that moves by `tx` along x and `ty` along y.
  ///
  /// - Complexity: O(1).
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A transform that rotates by `angle` radians.
  ///
  /// - Complexity: O(1).
  public init(rotationAngle angle: CGFloat) {
    let cosine = CGFloat(Foundation.cos(Double(angle)))
    let sine = CGFloat(Foundation.sin(Double(angle)))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// The transform that changes nothing.
  public static let identity = LayoutTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Whether the transform changes nothing.
  public var isIdentity: Bool { self == .identity }

  /// This transform followed by `other`.
  ///
  /// - Complexity: O(1).
  public func concatenating(_ other: LayoutTransform) -> LayoutTransform {
    LayoutTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }
}

// MARK: - LayoutVisibleItem

/// An element visible in a section, as a section's
/// ``LayoutSection/visibleItemsInvalidationHandler`` sees it and changes it
/// (UIKit's `NSCollectionLayoutVisibleItem`).
///
/// The handler may change ``frame`` (or ``center``), ``alpha``,
/// ``transform``, ``zIndex`` and ``isHidden``; a renderer draws the element
/// at the frame, then applies the transform about the frame's centre.
public struct LayoutVisibleItem: Sendable, Hashable {
  /// What the element is.
  public let representedElementCategory: LayoutElementCategory
  /// The element kind of a supplementary or decoration view; `nil` for cells.
  public let representedElementKind: String?
  /// The element's index path.
  public let indexPath: IndexPath
  /// The frame in content coordinates. The handler sees an orthogonal
  /// section's elements unscrolled, as UIKit gives them, and the scroll
  /// offset apart; ``SolvedLayout/visibleItems(inSection:displayedIn:)``
  /// returns them where they are displayed.
  public var frame: CGRect
  /// The opacity, from 0 (transparent) to 1 (the default).
  public var alpha: CGFloat = 1
  /// The transform applied about the centre of the frame (default identity).
  public var transform: LayoutTransform = .identity
  /// The stacking order; higher draws above.
  public var zIndex: Int
  /// Whether the element is hidden (default `false`).
  public var isHidden = false

  /// The centre of the frame; setting it moves the frame.
  public var center: CGPoint {
    get { CGPoint(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
    }
  }

  /// The frame's size at the origin.
  public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

  /// Where the element shows: the bounding box of its frame under its
  /// transform, applied about the frame's centre (the frame itself for the
  /// identity).
  ///
  ///     item.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
  ///     item.transform = LayoutTransform(scaleX: 0.5, y: 0.5)
  ///     item.transformedFrame   // (25, 10, 50, 20)
  ///
  /// - Complexity: O(1).
  public var transformedFrame: CGRect {
    guard !transform.isIdentity else { return frame }
    let t = transform
    let halfWidth = frame.width / 2
    let halfHeight = frame.height / 2
    var xs: [CGFloat] = []
    var ys: [CGFloat] = []
    for (x, y) in [
      (-halfWidth, -halfHeight), (halfWidth, -halfHeight), (-halfWidth, halfHeight),
      (halfWidth, halfHeight),
    ] {
      xs.append(t.a * x + t.c * y + t.tx)
      ys.append(t.b * x + t.d * y + t.ty)
    }
    let minX = xs.min()!
    let minY = ys.min()!
    return CGRect(
      x: frame.midX + minX, y: frame.midY + minY, width: xs.max()! - minX,
      height: ys.max()! - minY)
  }

  /// The visible item of an element, unchanged.
  ///
  /// - Complexity: O(1).
  public init(_ attributes: LayoutAttributes) {
    representedElementCategory = attributes.category
    representedElementKind = attributes.elementKind
    indexPath = attributes.indexPath
    frame = attributes.frame
    zIndex = attributes.zIndex
  }
}

/// The closure a section calls with its visible items, the scroll offset
/// and the layout environment, to change how the items are displayed
/// (UIKit's `NSCollectionLayoutSectionVisibleItemsInvalidationHandler`,
/// whose items are objects: here they are an `inout` array).
public typealias LayoutSectionVisibleItemsInvalidationHandler =
  @Sendable (inout [LayoutVisibleItem], CGPoint, LayoutEnvironment) -> Void

// MARK: - Queries

extension SolvedLayout {
  /// The elements of a section displayed in `visibleRect`, as the
  /// section's ``LayoutSection/visibleItemsInvalidationHandler`` leaves
  /// them; without a handler, as the layout places them.
  ///
  /// A renderer calls this whenever it draws the section: after solving,
  /// and each time an orthogonal section scrolls (see
  /// ``scrollOrthogonalSection(_:to:displayedIn:)``). The handler gets, as
  /// in UIKit, the elements overlapping `visibleRect` (cells, their
  /// supplementaries, headers and footers at their pinned frames, and
  /// decorations, in the order of ``allElements``) with an orthogonal
  /// section's cells unscrolled, the offset (the band's scroll offset along
  /// its axis for an orthogonal section, `visibleRect`'s origin for
  /// another), and the layout environment. The elements come back at the
  /// frames the renderer draws them at: an orthogonal section's scrolled.
  ///
  /// - Precondition: `section` is a valid section index, and the handler
  ///   neither adds items nor removes them.
  /// - Complexity: O(*k*), where *k* is the number of elements of the
  ///   section in `visibleRect`, for an ordinary section; O(*n*) in the
  ///   elements of an orthogonal one; plus the handler's cost.
  public func visibleItems(inSection section: Int, displayedIn visibleRect: CGRect)
    -> [LayoutVisibleItem]
  {
    _checkSection(section, "visibleItems(inSection:displayedIn:)")
    let s = _sections[section]
    let shift = _scrollShift(s)
    let pinning = _pinningRange(visibleRect)
    var displayed: [LayoutAttributes] = []
    var unscrolled: [LayoutAttributes] = []
    if shift == 0 {
      _visitSection(section, cull: _unfinish(visibleRect), pinning: pinning) {
        displayed.append($0)
      }
      unscrolled = displayed
    } else {
      // The walk culls by scrolled frames; the handler sees unscrolled
      // ones. Both walks visit the section's elements in the same order.
      _visitSection(section, cull: nil, pinning: pinning) { displayed.append($0) }
      var still = self
      still.orthogonalScrollOffsets[section] = nil
      still._visitSection(section, cull: nil, pinning: pinning) { unscrolled.append($0) }
    }
    var items: [LayoutVisibleItem] = []
    var moves: [CGPoint] = []
    for (shown, unmoved) in zip(displayed, unscrolled) where _overlaps(shown.frame, visibleRect) {
      items.append(LayoutVisibleItem(unmoved))
      moves.append(
        CGPoint(x: shown.frame.minX - unmoved.frame.minX, y: shown.frame.minY - unmoved.frame.minY))
    }
    guard let handler = s.description.visibleItemsInvalidationHandler else {
      for k in items.indices {
        items[k].frame = items[k].frame.offsetBy(dx: moves[k].x, dy: moves[k].y)
      }
      return items
    }
    let offset =
      s.orthogonal
      ? (_axes.vertical ? CGPoint(x: shift, y: 0) : CGPoint(x: 0, y: shift)) : visibleRect.origin
    let count = items.count
    handler(&items, offset, _environment)
    if items.count != count {
      _layoutFailure(
        "visibleItems(inSection:displayedIn:)",
        "the visibleItemsInvalidationHandler of section \(section) changed the number of visible items from \(count) to \(items.count); it may change items, not add or remove them"
      )
    }
    for k in items.indices {
      items[k].frame = items[k].frame.offsetBy(dx: moves[k].x, dy: moves[k].y)
    }
    return items
  }

  /// Whether section `section` has a
  /// ``LayoutSection/visibleItemsInvalidationHandler``: a renderer that
  /// sends what handlers change asks only sections that have one.
  ///
  /// - Precondition: `section` is a valid section index.
  /// - Complexity: O(1).
  package func _hasVisibleItemsInvalidationHandler(inSection section: Int) -> Bool {
    _checkSection(section, "_hasVisibleItemsInvalidationHandler(inSection:)")
    return _sections[section].description.visibleItemsInvalidationHandler != nil
  }

  /// Every element displayed in `visibleRect`, as the sections'
  /// ``LayoutSection/visibleItemsInvalidationHandler``s leave them: what a
  /// renderer draws.
  ///
  /// The layout's own headers first, then each section's
  /// ``visibleItems(inSection:displayedIn:)`` in section order, then the
  /// layout's own footers: the order of ``allElements``. Headers and
  /// footers that pin are at their pinned frames; orthogonal sections at
  /// their ``orthogonalScrollOffsets``. Without handlers, the frames are
  /// those of ``layoutAttributesForElements(displayedIn:)``. A renderer
  /// calls this each time it draws, so a handler sees every scroll: of the
  /// view (`visibleRect` moves) and of a band (see
  /// ``scrollOrthogonalSection(_:to:displayedIn:)``).
  ///
  ///     // A handler that hides item 1 of section 0:
  ///     let shown = solved.visibleItems(displayedIn: CGRect(x: 0, y: 0, width: 390, height: 844))
  ///     shown.filter { !$0.isHidden }.map(\.indexPath)   // [[0, 0], [0, 2], ...]
  ///
  /// - Precondition: No handler adds items or removes them.
  /// - Complexity: O(*S* + *k*), where *S* is the number of sections and
  ///   *k* the number of elements displayed, plus O(*n*) in the elements
  ///   of each orthogonal section and the handlers' cost.
  public func visibleItems(displayedIn visibleRect: CGRect) -> [LayoutVisibleItem] {
    let pinning = _pinningRange(visibleRect)
    let contentLength = _axes.main(contentSize)
    var items: [LayoutVisibleItem] = []
    func layoutBoundary(footers: Bool) {
      for b in _layoutBoundary where (b.role == .footer) == footers {
        let a = _boundaryAttributes(
          b, section: 0, start: 0, extent: contentLength, pinnedTo: pinning)
        if _overlaps(a.frame, visibleRect) { items.append(LayoutVisibleItem(a)) }
      }
    }
    layoutBoundary(footers: false)
    for section in _sections.indices {
      items += visibleItems(inSection: section, displayedIn: visibleRect)
    }
    layoutBoundary(footers: true)
    return items
  }

  /// Scrolls an orthogonal section's band to `offset` and returns its
  /// elements displayed in `visibleRect`, as its
  /// ``LayoutSection/visibleItemsInvalidationHandler`` leaves them: what a
  /// renderer calls as the band scrolls.
  ///
  /// Sets ``orthogonalScrollOffsets``[`section`]; nothing is solved again.
  ///
  /// - Precondition: `section` is a valid section index of an orthogonal
  ///   section.
  /// - Complexity: As ``visibleItems(inSection:displayedIn:)``.
  public mutating func scrollOrthogonalSection(
    _ section: Int, to offset: CGFloat, displayedIn visibleRect: CGRect
  ) -> [LayoutVisibleItem] {
    _checkSection(section, "scrollOrthogonalSection(_:to:displayedIn:)")
    if !_sections[section].orthogonal {
      _layoutFailure(
        "scrollOrthogonalSection(_:to:displayedIn:)",
        "section \(section) does not scroll orthogonally (its orthogonalScrollingBehavior is none)")
    }
    orthogonalScrollOffsets[section] = offset
    return visibleItems(inSection: section, displayedIn: visibleRect)
  }
}
