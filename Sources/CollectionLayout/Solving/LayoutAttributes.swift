public import Foundation

/// What a layout element is.
public enum LayoutElementCategory: String, Sendable, Hashable, CaseIterable {
  /// A cell: one item of the data.
  case cell
  /// A supplementary view: a header, footer, badge or accessory.
  case supplementaryView
  /// A decoration view: a section background.
  case decorationView
}

/// The solved frame of one element of a layout, and how to address it.
///
/// Index paths follow UIKit: a cell's is its item's; an item supplementary's
/// is its item's; a group supplementary's is the group's first item's; a
/// section's boundary supplementary is `[section, i]`, where *i* counts the
/// section's boundary items of that kind before it; a layout-level boundary
/// supplementary is `[0, i]` likewise; a decoration is `[section, 0]`.
public struct LayoutAttributes: Sendable, Hashable {
  /// What the element is.
  public var category: LayoutElementCategory
  /// The element kind of a supplementary or decoration view; `nil` for cells.
  public var elementKind: String?
  /// The section of the element's index path.
  public var section: Int
  /// The item of the element's index path.
  public var item: Int
  /// The frame in content coordinates; orthogonal sections are reported at
  /// their scroll offsets in ``SolvedLayout/orthogonalScrollOffsets`` (zero
  /// by default: unscrolled).
  public var frame: CGRect
  /// The stacking order among elements that overlap; higher draws above.
  public var zIndex: Int

  /// Creates attributes.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    category: LayoutElementCategory, elementKind: String? = nil, section: Int, item: Int,
    frame: CGRect, zIndex: Int = 0
  ) {
    self.category = category
    self.elementKind = elementKind
    self.section = section
    self.item = item
    self.frame = frame
    self.zIndex = zIndex
  }

  /// The index path `[section, item]`.
  public var indexPath: IndexPath { _indexPath(section, item) }
}

/// A request to self-size one element whose size has an estimated dimension.
///
/// The layout passes the size it would use: final lengths on fixed axes and
/// the estimate on estimated ones. Only the estimated axes of the answer are
/// used, as UIKit's `preferredLayoutAttributesFitting(_:)`.
public struct LayoutSizingRequest: Sendable, Hashable {
  /// What the element is (cells and supplementaries self-size).
  public var category: LayoutElementCategory
  /// The element kind of a supplementary; `nil` for cells.
  public var elementKind: String?
  /// The section of the element's index path.
  public var section: Int
  /// The item of the element's index path.
  public var item: Int
  /// The size the layout proposes.
  public var proposedSize: CGSize
  /// Whether the width is estimated (and so taken from the answer).
  public var widthIsEstimated: Bool
  /// Whether the height is estimated (and so taken from the answer).
  public var heightIsEstimated: Bool

  /// Creates a request, for calling a sizing callback directly (in tests,
  /// say); solving a layout makes its own.
  ///
  /// - Complexity: O(1).
  public init(
    category: LayoutElementCategory, elementKind: String? = nil, section: Int, item: Int,
    proposedSize: CGSize, widthIsEstimated: Bool, heightIsEstimated: Bool
  ) {
    self.category = category
    self.elementKind = elementKind
    self.section = section
    self.item = item
    self.proposedSize = proposedSize
    self.widthIsEstimated = widthIsEstimated
    self.heightIsEstimated = heightIsEstimated
  }

  /// The index path `[section, item]`.
  public var indexPath: IndexPath { _indexPath(section, item) }
}

/// The band of an orthogonal section: the strip that scrolls across the
/// layout's scroll direction, at its full scroll length.
///
/// Offsets are distances scrolled from the band's start toward its end, in
/// both layout directions.
public struct OrthogonalBand: Sendable, Hashable {
  /// The section.
  public var section: Int
  /// The whole band in content coordinates, unscrolled: its scrolling
  /// length includes the section's leading and trailing insets.
  public var frame: CGRect
  /// The visible length of the band along its scroll axis.
  public var visibleLength: CGFloat
  /// The section's behaviour.
  public var behavior: OrthogonalScrollingBehavior
  /// The offsets the band can scroll between.
  public var offsetRange: ClosedRange<CGFloat>
  /// Where scrolling comes to rest, ascending; empty for ``OrthogonalScrollingBehavior/continuous``,
  /// which rests anywhere in ``offsetRange``.
  public var restOffsets: [CGFloat]

