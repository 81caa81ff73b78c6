public import CollectionLayout
import Foundation

/// A layout description written as Swift code that builds it: a
/// `createLayout()` function, with one function for each section, in
/// `CollectionLayout`'s names or in UIKit's.
///
/// The UIKit code is the `CollectionLayout` code with UIKit's type names
/// (`NSCollectionLayoutItem`, `UICollectionViewCompositionalLayout`, ...):
/// renaming its types back, as the porting article's table says
/// (CollectionLayout.docc, "Porting a UIKit layout"), gives code that
/// compiles against `CollectionLayout`. Values changed after they are made
/// are declared with `var`, which `CollectionLayout`'s structs need (UIKit
/// warns that its objects are never mutated).
///
/// What UIKit has no API for is written all the same, after a comment that
/// says so: a list's `metrics`, a group's `supplementaryItems`, a custom
/// group's frames (`NSCollectionLayoutGroupCustomItem`s in UIKit).
public enum PlaygroundSwiftCode {
  /// Whose names the code uses.
  public enum Names: String, Sendable, CaseIterable {
    /// `CollectionLayout`'s: `LayoutItem`, `CompositionalLayout`, ...
    case collectionLayout
    /// UIKit's: `NSCollectionLayoutItem`, `UICollectionViewCompositionalLayout`, ...
    case uiKit
  }

  /// The code of a layout of `sections` (the last repeating for further
  /// sections, as in `CompositionalLayout(sections:configuration:)`) and
  /// `configuration`, in the names `names` says.
  ///
  /// - Precondition: `sections` is not empty, and no section has a
  ///   visible-items handler nor a group with a closure item provider (a
  ///   layout decoded from JSON has neither).
  /// - Complexity: O(*n*) in the size of the description.
  public static func code(
    sections: [LayoutSection], configuration: CompositionalLayoutConfiguration, names: Names
  ) -> String {
    guard !sections.isEmpty else {
      preconditionFailure("PlaygroundSwiftCode.code(sections:configuration:names:): no sections")
    }
    var writer = Writer(names: names)
    return writer.layout(sections: sections, configuration: configuration)
  }

  /// The code of `layout`, or `nil` for a layout made by a section
  /// provider, which has no description to write. A layout by width is
  /// written as a section provider that reads the container's width.
  public static func code(_ layout: CompositionalLayout, names: Names) -> String? {
    if let classes = layout.sectionsByWidth {
      var writer = Writer(names: names)
      return writer.layout(
        classes: classes.map { ($0.minimumWidth, $0.sections) }, configuration: layout.configuration
      )
    }
    return layout.sections.map {
      code(sections: $0, configuration: layout.configuration, names: names)
    }
  }

  /// The type names of each kind of code, `CollectionLayout`'s first.
  static let typeNames: [(collectionLayout: String, uiKit: String)] = [
    ("CompositionalLayoutConfiguration", "UICollectionViewCompositionalLayoutConfiguration"),
    ("CompositionalLayout", "UICollectionViewCompositionalLayout"),
    ("LayoutDimension", "NSCollectionLayoutDimension"),
    ("LayoutSize", "NSCollectionLayoutSize"),
    ("LayoutItem", "NSCollectionLayoutItem"),
    ("LayoutGroup", "NSCollectionLayoutGroup"),
    ("LayoutSection", "NSCollectionLayoutSection"),
    ("LayoutSpacing", "NSCollectionLayoutSpacing"),
    ("LayoutEdgeSpacing", "NSCollectionLayoutEdgeSpacing"),
    ("LayoutAnchor", "NSCollectionLayoutAnchor"),
    ("LayoutSupplementaryItem", "NSCollectionLayoutSupplementaryItem"),
    ("LayoutBoundarySupplementaryItem", "NSCollectionLayoutBoundarySupplementaryItem"),
    ("LayoutDecorationItem", "NSCollectionLayoutDecorationItem"),
    ("LayoutEnvironment", "NSCollectionLayoutEnvironment"),
    ("DirectionalEdgeInsets", "NSDirectionalEdgeInsets"),
    ("ListConfiguration", "UICollectionLayoutListConfiguration"),
    ("ContentInsetsReference", "UIContentInsetsReference"),
  ]

  /// Writes the code, naming each value it declares once.
  struct Writer {
    let names: Names
    var lines: [String] = []
    /// How many values of each kind the section being written declared.
    var declared: [String: Int] = [:]

    init(names: Names) { self.names = names }

