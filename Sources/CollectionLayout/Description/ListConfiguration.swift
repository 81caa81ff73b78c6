public import Foundation

/// A section that looks like a table: one full-width, self-sizing row per
/// item, with optional header and footer.
///
/// The metrics are parameters (``Metrics``) whose defaults approximate iOS at
/// the default text size; a layout that must match a particular platform
/// release pixel for pixel sets them explicitly. Inset grouped rows follow
/// the layout margins, as UIKit's do: 16 points from the edges in a compact
/// width, 20 in a regular one, whatever ``LayoutContext/layoutMargins`` says.
///
///     let layout = CompositionalLayout.list(using: ListConfiguration(appearance: .insetGrouped))
///
/// In JSON a section entry `{"list": {"appearance": "insetGrouped",
/// "headerMode": "supplementary"}}` stands for `LayoutSection.list(using:)`;
/// `"metrics"` overrides the defaults field by field.
public struct ListConfiguration: Sendable, Hashable {
  /// The overall look, which chooses default metrics.
  public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// Edge-to-edge rows with pinned headers.
    case plain
    /// Edge-to-edge rows in sections separated by padding.
    case grouped
    /// Rows inset from the edges in sections separated by padding.
    case insetGrouped
    /// A sidebar: rows slightly inset.
    case sidebar
    /// A sidebar without section padding.
    case sidebarPlain
  }

  /// Whether sections have headers, and how.
  public enum HeaderMode: String, Sendable, Hashable, CaseIterable {
    /// No header.
    case none
    /// A boundary supplementary header of kind ``ListConfiguration/headerElementKind``.
    case supplementary
    /// The first item of each section is drawn as its header; the geometry
    /// is that of a row.
    case firstItemInSection
  }

  /// Whether sections have footers.
  public enum FooterMode: String, Sendable, Hashable, CaseIterable {
    /// No footer.
    case none
    /// A boundary supplementary footer of kind ``ListConfiguration/footerElementKind``.
    case supplementary
  }

  /// The lengths a list section is made of.
  public struct Metrics: Sendable, Hashable {
    /// The estimated height of a row (self-sized).
    public var rowEstimatedHeight: CGFloat
    /// The estimated height of a header (self-sized).
    public var headerEstimatedHeight: CGFloat
    /// The estimated height of a footer (self-sized).
    public var footerEstimatedHeight: CGFloat
    /// The inset of rows from the leading and trailing edges; `nil`
    /// follows the layout margins (``LayoutEnvironment/layoutMargins``,
    /// from ``LayoutContext/layoutMargins``).
    public var horizontalInset: CGFloat?
    /// Padding above a section's first row (below its header).
    public var sectionTopPadding: CGFloat
    /// Padding below a section's last row (above its footer).
    public var sectionBottomPadding: CGFloat
    /// Whether headers and footers stay visible while their section scrolls.
    public var pinsHeadersAndFooters: Bool

    /// Creates metrics.
    ///
    /// - Complexity: O(1).
    public init(
      rowEstimatedHeight: CGFloat, headerEstimatedHeight: CGFloat,
      footerEstimatedHeight: CGFloat, horizontalInset: CGFloat?, sectionTopPadding: CGFloat,
      sectionBottomPadding: CGFloat, pinsHeadersAndFooters: Bool
    ) {
      self.rowEstimatedHeight = rowEstimatedHeight
      self.headerEstimatedHeight = headerEstimatedHeight
      self.footerEstimatedHeight = footerEstimatedHeight
      self.horizontalInset = horizontalInset
      self.sectionTopPadding = sectionTopPadding
      self.sectionBottomPadding = sectionBottomPadding
      self.pinsHeadersAndFooters = pinsHeadersAndFooters
    }

    /// The default metrics of an appearance.
    ///
    /// | appearance | row | header/footer | horizontal inset | top/bottom padding | pinned |
    /// |---|---|---|---|---|---|
    /// | plain | 44 | 28 | 0 | 0 | yes |
    /// | grouped | 44 | 38 | 0 | 17.5 | no |
    /// | insetGrouped | 44 | 38 | layout margins | 17.5 | no |
    /// | sidebar | 44 | 38 | 10 | 8 | no |
    /// | sidebarPlain | 44 | 28 | 10 | 0 | yes |
    ///
    /// Where each number comes from:
    /// - Rows: 44 points, the minimum height of a tappable row in Apple's
    ///   Human Interface Guidelines and UIKit's default row height; an
    ///   estimate, since rows self-size.
    /// - Horizontal inset: plain and grouped rows span the list, as in UIKit;
    ///   inset grouped rows sit within the layout margins, as in UIKit,
    ///   whose root-view margins are documented as 16 or 20 points by size
    ///   class (``LayoutContext/compactWidthLayoutMargins``).
    /// - Headers and footers (28 and 38), section padding (17.5 and 8) and
    ///   the sidebars' inset (10): approximations of iOS at the default text
    ///   size, which Apple does not document; headers and footers self-size.
    ///
    /// - Complexity: O(1).
    public static func standard(for appearance: Appearance) -> Metrics {
      switch appearance {
      case .plain:
        return Metrics(
          rowEstimatedHeight: 44, headerEstimatedHeight: 28, footerEstimatedHeight: 28,
          horizontalInset: 0, sectionTopPadding: 0, sectionBottomPadding: 0,
          pinsHeadersAndFooters: true)
      case .grouped:
        return Metrics(
          rowEstimatedHeight: 44, headerEstimatedHeight: 38, footerEstimatedHeight: 38,
          horizontalInset: 0, sectionTopPadding: 17.5, sectionBottomPadding: 17.5,
          pinsHeadersAndFooters: false)
      case .insetGrouped:
        return Metrics(
          rowEstimatedHeight: 44, headerEstimatedHeight: 38, footerEstimatedHeight: 38,
          horizontalInset: nil, sectionTopPadding: 17.5, sectionBottomPadding: 17.5,
          pinsHeadersAndFooters: false)
      case .sidebar:
        return Metrics(
          rowEstimatedHeight: 44, headerEstimatedHeight: 38, footerEstimatedHeight: 38,
          horizontalInset: 10, sectionTopPadding: 8, sectionBottomPadding: 8,
          pinsHeadersAndFooters: false)
      case .sidebarPlain:
        return Metrics(
          rowEstimatedHeight: 44, headerEstimatedHeight: 28, footerEstimatedHeight: 28,
          horizontalInset: 10, sectionTopPadding: 0, sectionBottomPadding: 0,
          pinsHeadersAndFooters: true)
      }
    }
  }

  /// The element kind of list headers.
  public static let headerElementKind = "UICollectionElementKindSectionHeader"
  /// The element kind of list footers.
  public static let footerElementKind = "UICollectionElementKindSectionFooter"

  /// The overall look.
  public var appearance: Appearance
  /// Whether sections have headers.
  public var headerMode: HeaderMode
  /// Whether sections have footers.
  public var footerMode: FooterMode
  /// The lengths the section is made of.
  public var metrics: Metrics

  /// Creates a list configuration with the appearance's default metrics.
  ///
  /// - Complexity: O(1).
  public init(
    appearance: Appearance, headerMode: HeaderMode = .none, footerMode: FooterMode = .none,
    metrics: Metrics? = nil
  ) {
    self.appearance = appearance
    self.headerMode = headerMode
    self.footerMode = footerMode
    self.metrics = metrics ?? .standard(for: appearance)
  }
}

