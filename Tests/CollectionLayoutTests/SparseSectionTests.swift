import DiffableTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import CollectionLayout

/// Long self-sizing sections of one item a group are kept sparse: the
/// estimated group, and a group for each item with a preferred size. Laid
/// out either way, the same layout gives the same frames.
@Suite("Self-sizing sections kept sparse")
struct SparseSectionTests {
  /// A plain list with a header, rows estimated at 44 points, 8 apart.
  static let list: CompositionalLayout = {
    var section = LayoutSection.list(using: ListConfiguration(appearance: .plain))
    section.interGroupSpacing = 8
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
        elementKind: "header", alignment: .top)
    ]
    return CompositionalLayout(sections: [section, section])
  }()

  /// `layout` solved for `counts` with the preferred heights of `sizes`,
  /// sparse from `minimum` items on.
  static func solve(
    _ layout: CompositionalLayout = list, counts: [Int], sizes: [IndexPath: CGFloat],
    sparseFrom minimum: Int
  ) throws -> SolvedLayout {
    try SolvedLayout.$_sparseMinimum.withValue(minimum) {
      try layout.solve(context(390, 844), itemCounts: counts) { request in
        sizes[ip(request.section, request.item)].map { CGSize(width: 390, height: $0) }
      }
    }
  }

  /// Every query the web renderer and UIKit ask, compared.
  static func expectSame(_ a: SolvedLayout, _ b: SolvedLayout, _ note: Comment) {
    #expect(a.contentSize == b.contentSize, note)
    #expect(a.allElements == b.allElements, note)
    for section in 0..<a.numberOfSections {
      #expect(a.itemFrames(inSection: section) == b.itemFrames(inSection: section), note)
      #expect(a.sectionFrame(section) == b.sectionFrame(section), note)
    }
    let height = a.contentSize.height
    for top in stride(from: -100, to: height + 100, by: height / 37) {
      let rect = CGRect(x: 0, y: top, width: 390, height: 844)
      #expect(a.layoutAttributesForElements(in: rect) == b.layoutAttributesForElements(in: rect))
    }
    for item in [0, 1, 17, 500, 1_999] {
      #expect(
        a.layoutAttributesForItem(at: ip(1, item)) == b.layoutAttributesForItem(at: ip(1, item)))
      #expect(a.groupFrame(ofItemAt: ip(1, item)) == b.groupFrame(ofItemAt: ip(1, item)))
    }
  }

  @Test("sparse and dense give the same frames, before and after preferred sizes")
  func sameFrames() throws {
    var generator = SeededRandom(seed: 31)
    var sizes: [IndexPath: CGFloat] = [:]
    for _ in 0..<300 {
      sizes[
        ip(Int.random(in: 0...1, using: &generator), Int.random(in: 0..<2_000, using: &generator))] =
        CGFloat(Int.random(in: 20...120, using: &generator))
    }
    var sparse = try Self.solve(counts: [2_000, 2_000], sizes: sizes, sparseFrom: 1)
    var dense = try Self.solve(counts: [2_000, 2_000], sizes: sizes, sparseFrom: .max)
    #expect(sparse._sections.allSatisfy { $0.sparse != nil })
    #expect(dense._sections.allSatisfy { $0.sparse == nil })
    Self.expectSame(sparse, dense, "solved")
    // Sizes set afterwards, one of them back to the estimate.
    for (item, height) in [(0, 60.0), (1_999, 10), (700, 44), (700, 90), (3, 44)] {
      sparse.setPreferredSize(CGSize(width: 390, height: height), forItemAt: ip(1, item))
      dense.setPreferredSize(CGSize(width: 390, height: height), forItemAt: ip(1, item))
    }
    Self.expectSame(sparse, dense, "after setPreferredSize")
    #expect(sparse._sections[1].sparse != nil)
  }

  @Test("a sparse section keeps a group only for the items with a preferred size")
  func keepsOnlyMeasuredGroups() throws {
    let sizes = [ip(0, 10): CGFloat(80), ip(0, 500_000): 20]
    let plain = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    var solved = try Self.solve(plain, counts: [1_000_000], sizes: sizes, sparseFrom: 10_000)
    let sparse = try #require(solved._sections[0].sparse)
    #expect(sparse.keys == [10, 500_000])
    #expect(solved.contentSize.height == CGFloat(999_998 * 44 + 80 + 20))
    let row = try #require(solved.layoutAttributesForItem(at: ip(0, 750_000)))
    #expect(row.frame == rect(0, CGFloat(749_998 * 44 + 80 + 20), 390, 44))
    // A rect in the middle finds its rows by bisection: 844 / 44 rows and one.
    let found = solved.layoutAttributesForElements(in: rect(0, row.frame.minY, 390, 844))
    #expect(found.first?.item == 750_000 && found.count == 20)
    // Back to the estimate: the group is forgotten.
    solved.setPreferredSize(CGSize(width: 390, height: 44), forItemAt: ip(0, 10))
    #expect(solved._sections[0].sparse?.keys == [500_000])
    #expect(solved.contentSize.height == CGFloat(999_999 * 44 + 20))
  }

  @Test("a short section, an orthogonal one, or groups of several items stay dense")
  func staysDense() throws {
    let short = try Self.solve(counts: [10, 10], sizes: [:], sparseFrom: 10_000)
    #expect(short._sections.allSatisfy { $0.sparse == nil })
    // Two estimated items side by side in a group.
    let item = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(44))
    )
    let pair = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
      subitems: [.item(item)])
    let grid = try Self.solve(
      CompositionalLayout(section: LayoutSection(group: pair)), counts: [100], sizes: [:],
      sparseFrom: 1)
    #expect(grid._sections[0].sparse == nil && grid._sections[0].instances.count == 50)
  }
}
