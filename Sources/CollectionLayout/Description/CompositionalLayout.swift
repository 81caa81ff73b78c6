import Foundation

/// A description of a compositional layout: sections built from groups and
/// items, plus layout-wide configuration.
///
/// ## Overview
///
/// A layout is a value; solving it for a container and item counts gives a
/// ``SolvedLayout`` that answers frame queries:
///
///     let item = LayoutItem(layoutSize: LayoutSize(
///       widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
///     let group = LayoutGroup.horizontal(
///       layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
///       subitems: [item])
///     let layout = CompositionalLayout(section: LayoutSection(group: group))
///     let solved = try layout.solve(LayoutContext(containerSize: CGSize(width: 375, height: 667)),
///                                   itemCounts: [94])
///     solved.contentSize  // (375, 4136)
///
/// Sections come from a list of descriptions (the last repeats for any
/// further data sections) or from a section provider that is called once per
/// section with the ``LayoutEnvironment``.
///
/// ## Codable
///
/// A layout built from descriptions encodes to and decodes from the JSON the
/// `diffable layout` command reads; a layout with a section provider or a
/// closure-based custom group cannot be encoded. Use
/// ``decode(json:)`` to get errors that name the JSON path of a problem.
public struct CompositionalLayout: Sendable {
  enum _Source: Sendable {
    case sections([LayoutSection])
    case provider(@Sendable (Int, LayoutEnvironment) -> LayoutSection?)
  }

  /// Layout-wide settings.
  public var configuration: CompositionalLayoutConfiguration
  var _source: _Source

  /// A layout whose every section is `section`.
  ///
  /// - Complexity: O(1).
  public init(
    section: LayoutSection, configuration: CompositionalLayoutConfiguration = .init()
  ) {
    self.init(sections: [section], configuration: configuration)
  }

  /// A layout whose section *i* is `sections[i]`, the last entry repeating
  /// for any further sections.
  ///
  /// - Precondition: `sections` is not empty.
  /// - Complexity: O(1).
  public init(
    sections: [LayoutSection], configuration: CompositionalLayoutConfiguration = .init()
  ) {
    if sections.isEmpty {
      _layoutFailure("CompositionalLayout(sections:configuration:)", "sections must not be empty")
    }
    self.configuration = configuration
    self._source = .sections(sections)
  }

  /// A layout whose sections come from `sectionProvider`, called with the
  /// section's index and the layout environment when the layout is solved
  /// (UIKit's `init(sectionProvider:configuration:)`).
  ///
  /// As in UIKit, the provider may return `nil` only for a section without
  /// items: such a section has no layout, so it takes no room and has no
  /// elements (the layout's ``CompositionalLayoutConfiguration/interSectionSpacing``
  /// still separates it from its neighbours, as it does an empty section).
  /// `nil` for a section with items is an invalid description: solving
  /// throws a ``LayoutError`` naming `sectionProvider(i)`, where UIKit
  /// raises "Invalid section definition".
  ///
  ///     let layout = CompositionalLayout { sectionIndex, environment in
  ///       let columns = environment.container.effectiveContentSize.width > 500 ? 4 : 2
  ///       let item = LayoutItem(layoutSize: LayoutSize(
  ///         widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
  ///       let group = LayoutGroup.horizontal(
  ///         layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
  ///         subitem: item, count: columns)
  ///       return LayoutSection(group: group)
  ///     }
  ///
  /// - Complexity: O(1).
  public init(
    sectionProvider: @escaping @Sendable (Int, LayoutEnvironment) -> LayoutSection?,
    configuration: CompositionalLayoutConfiguration = .init()
  ) {
    self.configuration = configuration
    self._source = .provider(sectionProvider)
  }

  /// A layout whose sections come from `sectionProvider`, with the
  /// configuration first so that the provider can be a trailing closure:
  /// `CompositionalLayout(configuration: configuration) { index, environment in ... }`.
  /// See ``init(sectionProvider:configuration:)``.
  ///
  /// - Complexity: O(1).
  public init(
    configuration: CompositionalLayoutConfiguration,
    sectionProvider: @escaping @Sendable (Int, LayoutEnvironment) -> LayoutSection?
  ) {
    self.init(sectionProvider: sectionProvider, configuration: configuration)
  }

  /// A layout whose every section is a list.
  ///
  /// - Complexity: O(1).
  public static func list(using configuration: ListConfiguration) -> CompositionalLayout {
    CompositionalLayout(section: .list(using: configuration))
  }

  /// The section descriptions, or `nil` for a layout with a section provider.
  ///
  /// - Complexity: O(1).
  public var sections: [LayoutSection]? {
    if case .sections(let s) = _source { return s }
    return nil
  }

  /// Where section `index` comes from, for error messages.
  func _sectionPath(_ index: Int) -> _Path {
    switch _source {
    case .sections(let s): return _Path.root.key("sections").index(min(index, s.count - 1))
    case .provider: return _Path.provider(index)
    }
  }

  /// The description of section `index`; `nil` when the section provider
  /// gives none.
  func _section(_ index: Int, _ environment: LayoutEnvironment) -> LayoutSection? {
    switch _source {
    case .sections(let s): return s[min(index, s.count - 1)]
    case .provider(let p): return p(index, environment)
    }
  }
}