  /// The rest offset nearest to a proposed offset (the proposal clamped to
  /// ``offsetRange`` for continuous bands).
  ///
  /// - Complexity: O(log *r*), where *r* is the number of rest offsets.
  public func restingOffset(near proposed: CGFloat) -> CGFloat {
    let clamped = min(max(proposed, offsetRange.lowerBound), offsetRange.upperBound)
    guard !restOffsets.isEmpty else { return clamped }
    var lo = 0
    var hi = restOffsets.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if restOffsets[mid] < clamped { lo = mid + 1 } else { hi = mid }
    }
    if lo == restOffsets.count { return restOffsets[lo - 1] }
    if lo == 0 { return restOffsets[0] }
    return clamped - restOffsets[lo - 1] <= restOffsets[lo] - clamped
      ? restOffsets[lo - 1] : restOffsets[lo]
  }
}

/// The container a layout is solved in.
public struct LayoutContext: Sendable, Hashable {
  /// The size of the view: the layout container.
  public var containerSize: CGSize
  /// The view's safe area insets.
  public var safeAreaInsets: DirectionalEdgeInsets
  /// The view's layout margins, measured from the view's edges (so
  /// including the safe area, as UIKit's `layoutMarginsGuide` does).
  /// Sections with the ``ContentInsetsReference/layoutMargins`` reference
  /// and inset grouped lists follow them. Defaults to
  /// ``compactWidthLayoutMargins``.
  public var layoutMargins: DirectionalEdgeInsets
  /// The insets of the readable content guide; `nil` uses ``layoutMargins``.
  public var readableContentInsets: DirectionalEdgeInsets?
  /// The layout direction; right-to-left mirrors every arrangement.
  public var layoutDirection: LayoutDirection
  /// Pixels per point (UIKit's `displayScale`); when set, every frame edge
  /// is rounded to the nearest pixel. `nil` leaves frames unrounded.
  public var displayScale: CGFloat?

  /// The margins UIKit gives a view controller's root view in a compact
  /// width (an iPhone in portrait): 16 points leading and trailing, none
  /// at the top and bottom. UIKit documents 16 or 20 points by size class.
  public static let compactWidthLayoutMargins = DirectionalEdgeInsets(leading: 16, trailing: 16)

  /// The margins UIKit gives a view controller's root view in a regular
  /// width (an iPad): 20 points leading and trailing.
  public static let regularWidthLayoutMargins = DirectionalEdgeInsets(leading: 20, trailing: 20)

  /// Creates a context.
  ///
  /// - Complexity: O(1).
  public init(
    containerSize: CGSize, safeAreaInsets: DirectionalEdgeInsets = .zero,
    layoutMargins: DirectionalEdgeInsets = LayoutContext.compactWidthLayoutMargins,
    readableContentInsets: DirectionalEdgeInsets? = nil,
    layoutDirection: LayoutDirection = .leftToRight, displayScale: CGFloat? = nil
  ) {
    self.containerSize = containerSize
    self.safeAreaInsets = safeAreaInsets
    self.layoutMargins = layoutMargins
    self.readableContentInsets = readableContentInsets
    self.layoutDirection = layoutDirection
    self.displayScale = displayScale
  }

  /// What is wrong with a container size, or `nil` when a layout can be
  /// solved in it: each side must be a finite number from 0 to
  /// ``CompositionalLayout/maximumLength``.
  ///
  /// ```swift
  /// LayoutContext.containerSizeProblem(CGSize(width: 390, height: 844))  // nil
  /// LayoutContext.containerSizeProblem(CGSize(width: -1, height: 5))
  /// // "the width -1 is negative; sizes are 0 or more"
  /// ```
  ///
  /// - Complexity: O(1).
  public static func containerSizeProblem(_ size: CGSize) -> String? {
    for (name, side) in [("width", size.width), ("height", size.height)] {
      guard side.isFinite else { return "the \(name) \(side) is not a finite number" }
      guard side >= 0 else {
        return "the \(name) \(_format(side)) is negative; sizes are 0 or more"
      }
      if let problem = _lengthProblem(side) { return "the \(name) \(problem)" }
    }
    return nil
  }

  func insets(for reference: ContentInsetsReference) -> DirectionalEdgeInsets {
    switch reference {
    case .none: return .zero
    case .automatic, .safeArea: return safeAreaInsets
    case .layoutMargins: return layoutMargins
    case .readableContent: return readableContentInsets ?? layoutMargins
    }
  }
}

/// The index path `[section, item]`, made by appending: an index path of
/// two elements made from an array literal allocates the array, and this
/// does not (about four times faster).
@inline(__always)
private func _indexPath(_ section: Int, _ item: Int) -> IndexPath {
  var path = IndexPath(index: section)
  path.append(item)
  return path
}
