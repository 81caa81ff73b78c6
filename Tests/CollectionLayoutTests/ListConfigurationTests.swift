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
    // Rows and headers sit within the default (compact width) layout margins, 16 points.
    #expect(
      solved.element(.supplementaryView, ListConfiguration.headerElementKind).map(\.frame) == [
        rect(16, 0, 358, 38)
      ])
    #expect(solved.cells() == [rect(16, 55.5, 358, 60), rect(16, 115.5, 358, 60)])
    #expect(
      solved.element(.supplementaryView, ListConfiguration.footerElementKind).map(\.frame) == [
        rect(16, 193, 358, 38)
      ])
    #expect(solved.contentSize.height == 231)
  }

  @Test("inset grouped rows follow the layout margins at every width, plain rows span the list")
  func followsMargins() throws {
    func firstRow(_ appearance: ListConfiguration.Appearance, _ ctx: LayoutContext) throws -> CGRect
    {
      try CompositionalLayout.list(using: ListConfiguration(appearance: appearance))
        .solve(ctx, itemCounts: [1]).cells()[0]
    }
    let regular = LayoutContext(
      containerSize: CGSize(width: 1024, height: 768),
      layoutMargins: LayoutContext.regularWidthLayoutMargins)
    #expect(try firstRow(.insetGrouped, regular) == rect(20, 17.5, 984, 44))
    #expect(try firstRow(.insetGrouped, context(390, 844)) == rect(16, 17.5, 358, 44))
    let asymmetric = LayoutContext(
      containerSize: CGSize(width: 844, height: 390),
      layoutMargins: DirectionalEdgeInsets(leading: 63, trailing: 47))
    #expect(try firstRow(.insetGrouped, asymmetric) == rect(63, 17.5, 734, 44))
    #expect(try firstRow(.plain, asymmetric) == rect(0, 0, 844, 44))
    #expect(try firstRow(.grouped, asymmetric) == rect(0, 17.5, 844, 44))
  }

  @Test(
    "each appearance has its documented metrics, and metrics are parameters",
    arguments: ListConfiguration.Appearance.allCases)
  func metrics(_ appearance: ListConfiguration.Appearance) throws {
    let m = ListConfiguration.Metrics.standard(for: appearance)
    let solved = try CompositionalLayout.list(using: ListConfiguration(appearance: appearance))
      .solve(context(400, 800), itemCounts: [1])
    // Without a number, rows follow the default layout margins (16).
    let inset = m.horizontalInset ?? 16
    #expect(
      solved.cells() == [
        rect(inset, m.sectionTopPadding, 400 - 2 * inset, m.rowEstimatedHeight)
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
