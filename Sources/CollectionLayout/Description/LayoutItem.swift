public import Foundation

// MARK: - LayoutItem

/// A cell: the leaf of a compositional layout. Each item of a group's
/// arrangement takes one item of the data, in depth-first order.
///
///     let item = LayoutItem(layoutSize: LayoutSize(
///       widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
///
/// An item's ``contentInsets`` are subtracted from its frame last: they never
/// change its slot in the group, and so never move the next item.
public struct LayoutItem: Sendable, Hashable {
  /// The item's size in its group.
  public var layoutSize: LayoutSize
  /// Insets subtracted from the item's final frame (ignored on an estimated axis).
  public var contentInsets: DirectionalEdgeInsets
  /// Space around the item in its group, applied before its content insets.
  public var edgeSpacing: LayoutEdgeSpacing?
  /// Supplementary views anchored to the item.
  public var supplementaryItems: [LayoutSupplementaryItem]

  /// Creates an item.
  ///
  /// - Complexity: O(1).
  public init(
    layoutSize: LayoutSize, supplementaryItems: [LayoutSupplementaryItem] = [],
    contentInsets: DirectionalEdgeInsets = .zero, edgeSpacing: LayoutEdgeSpacing? = nil
  ) {
    self.layoutSize = layoutSize
    self.supplementaryItems = supplementaryItems
    self.contentInsets = contentInsets
    self.edgeSpacing = edgeSpacing
  }
}

// MARK: - LayoutSubitem

/// A value that can be a child of a group: a ``LayoutItem``, a
/// ``LayoutGroup`` or a ``LayoutSubitem``.
///
/// In UIKit a group is a kind of item, so an array of subitems may mix
/// items and groups. Here items and groups are separate value types, and
/// both adopt this protocol, so the same source compiles:
///
///     let leading = LayoutItem(layoutSize: LayoutSize(
///       widthDimension: .fractionalWidth(0.7), heightDimension: .fractionalHeight(1)))
///     let trailing = LayoutGroup.vertical(
///       layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1)),
///       subitem: LayoutItem(layoutSize: LayoutSize(
///         widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))),
///       count: 2)
///     let row = LayoutGroup.horizontal(
///       layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
///       subitems: [leading, trailing])
///     row.subitems.count  // 2
///
/// The group stores each child as a ``LayoutSubitem``, so its JSON form is
/// the same whichever way it was built.
public protocol LayoutSubitemConvertible: Sendable {
  /// The value as a group's child.
  var layoutSubitem: LayoutSubitem { get }
}

extension LayoutItem: LayoutSubitemConvertible {
  /// The item as a group's child: ``LayoutSubitem/item(_:)``.
  public var layoutSubitem: LayoutSubitem { .item(self) }
}

extension LayoutGroup: LayoutSubitemConvertible {
  /// The group as a nested child: ``LayoutSubitem/group(_:)``.
  public var layoutSubitem: LayoutSubitem { .group(self) }
}

extension LayoutSubitem: LayoutSubitemConvertible {
  /// The child itself.
  public var layoutSubitem: LayoutSubitem { self }
}

/// One child of a group: an item, or a nested group.
public indirect enum LayoutSubitem: Sendable, Hashable {
  /// A cell.
  case item(LayoutItem)
  /// A nested group.
  case group(LayoutGroup)

  /// The child's size.
  ///
  /// - Complexity: O(1).
  public var layoutSize: LayoutSize {
    switch self {
    case .item(let item): return item.layoutSize
    case .group(let group): return group.layoutSize
    }
  }

  var edgeSpacing: LayoutEdgeSpacing? {
    switch self {
    case .item(let item): return item.edgeSpacing
    case .group(let group): return group.edgeSpacing
    }
  }
}

// MARK: - LayoutGroup

/// A container that arranges items and nested groups along an axis, or at
/// frames a provider computes.
///
/// A section repeats its root group as often as its items need.
///
/// ## Arrangements
///
/// - ``horizontal(layoutSize:subitems:)-(_,[LayoutSubitem])`` and
///   ``vertical(layoutSize:subitems:)-(_,[LayoutSubitem])``
///   take children from `subitems` cyclically and place them along the axis
///   until the next one would not fit (within a quarter of a point).
/// - ``horizontal(layoutSize:subitem:count:)-(_,LayoutSubitem,_)`` places exactly `count` copies
///   of one child, each forced to an equal share of the axis.
/// - ``horizontal(layoutSize:repeatingSubitem:count:)-(_,LayoutSubitem,_)`` places `count`
///   copies at the child's own size.
/// - ``custom(layoutSize:itemProvider:)`` and ``custom(layoutSize:frames:)``
///   give each item an explicit frame relative to the group.
///
/// When children are fractional along the axis and ``interItemSpacing`` is
/// not zero, the group first counts how many children fit ignoring spacing,
/// then resolves every child again against the axis length less the spacing
/// between them, so that `n` children of `1/n` with spacing fit exactly.
public struct LayoutGroup: Sendable, Hashable {
  /// How a group places its children.
  public enum Arrangement: String, Sendable, Hashable {
    /// Left to right (leading to trailing).
    case horizontal
    /// Top to bottom.
    case vertical
    /// At frames given by an item provider.
    case custom
  }

