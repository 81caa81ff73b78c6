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
    case byWidth([WidthClass])
    case provider(@Sendable (Int, LayoutEnvironment) -> LayoutSection?)
  }

  /// The sections a layout has from a width of its container on: one entry
  /// of ``init(sectionsByWidth:configuration:)``, the section provider by
  /// width that has a JSON form.
  public struct WidthClass: Sendable, Hashable {
    /// The narrowest effective content width, in points, at which these
    /// sections are used.
    public var minimumWidth: CGFloat
    /// The sections: section *i* is `sections[i]`, the last repeating.
    public var sections: [LayoutSection]

    /// Sections used from `minimumWidth` on.
    public init(minimumWidth: CGFloat, sections: [LayoutSection]) {
      self.minimumWidth = minimumWidth
      self.sections = sections
    }
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

  /// A layout whose sections depend on the width of its container, as a
  /// section provider that reads `environment.container.effectiveContentSize.width`
  /// would, but with a JSON form: the sections of the last class whose
  /// ``WidthClass/minimumWidth`` is at most that width.
  ///
  ///     let layout = CompositionalLayout(sectionsByWidth: [
  ///       .init(minimumWidth: 0, sections: [LayoutSection.list(using: .init(appearance: .plain))]),
  ///       .init(minimumWidth: 600, sections: [gridSection]),
  ///     ])
  ///
  /// - Precondition: `classes` is not empty, the first's minimum width is 0,
  ///   the minimum widths increase, and no class's sections are empty.
  /// - Complexity: O(*c*), where *c* is the number of classes.
  public init(
    sectionsByWidth classes: [WidthClass], configuration: CompositionalLayoutConfiguration = .init()
  ) {
    if let problem = Self._problem(ofWidthClasses: classes) {
      _layoutFailure("CompositionalLayout(sectionsByWidth:configuration:)", problem)
    }
    self.configuration = configuration
    self._source = .byWidth(classes)
  }

  /// What is wrong with `classes` as the sections of a layout by width, if
  /// anything.
  static func _problem(ofWidthClasses classes: [WidthClass]) -> String? {
    guard let first = classes.first else { return "there must be at least one width class" }
    guard first.minimumWidth == 0 else {
      return "the first width class must start at minimumWidth 0, not \(first.minimumWidth)"
    }
    for (k, widthClass) in classes.enumerated() {
      if widthClass.sections.isEmpty { return "width class \(k) has no sections" }
      if k > 0, !(widthClass.minimumWidth > classes[k - 1].minimumWidth) {
        return "width class \(k)'s minimumWidth \(widthClass.minimumWidth) is not above "
          + "the previous one's, \(classes[k - 1].minimumWidth)"
      }
    }
    return nil
  }

  /// The width classes, or `nil` for a layout that is not by width.
  ///
  /// - Complexity: O(1).
  public var sectionsByWidth: [WidthClass]? {
    if case .byWidth(let classes) = _source { return classes }
    return nil
  }

  /// The index of the width class used in `environment`.
  static func _widthClass(_ classes: [WidthClass], _ environment: LayoutEnvironment) -> Int {
    _widthClass(classes, width: environment.container.effectiveContentSize.width)
  }

  /// The index of the last class whose minimum width `width` reaches.
  static func _widthClass(_ classes: [WidthClass], width: CGFloat) -> Int {
    classes.lastIndex { $0.minimumWidth <= width } ?? 0
  }

  /// The section descriptions used at a container's effective content
  /// `width`: ``sections``, or those of the width class `width` reaches;
  /// `nil` for a layout with a section provider.
  ///
  /// - Complexity: O(*c*), where *c* is the number of width classes.
  public func sections(forWidth width: CGFloat) -> [LayoutSection]? {
    switch _source {
    case .sections(let sections): return sections
    case .byWidth(let classes): return classes[Self._widthClass(classes, width: width)].sections
    case .provider: return nil
    }
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

  /// Where section `index` comes from in `environment`, for error messages.
  func _sectionPath(_ index: Int, _ environment: LayoutEnvironment) -> _Path {
    switch _source {
    case .sections(let s): return _Path.root.key("sections").index(min(index, s.count - 1))
    case .byWidth(let classes):
      let k = Self._widthClass(classes, environment)
      return _Path.root.key("sectionsByWidth").index(k).key("sections")
        .index(min(index, classes[k].sections.count - 1))
    case .provider: return _Path.provider(index)
    }
  }

  /// The description of section `index`; `nil` when the section provider
  /// gives none.
  func _section(_ index: Int, _ environment: LayoutEnvironment) -> LayoutSection? {
    switch _source {
    case .sections(let s): return s[min(index, s.count - 1)]
    case .byWidth(let classes):
      let s = classes[Self._widthClass(classes, environment)].sections
      return s[min(index, s.count - 1)]
    case .provider(let p): return p(index, environment)
    }
  }
}
