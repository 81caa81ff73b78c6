import CollectionLayout
import Foundation
import Testing

/// The examples of the DocC catalog (`CollectionLayout.md` and
/// `GettingStarted.md`), with their `// result` comments as expectations. The
/// README's layout example is `foodMenu()` solved as in `solveAndAsk()`.
@Suite("Documentation examples")
struct DocumentationExampleTests {
  @Test("the overview's grid")
  func overview() throws {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.2)),
      subitems: [item])
    let layout = CompositionalLayout(section: LayoutSection(group: row))

    let solved = try layout.solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [94])
    #expect(solved.contentSize == CGSize(width: 390, height: 1482))
    #expect(
      solved.layoutAttributesForItem(at: IndexPath(indexes: [0, 7]))?.frame
        == CGRect(x: 156, y: 78, width: 78, height: 78))
  }

  static func foodMenu() -> CompositionalLayout {
    let dish = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(0.25)),
      subitems: [dish])
    var menu = LayoutSection(group: group)
    menu.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    menu.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
        elementKind: "title-element-kind", alignment: .top)
    ]
    return CompositionalLayout(section: menu)
  }

  @Test("getting started: solve the food menu and ask for frames and its band")
  func solveAndAsk() throws {
    let solved = try Self.foodMenu().solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [6])
    #expect(solved.contentSize == CGSize(width: 390, height: 255))
    #expect(
      solved.layoutAttributesForSupplementaryElement(
        ofKind: "title-element-kind", at: IndexPath(indexes: [0, 0]))?.frame
        == CGRect(x: 0, y: 0, width: 390, height: 44))
    #expect(
      solved.layoutAttributesForItem(at: IndexPath(indexes: [0, 2]))?.frame
        == CGRect(x: 390, y: 44, width: 195, height: 211))
    #expect(
      solved.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)).count == 3
    )
    let band = try #require(solved.orthogonalBand(forSection: 0))
    #expect(band.frame == CGRect(x: 0, y: 44, width: 1170, height: 211))
    #expect(band.restOffsets == [0, 195, 390, 585, 780])
    #expect(band.restingOffset(near: 250) == 195)
  }

  @Test("getting started: self-sizing, then a changed preferred size")
  func selfSizing() throws {
    let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    var rows = try list.solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [100]
    ) { request in
      CGSize(width: request.proposedSize.width, height: request.item == 0 ? 80 : 44)
    }
    #expect(
      rows.layoutAttributesForItem(at: IndexPath(indexes: [0, 1]))?.frame
        == CGRect(x: 0, y: 80, width: 390, height: 44))
    rows.setPreferredSize(CGSize(width: 390, height: 60), forItemAt: IndexPath(indexes: [0, 1]))
    #expect(
      rows.layoutAttributesForItem(at: IndexPath(indexes: [0, 2]))?.frame
        == CGRect(x: 0, y: 140, width: 390, height: 44))
  }

  @Test("getting started: updating item counts")
  func updating() throws {
    var screen = try Self.foodMenu().solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [6])
    try screen.updateItemCounts([7])
    #expect(screen.orthogonalBand(forSection: 0)?.frame.width == 1365)
  }

  @Test("getting started: an invalid description names its JSON path")
  func invalid() throws {
    let tooWide = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
      subitems: [
        LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .absolute(500), heightDimension: .fractionalHeight(1)))
      ])
    #expect {
      _ = try CompositionalLayout(section: LayoutSection(group: tooWide))
        .solve(LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [1])
    } throws: { error in
      "\(error)"
        == "sections[0].group.horizontal: a horizontal group with width 390 cannot fit a single subitem"
    }
  }
}
