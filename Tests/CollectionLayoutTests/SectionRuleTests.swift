import CollectionLayout
import Foundation
import Testing

/// One test per rule of Documentation/Layout.md, "The rules": "Structure",
/// "Sections", "Boundary supplementaries", "Pinning", "Orthogonal sections",
/// "Decorations" and "Scroll direction, layout direction, rounding", each
/// asserting literal frames.
@Suite("Section and layout rules")
struct SectionRuleTests {
  static let row = LayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), .absolute(50)),
    subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])

  static func header(
    _ kind: String = "header", _ alignment: RectAlignment = .top, height: CGFloat = 44,
    width: LayoutDimension = .fractionalWidth(1)
  ) -> LayoutBoundarySupplementaryItem {
    LayoutBoundarySupplementaryItem(
      layoutSize: size(width, .absolute(height)), elementKind: kind, alignment: alignment)
  }

  @Test(
    "group k starts k·(extent + interGroupSpacing); no spacing after the last; a partial group takes a whole extent"
  )
  func groupStride() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
    var section = LayoutSection(group: g)
    section.interGroupSpacing = 10
    let solved = try CompositionalLayout(section: section).solve(context(100, 800), itemCounts: [5])
    #expect(
      solved.cells() == [
        rect(0, 0, 50, 50), rect(50, 0, 50, 50), rect(0, 60, 50, 50), rect(50, 60, 50, 50),
        rect(0, 120, 50, 50),
      ])
    #expect(solved.contentSize.height == 170)
  }

  static func insetSection() -> LayoutSection {
    var section = LayoutSection(group: row)
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40)
    section.boundarySupplementaryItems = [header(), header("footer", .bottom, height: 20)]
    return section
  }

  @Test(
    "a header sits at the section's top within its insets and pushes the content; a footer follows the bottom inset"
  )
  func headerAndFooter() throws {
    let solved = try CompositionalLayout(section: Self.insetSection()).solve(
      context(400, 800), itemCounts: [2])
    #expect(solved.element(.supplementaryView, "header").map(\.frame) == [rect(20, 0, 340, 44)])
    #expect(solved.cells() == [rect(20, 54, 340, 50), rect(20, 104, 340, 50)])
    #expect(solved.element(.supplementaryView, "footer").map(\.frame) == [rect(20, 184, 340, 20)])
    #expect(solved.contentSize.height == 204)
    #expect(
      solved.layoutAttributesForSupplementaryElement(ofKind: "footer", at: ip(0, 0))?.frame
        == rect(20, 184, 340, 20))
  }

  @Test("supplementaries that do not follow the content insets span the whole section")
  func notFollowingInsets() throws {
    var section = Self.insetSection()
    section.supplementariesFollowContentInsets = false
    let solved = try CompositionalLayout(section: section).solve(context(400, 800), itemCounts: [1])
    #expect(solved.element(.supplementaryView, "header").map(\.frame) == [rect(0, 0, 400, 44)])
  }

  @Test("a header that does not extend the boundary overlays the content")
  func notExtending() throws {
    var section = Self.insetSection()
    section.boundarySupplementaryItems[0].extendsBoundary = false
    let solved = try CompositionalLayout(section: section).solve(context(400, 800), itemCounts: [1])
    #expect(solved.element(.supplementaryView, "header").map(\.frame) == [rect(20, 0, 340, 44)])
    #expect(solved.cells() == [rect(20, 10, 340, 50)])
  }

  @Test(
    "alignment places narrower headers at the leading edge, the centre or the trailing edge; the offset comes last"
  )
  func alignmentAndOffset() throws {
    var section = Self.insetSection()
    var centred = Self.header("c", .top, width: .fractionalWidth(0.5))
    centred.absoluteOffset = CGPoint(x: 5, y: 7)
    section.boundarySupplementaryItems = [
      Self.header("l", .topLeading, width: .fractionalWidth(0.5)), centred,
      Self.header("t", .topTrailing, width: .fractionalWidth(0.5)),
    ]
    let solved = try CompositionalLayout(section: section).solve(context(400, 800), itemCounts: [1])
    #expect(solved.element(.supplementaryView, "l").map(\.frame) == [rect(20, 0, 170, 44)])
    #expect(solved.element(.supplementaryView, "c").map(\.frame) == [rect(110, 7, 170, 44)])
    #expect(solved.element(.supplementaryView, "t").map(\.frame) == [rect(190, 0, 170, 44)])
    #expect(solved.cells() == [rect(20, 54, 340, 50)])
  }

  @Test(
    "a pinned header stays in the visible rect while its section is visible, clamped to the section"
  )
  func pinnedHeader() throws {
    var section = LayoutSection(group: Self.row)
    var h = Self.header()
    h.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [h]
    let solved = try CompositionalLayout(section: section).solve(
      context(400, 300), itemCounts: [10, 10])
    // Section 0: 0..<544; section 1: 544..<1088.
    #expect(
      solved.pinnedSupplementaries(in: rect(0, 100, 400, 300)).map(\.frame) == [
        rect(0, 100, 400, 44)
      ])
    #expect(
      solved.pinnedSupplementaries(in: rect(0, 520, 400, 300)).map(\.frame) == [
        rect(0, 500, 400, 44), rect(0, 544, 400, 44),
      ])
    #expect(
      solved.pinnedSupplementaries(in: rect(0, 700, 400, 300)).map(\.frame) == [
        rect(0, 700, 400, 44)
      ])
    // Rect queries report natural positions.
    #expect(
      solved.layoutAttributesForElements(in: rect(0, 100, 400, 300)).filter {
        $0.category == .supplementaryView
      }.isEmpty)
    // The displayed elements have the headers where they are pinned, and
    // every other element where it is.
    let displayed = solved.allElements(pinningTo: rect(0, 520, 400, 300))
    #expect(
      displayed.filter { $0.category == .supplementaryView }.map(\.frame) == [
        rect(0, 500, 400, 44), rect(0, 544, 400, 44),
      ])
    #expect(
      displayed.filter { $0.category == .cell }
        == solved.allElements.filter { $0.category == .cell })
    #expect(
      solved.layoutAttributesForElements(displayedIn: rect(0, 100, 400, 300)).filter {
        $0.category == .supplementaryView
      }.map(\.frame) == [rect(0, 100, 400, 44)])
  }

  @Test("a pinned footer stays at the bottom of the visible rect")
  func pinnedFooter() throws {
    var section = LayoutSection(group: Self.row)
    var f = Self.header("footer", .bottom, height: 20)
    f.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [f]
    let solved = try CompositionalLayout(section: section).solve(
      context(400, 300), itemCounts: [10])
    #expect(
      solved.pinnedSupplementaries(in: rect(0, 0, 400, 300)).map(\.frame) == [rect(0, 280, 400, 20)]
    )
    #expect(
      solved.pinnedSupplementaries(in: rect(0, 400, 400, 300)).map(\.frame) == [
        rect(0, 500, 400, 20)
      ])
  }

  @Test("a background decoration covers the whole section, inset by its own insets")
  func decoration() throws {
    var section = Self.insetSection()
    section.decorationItems = [
      .background(elementKind: "bg"),
      LayoutDecorationItem(
        elementKind: "inset-bg",
        contentInsets: DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)),
    ]
    let ctx = LayoutContext(
      containerSize: CGSize(width: 400, height: 800),
      safeAreaInsets: DirectionalEdgeInsets(leading: 10))
    let solved = try CompositionalLayout(section: section).solve(ctx, itemCounts: [2])
    #expect(solved.element(.decorationView, "bg").map(\.frame) == [rect(10, 0, 390, 204)])
    #expect(solved.element(.decorationView, "inset-bg").map(\.frame) == [rect(15, 5, 380, 194)])
    #expect(
      solved.layoutAttributesForDecorationElement(ofKind: "bg", at: ip(0, 0))?.frame
        == rect(10, 0, 390, 204))
  }

  @Test(
    "sections stack with inter-section spacing; an empty section keeps its header and its spacing")
  func stacking() throws {
    var section = LayoutSection(group: Self.row)
    section.boundarySupplementaryItems = [Self.header(height: 30)]
    let layout = CompositionalLayout(
      section: section, configuration: CompositionalLayoutConfiguration(interSectionSpacing: 16))
    let solved = try layout.solve(context(100, 800), itemCounts: [2, 0, 1])
    #expect(
      solved.allElements.filter { $0.category == .supplementaryView }.map(\.frame.minY) == [
        0, 146, 192,
      ])
    #expect(solved.cells(2) == [rect(0, 222, 100, 50)])
    #expect(solved.contentSize.height == 272)
    #expect(
      (0..<3).map { solved.sectionFrame($0) } == [
        rect(0, 0, 100, 130), rect(0, 146, 100, 30), rect(0, 192, 100, 80),
      ])
  }

  @Test("layout-level boundary items use the whole content as their host")
  func layoutBoundary() throws {
    let config = CompositionalLayoutConfiguration(
      interSectionSpacing: 10,
      boundarySupplementaryItems: [
        Self.header("top", height: 40), Self.header("end", .bottom, height: 20),
      ])
    let solved = try CompositionalLayout(
      section: LayoutSection(group: Self.row), configuration: config
    )
    .solve(context(100, 800), itemCounts: [1, 1])
    #expect(solved.cells(0) == [rect(0, 40, 100, 50)])
    #expect(solved.cells(1) == [rect(0, 100, 100, 50)])
    let all = solved.allElements
    #expect(
      all.first
        == LayoutAttributes(
          category: .supplementaryView, elementKind: "top", section: 0, item: 0,
          frame: rect(0, 0, 100, 40), zIndex: 1))
    #expect(
      all.last
        == LayoutAttributes(
          category: .supplementaryView, elementKind: "end", section: 0, item: 0,
          frame: rect(0, 150, 100, 20), zIndex: 1))
    #expect(solved.contentSize.height == 170)
    #expect(
      solved.layoutAttributesForSupplementaryElement(ofKind: "end", at: ip(0, 0))?.frame
        == rect(0, 150, 100, 20))
  }

  @Test("when there are more data sections than descriptions the last description repeats")
  func lastRepeats() throws {
    let tall = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(80)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let layout = CompositionalLayout(sections: [
      LayoutSection(group: Self.row), LayoutSection(group: tall),
    ])
    let solved = try layout.solve(context(100, 800), itemCounts: [1, 1, 1])
    #expect((0..<3).map { solved.sectionFrame($0).height } == [50, 80, 80])
  }

  @Test("a section provider is called per section with the layout environment")
  func sectionProvider() throws {
    let layout = CompositionalLayout { index, environment in
      let columns = environment.container.effectiveContentSize.width > 300 ? 4 : 2
      let g = LayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(1), .absolute(CGFloat(10 * (index + 1)))),
        subitem: .item(item(.fractionalWidth(1), .fractionalHeight(1))), count: columns)
      return LayoutSection(group: g)
    }
    let wide = try layout.solve(
      LayoutContext(
        containerSize: CGSize(width: 400, height: 800),
        safeAreaInsets: DirectionalEdgeInsets(leading: 40, trailing: 40)),
      itemCounts: [4, 1])
    // 320 effective points: four columns of 80.
    #expect(wide.cells(0) == (0..<4).map { rect(40 + 80 * CGFloat($0), 0, 80, 10) })
    #expect(wide.cells(1) == [rect(40, 10, 80, 20)])
    let narrow = try layout.solve(context(200, 800), itemCounts: [4])
    #expect(
      narrow.cells(0) == [
        rect(0, 0, 100, 10), rect(100, 0, 100, 10), rect(0, 10, 100, 10), rect(100, 10, 100, 10),
      ])
  }

  @Test("a description error of a provided section names the provider and the section")
  func providerError() throws {
    let layout = CompositionalLayout { index, _ in
      LayoutSection(
        group: .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(10)),
          subitems: [item(.absolute(index == 1 ? 1000 : 10), .absolute(10))]))
    }
    #expect {
      _ = try layout.solve(context(100, 100), itemCounts: [1, 1])
    } throws: { ($0 as? LayoutError)?.path == "sectionProvider(1).group.horizontal" }
  }

  // MARK: Orthogonal sections

  static func carousel(_ behavior: OrthogonalScrollingBehavior) -> CompositionalLayout {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(0.4), .absolute(100)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    var section = LayoutSection(group: g)
    section.interGroupSpacing = 10
    section.contentInsets = DirectionalEdgeInsets(leading: 20, trailing: 20)
    section.orthogonalScrollingBehavior = behavior
    return CompositionalLayout(section: section)
  }

  @Test("orthogonal groups sit side by side; the band spans the full scroll length")
  func orthogonalFrames() throws {
    let solved = try Self.carousel(.continuous).solve(context(400, 800), itemCounts: [5])
    #expect(solved.cells() == [0, 170, 340, 510, 680].map { rect(20 + $0, 0, 160, 100) })
    #expect(solved.contentSize == CGSize(width: 400, height: 100))
    let band = try #require(solved.orthogonalBands.first)
    #expect(band.frame == rect(0, 0, 880, 100))
    #expect(band.visibleLength == 400)
    #expect(band.offsetRange == 0...480)
    #expect(band.restOffsets == [])
    #expect(band.restingOffset(near: 1000) == 480)
  }

  @Test(
    "rest offsets follow the orthogonal scrolling behaviour",
    arguments: [
      (OrthogonalScrollingBehavior.continuousGroupLeadingBoundary, [CGFloat(0), 170, 340, 480]),
      (.groupPaging, [0, 170, 340, 480]),
      (.paging, [0, 400, 480]),
      (.groupPagingCentered, [-100, 70, 240, 410, 580]),
    ])
  func restOffsets(_ behavior: OrthogonalScrollingBehavior, _ expected: [CGFloat]) throws {
    let band = try #require(
      try Self.carousel(behavior).solve(context(400, 800), itemCounts: [5]).orthogonalBand(
        forSection: 0))
    #expect(band.restOffsets == expected)
    #expect(band.offsetRange.lowerBound == min(0, expected[0]))
  }

  @Test("the resting offset is the nearest rest offset")
  func restingOffset() throws {
    let band = try #require(
      try Self.carousel(.groupPaging).solve(context(400, 800), itemCounts: [5]).orthogonalBand(
        forSection: 0))
    #expect(band.restingOffset(near: 250) == 170)
    #expect(band.restingOffset(near: 260) == 340)
    #expect(band.restingOffset(near: -50) == 0)
  }

  @Test("an orthogonal scroll offset moves the section's cells, and rect queries follow")
  func orthogonalScrollOffset() throws {
    var solved = try Self.carousel(.continuous).solve(context(400, 800), itemCounts: [5])
    solved.orthogonalScrollOffsets[0] = 100
    #expect(solved.cells().map(\.minX) == [-80, 90, 260, 430, 600])
    #expect(solved.layoutAttributesForElements(in: rect(0, 0, 400, 800)).map(\.item) == [0, 1, 2])
    #expect(solved.layoutAttributesForItem(at: ip(0, 3))?.frame == rect(430, 0, 160, 100))
  }

  // MARK: Scroll and layout direction

  @Test("a horizontal scroll direction swaps the roles of the axes")
  func horizontalScrolling() throws {
    let column = LayoutGroup.vertical(
      layoutSize: size(.absolute(100), .fractionalHeight(1)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))])
    var section = LayoutSection(group: column)
    section.contentInsets = DirectionalEdgeInsets(top: 20, leading: 10, bottom: 0, trailing: 5)
    section.interGroupSpacing = 4
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: size(.absolute(30), .fractionalHeight(1)), elementKind: "side",
        alignment: .leading)
    ]
    let layout = CompositionalLayout(
      section: section,
      configuration: CompositionalLayoutConfiguration(
        scrollDirection: .horizontal, interSectionSpacing: 8))
    let ctx = LayoutContext(
      containerSize: CGSize(width: 400, height: 300),
      safeAreaInsets: DirectionalEdgeInsets(top: 0, leading: 50, bottom: 20, trailing: 0))
    let solved = try layout.solve(ctx, itemCounts: [3, 1])
    // Cross (height) = 300 − 20 (safe area) − 20 (top inset) = 260; the leading
    // safe area does not apply along the scroll axis.
    #expect(solved.element(.supplementaryView, "side").map(\.frame) == [rect(0, 20, 30, 260)])
    #expect(
      solved.cells(0) == [rect(40, 20, 100, 130), rect(40, 150, 100, 130), rect(144, 20, 100, 130)])
    // Section 0 ends at 30 + 10 + 204 + 5 = 249; section 1 starts 8 later.
    #expect(solved.cells(1) == [rect(297, 20, 100, 130)])
    #expect(solved.contentSize == CGSize(width: 402, height: 300))
  }

  @Test("right-to-left mirrors every arrangement")
  func rightToLeft() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [
        item(.absolute(100), .fractionalHeight(1)), item(.absolute(50), .fractionalHeight(1)),
      ])
    var section = LayoutSection(group: g)
    section.contentInsets = DirectionalEdgeInsets(leading: 10)
    section.boundarySupplementaryItems = [
      Self.header("h", .topLeading, height: 20, width: .absolute(60))
    ]
    let ltr = try CompositionalLayout(section: section).solve(context(400, 800), itemCounts: [3])
    let rtl = try CompositionalLayout(section: section).solve(
      LayoutContext(containerSize: CGSize(width: 400, height: 800), layoutDirection: .rightToLeft),
      itemCounts: [3])
    #expect(ltr.cells() == [rect(10, 20, 100, 50), rect(110, 20, 50, 50), rect(160, 20, 100, 50)])
    #expect(rtl.cells() == [rect(290, 20, 100, 50), rect(240, 20, 50, 50), rect(140, 20, 100, 50)])
    #expect(rtl.element(.supplementaryView, "h").map(\.frame) == [rect(330, 0, 60, 20)])
    #expect(
      rtl.layoutAttributesForElements(in: rect(300, 0, 100, 100)).map(\.frame) == [
        rect(330, 0, 60, 20), rect(290, 20, 100, 50),
      ])
  }

  @Test("right-to-left orthogonal sections start at the trailing edge and extend leftward")
  func rightToLeftOrthogonal() throws {
    let rtl = try GoldenTests.restStop().solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844), layoutDirection: .rightToLeft),
      itemCounts: [6])
    #expect(rtl.cells() == (0..<6).map { rect(195 - 195 * CGFloat($0), 44, 195, 211) })
    #expect(rtl.orthogonalBands.first?.frame == rect(-780, 44, 1170, 211))
    #expect(rtl.orthogonalBands.first?.restOffsets == [0, 195, 390, 585, 780])
    #expect(
      rtl.layoutAttributesForElements(in: rect(0, 0, 390, 844)).filter { $0.category == .cell }.map(
        \.item) == [0, 1])
  }

  @Test("frames are not rounded unless a display scale asks for pixels")
  func rounding() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .item(item(.fractionalWidth(1), .fractionalHeight(1))), count: 3)
    let exact = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      context(100, 100), itemCounts: [3])
    #expect(exact.cells()[1].minX == 100.0 / 3)
    let pixels = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      LayoutContext(containerSize: CGSize(width: 100, height: 100), displayScale: 2),
      itemCounts: [3])
    #expect(
      pixels.cells() == [rect(0, 0, 33.5, 10), rect(33.5, 0, 33, 10), rect(66.5, 0, 33.5, 10)])
  }
}