  /// How many children a horizontal or vertical group places.
  public enum Repetition: Sendable, Hashable {
    /// As many as fit, taking `subitems` cyclically.
    case fill
    /// Exactly this many copies of the single subitem, each an equal share
    /// of the axis (the `subitem:count:` form).
    case count(Int)
    /// Exactly this many copies of the single subitem at its own size (the
    /// `repeatingSubitem:count:` form).
    case repeating(Int)
  }

  /// The group's size in its container.
  public var layoutSize: LayoutSize
  /// The group's arrangement.
  public var arrangement: Arrangement
  /// The children, in order.
  public var subitems: [LayoutSubitem]
  /// How many children a horizontal or vertical group places.
  public var repetition: Repetition
  /// The frames of a custom group.
  public var customItemProvider: CustomItemProvider?
  /// Space between adjacent children along the axis.
  public var interItemSpacing: LayoutSpacing?
  /// Insets that shrink the area children are laid out in and resolve
  /// fractions against.
  public var contentInsets: DirectionalEdgeInsets
  /// Space around the group in its parent group.
  public var edgeSpacing: LayoutEdgeSpacing?
  /// Supplementary views anchored to the group.
  public var supplementaryItems: [LayoutSupplementaryItem]

  init(
    layoutSize: LayoutSize, arrangement: Arrangement, subitems: [LayoutSubitem],
    repetition: Repetition, customItemProvider: CustomItemProvider? = nil
  ) {
    self.layoutSize = layoutSize
    self.arrangement = arrangement
    self.subitems = subitems
    self.repetition = repetition
    self.customItemProvider = customItemProvider
    self.interItemSpacing = nil
    self.contentInsets = .zero
    self.edgeSpacing = nil
    self.supplementaryItems = []
  }

