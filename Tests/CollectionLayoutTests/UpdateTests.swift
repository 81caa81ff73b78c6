@_spi(Testing) import CollectionLayout
import Foundation
import Testing

@Suite("Updates re-solve only what changed")
struct UpdateTests {
  static func mixed() -> CompositionalLayout {
    let fixed = LayoutSection(group: SectionRuleTests.row)
    let list = LayoutSection.list(using: ListConfiguration(appearance: .plain))
    return CompositionalLayout(sections: [fixed, list, fixed])
  }

  @Test("changing one fixed section's count solves no section again")
  func fixedCountChange() throws {
    var solved = try Self.mixed().solve(context(100, 800), itemCounts: [10, 5, 3])
    let before = solved._sectionSolveCount
    try solved.updateItemCounts([20, 5, 3])
    #expect(solved._sectionSolveCount == before)
    #expect(solved.cells(0).count == 20)
    #expect(solved.cells(1).first == rect(0, 1000, 100, 44))
    let fresh = try Self.mixed().solve(context(100, 800), itemCounts: [20, 5, 3])
    #expect(solved.allElements == fresh.allElements)
    #expect(solved.contentSize == fresh.contentSize)
  }

  @Test("changing a self-sizing section's count solves that section alone; new sections are solved")
  func selfSizingCountChange() throws {
    var solved = try Self.mixed().solve(context(100, 800), itemCounts: [10, 5, 3])
    let before = solved._sectionSolveCount
    try solved.updateItemCounts([10, 6, 3, 2])
    #expect(solved._sectionSolveCount == before + 2)
    let fresh = try Self.mixed().solve(context(100, 800), itemCounts: [10, 6, 3, 2])
    #expect(solved.allElements == fresh.allElements)
    try solved.updateItemCounts([10])
    #expect(solved.numberOfSections == 1)
    #expect(solved.contentSize.height == 500)
  }

  @Test("a new preferred size re-solves only the group holding the item and moves later ones")
  func preferredSize() throws {
    let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    var solved = try list.solve(context(100, 800), itemCounts: [1000])
    let groups = solved._groupSolveCount
    solved.setPreferredSize(CGSize(width: 0, height: 100), forItemAt: ip(0, 500))
    #expect(solved._groupSolveCount == groups + 1)
    #expect(solved.layoutAttributesForItem(at: ip(0, 499))?.frame == rect(0, 499 * 44, 100, 44))
    #expect(solved.layoutAttributesForItem(at: ip(0, 500))?.frame == rect(0, 500 * 44, 100, 100))
    #expect(
      solved.layoutAttributesForItem(at: ip(0, 501))?.frame == rect(0, 500 * 44 + 100, 100, 44))
    #expect(
      solved.contentSize.height == CGFloat(999 * 44 + 100),
      "\(solved.contentSize.height - CGFloat(999 * 44 + 100))")
    let fresh = try list.solve(context(100, 800), itemCounts: [1000]) { r in
      r.item == 500 ? CGSize(width: 0, height: 100) : nil
    }
    #expect(solved.allElements == fresh.allElements)
  }

  @Test("a preferred size that changes how many items a group holds re-solves the later groups")
  func preferredSizeReflows() throws {
    // A tag cloud: items of estimated width fill rows of 100 points.
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(20)),
      subitems: [item(.estimated(30), .fractionalHeight(1))])
    let layout = CompositionalLayout(section: LayoutSection(group: g))
    var solved = try layout.solve(context(100, 800), itemCounts: [7])
    #expect(solved.cells().map(\.minY) == [0, 0, 0, 20, 20, 20, 40])
    solved.setPreferredSize(CGSize(width: 80, height: 0), forItemAt: ip(0, 1))
    #expect(solved.cells().map(\.minY) == [0, 20, 40, 40, 40, 60, 60])
    let fresh = try layout.solve(context(100, 800), itemCounts: [7]) {
      $0.item == 1 ? CGSize(width: 80, height: 0) : nil
    }
    #expect(solved.allElements == fresh.allElements)
  }

  @Test("a header's preferred size moves the content after it")
  func preferredHeaderSize() throws {
    let list = CompositionalLayout.list(
      using: ListConfiguration(appearance: .plain, headerMode: .supplementary))
    var solved = try list.solve(context(100, 800), itemCounts: [2, 2])
    solved.setPreferredSize(
      CGSize(width: 0, height: 50),
      forSupplementaryElementOfKind: ListConfiguration.headerElementKind, at: ip(0, 0))
    #expect(solved.cells(0).first == rect(0, 50, 100, 44))
    #expect(solved.cells(1).first == rect(0, 50 + 88 + 28, 100, 44))
  }
}
