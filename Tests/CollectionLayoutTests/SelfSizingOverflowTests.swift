@_spi(Testing) import CollectionLayout
import Foundation
import Testing

@Suite("Self-sizing beyond the group")
struct SelfSizingOverflowTests {
  static func tags() -> CompositionalLayout {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(20)),
      subitems: [item(.estimated(30), .fractionalHeight(1))])
    return CompositionalLayout(section: LayoutSection(group: g))
  }

  @Test(
    "an item that self-sizes wider than its group takes a group of its own, clamped to the group")
  func overflowingItemStandsAlone() throws {
    let solved = try Self.tags().solve(context(100, 800), itemCounts: [3]) { r in
      CGSize(width: r.item == 1 ? 150 : 40, height: 0)
    }
    #expect(solved.cells() == [rect(0, 0, 40, 20), rect(0, 20, 100, 20), rect(0, 40, 40, 20)])
  }

  @Test("estimates that cannot fit are still a description error")
  func estimatesMustFit() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(20)),
      subitems: [item(.estimated(300), .fractionalHeight(1))])
    #expect(throws: LayoutError.self) {
      try CompositionalLayout(section: LayoutSection(group: g)).solve(
        context(100, 800), itemCounts: [1])
    }
  }

  @Test("a preferred size that makes the last group hold fewer items moves the rest to a new group")
  func lastGroupOverflowsIntoANewOne() throws {
    var solved = try Self.tags().solve(context(100, 800), itemCounts: [3])
    #expect(solved.cells() == [rect(0, 0, 30, 20), rect(30, 0, 30, 20), rect(60, 0, 30, 20)])
    solved.setPreferredSize(CGSize(width: 60, height: 0), forItemAt: ip(0, 0))
    #expect(solved.cells() == [rect(0, 0, 60, 20), rect(60, 0, 30, 20), rect(0, 20, 30, 20)])
    #expect(solved.contentSize.height == 40)
    let fresh = try Self.tags().solve(context(100, 800), itemCounts: [3]) {
      $0.item == 0 ? CGSize(width: 60, height: 0) : nil
    }
    #expect(solved.allElements == fresh.allElements)
  }

  @Test("an error found while self-sizing still names the JSON path")
  func instanceErrorsHavePaths() throws {
    // Instances of a self-sizing group are solved without building paths;
    // a problem is reported with its path all the same.
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(20)),
      subitems: [item(.estimated(30), .fractionalHeight(-1))])
    #expect {
      try CompositionalLayout(section: LayoutSection(group: g)).solve(
        context(100, 800), itemCounts: [2]
      ) { _ in
        CGSize(width: 10, height: 10)
      }
    } throws: { error in
      (error as? LayoutError)?.path
        == "sections[0].group.horizontal.subitems[0].item.layoutSize.height"
    }
  }
}
