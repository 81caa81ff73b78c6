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
