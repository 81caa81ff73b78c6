import CollectionLayout
import Foundation
import Testing

/// Documentation/Layout.md, "Golden cases": frames taken from real UIKit
/// output.
@Suite("Golden cases from UIKit")
struct GoldenTests {
  @Test("G1: a vertical list of 44-point rows stacks rows at 44·i")
  func g1() throws {
    let group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(44)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let layout = CompositionalLayout(section: LayoutSection(group: group))
    let solved = try layout.solve(context(375, 667), itemCounts: [94])
    #expect(solved.contentSize == CGSize(width: 375, height: 4136))
    let cells = solved.cells()
    #expect(cells.count == 94)
    for i in 0..<94 {
      #expect(cells[i] == rect(0, 44 * CGFloat(i), 375, 44))
      #expect(solved.layoutAttributesForItem(at: ip(0, i))?.frame == cells[i])
    }
  }

  @Test("G2: a five-column grid of squares a fifth of the width")
  func g2() throws {
    let group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)),
      subitems: [item(.fractionalWidth(0.2), .fractionalHeight(1))])
    let solved = try CompositionalLayout(section: LayoutSection(group: group))
      .solve(context(390, 844), itemCounts: [94])
    #expect(solved.contentSize == CGSize(width: 390, height: 1482))
    let cells = solved.cells()
    #expect(cells.count == 94)
    for i in 0..<94 {
      #expect(cells[i] == rect(78 * CGFloat(i % 5), 78 * CGFloat(i / 5), 78, 78))
      #expect(solved.layoutAttributesForItem(at: ip(0, i))?.frame == cells[i])
    }
  }

  static func restStop() -> CompositionalLayout {
    let group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(0.25)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    var section = LayoutSection(group: group)
    section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(44)), elementKind: "title-element-kind",
        alignment: .top)
    ]
    return CompositionalLayout(section: section)
  }

  @Test("G3: the rest-stop section scrolls orthogonally under its title header")
  func g3() throws {
    let solved = try Self.restStop().solve(context(390, 844), itemCounts: [6])
    #expect(solved.contentSize == CGSize(width: 390, height: 255))
    let header = solved.element(.supplementaryView, "title-element-kind")
    #expect(header.map(\.frame) == [rect(0, 0, 390, 44)])
    #expect(header.first?.indexPath == ip(0, 0))
    #expect(solved.cells() == (0..<6).map { rect(195 * CGFloat($0), 44, 195, 211) })
    let band = try #require(solved.orthogonalBand(forSection: 0))
    #expect(band.frame.width == 1170)
    #expect(band.frame == rect(0, 44, 1170, 211))
    #expect(band.restOffsets == [0, 195, 390, 585, 780])
  }

  @Test("G3 in the JSON form (Documentation/Layout.md) gives the same frames")
  func g3JSON() throws {
    let json = """
      {"configuration": {"scrollDirection": "vertical", "interSectionSpacing": 0},
       "sections": [{
         "group": {"horizontal": {
           "layoutSize": {"width": {"fractionalWidth": 0.5}, "height": {"fractionalHeight": 0.25}},
           "subitems": [{"item": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}}]}},
         "orthogonalScrollingBehavior": "continuousGroupLeadingBoundary",
         "interGroupSpacing": 0,
         "contentInsets": {"top": 0, "leading": 0, "bottom": 0, "trailing": 0},
         "boundarySupplementaryItems": [{"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
           "elementKind": "title-element-kind", "alignment": "top"}]}]}
      """
    let layout = try CompositionalLayout.decode(json: Data(json.utf8))
    let fromJSON = try layout.solve(context(390, 844), itemCounts: [6])
    let fromSwift = try Self.restStop().solve(context(390, 844), itemCounts: [6])
    #expect(fromJSON.allElements == fromSwift.allElements)
    #expect(layout.sections == Self.restStop().sections)
  }
}
