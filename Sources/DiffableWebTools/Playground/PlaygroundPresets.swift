public import CollectionLayout
import Foundation

/// A layout the playground starts from: its JSON form, as `diffable
/// layout` reads it, and the item count of each section.
public struct PlaygroundPreset: Sendable, Hashable {
  /// The preset's name: the value of its option in the page's `preset`
  /// menu.
  public let name: String
  /// What the menu says of it.
  public let title: String
  /// The layout's JSON form, pretty-printed with sorted keys.
  public let json: String
  /// The item count of each section.
  public let itemCounts: [Int]

  /// The preset named `name`, of `layout`, shown with `itemCounts` items.
  ///
  /// - Precondition: `layout` has a JSON form (no section provider, no
  ///   closure).
  public init(name: String, title: String, layout: CompositionalLayout, itemCounts: [Int]) {
    self.name = name
    self.title = title
    self.itemCounts = itemCounts
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      json = String(decoding: try encoder.encode(layout), as: UTF8.self)
    } catch {
      preconditionFailure("PlaygroundPreset(name: \(name.debugDescription)): \(error)")
    }
  }

  /// The presets every playground has, in its menu's order: a grid, nested
  /// groups, a band of each orthogonal scrolling behaviour, a list of each
  /// appearance, sections by width. An app puts its own before them.
  public static let standard: [PlaygroundPreset] =
    [grid, nestedGroups] + orthogonal + lists + [byWidth]

  /// Three square cells a row, inset by 4 points.
  static let grid: PlaygroundPreset = {
    var item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
    item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)),
      subitems: [item])
    var section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    return PlaygroundPreset(
      name: "grid", title: "Grid", layout: CompositionalLayout(section: section),
      itemCounts: [24])
  }()

  /// A wide item beside a column of two: a group inside a group.
  static let nestedGroups: PlaygroundPreset = {
    let leading = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.7), heightDimension: .fractionalHeight(1)))
    var trailing = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
    trailing.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    let column = LayoutGroup.vertical(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1)),
      subitem: trailing, count: 2)
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
      subitems: [leading, column])
    return PlaygroundPreset(
      name: "nested", title: "Nested groups",
      layout: CompositionalLayout(section: LayoutSection(group: row)), itemCounts: [12])
  }()

  /// A band that scrolls sideways and comes to rest as `behavior` says,
  /// above a list of rows, for each behaviour but `none`.
  static let orthogonal: [PlaygroundPreset] = OrthogonalScrollingBehavior.allCases
    .filter { $0 != .none }.map { behavior in
      var card = LayoutItem(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
      card.contentInsets = DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 4)
      var band = LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(160)),
          subitems: [card]))
      band.orthogonalScrollingBehavior = behavior
      band.contentInsets = DirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)
      let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
      let rows = LayoutSection(
        group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
      return PlaygroundPreset(
        name: "orthogonal-\(behavior.rawValue)", title: "Band: \(behavior.rawValue)",
        layout: CompositionalLayout(sections: [band, rows]), itemCounts: [8, 6])
    }

  /// Sections by width, a section provider with a JSON form: a list of
  /// rows on a phone, two columns of cards from 600 points, four from 1,000
  /// (switch the device to see each).
  static let byWidth: PlaygroundPreset = {
    func cards(_ columns: Int) -> LayoutSection {
      var card = LayoutItem(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1.0 / CGFloat(columns)),
          heightDimension: .fractionalHeight(1)))
      card.contentInsets = DirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
      var section = LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
          subitems: [card]))
      section.contentInsets = DirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
      return section
    }
    let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
    let rows = LayoutSection(
      group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
    return PlaygroundPreset(
      name: "by-width", title: "Sections by width",
      layout: CompositionalLayout(sectionsByWidth: [
        .init(minimumWidth: 0, sections: [rows]), .init(minimumWidth: 600, sections: [cards(2)]),
        .init(minimumWidth: 1_000, sections: [cards(4)]),
      ]),
      itemCounts: [12])
  }()

  /// A list of each appearance, with a header above each section.
  static let lists: [PlaygroundPreset] = ListConfiguration.Appearance.allCases.map { appearance in
    PlaygroundPreset(
      name: "list-\(appearance.rawValue)", title: "List: \(appearance.rawValue)",
      layout: .list(using: ListConfiguration(appearance: appearance, headerMode: .supplementary)),
      itemCounts: [4, 3])
  }
}