    /// A type's name in the code's names.
    func type(_ name: String) -> String {
      guard names == .uiKit else { return name }
      return PlaygroundSwiftCode.typeNames.first { $0.collectionLayout == name }?.uiKit ?? name
    }

    /// A new name for a value of `kind`: `item`, `item2`, `item3`, ...
    mutating func name(_ kind: String) -> String {
      let count = declared[kind, default: 0] + 1
      declared[kind] = count
      return count == 1 ? kind : "\(kind)\(count)"
    }

    /// A line at `indent` levels of two spaces.
    mutating func line(_ text: String, indent: Int = 1) {
      lines.append(String(repeating: "  ", count: indent) + text)
    }

    /// Declares `expression` as a new value named for `kind`, with `var`
    /// when `assignments` change it after, and writes them.
    mutating func declare(_ kind: String, _ expression: String, assignments: [String]) -> String {
      let name = name(kind)
      line("\(assignments.isEmpty ? "let" : "var") \(name) = \(expression)")
      for assignment in assignments { line("\(name).\(assignment)") }
      return name
    }

    mutating func layout(
      sections: [LayoutSection], configuration: CompositionalLayoutConfiguration
    ) -> String {
      layout(classes: [(0, sections)], configuration: configuration)
    }

    /// The code of a layout whose sections are those of the last class
    /// whose minimum width the container's effective content width
    /// reaches: one class is a plain layout.
    mutating func layout(
      classes: [(minimumWidth: CGFloat, sections: [LayoutSection])],
      configuration: CompositionalLayoutConfiguration
    ) -> String {
      let header = [names == .uiKit ? "import UIKit" : "import CollectionLayout"]
      let layoutType = names == .uiKit ? "UICollectionViewLayout" : "CompositionalLayout"
      var functions: [String] = []
      var calls: [[String]] = []
      for (k, widthClass) in classes.enumerated() {
        calls.append([])
        for (index, section) in widthClass.sections.enumerated() {
          let isList = section.isPlaygroundList
          let function =
            k == 0
            ? "makeSection\(index)" : "makeSection\(index)From\(number(widthClass.minimumWidth))"
          functions.append(self.section(section, named: function))
          calls[k].append(isList ? "\(function)(layoutEnvironment)" : "\(function)()")
        }
      }
      lines = []
      declared = [:]
      let configurationName = self.configuration(configuration)
      let configured = configurationName.map { ", configuration: \($0)" } ?? ""
      let only = classes[0].sections
      if classes.count == 1, only.count == 1, !only[0].isPlaygroundList {
        line("return \(type("CompositionalLayout"))(section: \(calls[0][0])\(configured))")
      } else {
        line(
          "return \(type("CompositionalLayout"))(sectionProvider: { sectionIndex, layoutEnvironment in"
        )
        if classes.count > 1 {
          line("let width = layoutEnvironment.container.effectiveContentSize.width", indent: 2)
        }
        for k in classes.indices.reversed() {
          let indent = k == 0 ? 2 : 3
          if k > 0 { line("if width >= \(number(classes[k].minimumWidth)) {", indent: 2) }
          if calls[k].count == 1 {
            line("return \(calls[k][0])", indent: indent)
          } else {
            line("switch sectionIndex {", indent: indent)
            for (index, call) in calls[k].enumerated().dropLast() {
              line("case \(index): return \(call)", indent: indent)
            }
            line("default: return \(calls[k][calls[k].count - 1])", indent: indent)
            line("}", indent: indent)
          }
          if k > 0 { line("}", indent: 2) }
        }
        line("}\(configured))")
      }
      let create =
        ["/// The layout.", "func createLayout() -> \(layoutType) {"] + lines + ["}"]
      return (header + [create.joined(separator: "\n")] + functions).joined(separator: "\n\n")
        + "\n"
    }

    /// Declares the configuration if it is not the default one; returns its
    /// name.
    mutating func configuration(_ configuration: CompositionalLayoutConfiguration) -> String? {
      let standard = CompositionalLayoutConfiguration()
      var assignments: [String] = []
      if configuration.scrollDirection != standard.scrollDirection {
        assignments.append("scrollDirection = .\(configuration.scrollDirection.rawValue)")
      }
      if configuration.interSectionSpacing != standard.interSectionSpacing {
        assignments.append("interSectionSpacing = \(number(configuration.interSectionSpacing))")
      }
      if configuration.contentInsetsReference != standard.contentInsetsReference {
        assignments.append(
          "contentInsetsReference = \(reference(configuration.contentInsetsReference))")
      }
      let boundaries = configuration.boundarySupplementaryItems.map { boundary($0) }
      if !boundaries.isEmpty {
        assignments.append("boundarySupplementaryItems = [\(boundaries.joined(separator: ", "))]")
      }
      guard !assignments.isEmpty else { return nil }
      return declare(
        "configuration", "\(type("CompositionalLayoutConfiguration"))()", assignments: assignments)
    }

