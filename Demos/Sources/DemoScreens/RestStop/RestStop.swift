import CollectionLayout
import Diffable
import Foundation

/// The data and the layout of the highway rest-stop screen: a food menu that
/// scrolls sideways, a grid of convenience goods and a list of the brands on
/// site, all in one snapshot whose items are type-erased
/// (``AnySendableHashable``: `AnyHashable` itself is not `Sendable`, which
/// snapshot identifiers must be).
public enum RestStop {
  /// The screen's sections, in order. A section encodes as its raw value.
  public enum Section: String, CaseIterable, Hashable, Sendable, Codable {
    case food
    case goods
    case brands

    /// The title shown in the section's header.
    public var title: String {
      switch self {
      case .food: return "Food menu"
      case .goods: return "Convenience store"
      case .brands: return "Brands on site"
      }
    }
  }

  /// A dish of the food court. It encodes as `{"dish": NAME, "price": P}`,
  /// so that no dish has the identifier of a good or a brand.
  public struct FoodMenuItem: Hashable, Sendable, Codable {
    public var name: String
    public var price: Int

    enum CodingKeys: String, CodingKey {
      case name = "dish"
      case price
    }
  }

  /// Something the convenience store sells. It encodes as
  /// `{"good": NAME}`.
  public struct ConvenienceGood: Hashable, Sendable, Codable {
    public var name: String

    enum CodingKeys: String, CodingKey {
      case name = "good"
    }
  }

  /// A brand with a counter at the rest stop. It encodes as
  /// `{"brand": NAME}`.
  public struct Brand: Hashable, Sendable, Codable {
    public var name: String

    enum CodingKeys: String, CodingKey {
      case name = "brand"
    }
  }

  /// The element kind of the section title headers.
  public static let titleElementKind = "title-element-kind"
  /// The element kind of the convenience store's background.
  public static let backgroundElementKind = "background"

  // MARK: - Data

  public static let food = [
    FoodMenuItem(name: "Cheeseburger", price: 9), FoodMenuItem(name: "Noodle soup", price: 8),
    FoodMenuItem(name: "Caesar salad", price: 7), FoodMenuItem(name: "Fish tacos", price: 10),
    FoodMenuItem(name: "Pancakes", price: 6), FoodMenuItem(name: "Apple pie", price: 4),
  ]

  public static let goods = [
    "Coffee", "Water", "Trail mix", "Sunglasses", "Charger", "Road atlas", "Gum", "Ice",
  ].map(ConvenienceGood.init)

  public static let brands = [
    "Starlite Coffee", "Pinewood Diner", "Route 9 Fuel", "Big Sky Burgers", "Cactus Cantina",
    "Nightowl Market",
  ].map(Brand.init)

  /// What each brand's counter offers, a line or two long: the browser
  /// shows it under the brand's name, in a cell that sizes itself.
  public static let brandDetails = [
    "Starlite Coffee": "Espresso, drip and cold brew to go",
    "Pinewood Diner": "Breakfast all day, pies baked every morning",
    "Route 9 Fuel": "Diesel, unleaded and air for your tyres",
    "Big Sky Burgers": "Grilled to order; ask for the secret sauce",
    "Cactus Cantina": "Burritos, nachos and fresh limeade by the gallon",
    "Nightowl Market": "Open all night: snacks, maps and phone chargers",
  ]

  /// The screen as the rest stop opens: every section, each with its items.
  public static func openingSnapshot() -> DiffableDataSourceSnapshot<Section, AnySendableHashable> {
    var snapshot = DiffableDataSourceSnapshot<Section, AnySendableHashable>()
    snapshot.appendSections(Section.allCases)
    snapshot.appendItems(food.map(AnySendableHashable.init), toSection: .food)
    snapshot.appendItems(goods.map(AnySendableHashable.init), toSection: .goods)
    snapshot.appendItems(brands.map(AnySendableHashable.init), toSection: .brands)
    return snapshot
  }

