public import Foundation

// MARK: - LayoutDimension

/// The length of one axis of a layout element: a fraction of its container,
/// an absolute length, or an estimate that self-sizing replaces.
///
/// Fractions resolve against the *effective* size of the container the
/// element is laid out in: the layout container for a section's root group
/// and boundary supplementaries, the content area of the enclosing group for
/// everything nested. Either axis may use either fraction, so
/// `LayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension:
/// .fractionalWidth(0.25))` is a square whose side is a quarter of the
/// container's width.
///
///     let width = LayoutDimension.fractionalWidth(0.5)
///     width.resolved(in: CGSize(width: 390, height: 844))  // 195
///
/// In JSON a dimension is an object with one key: `{"fractionalWidth": 0.5}`,
/// `{"absolute": 44}`, `{"estimated": 44}` or `{"uniformAcrossSiblings": 44}`.
public enum LayoutDimension: Sendable, Hashable {
  /// A fraction of the container's width.
  case fractionalWidth(CGFloat)
  /// A fraction of the container's height.
  case fractionalHeight(CGFloat)
  /// A length in points.
  case absolute(CGFloat)
  /// A length in points until self-sizing reports the element's preferred
  /// length. An item's content insets are ignored on an estimated axis.
  case estimated(CGFloat)
  /// Self-sizes like ``estimated(_:)``, then takes the largest length among
  /// the element's siblings in the same group that use this dimension.
  case uniformAcrossSiblings(estimate: CGFloat)

  /// Whether this dimension is a fraction of the container's width.
  ///
  /// - Complexity: O(1).
  public var isFractionalWidth: Bool {
    if case .fractionalWidth = self { return true }
    return false
  }

  /// Whether this dimension is a fraction of the container's height.
  ///
  /// - Complexity: O(1).
  public var isFractionalHeight: Bool {
    if case .fractionalHeight = self { return true }
    return false
  }

  /// Whether this dimension is an absolute length.
  ///
  /// - Complexity: O(1).
  public var isAbsolute: Bool {
    if case .absolute = self { return true }
    return false
  }

  /// Whether self-sizing may change this dimension
  /// (``estimated(_:)`` and ``uniformAcrossSiblings(estimate:)``).
  ///
  /// - Complexity: O(1).
  public var isEstimated: Bool {
    switch self {
    case .estimated, .uniformAcrossSiblings: return true
    default: return false
    }
  }

  /// Whether this dimension is a fraction of either axis of the container.
  public var isFractional: Bool { isFractionalWidth || isFractionalHeight }

  /// The number the dimension was made with: the fraction, the length or
  /// the estimate.
  ///
  /// - Complexity: O(1).
  public var dimension: CGFloat {
    switch self {
    case .fractionalWidth(let v), .fractionalHeight(let v), .absolute(let v), .estimated(let v),
      .uniformAcrossSiblings(let v):
      return v
    }
  }

  /// The length this dimension has in a container of the given size, before
  /// self-sizing (estimates resolve to the estimate).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func resolved(in container: CGSize) -> CGFloat {
    switch self {
    case .fractionalWidth(let f): return f * container.width
    case .fractionalHeight(let f): return f * container.height
    case .absolute(let v), .estimated(let v), .uniformAcrossSiblings(let v): return v
    }
  }
}

// MARK: - LayoutSize

/// The width and height of a layout element, each a ``LayoutDimension``.
///
/// In JSON: `{"width": {"fractionalWidth": 1}, "height": {"absolute": 44}}`.
public struct LayoutSize: Sendable, Hashable {
  /// The width.
  public var widthDimension: LayoutDimension
  /// The height.
  public var heightDimension: LayoutDimension

  /// Creates a size from a width and a height dimension.
  ///
  /// - Complexity: O(1).
  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  /// Whether either axis self-sizes.
  ///
  /// - Complexity: O(1).
  public var hasEstimatedDimension: Bool {
    widthDimension.isEstimated || heightDimension.isEstimated
  }
}

// MARK: - LayoutSpacing

/// Space between two elements: exactly a length, or at least a length and
/// a share of whatever the enclosing group leaves over.
///
/// In JSON: `{"fixed": 8}` or `{"flexible": 8}`.
public enum LayoutSpacing: Sendable, Hashable {
  /// Exactly this many points.
  case fixed(CGFloat)
  /// At least this many points; leftover space along the group's axis is
  /// shared equally among all flexible spacings of the group.
  case flexible(CGFloat)

  /// The fixed length, or the minimum of a flexible spacing.
  ///
  /// - Complexity: O(1).
  public var spacing: CGFloat {
    switch self {
    case .fixed(let v), .flexible(let v): return v
    }
  }

  /// Whether the spacing takes a share of leftover space.
  ///
  /// - Complexity: O(1).
  public var isFlexibleSpacing: Bool {
    if case .flexible = self { return true }
    return false
  }

  /// Whether the spacing is exactly its length.
  public var isFixedSpacing: Bool { !isFlexibleSpacing }
}

// MARK: - LayoutEdgeSpacing

