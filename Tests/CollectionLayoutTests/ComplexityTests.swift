@_spi(Testing) import CollectionLayout
import Foundation
import Testing

/// The rules of Documentation/Layout.md, "Cost", asserted by counting work
/// (group solves and elements computed), never by timing.
@Suite("Complexity, by counting operations")
struct ComplexityTests {
  /// A five-column grid of 78-point squares with a header and a background.
  static func grid() -> CompositionalLayout {
    let group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)),
      subitems: [item(.fractionalWidth(0.2), .fractionalHeight(1))])
    var section = LayoutSection(group: group)
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(44)), elementKind: "header",
        alignment: .top)
    ]
    section.decorationItems = [.background(elementKind: "background")]
    return CompositionalLayout(section: section)
  }

  @Test("a fixed-size section is solved once, whatever its number of items")
  func fixedSectionSolvesOneGroup() throws {
    let small = try Self.grid().solve(context(390, 844), itemCounts: [10])
    let large = try Self.grid().solve(context(390, 844), itemCounts: [1_000_000])
    #expect(small._groupSolveCount == 1)
    #expect(large._groupSolveCount == 1)
    #expect(large.contentSize.height == CGFloat(44 + 78 * 200_000))
  }

  @Test(
    "a screen-sized rect query computes as many elements at the start, middle and end of a million items as of ten thousand",
    arguments: [0.0, 0.5, 1.0])
  func rectQueryIndependentOfItemCount(_ position: Double) throws {
    var examined: [Int] = []
    var returned: [Int] = []
    for count in [10_000, 1_000_000] {
      let solved = try Self.grid().solve(context(390, 844), itemCounts: [count])
      let top = CGFloat(position) * (solved.contentSize.height - 844)
      // Align the rect to the rows so that both layouts show the same rows.
      let aligned = top == 0 ? 0 : 44 + (((top - 44) / 78).rounded(.down) * 78) + 10
      let rect = CGRect(x: 0, y: aligned, width: 390, height: 844)
      examined.append(solved._elementsExamined(in: rect))
      returned.append(solved.layoutAttributesForElements(in: rect).count)
    }
    #expect(examined[0] == examined[1])
    #expect(returned[0] == returned[1])
    // At most one row of five cells beyond each edge of the rect is computed
    // and dropped, plus the header and the background.
    #expect(examined[1] <= returned[1] + 2 * 5 + 2)
  }

  @Test("enumerating computes each element once")
  func enumerationIsLinear() throws {
    let solved = try Self.grid().solve(context(390, 844), itemCounts: [10_000])
    var count = 0
    solved.forEachElement { _ in count += 1 }
    #expect(count == 10_000 + 2)
    let everything = CGRect(x: -1, y: -1, width: 392, height: solved.contentSize.height + 2)
    #expect(solved._elementsExamined(in: everything) == count)
  }

  @Test("a self-sizing section solves one group per group it shows, and asks once per item")
  func selfSizingSolvesEachGroupOnce() throws {
    let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    var asked = 0
    let solved = try list.solve(context(390, 844), itemCounts: [5_000]) { _ in
      asked += 1
      return CGSize(width: 0, height: 30)
    }
    // The template (solved without sizes, to check the description) and one
    // instance per row.
    #expect(solved._groupSolveCount == 1 + 5_000)
    #expect(asked == 5_000)
    #expect(solved.contentSize.height == CGFloat(150_000))
  }

  @Test("a changed preferred size re-solves one group even in a long section")
  func preferredSizeSolvesOneGroup() throws {
    let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    var solved = try list.solve(context(390, 844), itemCounts: [10_000])
    let before = solved._groupSolveCount
    solved.setPreferredSize(CGSize(width: 0, height: 80), forItemAt: ip(0, 9_000))
    #expect(solved._groupSolveCount == before + 1)
    #expect(solved.contentSize.height == CGFloat(9_999 * 44 + 80))
  }

  @Test("changing item counts solves only the sections whose counts changed")
  func updatesSolveOnlyChangedSections() throws {
    let list = LayoutSection.list(using: ListConfiguration(appearance: .plain))
    let layout = CompositionalLayout(sections: [list])
    var solved = try layout.solve(context(390, 844), itemCounts: [10, 20, 30, 40])
    let sections = solved._sectionSolveCount
    let groups = solved._groupSolveCount
    try solved.updateItemCounts([10, 21, 30, 40])
    #expect(solved._sectionSolveCount == sections + 1)
    // Section 1 again: its template and 21 rows.
    #expect(solved._groupSolveCount == groups + 1 + 21)
  }

  /// `depth` groups nested in one another, alternately vertical and
  /// horizontal, each as large as its parent; the innermost holds one item.
  static func nested(depth: Int) -> CompositionalLayout {
    var group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    for level in 1..<depth {
      let whole = size(.fractionalWidth(1), .fractionalHeight(1))
      group =
        level.isMultiple(of: 2)
        ? .horizontal(layoutSize: whole, subitems: [LayoutSubitem.group(group)])
        : .vertical(layoutSize: whole, subitems: [LayoutSubitem.group(group)])
    }
    return CompositionalLayout(section: LayoutSection(group: group))
  }

  @Test("nested groups are solved once per level: the work grows linearly with the depth")
  func nestingIsLinear() throws {
    var solves: [Int] = []
    for depth in [10, 20] {
      let solved = try Self.nested(depth: depth).solve(context(390, 844), itemCounts: [3])
      #expect(solved.numberOfItems(inSection: 0) == 3)
      solves.append(solved._groupSolveCount)
    }
    #expect(solves == [10, 20])
  }
}