  /// A group that places `subitems` cyclically from leading to trailing
  /// until the next one would not fit.
  ///
  /// - Complexity: O(1) to create; solving is O(*n*) in the children placed.
  public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutSubitem]) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems, repetition: .fill)
  }

  /// A group that places `subitems`, items and groups in any mix,
  /// cyclically from leading to trailing until the next one would not fit
  /// (UIKit's `horizontal(layoutSize:subitems:)`).
  ///
  /// - Complexity: O(*n*), where *n* is the number of subitems.
  public static func horizontal(
    layoutSize: LayoutSize, subitems: [any LayoutSubitemConvertible]
  ) -> LayoutGroup {
    horizontal(layoutSize: layoutSize, subitems: subitems.map(\.layoutSubitem))
  }

  /// A group that places `subitems` cyclically from top to bottom until the
  /// next one would not fit.
  ///
  /// - Complexity: O(1).
  public static func vertical(layoutSize: LayoutSize, subitems: [LayoutSubitem]) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .vertical, subitems: subitems, repetition: .fill)
  }

  /// A group that places `subitems`, items and groups in any mix,
  /// cyclically from top to bottom until the next one would not fit
  /// (UIKit's `vertical(layoutSize:subitems:)`).
  ///
  /// - Complexity: O(*n*), where *n* is the number of subitems.
  public static func vertical(
    layoutSize: LayoutSize, subitems: [any LayoutSubitemConvertible]
  ) -> LayoutGroup {
    vertical(layoutSize: layoutSize, subitems: subitems.map(\.layoutSubitem))
  }

  /// A group of exactly `count` copies of `subitem` side by side, each
  /// forced to an equal share of the group's width less spacing.
  ///
  /// - Complexity: O(1).
  public static func horizontal(layoutSize: LayoutSize, subitem: LayoutSubitem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem],
      repetition: .count(count))
  }

  /// A group of exactly `count` copies of `subitem` stacked, each forced to
  /// an equal share of the group's height less spacing.
  ///
  /// - Complexity: O(1).
  public static func vertical(layoutSize: LayoutSize, subitem: LayoutSubitem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], repetition: .count(count)
    )
  }

  /// A group of exactly `count` copies of `subitem` side by side at the
  /// child's own size.
  ///
  /// - Complexity: O(1).
  public static func horizontal(layoutSize: LayoutSize, repeatingSubitem: LayoutSubitem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .horizontal, subitems: [repeatingSubitem],
      repetition: .repeating(count))
  }

  /// A group of exactly `count` copies of `subitem` stacked at the child's
  /// own size.
  ///
  /// - Complexity: O(1).
  public static func vertical(layoutSize: LayoutSize, repeatingSubitem: LayoutSubitem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .vertical, subitems: [repeatingSubitem],
      repetition: .repeating(count))
  }

  /// A group of exactly `count` copies of `subitem` (an item or a group)
  /// side by side, each forced to an equal share of the group's width less
  /// spacing.
  ///
  /// - Complexity: O(1).
  public static func horizontal(
    layoutSize: LayoutSize, subitem: some LayoutSubitemConvertible, count: Int
  ) -> LayoutGroup {
    horizontal(layoutSize: layoutSize, subitem: subitem.layoutSubitem, count: count)
  }

  /// A group of exactly `count` copies of `subitem` (an item or a group)
  /// stacked, each forced to an equal share of the group's height less
  /// spacing.
  ///
  /// - Complexity: O(1).
  public static func vertical(
    layoutSize: LayoutSize, subitem: some LayoutSubitemConvertible, count: Int
  ) -> LayoutGroup {
    vertical(layoutSize: layoutSize, subitem: subitem.layoutSubitem, count: count)
  }

  /// A group of exactly `count` copies of `repeatingSubitem` (an item or a
  /// group) side by side at the child's own size.
  ///
  /// - Complexity: O(1).
  public static func horizontal(
    layoutSize: LayoutSize, repeatingSubitem: some LayoutSubitemConvertible, count: Int
  ) -> LayoutGroup {
    horizontal(
      layoutSize: layoutSize, repeatingSubitem: repeatingSubitem.layoutSubitem, count: count)
  }

  /// A group of exactly `count` copies of `repeatingSubitem` (an item or a
  /// group) stacked at the child's own size.
  ///
  /// - Complexity: O(1).
  public static func vertical(
    layoutSize: LayoutSize, repeatingSubitem: some LayoutSubitemConvertible, count: Int
  ) -> LayoutGroup {
    vertical(
      layoutSize: layoutSize, repeatingSubitem: repeatingSubitem.layoutSubitem, count: count)
  }

  /// A group whose items sit at the frames `itemProvider` returns, relative
  /// to the group's origin; each frame takes one item.
  ///
  /// - Complexity: O(1).
  public static func custom(
    layoutSize: LayoutSize,
    itemProvider: @escaping @Sendable (LayoutGroupCustomEnvironment) -> [CGRect]
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .custom, subitems: [], repetition: .fill,
      customItemProvider: CustomItemProvider(itemProvider))
  }

  /// A group whose items sit at fixed frames relative to the group's origin.
  /// This form is the one JSON describes (`"frames": [[x, y, w, h], ...]`).
  ///
  /// - Complexity: O(1).
  public static func custom(layoutSize: LayoutSize, frames: [CGRect]) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize, arrangement: .custom, subitems: [], repetition: .fill,
      customItemProvider: CustomItemProvider(frames: frames))
  }
}

// MARK: - Custom groups

/// What a custom group's item provider learns about the group.
public struct LayoutGroupCustomEnvironment: Sendable, Hashable {
  /// The resolved size of the group.
  public var groupSize: CGSize
  /// The container the group resolved its size in.
  public var containerSize: CGSize
}

/// The frames of a custom group: fixed ones, or a closure.
///
/// Two providers are equal when both hold equal fixed frames, or when they
/// are copies of the same closure provider.
public struct CustomItemProvider: Sendable, Hashable {
  final class _Closure: Sendable {
    let body: @Sendable (LayoutGroupCustomEnvironment) -> [CGRect]
    init(_ body: @escaping @Sendable (LayoutGroupCustomEnvironment) -> [CGRect]) {
      self.body = body
    }
  }
  enum _Storage: Sendable {
    case frames([CGRect])
    case closure(_Closure)
  }
  let _storage: _Storage

  /// A provider of fixed frames.
  ///
  /// - Complexity: O(1).
  public init(frames: [CGRect]) { _storage = .frames(frames) }

  /// A provider that computes frames from the group's environment.
  ///
  /// - Complexity: O(1).
  public init(_ body: @escaping @Sendable (LayoutGroupCustomEnvironment) -> [CGRect]) {
    _storage = .closure(_Closure(body))
  }

  /// The fixed frames, or `nil` for a closure provider.
  ///
  /// - Complexity: O(1).
  public var frames: [CGRect]? {
    if case .frames(let f) = _storage { return f }
    return nil
  }

  /// The frames for a group in the given environment.
  ///
  /// - Complexity: O(*n*) in the frames, plus the closure's cost.
  public func frames(in environment: LayoutGroupCustomEnvironment) -> [CGRect] {
    switch _storage {
    case .frames(let f): return f
    case .closure(let c): return c.body(environment)
    }
  }

