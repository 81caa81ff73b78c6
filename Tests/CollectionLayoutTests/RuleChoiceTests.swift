import CollectionLayout
import Foundation
import Testing

/// Documentation/Layout.md, "Choices where the rules are silent": each
/// choice with literal frames.
@Suite("Choices where the rules are silent")
struct RuleChoiceTests {
  static let row = SectionRuleTests.row

  @Test(
    "headers that extend the boundary share one band as tall as the tallest; same-kind items count up in their index paths"
  )
  func headersShareABand() throws {
    var section = LayoutSection(group: Self.row)
    section.boundarySupplementaryItems = [
      SectionRuleTests.header("h", height: 30), SectionRuleTests.header("h", height: 44),
    ]
    let solved = try CompositionalLayout(section: section).solve(context(100, 800), itemCounts: [1])
    let headers = solved.element(.supplementaryView, "h")
    #expect(headers.map(\.frame) == [rect(0, 0, 100, 30), rect(0, 0, 100, 44)])
    #expect(headers.map(\.indexPath) == [ip(0, 0), ip(0, 1)])
    #expect(solved.cells() == [rect(0, 44, 100, 50)])
    #expect(
      solved.layoutAttributesForSupplementaryElement(ofKind: "h", at: ip(0, 1))?.frame
        == rect(0, 0, 100, 44))
  }

  @Test("an item aligned to a side starts where the content starts, within the insets")
  func sideItems() throws {
    var section = LayoutSection(group: Self.row)
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20)
    section.boundarySupplementaryItems = [
      SectionRuleTests.header(height: 44),
      LayoutBoundarySupplementaryItem(
        layoutSize: size(.absolute(30), .absolute(20)), elementKind: "side", alignment: .leading),
    ]
    let solved = try CompositionalLayout(section: section).solve(context(100, 800), itemCounts: [1])
    #expect(solved.element(.supplementaryView, "side").map(\.frame) == [rect(20, 54, 30, 20)])
    #expect(solved.cells() == [rect(20, 54, 80, 50)])
  }

  @Test("a background does not scroll with an orthogonal band")
  func orthogonalBackgroundStays() throws {
    var layout = SectionRuleTests.carousel(.continuous)
    var section = try #require(layout.sections?.first)
    section.decorationItems = [.background(elementKind: "bg")]
    layout = CompositionalLayout(section: section)
    var solved = try layout.solve(context(400, 800), itemCounts: [5])
    solved.orthogonalScrollOffsets[0] = 100
    #expect(solved.element(.decorationView, "bg").map(\.frame) == [rect(0, 0, 400, 100)])
    #expect(solved.cells().first == rect(-80, 0, 160, 100))
  }

  @Test("a group whose axis is estimated places each subitem once and takes their length")
  func estimatedAxisPlacesEachSubitemOnce() throws {
    let g = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .estimated(100)),
      subitems: [
        item(.fractionalWidth(1), .absolute(20)), item(.fractionalWidth(1), .absolute(30)),
      ])
    let solved = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      context(100, 800), itemCounts: [5])
    #expect(
      solved.cells() == [
        rect(0, 0, 100, 20), rect(0, 20, 100, 30), rect(0, 50, 100, 20), rect(0, 70, 100, 30),
        rect(0, 100, 100, 20),
      ])
    // All sizes are fixed, so the partial last group takes a whole extent.
    #expect(solved.contentSize.height == 150)
  }

  @Test("items past the end of a self-sizing section do not widen its last group")
  func missingItemsDoNotWiden() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(50)),
      subitems: [item(.fractionalWidth(0.5), .estimated(50))])
    let solved = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      context(100, 800), itemCounts: [3]
    ) {
      CGSize(width: 0, height: [20, 30, 40][$0.item])
    }
    #expect(solved.cells() == [rect(0, 0, 50, 20), rect(50, 0, 50, 30), rect(0, 30, 50, 40)])
    #expect(solved.contentSize.height == 70)
  }

  @Test(
    "preferred sizes of a section whose count changes are forgotten; other sections keep theirs")
  func preferredSizesForgottenOnCountChange() throws {
    let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    var solved = try list.solve(context(100, 800), itemCounts: [2, 2]) { _ in
      CGSize(width: 0, height: 80)
    }
    try solved.updateItemCounts([2, 3])
    #expect(solved.cells(0).map(\.height) == [80, 80])
    #expect(solved.cells(1).map(\.height) == [44, 44, 44])
  }

  @Test("a group of children that take almost no room is an error, not a hang")
  func tooManyChildren() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitems: [item(.absolute(0.001), .absolute(10))])
    #expect {
      try CompositionalLayout(section: LayoutSection(group: g)).solve(
        context(390, 800), itemCounts: [1])
    } throws: { error in
      let e = error as? LayoutError
      return e?.path == "sections[0].group.horizontal"
        && e?.message.contains("more than 100000") == true
    }
  }

  @Test("automatic is the safe area; readable content falls back to the layout margins")
  func insetsReferenceDefaults() throws {
    let ctx = LayoutContext(
      containerSize: CGSize(width: 400, height: 800),
      safeAreaInsets: DirectionalEdgeInsets(leading: 10, trailing: 10),
      layoutMargins: DirectionalEdgeInsets(leading: 30, trailing: 30))
    func x(_ reference: ContentInsetsReference) throws -> CGRect {
      var section = LayoutSection(group: Self.row)
      section.contentInsetsReference = reference
      return try CompositionalLayout(section: section).solve(ctx, itemCounts: [1]).cells()[0]
    }
    #expect(try x(.automatic) == rect(10, 0, 380, 50))
    #expect(try x(.readableContent) == rect(30, 0, 340, 50))
  }

  @Test(
    "the last row of a self-sizing section holds only real items: estimates of absent ones move nothing",
    arguments: [44, 30] as [CGFloat])
  func partialRowIgnoresAbsentEstimates(_ estimate: CGFloat) throws {
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(44)),
      subitems: [item(.estimated(estimate), .estimated(44))])
    g.interItemSpacing = .flexible(10)
    let solved = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      context(390, 844), itemCounts: [9]
    ) { _ in CGSize(width: 50, height: 44) }
    // Six fit a row (6 · 50 + 5 · 10 = 350); the other three share the
    // last row's leftover 220 between their two gaps.
    #expect(solved.cells().prefix(6).map(\.minX) == [0, 68, 136, 204, 272, 340])
    #expect(
      solved.cells().suffix(3) == [
        rect(0, 44, 50, 44), rect(170, 44, 50, 44), rect(340, 44, 50, 44),
      ])
  }
}
