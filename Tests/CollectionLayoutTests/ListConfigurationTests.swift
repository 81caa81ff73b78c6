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