  /// The screen at lunch: a dish is added to the menu and the ice is sold
  /// out.
  public static func lunchSnapshot() -> DiffableDataSourceSnapshot<Section, AnySendableHashable> {
    var snapshot = openingSnapshot()
    snapshot.appendItems(
      [AnySendableHashable(FoodMenuItem(name: "Grilled cheese", price: 6))], toSection: .food)
    snapshot.deleteItems([AnySendableHashable(ConvenienceGood(name: "Ice"))])
    return snapshot
  }

  /// The secondary text of an item's cell: a brand's details; `nil` for
  /// dishes and goods.
  public static func detail(_ item: AnySendableHashable) -> String? {
    guard let brand = item.base as? Brand else { return nil }
    return brandDetails[brand.name]
  }

  /// The text shown on an item's box.
  public static func label(_ item: AnySendableHashable) -> String {
    if let dish = item.base as? FoodMenuItem { return "\(dish.name) $\(dish.price)" }
    if let good = item.base as? ConvenienceGood { return good.name }
    if let brand = item.base as? Brand { return brand.name }
    return "\(item.base)"
  }

  // MARK: - Layout

  /// The layout of the screen: each section of `sections` gets the layout
  /// of its kind, through a section provider.
  public static func layout(sections: [Section]) -> CompositionalLayout {
    CompositionalLayout(
      configuration: CompositionalLayoutConfiguration(interSectionSpacing: 12)
    ) { index, _ in
      layoutSection(for: sections[index])
    }
  }

  /// The layout of one kind of section, under a title header.
  public static func layoutSection(for section: Section) -> LayoutSection {
    let whole = LayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
    var result: LayoutSection
    switch section {
    case .food:
      // Golden case G3: groups half the width and a quarter of the height,
      // side by side in a band that scrolls sideways.
      let group = LayoutGroup.horizontal(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(0.25)),
        subitems: [LayoutItem(layoutSize: whole)])
      result = LayoutSection(group: group)
      result.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    case .goods:
      // Four squares a row, with a background behind the grid.
      var cell = LayoutItem(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
      cell.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
      let group = LayoutGroup.horizontal(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.25)),
        subitems: [cell])
      result = LayoutSection(group: group)
      result.decorationItems = [.background(elementKind: backgroundElementKind)]
    case .brands:
      // Rows of two, each as tall as its content (56 points until a
      // renderer measures it: the terminal keeps the estimate).
      let estimated = LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .estimated(56))
      let group = LayoutGroup.horizontal(
        layoutSize: estimated, subitem: .item(LayoutItem(layoutSize: estimated)), count: 2)
      result = LayoutSection(group: group)
    }
    result.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
        elementKind: titleElementKind, alignment: .top)
    ]
    return result
  }
}

/// The rest stop's screen driven through a data source: it opens with the
/// whole menu, and lunch changes the menu and the store in one apply.
///
/// Its item counts are all the layout needs: a renderer solves
/// ``RestStop/layout(sections:)`` for the counts the data source gives its
/// view.
public final class RestStopScreen {
  /// The data source that drives the view; items are type-erased dishes,
  /// goods and brands.
  public let dataSource: DiffableDataSource<RestStop.Section, AnySendableHashable>
  private let captions: (any StepCaptioning)?

  /// A screen shown in `view`.
  ///
  /// - Parameters:
  ///   - captions: Told what each change is about, before it is applied.
  ///   - cell: Makes an item's cell; ``RestStop/label(_:)`` is its text.
  public init<View: DiffableListView>(
    view: View, captions: (any StepCaptioning)? = nil,
    cell: @escaping (AnySendableHashable) -> View.Cell
  ) {
    self.captions = captions
    dataSource = DiffableDataSource(view: view) { _, _, item in cell(item) }
  }

  /// The layout of the screen's sections.
  public static var layout: CompositionalLayout {
    RestStop.layout(sections: RestStop.Section.allCases)
  }

  /// Shows the rest stop as it opens.
  public func open() async {
    captions?.caption = "The rest stop opens"
    await dataSource.apply(RestStop.openingSnapshot())
  }

  /// Lunch: a dish is added to the menu and the ice is sold out.
  public func lunch() async {
    captions?.caption = "Lunch: a dish is added, the ice is sold out"
    await dataSource.apply(RestStop.lunchSnapshot())
  }
}
