@_spi(Testing) import CollectionLayout
import Foundation
import Testing

/// The documented limits: descriptions, counts and sizes beyond them are
/// errors naming where they are, checked before the work they would cause.
@Suite("Limits are errors, never traps or hangs")
struct LimitTests {
  static let row = LayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), .absolute(10)),
    subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])

  static func layout(_ group: LayoutGroup = row) -> CompositionalLayout {
    CompositionalLayout(section: LayoutSection(group: group))
  }

  static func error(_ body: () throws -> Void) -> LayoutError? {
    do {
      try body()
      return nil
    } catch {
      return error as? LayoutError
    }
  }

  @Test(
    "item counts that total more than the maximum name the first section beyond it",
    arguments: [
      ([Int.max], "itemCounts[0]"),
      ([1_000_000_000], "itemCounts[0]"),
      ([600_000, 0, 400_001], "itemCounts[2]"),
      ([1, Int.max, Int.max], "itemCounts[1]"),
    ])
  func tooManyItems(_ counts: [Int], _ path: String) {
    let e = Self.error { _ = try Self.layout().solve(context(390, 844), itemCounts: counts) }
    #expect(e?.path == path)
    #expect(e?.message.contains("at most 1000000 items") == true)
  }

  @Test("the maximum item count itself solves, without solving a group per item")
  func maximumItemCountSolves() throws {
    let solved = try Self.layout().solve(
      context(390, 844), itemCounts: [CompositionalLayout.maximumItemCount - 1, 1])
    #expect(solved.numberOfItems(inSection: 0) == 999_999)
    #expect(solved._groupSolveCount == 2)
    #expect(solved.contentSize.height == CGFloat(10 * 500_001))
  }

  @Test("updating to too many items throws and leaves the layout as it was")
  func updateTooManyItems() throws {
    var solved = try Self.layout().solve(context(390, 844), itemCounts: [4])
    let e = Self.error { try solved.updateItemCounts([4, Int.max]) }
    #expect(e?.path == "itemCounts[1]")
    #expect(solved.numberOfSections == 1)
    #expect(solved.contentSize.height == 20)
  }

  @Test(
    "a group count beyond the maximum is refused before any child is laid out",
    arguments: [1_000_000_000, Int.max, 100_001])
  func groupCountTooLarge(_ count: Int) {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .item(item(.absolute(1), .absolute(10))), count: count)
    let e = Self.error { _ = try Self.layout(g).solve(context(390, 844), itemCounts: [1]) }
    #expect(e?.path == "sections[0].group.horizontal.count")
    #expect(e?.message.contains("more than the 100000 children") == true)
  }

  @Test("a group count beyond the maximum in JSON fails to decode, naming the key")
  func groupCountTooLargeInJSON() {
    let json = #"""
      {"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}, "subitems": [{"item": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 10}}}}], "count": 1000000000}}}]}
      """#
    let e = Self.error { _ = try CompositionalLayout.decode(json: Data(json.utf8)) }
    #expect(e?.path == "sections[0].group.horizontal.count")
    #expect(e?.message == "count 1000000000 is more than the 100000 children a group may hold")
  }

  @Test("nested counts that multiply beyond the maximum stop at the limit, naming the item")
  func nestedCountsTooLarge() {
    let inner = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .item(item(.absolute(1), .absolute(10))), count: 1_000)
    let outer = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .group(inner), count: 1_000)
    let e = Self.error { _ = try Self.layout(outer).solve(context(390, 844), itemCounts: [1]) }
    #expect(e?.path == "sections[0].group.vertical.subitems[0].group.horizontal.subitems[0].item")
    #expect(e?.message.contains("more than 100000 items") == true)
    // Exactly the maximum solves.
    let fits = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .group(inner), count: 100)
    #expect(
      Self.error { _ = try Self.layout(fits).solve(context(390, 844), itemCounts: [1]) } == nil)
  }
}