extension LayoutSection {
  /// A section laid out as a list.
  ///
  /// The section's root group is one full-width row of estimated height
  /// ``ListConfiguration/Metrics/rowEstimatedHeight``; headers and footers
  /// are estimated boundary supplementaries of the list's element kinds.
  /// Rows whose ``ListConfiguration/Metrics/horizontalInset`` is `nil`
  /// (inset grouped ones, by default) follow the layout margins of the
  /// context the layout is solved in: the section's
  /// ``contentInsetsReference`` is ``ContentInsetsReference/layoutMargins``.
  ///
  /// - Complexity: O(1).
  public static func list(using configuration: ListConfiguration) -> LayoutSection {
    var section = _list(
      configuration, horizontalInsets: configuration.metrics.horizontalInset.map { ($0, $0) })
    if configuration.metrics.horizontalInset == nil {
      section.contentInsetsReference = .layoutMargins
    }
    section._listConfiguration = configuration
    return section
  }

  /// A section laid out as a list, with the numbers the environment gives
  /// (UIKit's `list(using:layoutEnvironment:)`, for lists inside a section
  /// provider).
  ///
  /// Rows whose ``ListConfiguration/Metrics/horizontalInset`` is `nil`
  /// are inset by the environment's ``LayoutEnvironment/layoutMargins``,
  /// measured from the container's edges (the section's
  /// ``contentInsetsReference`` is ``ContentInsetsReference/none``); the
  /// frames are those of ``list(using:)`` solved in the same context.
  ///
  ///     let layout = CompositionalLayout { _, environment in
  ///       .list(using: ListConfiguration(appearance: .insetGrouped), layoutEnvironment: environment)
  ///     }
  ///
  /// - Complexity: O(1).
  public static func list(
    using configuration: ListConfiguration, layoutEnvironment: LayoutEnvironment
  ) -> LayoutSection {
    let margins = layoutEnvironment.layoutMargins
    let inset = configuration.metrics.horizontalInset
    var section = _list(
      configuration, horizontalInsets: inset.map { ($0, $0) } ?? (margins.leading, margins.trailing)
    )
    if inset == nil { section.contentInsetsReference = ContentInsetsReference.none }
    section._listConfiguration = configuration
    return section
  }

  /// A list section whose rows are inset by `horizontalInsets` (leading,
  /// trailing); `nil` insets them by none.
  private static func _list(
    _ configuration: ListConfiguration, horizontalInsets: (CGFloat, CGFloat)?
  ) -> LayoutSection {
    let m = configuration.metrics
    let rowSize = LayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(m.rowEstimatedHeight))
    let group = LayoutGroup.horizontal(
      layoutSize: rowSize, subitems: [LayoutItem(layoutSize: rowSize)])
    var section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(
      top: m.sectionTopPadding, leading: horizontalInsets?.0 ?? 0, bottom: m.sectionBottomPadding,
      trailing: horizontalInsets?.1 ?? 0)
    if configuration.headerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        LayoutBoundarySupplementaryItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1),
            heightDimension: .estimated(m.headerEstimatedHeight)),
          elementKind: ListConfiguration.headerElementKind, alignment: .top,
          pinToVisibleBounds: m.pinsHeadersAndFooters))
    }
    if configuration.footerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        LayoutBoundarySupplementaryItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1),
            heightDimension: .estimated(m.footerEstimatedHeight)),
          elementKind: ListConfiguration.footerElementKind, alignment: .bottom,
          pinToVisibleBounds: m.pinsHeadersAndFooters))
    }
    return section
  }
}
