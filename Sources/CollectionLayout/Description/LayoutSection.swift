public import Foundation

// MARK: - LayoutSection

/// One section of a compositional layout: a root group repeated as often as
/// the section's items need, with insets, spacing, headers, footers and
/// backgrounds.
///
/// ## Geometry
///
/// Group *k* starts `k · (groupExtent + interGroupSpacing)` after the
/// section's content start; there is no spacing after the last group, and a
/// partial last group still takes a whole group's extent.
///
/// An ordinary section's container is the layout container less the
/// section's insets on the axis across the scroll direction; insets along the
/// scroll direction are padding. An orthogonal section (one with an
/// ``orthogonalScrollingBehavior`` other than ``OrthogonalScrollingBehavior/none``)
/// places its groups side by side across the scroll direction in a band that
/// scrolls on its own; there the roles flip: insets across the scroll
/// direction are scroll padding and the others shrink the container.
public struct LayoutSection: Sendable, Hashable {
  /// The group repeated for the section's items.
  public var group: LayoutGroup
  /// Insets around the section's content.
  public var contentInsets: DirectionalEdgeInsets
  /// Space between consecutive groups.
  public var interGroupSpacing: CGFloat
  /// Whether and how the section scrolls across the layout's scroll direction.
  public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
  /// Headers and footers.
  public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem]
  /// Background decorations.
  public var decorationItems: [LayoutDecorationItem]
  /// The insets of the layout container the section's insets add to; `nil`
  /// uses the layout configuration's.
  public var contentInsetsReference: ContentInsetsReference?
  /// Whether boundary supplementaries are sized and placed within the
  /// section's leading and trailing content insets (default `true`).
  public var supplementariesFollowContentInsets: Bool

  /// Called with the section's visible items whenever they are displayed
  /// (after solving, and as an orthogonal section scrolls), to change their
  /// frames, alpha, transform, z-index or visibility: UIKit's
  /// `visibleItemsInvalidationHandler`. See
  /// ``SolvedLayout/visibleItems(inSection:displayedIn:)``.
  ///
  ///     // Items grow toward the middle of a band as it scrolls.
  ///     section.visibleItemsInvalidationHandler = { items, offset, environment in
  ///       let width = environment.container.contentSize.width
  ///       for index in items.indices {
  ///         let distance = abs(items[index].frame.midX - offset.x - width / 2)
  ///         let scale = max(1 - distance / width, 0.7)
  ///         items[index].transform = LayoutTransform(scaleX: scale, y: scale)
  ///       }
  ///     }
  ///
  /// A section with a handler has no JSON form: encoding it throws.
  public var visibleItemsInvalidationHandler: LayoutSectionVisibleItemsInvalidationHandler? {
    get { _visibleItemsHandler?.body }
    set { _visibleItemsHandler = newValue.map(_VisibleItemsHandler.init) }
  }

  /// The handler, boxed so that copies of a section compare equal.
  final class _VisibleItemsHandler: Sendable {
    let body: LayoutSectionVisibleItemsInvalidationHandler
    init(_ body: @escaping LayoutSectionVisibleItemsInvalidationHandler) { self.body = body }
  }
  var _visibleItemsHandler: _VisibleItemsHandler?

  /// The list configuration this section was made from, so that encoding
  /// can write the short `{"list": ...}` form while the section is unchanged.
  var _listConfiguration: ListConfiguration?

  /// Creates a section from its root group.
  ///
  /// - Complexity: O(1).
  public init(group: LayoutGroup) {
    self.group = group
    self.contentInsets = .zero
    self.interGroupSpacing = 0
    self.orthogonalScrollingBehavior = .none
    self.boundarySupplementaryItems = []
    self.decorationItems = []
    self.contentInsetsReference = nil
    self.supplementariesFollowContentInsets = true
    self._visibleItemsHandler = nil
    self._listConfiguration = nil
  }

  /// Whether two sections describe the same layout (the list
  /// configuration a section was made from does not count; handlers are
  /// the same when they are copies of one handler).
  ///
  /// - Complexity: O(*n*), where *n* is the size of the descriptions.
  public static func == (a: Self, b: Self) -> Bool {
    a._visibleItemsHandler === b._visibleItemsHandler
      && a.group == b.group && a.contentInsets == b.contentInsets
      && a.interGroupSpacing == b.interGroupSpacing
      && a.orthogonalScrollingBehavior == b.orthogonalScrollingBehavior
      && a.boundarySupplementaryItems == b.boundarySupplementaryItems
      && a.decorationItems == b.decorationItems
      && a.contentInsetsReference == b.contentInsetsReference
      && a.supplementariesFollowContentInsets == b.supplementariesFollowContentInsets
  }

  /// Hashes the parts of the section that `==` compares.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the description.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(group)
    hasher.combine(contentInsets)
    hasher.combine(interGroupSpacing)
    hasher.combine(orthogonalScrollingBehavior)
    hasher.combine(boundarySupplementaryItems)
    hasher.combine(decorationItems)
    hasher.combine(contentInsetsReference)
    hasher.combine(supplementariesFollowContentInsets)
    hasher.combine(_visibleItemsHandler.map(ObjectIdentifier.init))
  }
}