/// Space around an element inside its group, applied before the element's
/// content insets. A `nil` edge has no spacing.
///
/// On the group's cross axis an element is top- or leading-aligned; a
/// flexible spacing on both cross edges centres it, and a flexible spacing
/// on the leading (top) cross edge alone pushes it to the far end.
///
/// In JSON: `{"leading": {"fixed": 0}, "top": {"flexible": 0}}`, edges optional.
public struct LayoutEdgeSpacing: Sendable, Hashable {
  /// Space before the leading edge.
  public var leading: LayoutSpacing?
  /// Space above the top edge.
  public var top: LayoutSpacing?
  /// Space after the trailing edge.
  public var trailing: LayoutSpacing?
  /// Space below the bottom edge.
  public var bottom: LayoutSpacing?

  /// Creates edge spacing; omitted edges have none.
  ///
  /// - Complexity: O(1).
  public init(
    leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil,
    bottom: LayoutSpacing? = nil
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }
}

// MARK: - DirectionalEdgeInsets

/// Insets whose horizontal edges follow the layout direction: `leading` is
/// the left edge in left-to-right layouts and the right edge in right-to-left
/// ones.
///
/// In JSON: `{"top": 0, "leading": 16, "bottom": 0, "trailing": 16}`;
/// omitted edges are zero.
public struct DirectionalEdgeInsets: Sendable, Hashable {
  /// The top inset.
  public var top: CGFloat
  /// The leading inset.
  public var leading: CGFloat
  /// The bottom inset.
  public var bottom: CGFloat
  /// The trailing inset.
  public var trailing: CGFloat

  /// Creates insets.
  ///
  /// - Complexity: O(1).
  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// Insets of zero on every edge.
  public static let zero = DirectionalEdgeInsets()
}

// MARK: - DirectionalRectEdge

/// A set of edges of a rectangle, named for the layout direction.
///
/// In JSON: an array of `"top"`, `"leading"`, `"bottom"`, `"trailing"`.
public struct DirectionalRectEdge: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public var rawValue: UInt8
  /// Creates an edge set from raw bits.
  ///
  /// - Complexity: O(1).
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The top edge.
  public static let top = DirectionalRectEdge(rawValue: 1 << 0)
  /// The leading edge.
  public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
  /// The bottom edge.
  public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
  /// The trailing edge.
  public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
  /// No edge.
  public static let none: DirectionalRectEdge = []
  /// Every edge.
  public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

// MARK: - RectAlignment

/// Where a boundary supplementary item sits on its section (or on the whole
/// content, for layout-level items).
public enum RectAlignment: String, Sendable, Hashable, CaseIterable {
  /// The top edge, centred horizontally.
  case top
  /// The top-leading corner.
  case topLeading
  /// The leading edge.
  case leading
  /// The bottom-leading corner.
  case bottomLeading
  /// The bottom edge, centred horizontally.
  case bottom
  /// The bottom-trailing corner.
  case bottomTrailing
  /// The trailing edge.
  case trailing
  /// The top-trailing corner.
  case topTrailing

  /// The edges this alignment touches.
  ///
  /// - Complexity: O(1).
  public var edges: DirectionalRectEdge {
    switch self {
    case .top: return .top
    case .topLeading: return [.top, .leading]
    case .leading: return .leading
    case .bottomLeading: return [.bottom, .leading]
    case .bottom: return .bottom
    case .bottomTrailing: return [.bottom, .trailing]
    case .trailing: return .trailing
    case .topTrailing: return [.top, .trailing]
    }
  }
}

// MARK: - LayoutAnchor

/// A point on the edges of a rectangle, with an offset, that attaches a
/// supplementary item to its host.
///
/// The anchor point lies on the named edges; an axis with neither of its
/// edges named is centred. The offset moves the point: an absolute offset in
/// points, a fractional offset in multiples of the *supplementary's own*
/// size.
///
///     // A badge whose centre sits on the host's top-trailing corner:
///     LayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5))
///
/// In JSON: `{"edges": ["top", "trailing"], "fractionalOffset": [0.5, -0.5]}`
/// or with `"absoluteOffset"`.
public struct LayoutAnchor: Sendable, Hashable {
  /// How the anchor's offset is measured.
  public enum Offset: Sendable, Hashable {
    /// Points.
    case absolute(CGPoint)
    /// Multiples of the supplementary item's width and height.
    case fractional(CGPoint)
  }

  /// The edges the anchor point lies on.
  public var edges: DirectionalRectEdge
  /// The offset of the anchor point.
  public var offset: Offset

  /// Creates an anchor on the given edges, without offset.
  ///
  /// - Complexity: O(1).
  public init(edges: DirectionalRectEdge) {
    self.edges = edges
    self.offset = .absolute(.zero)
  }

  /// Creates an anchor on the given edges, offset in points.
  ///
  /// - Complexity: O(1).
  public init(edges: DirectionalRectEdge, absoluteOffset: CGPoint) {
    self.edges = edges
    self.offset = .absolute(absoluteOffset)
  }

  /// Creates an anchor on the given edges, offset in multiples of the
  /// supplementary item's size.
  ///
  /// - Complexity: O(1).
  public init(edges: DirectionalRectEdge, fractionalOffset: CGPoint) {
    self.edges = edges
    self.offset = .fractional(fractionalOffset)
  }
}
