@_spi(Testing) import CollectionLayout
import Foundation
import Testing

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

  @Test("width classes that do not start at 0 stop the initializer, saying so")
  func widthClassesFromZero() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = CompositionalLayout(sectionsByWidth: [
        .init(minimumWidth: 10, sections: [LayoutSection(group: SectionRuleTests.row)])
      ])
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "CompositionalLayout(sectionsByWidth:configuration:): the first width class must start "
          + "at minimumWidth 0, not 10.0"))
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

  @Test("a visible items handler that removes an item stops the query")
  func handlerChangesCount() async {
    await #expect(processExitsWith: .failure) {
      var section = LayoutSection(group: SectionRuleTests.row)
      section.visibleItemsInvalidationHandler = { items, _, _ in items.removeLast() }
      let solved = try? CompositionalLayout(section: section).solve(
        context(10, 100), itemCounts: [2])
      _ = solved?.visibleItems(inSection: 0, displayedIn: rect(0, 0, 10, 100))
    }
  }

  @Test("scrolling a section that is not orthogonal stops")
  func scrollOrdinarySection() async {
    await #expect(processExitsWith: .failure) {
      var solved = try? CompositionalLayout(section: LayoutSection(group: SectionRuleTests.row))
        .solve(context(10, 100), itemCounts: [2])
      _ = solved?.scrollOrthogonalSection(0, to: 5, displayedIn: rect(0, 0, 10, 100))
    }
  }
}