/// How an orthogonal section scrolls, which only decides where scrolling
/// comes to rest.
public enum OrthogonalScrollingBehavior: String, Sendable, Hashable, CaseIterable {
  /// The section does not scroll on its own.
  case none
  /// Scrolling rests anywhere.
  case continuous
  /// Scrolling rests with a group's leading edge at the section's leading inset.
  case continuousGroupLeadingBoundary
  /// Scrolling rests at multiples of the visible width.
  case paging
  /// Scrolling rests at each group's leading edge, one group at a time.
  case groupPaging
  /// Scrolling rests with a group centred in the visible width.
  case groupPagingCentered
}

/// Which insets of the layout container section insets are measured from.
/// Only the insets across the scroll direction apply.
public enum ContentInsetsReference: String, Sendable, Hashable, CaseIterable {
  /// The system's choice: the safe area.
  case automatic
  /// No insets: the container's edges.
  case none
  /// The safe area insets.
  case safeArea
  /// The layout margins.
  case layoutMargins
  /// The readable content guide.
  case readableContent
}

// MARK: - Configuration

/// The axis a layout scrolls along.
public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
  /// Sections stack from top to bottom.
  case vertical
  /// Sections stack from leading to trailing.
  case horizontal
}

/// Layout-wide settings: scroll direction, spacing between sections, and
/// headers and footers of the whole content.
public struct CompositionalLayoutConfiguration: Sendable, Hashable {
  /// The axis the layout scrolls along (default vertical).
  public var scrollDirection: ScrollDirection
  /// Space between consecutive sections.
  public var interSectionSpacing: CGFloat
  /// Headers and footers of the whole content.
  public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem]
  /// The container insets sections measure from (default the safe area).
  public var contentInsetsReference: ContentInsetsReference

  /// Creates a configuration.
  ///
  /// - Complexity: O(1).
  public init(
    scrollDirection: ScrollDirection = .vertical, interSectionSpacing: CGFloat = 0,
    boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = [],
    contentInsetsReference: ContentInsetsReference = .safeArea
  ) {
    self.scrollDirection = scrollDirection
    self.interSectionSpacing = interSectionSpacing
    self.boundarySupplementaryItems = boundarySupplementaryItems
    self.contentInsetsReference = contentInsetsReference
  }
}

// MARK: - Environment

/// The size of a container and the insets inside it.
public struct LayoutContainer: Sendable, Hashable {
  /// The container's whole size.
  public var contentSize: CGSize
  /// Insets inside the container.
  public var contentInsets: DirectionalEdgeInsets
  /// The size less the insets: what fractional dimensions resolve against.
  ///
  /// - Complexity: O(1).
  public var effectiveContentSize: CGSize {
    CGSize(
      width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
      height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
  }

  /// Creates a container.
  ///
  /// - Complexity: O(1).
  public init(contentSize: CGSize, contentInsets: DirectionalEdgeInsets = .zero) {
    self.contentSize = contentSize
    self.contentInsets = contentInsets
  }
}

/// The horizontal direction text and layouts flow in.
public enum LayoutDirection: String, Sendable, Hashable {
  /// Leading is left.
  case leftToRight
  /// Leading is right; each arrangement is mirrored.
  case rightToLeft
}

/// What a section provider learns about the layout it provides sections for.
public struct LayoutEnvironment: Sendable, Hashable {
  /// The layout container: the view's size, with the configuration's
  /// reference insets on the axis across the scroll direction.
  public var container: LayoutContainer
  /// The layout direction.
  public var layoutDirection: LayoutDirection
  /// Points per pixel, when frames are rounded to pixels.
  public var displayScale: CGFloat?
  /// The view's layout margins, from ``LayoutContext/layoutMargins``
  /// (UIKit's environment has them through the collection view; lists
  /// follow them).
  public var layoutMargins: DirectionalEdgeInsets
  /// The insets of the view's readable content guide, from
  /// ``LayoutContext/readableContentInsets`` (the layout margins when the
  /// context gives none).
  public var readableContentInsets: DirectionalEdgeInsets

  /// Creates an environment, for calling a section provider directly (in
  /// tests, say); solving a layout makes its own from its ``LayoutContext``.
  ///
  /// - Complexity: O(1).
  public init(
    container: LayoutContainer, layoutDirection: LayoutDirection = .leftToRight,
    displayScale: CGFloat? = nil,
    layoutMargins: DirectionalEdgeInsets = LayoutContext.compactWidthLayoutMargins,
    readableContentInsets: DirectionalEdgeInsets? = nil
  ) {
    self.container = container
    self.layoutDirection = layoutDirection
    self.displayScale = displayScale
    self.layoutMargins = layoutMargins
    self.readableContentInsets = readableContentInsets ?? layoutMargins
  }
}
