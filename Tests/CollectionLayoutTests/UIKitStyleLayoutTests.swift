import CollectionLayout
import Foundation
import Testing

/// Layouts written the way UIKit code is written, names aside: each pattern
/// that code ported from UIKit uses must keep compiling and solving
/// (Sources/CollectionLayout/CollectionLayout.docc/PortingAUIKitLayout.md).
/// No test shorthands here: the source is what a port looks like.
@Suite("UIKit-style layouts")
struct UIKitStyleLayoutTests {
  let phone = LayoutContext(containerSize: CGSize(width: 400, height: 800))

  @Test("an item passed to subitem:count: and repeatingSubitem:count:, a group to subitem:count:")
  func countGroups() throws {
    let itemSize = LayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
    let item = LayoutItem(layoutSize: itemSize)
    let groupSize = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50))
    let row = LayoutGroup.horizontal(layoutSize: groupSize, subitem: item, count: 4)
    let column = LayoutGroup.vertical(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
      subitem: row, count: 2)
    let pair = LayoutGroup.horizontal(
      layoutSize: groupSize,
      repeatingSubitem: LayoutItem(
        layoutSize: LayoutSize(widthDimension: .absolute(30), heightDimension: .absolute(50))),
      count: 2)
    let layout = CompositionalLayout(sections: [
      LayoutSection(group: column), LayoutSection(group: pair),
    ])
    let solved = try layout.solve(phone, itemCounts: [8, 2])
    let grid: [CGRect] = (0..<8).map { (i: Int) -> CGRect in
      CGRect(x: CGFloat(i % 4) * 100, y: CGFloat(i / 4) * 50, width: 100, height: 50)
    }
    #expect(solved.itemFrames(inSection: 0) == grid)
    #expect(
      solved.itemFrames(inSection: 1) == [
        CGRect(x: 0, y: 100, width: 30, height: 50), CGRect(x: 30, y: 100, width: 30, height: 50),
      ])
  }

  @Test("subitems mixing an item and a group")
  func mixedSubitems() throws {
    let leadingItem = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.75), heightDimension: .fractionalHeight(1)))
    let trailingItem = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
    let trailingGroup = LayoutGroup.vertical(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)),
      subitem: trailingItem, count: 2)
    let nestedGroup = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
      subitems: [leadingItem, trailingGroup])
    let layout = CompositionalLayout(section: LayoutSection(group: nestedGroup))
    let solved = try layout.solve(phone, itemCounts: [6])
    #expect(
      solved.itemFrames(inSection: 0) == [
        CGRect(x: 0, y: 0, width: 300, height: 200),
        CGRect(x: 300, y: 0, width: 100, height: 100),
        CGRect(x: 300, y: 100, width: 100, height: 100),
        CGRect(x: 0, y: 200, width: 300, height: 200),
        CGRect(x: 300, y: 200, width: 100, height: 100),
        CGRect(x: 300, y: 300, width: 100, height: 100),
      ])
    // The JSON form is that of a group built from `LayoutSubitem`s.
    let explicit = LayoutGroup.horizontal(
      layoutSize: nestedGroup.layoutSize, subitems: [.item(leadingItem), .group(trailingGroup)])
    #expect(nestedGroup == explicit)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(try encoder.encode(nestedGroup) == encoder.encode(explicit))
  }

  @Test("a section provider with columns from the environment, UIKit's argument order")
  func environmentColumns() throws {
    var configuration = CompositionalLayoutConfiguration()
    configuration.interSectionSpacing = 10
    let layout = CompositionalLayout(
      sectionProvider: {
        (sectionIndex: Int, layoutEnvironment: LayoutEnvironment) -> LayoutSection? in
        let columns = layoutEnvironment.container.effectiveContentSize.width > 500 ? 4 : 2
        let itemSize = LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
        let item = LayoutItem(layoutSize: itemSize)
        let groupSize = LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
        let group = LayoutGroup.horizontal(layoutSize: groupSize, subitem: item, count: columns)
        let section = LayoutSection(group: group)
        return section
      }, configuration: configuration)
    let narrow = try layout.solve(phone, itemCounts: [2, 1])
    #expect(
      narrow.itemFrames(inSection: 0) == [
        CGRect(x: 0, y: 0, width: 200, height: 44), CGRect(x: 200, y: 0, width: 200, height: 44),
      ])
    #expect(narrow.itemFrames(inSection: 1) == [CGRect(x: 0, y: 54, width: 200, height: 44)])
    let wide = try layout.solve(
      LayoutContext(containerSize: CGSize(width: 800, height: 400)), itemCounts: [2, 1])
    #expect(
      wide.itemFrames(inSection: 0) == [
        CGRect(x: 0, y: 0, width: 200, height: 44), CGRect(x: 200, y: 0, width: 200, height: 44),
      ])
  }

  static let sometimesNil = CompositionalLayout { sectionIndex, layoutEnvironment in
    guard sectionIndex != 1 else { return nil }
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
      subitems: [item])
    return LayoutSection(group: group)
  }

  @Test("a section provider's nil for a section without items: the section takes no room")
  func nilSectionWithoutItems() throws {
    let solved = try Self.sometimesNil.solve(phone, itemCounts: [2, 0, 1])
    #expect(solved.sectionFrame(1) == CGRect(x: 0, y: 100, width: 400, height: 0))
    #expect(solved.itemFrames(inSection: 2) == [CGRect(x: 0, y: 100, width: 400, height: 50)])
    #expect(solved.allElements.allSatisfy { $0.section != 1 })
    #expect(solved.contentSize == CGSize(width: 400, height: 150))
  }

  @Test("a section provider's nil for a section with items is an error naming the section")
  func nilSectionWithItems() throws {
    #expect {
      _ = try Self.sometimesNil.solve(phone, itemCounts: [2, 3, 1])
    } throws: { error in
      (error as? LayoutError)?.path == "sectionProvider(1)"
        && (error as? LayoutError)?.message
          == "the section provider returned nil for a section with 3 items; only a section without items may have no layout"
    }
    // Items arriving later in a section without a layout: the same error,
    // and the solved layout stays as it was.
    var solved = try Self.sometimesNil.solve(phone, itemCounts: [2, 0, 1])
    #expect(throws: LayoutError.self) { try solved.updateItemCounts([2, 1, 1]) }
    #expect(solved.numberOfItems(inSection: 1) == 0)
  }

  @Test("list(using:layoutEnvironment:) in a section provider lays out as list(using:)")
  func listInProvider() throws {
    let configuration = ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary)
    let provided = CompositionalLayout { _, layoutEnvironment in
      LayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
    }
    let plain = CompositionalLayout.list(using: configuration)
    for margins in [
      LayoutContext.compactWidthLayoutMargins, LayoutContext.regularWidthLayoutMargins,
    ] {
      let context = LayoutContext(
        containerSize: CGSize(width: 400, height: 800),
        safeAreaInsets: DirectionalEdgeInsets(leading: 10, trailing: 10), layoutMargins: margins)
      let a = try provided.solve(context, itemCounts: [2])
      let b = try plain.solve(context, itemCounts: [2])
      #expect(a.allElements == b.allElements)
      #expect(
        a.itemFrames(inSection: 0).first
          == CGRect(x: margins.leading, y: 55.5, width: 400 - 2 * margins.leading, height: 44))
    }
  }

  @Test("visibleItemsInvalidationHandler scales the items of a band as it scrolls")
  func visibleItemsHandler() throws {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(100)),
      subitems: [item])
    var section = LayoutSection(group: group)
    section.orthogonalScrollingBehavior = .continuous
    section.visibleItemsInvalidationHandler = { items, offset, environment in
      let width = environment.container.contentSize.width
      for index in items.indices {
        let distanceFromCenter = abs(items[index].frame.midX - offset.x - width / 2)
        let scale = 1 - distanceFromCenter / width
        items[index].transform = LayoutTransform(scaleX: scale, y: scale)
      }
    }
    var solved = try CompositionalLayout(section: section).solve(phone, itemCounts: [4])
    let screen = CGRect(x: 0, y: 0, width: 400, height: 800)
    let atStart = solved.visibleItems(inSection: 0, displayedIn: screen)
    #expect(atStart.map(\.indexPath) == [[0, 0], [0, 1]])
    #expect(atStart.map(\.transform.a) == [0.75, 0.75])
    let scrolled = solved.scrollOrthogonalSection(0, to: 150, displayedIn: screen)
    #expect(scrolled.map(\.indexPath) == [[0, 0], [0, 1], [0, 2]])
    #expect(
      scrolled.map(\.frame) == [
        CGRect(x: -150, y: 0, width: 200, height: 100),
        CGRect(x: 50, y: 0, width: 200, height: 100),
        CGRect(x: 250, y: 0, width: 200, height: 100),
      ])
    #expect(
      scrolled.map(\.transform) == [0.375, 0.875, 0.625].map { LayoutTransform(scaleX: $0, y: $0) })
    #expect(solved.orthogonalScrollOffsets[0] == 150)
  }

  @Test(
    "visibleItems(displayedIn:) gives every element displayed, each section's through its handler"
  )
  func visibleItemsOfTheLayout() throws {
    func rows(_ handler: LayoutSectionVisibleItemsInvalidationHandler?) -> LayoutSection {
      var section = LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
          subitems: [
            LayoutItem(
              layoutSize: LayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
          ]))
      section.visibleItemsInvalidationHandler = handler
      return section
    }
    // Section 1's handler hides its first item and fades the others by how
    // far the view has scrolled.
    let fading = rows { items, offset, _ in
      for index in items.indices {
        items[index].isHidden = items[index].indexPath.item == 0
        items[index].alpha = 1 - offset.y / 1000
      }
    }
    let banner = LayoutBoundarySupplementaryItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
      elementKind: "banner", alignment: .top)
    let layout = CompositionalLayout(
      sections: [rows(nil), fading],
      configuration: CompositionalLayoutConfiguration(boundarySupplementaryItems: [banner]))
    let solved = try layout.solve(phone, itemCounts: [3, 3])
    let screen = CGRect(x: 0, y: 200, width: 400, height: 300)
    let shown = solved.visibleItems(displayedIn: screen)
    // Rows of section 0 at 50, 150, 250; of section 1 at 350, 450, 550.
    #expect(shown.map(\.indexPath) == [[0, 1], [0, 2], [1, 0], [1, 1]])
    #expect(shown.map(\.isHidden) == [false, false, true, false])
    #expect(shown.map(\.alpha) == [1, 1, 0.8, 0.8])
    #expect(shown.map(\.frame.minY) == [150, 250, 350, 450])
    // The layout's header shows where it is displayed, before the sections.
    let top = solved.visibleItems(displayedIn: CGRect(x: 0, y: 0, width: 400, height: 100))
    #expect(top.map(\.representedElementKind) == ["banner", nil])
    #expect(top.first?.frame == CGRect(x: 0, y: 0, width: 400, height: 50))
  }

  @Test("a visible item's transformed frame is its frame's bounding box under the transform")
  func transformedFrame() throws {
    var item = LayoutVisibleItem(
      LayoutAttributes(
        category: .cell, section: 0, item: 0, frame: CGRect(x: 0, y: 0, width: 100, height: 40)))
    #expect(item.transformedFrame == item.frame)
    item.transform = LayoutTransform(scaleX: 0.5, y: 0.5)
    #expect(item.transformedFrame == CGRect(x: 25, y: 10, width: 50, height: 20))
    item.transform = LayoutTransform(translationX: 10, y: -5)
    #expect(item.transformedFrame == CGRect(x: 10, y: -5, width: 100, height: 40))
    // A quarter turn swaps the sides about the centre (50, 20).
    item.transform = LayoutTransform(rotationAngle: .pi / 2)
    let turned = item.transformedFrame
    #expect(abs(turned.minX - 30) < 1e-9 && abs(turned.minY + 30) < 1e-9)
    #expect(abs(turned.width - 40) < 1e-9 && abs(turned.height - 100) < 1e-9)
  }

  @Test("items are values: set their properties before passing them on")
  func valueSemantics() throws {
    var item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
    item.contentInsets = DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
    var group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
      subitems: [item])
    // In UIKit the group holds the item itself, so this would change it; a
    // group holds a copy, so this changes nothing in the group.
    item.contentInsets = .zero
    group.interItemSpacing = .fixed(10)
    let solved = try CompositionalLayout(section: LayoutSection(group: group)).solve(
      phone, itemCounts: [2])
    #expect(
      solved.itemFrames(inSection: 0) == [
        CGRect(x: 2, y: 2, width: 191, height: 46), CGRect(x: 207, y: 2, width: 191, height: 46),
      ])
  }
}