  /// Whether two providers hold equal fixed frames, or are copies of the
  /// same closure provider.
  ///
  /// - Complexity: O(*n*), where *n* is the number of frames.
  public static func == (a: Self, b: Self) -> Bool {
    switch (a._storage, b._storage) {
    case (.frames(let x), .frames(let y)): return x == y
    case (.closure(let x), .closure(let y)): return x === y
    default: return false
    }
  }

  /// Hashes the frames, or the identity of the closure.
  ///
  /// - Complexity: O(*n*), where *n* is the number of frames.
  public func hash(into hasher: inout Hasher) {
    switch _storage {
    case .frames(let f):
      hasher.combine(0)
      for r in f {
        hasher.combine(r.origin.x)
        hasher.combine(r.origin.y)
        hasher.combine(r.size.width)
        hasher.combine(r.size.height)
      }
    case .closure(let c): hasher.combine(ObjectIdentifier(c))
    }
  }
}

// MARK: - Supplementary items

/// A supplementary view (a badge, an accessory) anchored to an item or a
/// group. It is placed inside the host's frame at its anchor's edges, then
/// offset; it never moves any other element.
///
/// Its index path is that of its host item; for a group, that of the group's
/// first item.
public struct LayoutSupplementaryItem: Sendable, Hashable {
  /// The size, resolved against the host's size.
  public var layoutSize: LayoutSize
  /// The kind that identifies the supplementary view.
  public var elementKind: String
  /// The point on the host that the supplementary attaches to.
  public var containerAnchor: LayoutAnchor
  /// The point on the supplementary that meets the container anchor;
  /// `nil` means the container anchor's edges, without offset.
  public var itemAnchor: LayoutAnchor?
  /// The stacking order; higher draws above. Defaults to 1, above cells.
  public var zIndex: Int

  /// Creates a supplementary item.
  ///
  /// - Complexity: O(1).
  public init(
    layoutSize: LayoutSize, elementKind: String, containerAnchor: LayoutAnchor,
    itemAnchor: LayoutAnchor? = nil, zIndex: Int = 1
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.itemAnchor = itemAnchor
    self.zIndex = zIndex
  }
}

/// A header or footer of a section, or of the whole layout.
///
/// Sized against the section's width less its leading and trailing content
/// insets (when the section's supplementaries follow its insets). A header on
/// the leading edge along the scroll direction (top, for vertical scrolling)
/// sits at the section's start and, when it ``extendsBoundary``, pushes the
/// content after it; a footer follows the content and the section's trailing
/// inset.
public struct LayoutBoundarySupplementaryItem: Sendable, Hashable {
  /// The size.
  public var layoutSize: LayoutSize
  /// The kind that identifies the supplementary view.
  public var elementKind: String
  /// Where the item sits on its section.
  public var alignment: RectAlignment
  /// An offset applied last.
  public var absoluteOffset: CGPoint
  /// Whether the item takes space along the scroll direction, pushing the
  /// section's content (default `true`).
  public var extendsBoundary: Bool
  /// Whether the item stays inside the visible rect while any part of its
  /// section is visible (default `false`).
  public var pinToVisibleBounds: Bool
  /// The stacking order; defaults to 1, above cells.
  public var zIndex: Int

  /// Creates a boundary supplementary item.
  ///
  /// - Complexity: O(1).
  public init(
    layoutSize: LayoutSize, elementKind: String, alignment: RectAlignment,
    absoluteOffset: CGPoint = .zero, extendsBoundary: Bool = true,
    pinToVisibleBounds: Bool = false, zIndex: Int = 1
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
    self.absoluteOffset = absoluteOffset
    self.extendsBoundary = extendsBoundary
    self.pinToVisibleBounds = pinToVisibleBounds
    self.zIndex = zIndex
  }
}

/// A decoration view behind a section: it covers the section's whole rect,
/// including its insets and boundary supplementaries, inset by its own
/// ``contentInsets``.
///
/// Its index path is `[section, 0]`.
public struct LayoutDecorationItem: Sendable, Hashable {
  /// The kind that identifies the decoration view.
  public var elementKind: String
  /// Insets from the section's rect.
  public var contentInsets: DirectionalEdgeInsets
  /// The stacking order. Decorations draw below the items of their section
  /// whatever their z-index; it orders decorations among themselves.
  public var zIndex: Int

  /// A background decoration of the given kind.
  ///
  /// - Complexity: O(1).
  public static func background(elementKind: String) -> LayoutDecorationItem {
    LayoutDecorationItem(elementKind: elementKind)
  }

  /// Creates a decoration item.
  ///
  /// - Complexity: O(1).
  public init(elementKind: String, contentInsets: DirectionalEdgeInsets = .zero, zIndex: Int = 0) {
    self.elementKind = elementKind
    self.contentInsets = contentInsets
    self.zIndex = zIndex
  }
}
