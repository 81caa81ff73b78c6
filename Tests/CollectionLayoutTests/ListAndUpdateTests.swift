@_spi(Testing) import CollectionLayout
import Foundation
import Testing

/// Documentation/Layout.md, "Lists", and the list metrics under "Choices
/// where the rules are silent".
@Suite("List configurations")
struct ListConfigurationTests {
  @Test("a plain list has full-width 44-point rows under a pinned 28-point header")
  func plain() throws {
    let layout = CompositionalLayout.list(
      using: ListConfiguration(appearance: .plain, headerMode: .supplementary))
    let solved = try layout.solve(context(390, 844), itemCounts: [3])
    #expect(
      solved.element(.supplementaryView, ListConfiguration.headerElementKind).map(\.frame) == [
        rect(0, 0, 390, 28)
      ])
    #expect(solved.cells() == [rect(0, 28, 390, 44), rect(0, 72, 390, 44), rect(0, 116, 390, 44)])
    #expect(
      solved.pinnedSupplementaries(in: rect(0, 50, 390, 844)).map(\.frame) == [rect(0, 50, 390, 28)]
    )
  }

  @Test("an inset grouped list insets rows and pads sections; rows and headers self-size")
  func insetGrouped() throws {
    let config = ListConfiguration(
      appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary)
    let solved = try CompositionalLayout.list(using: config).solve(
      context(390, 844), itemCounts: [2]
    ) { r in
      r.category == .cell ? CGSize(width: 0, height: 60) : nil
    }
    #expect(
      solved.element(.supplementaryView, ListConfiguration.headerElementKind).map(\.frame) == [
        rect(20, 0, 350, 38)
      ])
    #expect(solved.cells() == [rect(20, 55.5, 350, 60), rect(20, 115.5, 350, 60)])
    #expect(
      solved.element(.supplementaryView, ListConfiguration.footerElementKind).map(\.frame) == [
        rect(20, 193, 350, 38)
      ])
    #expect(solved.contentSize.height == 231)
  }

  @Test(
    "each appearance has its documented metrics, and metrics are parameters",
    arguments: ListConfiguration.Appearance.allCases)
  func metrics(_ appearance: ListConfiguration.Appearance) throws {
    let m = ListConfiguration.Metrics.standard(for: appearance)
    let solved = try CompositionalLayout.list(using: ListConfiguration(appearance: appearance))
      .solve(context(400, 800), itemCounts: [1])
    #expect(
      solved.cells() == [
        rect(
          m.horizontalInset, m.sectionTopPadding, 400 - 2 * m.horizontalInset, m.rowEstimatedHeight)
      ])
    var custom = m
    custom.rowEstimatedHeight = 60
    custom.horizontalInset = 7
    let customized = try CompositionalLayout.list(
      using: ListConfiguration(appearance: appearance, metrics: custom)
    )
    .solve(context(400, 800), itemCounts: [1])
    #expect(customized.cells() == [rect(7, m.sectionTopPadding, 386, 60)])
  }

  @Test("a grouped list with the first item as header lays it out as a row")
  func firstItemHeader() throws {
    let solved = try CompositionalLayout.list(
      using: ListConfiguration(appearance: .grouped, headerMode: .firstItemInSection)
    )
    .solve(context(400, 800), itemCounts: [2])
    #expect(solved.cells() == [rect(0, 17.5, 400, 44), rect(0, 61.5, 400, 44)])
    #expect(solved.allElements.allSatisfy { $0.category == .cell })
  }
}

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

@Suite("Programmer errors stop the program")
struct PreconditionTests {
  @Test("a negative item count stops solve")
  func negativeCount() async {
    await #expect(processExitsWith: .failure) {
      _ = try? CompositionalLayout(section: LayoutSection(group: SectionRuleTests.row)).solve(
        context(10, 10), itemCounts: [-1])
    }
  }

  @Test("a layout of no sections stops its initializer")
  func noSections() async {
    await #expect(processExitsWith: .failure) {
      _ = CompositionalLayout(sections: [])
    }
  }

  @Test("asking for a section out of range stops the query")
  func sectionOutOfRange() async {
    await #expect(processExitsWith: .failure) {
      let solved = try? CompositionalLayout(section: LayoutSection(group: SectionRuleTests.row))
        .solve(context(10, 10), itemCounts: [1])
      _ = solved?.sectionFrame(1)
    }
  }

  @Test("a preferred size for an item out of range stops")
  func preferredOutOfRange() async {
    await #expect(processExitsWith: .failure) {
      var solved = try? CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
        .solve(context(10, 10), itemCounts: [1])
      solved?.setPreferredSize(CGSize(width: 1, height: 1), forItemAt: ip(0, 1))
    }
  }

  @Test("a negative count stops updateItemCounts")
  func negativeUpdate() async {
    await #expect(processExitsWith: .failure) {
      var solved = try? CompositionalLayout(section: LayoutSection(group: SectionRuleTests.row))
        .solve(context(10, 10), itemCounts: [1])
      try? solved?.updateItemCounts([-2])
    }
  }
}

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