    /// The function named `function` that makes `section`.
    mutating func section(_ section: LayoutSection, named function: String) -> String {
      lines = []
      declared = [:]
      let sectionType = type("LayoutSection")
      if let list = section.playgroundList {
        let name = self.list(list)
        line(
          "return \(sectionType).list(using: \(name), layoutEnvironment: layoutEnvironment)")
        return
          ([
            "/// Section \(Self.sectionWords(function)): a list.",
            "func \(function)(_ layoutEnvironment: \(type("LayoutEnvironment"))) -> \(sectionType) {",
          ] + lines + ["}"]).joined(separator: "\n")
      }
      let group = self.group(section.group)
      var assignments: [String] = []
      if section.contentInsets != .zero {
        assignments.append("contentInsets = \(insets(section.contentInsets))")
      }
      if section.interGroupSpacing != 0 {
        assignments.append("interGroupSpacing = \(number(section.interGroupSpacing))")
      }
      if section.orthogonalScrollingBehavior != .none {
        assignments.append(
          "orthogonalScrollingBehavior = .\(section.orthogonalScrollingBehavior.rawValue)")
      }
      let boundaries = section.boundarySupplementaryItems.map { boundary($0) }
      if !boundaries.isEmpty {
        assignments.append("boundarySupplementaryItems = [\(boundaries.joined(separator: ", "))]")
      }
      let decorations = section.decorationItems.map { decoration($0) }
      if !decorations.isEmpty {
        assignments.append("decorationItems = [\(decorations.joined(separator: ", "))]")
      }
      if let reference = section.contentInsetsReference {
        assignments.append("contentInsetsReference = \(self.reference(reference))")
      }
      if !section.supplementariesFollowContentInsets {
        assignments.append("supplementariesFollowContentInsets = false")
      }
      let name = declare("section", "\(sectionType)(group: \(group))", assignments: assignments)
      line("return \(name)")
      return
        ([
          "/// Section \(Self.sectionWords(function)).",
          "func \(function)() -> \(sectionType) {",
        ] + lines + ["}"]).joined(separator: "\n")
    }

    /// Declares a list configuration; returns its name.
    mutating func list(_ list: ListConfiguration) -> String {
      let listType = type("ListConfiguration")
      var assignments: [String] = []
      if list.headerMode != .none {
        assignments.append("headerMode = .\(list.headerMode.rawValue)")
      }
      if list.footerMode != .none {
        assignments.append("footerMode = .\(list.footerMode.rawValue)")
      }
      if list.metrics != .standard(for: list.appearance) {
        if names == .uiKit {
          line("// CollectionLayout only: UIKit's list configuration has no metrics.")
        }
        let m = list.metrics
        let indent = "\n    "
        assignments.append(
          "metrics = \(listType).Metrics(\(indent)rowEstimatedHeight: \(number(m.rowEstimatedHeight)), "
            + "headerEstimatedHeight: \(number(m.headerEstimatedHeight)),\(indent)"
            + "footerEstimatedHeight: \(number(m.footerEstimatedHeight)), "
            + "horizontalInset: \(m.horizontalInset.map(number) ?? "nil"),\(indent)"
            + "sectionTopPadding: \(number(m.sectionTopPadding)), "
            + "sectionBottomPadding: \(number(m.sectionBottomPadding)),\(indent)"
            + "pinsHeadersAndFooters: \(m.pinsHeadersAndFooters))")
      }
      return declare(
        "list", "\(listType)(appearance: .\(list.appearance.rawValue))", assignments: assignments)
    }

    /// Declares `group` and what it holds; returns its name.
    mutating func group(_ group: LayoutGroup) -> String {
      let groupType = type("LayoutGroup")
      let size = self.size(group.layoutSize)
      let expression: String
      switch group.arrangement {
      case .custom:
        let frames = (group.customItemProvider?.frames ?? []).map { frame in
          "CGRect(x: \(number(frame.minX)), y: \(number(frame.minY)), "
            + "width: \(number(frame.width)), height: \(number(frame.height)))"
        }
        if names == .uiKit {
          line("// UIKit: each frame is an NSCollectionLayoutGroupCustomItem(frame:).")
        }
        expression =
          "\(groupType).custom(layoutSize: \(size)) { _ in [\(frames.joined(separator: ", "))] }"
      case .horizontal, .vertical:
        let subitems = group.subitems.map { subitem in
          switch subitem {
          case .item(let item): return self.item(item)
          case .group(let inner): return self.group(inner)
          }
        }
        let arrangement = group.arrangement.rawValue
        switch group.repetition {
        case .fill:
          expression =
            "\(groupType).\(arrangement)(layoutSize: \(size), "
            + "subitems: [\(subitems.joined(separator: ", "))])"
        case .count(let count):
          expression =
            "\(groupType).\(arrangement)(layoutSize: \(size), subitem: \(subitems[0]), "
            + "count: \(count))"
        case .repeating(let count):
          expression =
            "\(groupType).\(arrangement)(layoutSize: \(size), "
            + "repeatingSubitem: \(subitems[0]), count: \(count))"
        }
      }
      var assignments: [String] = []
      if let spacing = group.interItemSpacing {
        assignments.append("interItemSpacing = \(self.spacing(spacing))")
      }
      assignments += common(
        contentInsets: group.contentInsets, edgeSpacing: group.edgeSpacing)
      let supplementaries = group.supplementaryItems.map { supplementary($0) }
      if !supplementaries.isEmpty {
        if names == .uiKit {
          line("// CollectionLayout only: UIKit sets no supplementary items on a group.")
        }
        assignments.append("supplementaryItems = [\(supplementaries.joined(separator: ", "))]")
      }
      return declare("group", expression, assignments: assignments)
    }

    /// Declares `item`; returns its name.
    mutating func item(_ item: LayoutItem) -> String {
      let supplementaries = item.supplementaryItems.map { supplementary($0) }
      let expression =
        supplementaries.isEmpty
        ? "\(type("LayoutItem"))(layoutSize: \(size(item.layoutSize)))"
        : "\(type("LayoutItem"))(layoutSize: \(size(item.layoutSize)), "
          + "supplementaryItems: [\(supplementaries.joined(separator: ", "))])"
      return declare(
        "item", expression,
        assignments: common(contentInsets: item.contentInsets, edgeSpacing: item.edgeSpacing))
    }

    /// The assignments of insets and edge spacing that are not the default.
    func common(contentInsets: DirectionalEdgeInsets, edgeSpacing: LayoutEdgeSpacing?) -> [String] {
      var assignments: [String] = []
      if contentInsets != .zero { assignments.append("contentInsets = \(insets(contentInsets))") }
      if let edgeSpacing {
        let edges = [
          ("leading", edgeSpacing.leading), ("top", edgeSpacing.top),
          ("trailing", edgeSpacing.trailing), ("bottom", edgeSpacing.bottom),
        ].map { "\($0.0): \($0.1.map(spacing) ?? "nil")" }
        assignments.append(
          "edgeSpacing = \(type("LayoutEdgeSpacing"))(\(edges.joined(separator: ", ")))")
      }
      return assignments
    }

    /// Declares a supplementary item; returns its name.
    mutating func supplementary(_ item: LayoutSupplementaryItem) -> String {
      let itemAnchor = item.itemAnchor.map { ", itemAnchor: \(anchor($0))" } ?? ""
      return declare(
        "supplementary",
        "\(type("LayoutSupplementaryItem"))(layoutSize: \(size(item.layoutSize)), "
          + "elementKind: \(string(item.elementKind)), "
          + "containerAnchor: \(anchor(item.containerAnchor))\(itemAnchor))",
        assignments: item.zIndex == 1 ? [] : ["zIndex = \(item.zIndex)"])
    }

    /// Declares a boundary supplementary item; returns its name.
    mutating func boundary(_ item: LayoutBoundarySupplementaryItem) -> String {
      let offset =
        item.absoluteOffset == .zero
        ? ""
        : ", absoluteOffset: CGPoint(x: \(number(item.absoluteOffset.x)), "
          + "y: \(number(item.absoluteOffset.y)))"
      var assignments: [String] = []
      if !item.extendsBoundary { assignments.append("extendsBoundary = false") }
      if item.pinToVisibleBounds { assignments.append("pinToVisibleBounds = true") }
      if item.zIndex != 1 { assignments.append("zIndex = \(item.zIndex)") }
      return declare(
        "boundary",
        "\(type("LayoutBoundarySupplementaryItem"))(layoutSize: \(size(item.layoutSize)), "
          + "elementKind: \(string(item.elementKind)), alignment: .\(item.alignment.rawValue)"
          + "\(offset))", assignments: assignments)
    }

    /// Declares a decoration item; returns its name.
    mutating func decoration(_ item: LayoutDecorationItem) -> String {
      var assignments: [String] = []
      if item.contentInsets != .zero {
        assignments.append("contentInsets = \(insets(item.contentInsets))")
      }
      if item.zIndex != 0 { assignments.append("zIndex = \(item.zIndex)") }
      return declare(
        "decoration",
        "\(type("LayoutDecorationItem")).background(elementKind: \(string(item.elementKind)))",
        assignments: assignments)
    }

    func anchor(_ anchor: LayoutAnchor) -> String {
      let edges = [
        ("top", DirectionalRectEdge.top), ("leading", .leading), ("bottom", .bottom),
        ("trailing", .trailing),
      ].filter { anchor.edges.contains($0.1) }.map { "." + $0.0 }
      let written = "[\(edges.joined(separator: ", "))]"
      switch anchor.offset {
      case .absolute(let point) where point == .zero:
        return "\(type("LayoutAnchor"))(edges: \(written))"
      case .absolute(let point):
        return "\(type("LayoutAnchor"))(edges: \(written), absoluteOffset: \(self.point(point)))"
      case .fractional(let point):
        return "\(type("LayoutAnchor"))(edges: \(written), fractionalOffset: \(self.point(point)))"
      }
    }

    func point(_ point: CGPoint) -> String {
      "CGPoint(x: \(number(point.x)), y: \(number(point.y)))"
    }

    func size(_ size: LayoutSize) -> String {
      "\(type("LayoutSize"))(widthDimension: \(dimension(size.widthDimension)), "
        + "heightDimension: \(dimension(size.heightDimension)))"
    }

    func dimension(_ dimension: LayoutDimension) -> String {
      switch dimension {
      case .fractionalWidth(let value): ".fractionalWidth(\(number(value)))"
      case .fractionalHeight(let value): ".fractionalHeight(\(number(value)))"
      case .absolute(let value): ".absolute(\(number(value)))"
      case .estimated(let value): ".estimated(\(number(value)))"
      case .uniformAcrossSiblings(let value): ".uniformAcrossSiblings(estimate: \(number(value)))"
      }
    }

    func spacing(_ spacing: LayoutSpacing) -> String {
      spacing.isFlexibleSpacing
        ? ".flexible(\(number(spacing.spacing)))" : ".fixed(\(number(spacing.spacing)))"
    }

    func insets(_ insets: DirectionalEdgeInsets) -> String {
      "\(type("DirectionalEdgeInsets"))(top: \(number(insets.top)), "
        + "leading: \(number(insets.leading)), bottom: \(number(insets.bottom)), "
        + "trailing: \(number(insets.trailing)))"
    }

    /// A reference named with its type: `.none` alone would be read as an
    /// optional's `nil`.
    func reference(_ reference: ContentInsetsReference) -> String {
      "\(type("ContentInsetsReference")).\(reference.rawValue)"
    }

    /// The section a function makes, in words: `makeSection0From600` is
    /// section `0, from 600 points wide`.
    static func sectionWords(_ function: String) -> String {
      let name = function.dropFirst("makeSection".count)
      guard let from = name.range(of: "From") else { return String(name) }
      return "\(name[..<from.lowerBound]), from \(name[from.upperBound...]) points wide"
    }

    /// A number as a Swift literal that reads back as the same value.
    func number(_ value: CGFloat) -> String {
      let double = Double(value)
      if double == double.rounded(), abs(double) < 1e15 { return String(Int(double)) }
      return "\(double)"
    }

    /// A string as a Swift literal.
    func string(_ text: String) -> String { String(reflecting: text) }
  }
}

extension LayoutSection {
  /// Whether the section is a list (`{"list": ...}`) as its JSON form says.
  var isPlaygroundList: Bool { playgroundList != nil }

  /// The list configuration of a section made by `list(using:)` and left
  /// as it was made, as the JSON form writes it; `nil` for any other.
  var playgroundList: ListConfiguration? {
    guard let json = try? JSONEncoder().encode(self),
      let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      object.count == 1, let list = object["list"],
      let data = try? JSONSerialization.data(withJSONObject: list)
    else { return nil }
    return try? JSONDecoder().decode(ListConfiguration.self, from: data)
  }
}
