import CollectionLayout
import Foundation
import Testing

/// One test per rule of Documentation/Layout.md, "The rules": "Dimensions",
/// "Containers and insets", "Groups" and "Item and group supplementaries",
/// each asserting literal frames.
@Suite("Group and dimension rules")
struct GroupRuleTests {
  func solve(
    _ group: LayoutGroup, width: CGFloat = 390, height: CGFloat = 844, items: Int,
    configure: (inout LayoutSection) -> Void = { _ in }
  ) throws -> SolvedLayout {
    var section = LayoutSection(group: group)
    configure(&section)
    return try CompositionalLayout(section: section).solve(
      context(width, height), itemCounts: [items])
  }

  // MARK: Dimensions

  @Test("fractional dimensions may use either axis of the container (aspect ratios)")
  func aspectRatio() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)),
      subitems: [item(.fractionalHeight(0.1), .fractionalHeight(1))])
    // Group height = 0.25 · 400 = 100; item width = 0.1 · 100 (the group's height).
    let solved = try solve(g, width: 400, items: 2)
    #expect(solved.cells() == [rect(0, 0, 10, 100), rect(10, 0, 10, 100)])
  }

  @Test("fractions resolve against the container less the reference insets across the scroll axis")
  func effectiveContainer() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
    let ctx = LayoutContext(
      containerSize: CGSize(width: 400, height: 800),
      safeAreaInsets: DirectionalEdgeInsets(top: 47, leading: 20, bottom: 34, trailing: 80))
    let solved = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      ctx, itemCounts: [2])
    // Effective width 300; top and bottom safe area do not apply to a vertical layout.
    #expect(solved.cells() == [rect(20, 0, 150, 50), rect(170, 0, 150, 50)])
    #expect(solved.contentSize == CGSize(width: 400, height: 50))
  }

  @Test("contentInsetsReference chooses which insets sections measure from")
  func insetsReference() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let ctx = LayoutContext(
      containerSize: CGSize(width: 400, height: 800),
      safeAreaInsets: DirectionalEdgeInsets(leading: 10, trailing: 10),
      layoutMargins: DirectionalEdgeInsets(leading: 30, trailing: 30),
      readableContentInsets: DirectionalEdgeInsets(leading: 50, trailing: 70))
    func x(_ reference: ContentInsetsReference?) throws -> CGRect {
      var section = LayoutSection(group: g)
      section.contentInsetsReference = reference
      return try CompositionalLayout(section: section).solve(ctx, itemCounts: [1]).cells()[0]
    }
    #expect(try x(nil) == rect(10, 0, 380, 50))
    #expect(try x(ContentInsetsReference.none) == rect(0, 0, 400, 50))
    #expect(try x(.safeArea) == rect(10, 0, 380, 50))
    #expect(try x(.layoutMargins) == rect(30, 0, 340, 50))
    #expect(try x(.readableContent) == rect(50, 0, 280, 50))
  }

  @Test(
    "an estimated dimension takes the preferred size and ignores the item's insets on that axis")
  func estimated() throws {
    var it = item(.fractionalWidth(1), .estimated(44))
    it.contentInsets = DirectionalEdgeInsets(top: 5, leading: 16, bottom: 5, trailing: 16)
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(44)), subitems: [it])
    let section = LayoutSection(group: g)
    let unsized = try CompositionalLayout(section: section).solve(
      context(390, 844), itemCounts: [2])
    #expect(unsized.cells() == [rect(16, 0, 358, 44), rect(16, 44, 358, 44)])
    var asked: [LayoutSizingRequest] = []
    let sized = try CompositionalLayout(section: section).solve(context(390, 844), itemCounts: [2])
    {
      asked.append($0)
      return CGSize(width: 999, height: $0.item == 0 ? 60 : 30)
    }
    // The width is not estimated, so the preferred width is ignored.
    #expect(sized.cells() == [rect(16, 0, 358, 60), rect(16, 60, 358, 30)])
    #expect(asked.map(\.item) == [0, 1])
    #expect(asked[0].proposedSize == CGSize(width: 390, height: 44))
    #expect(asked[0].heightIsEstimated && !asked[0].widthIsEstimated)
    #expect(sized.contentSize.height == 90)
  }

  @Test("uniformAcrossSiblings self-sizes, then every such sibling takes the largest size")
  func uniform() throws {
    let it = item(.fractionalWidth(0.25), .uniformAcrossSiblings(estimate: 50))
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: [it])
    let solved = try CompositionalLayout(section: LayoutSection(group: g))
      .solve(context(400, 800), itemCounts: [5]) { r in
        CGSize(width: 0, height: [40, 90, 60, 20, 30][r.item])
      }
    #expect(
      solved.cells() == [
        rect(0, 0, 100, 90), rect(100, 0, 100, 90), rect(200, 0, 100, 90), rect(300, 0, 100, 90),
        rect(0, 90, 100, 30),
      ])
  }

  // MARK: Containers and insets

  @Test(
    "an ordinary section's top and bottom insets are padding: fractionalHeight sees the whole container"
  )
  func ordinarySectionInsets() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.1)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let solved = try solve(g, width: 400, height: 1000, items: 1) {
      $0.contentInsets = DirectionalEdgeInsets(top: 100, leading: 20, bottom: 50, trailing: 30)
    }
    #expect(solved.cells() == [rect(20, 100, 350, 100)])
    #expect(solved.contentSize.height == 250)
  }

  @Test(
    "an orthogonal section's leading and trailing insets are scroll padding; top and bottom shrink")
  func orthogonalSectionInsets() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.1)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let solved = try solve(g, width: 400, height: 1000, items: 2) {
      $0.contentInsets = DirectionalEdgeInsets(top: 100, leading: 20, bottom: 100, trailing: 30)
      $0.orthogonalScrollingBehavior = .continuous
    }
    // Width: the full 400. Height: 0.1 · (1000 − 200).
    #expect(solved.cells() == [rect(20, 100, 400, 80), rect(420, 100, 400, 80)])
    #expect(solved.contentSize.height == 280)
    let band = try #require(solved.orthogonalBand(forSection: 0))
    #expect(band.frame == rect(0, 100, 850, 80))
    #expect(band.offsetRange == 0...450)
    #expect(band.restOffsets.isEmpty)
  }

  @Test(
    "a group's content insets shrink the area its children are laid out in and resolve fractions against"
  )
  func groupContentInsets() throws {
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
    g.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40)
    let solved = try solve(g, width: 400, items: 3)
    #expect(
      solved.cells() == [
        rect(20, 10, 170, 60), rect(190, 10, 170, 60), rect(20, 110, 170, 60),
      ])
  }

  @Test("an item's content insets come off its frame last; the next item does not move")
  func itemContentInsets() throws {
    var inset = item(.absolute(100), .absolute(50))
    inset.contentInsets = DirectionalEdgeInsets(top: 5, leading: 10, bottom: 15, trailing: 20)
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [.item(inset), .item(item(.absolute(100), .absolute(50)))])
    let solved = try solve(g, width: 200, items: 2)
    #expect(solved.cells() == [rect(10, 5, 70, 30), rect(100, 0, 100, 50)])
  }

  // MARK: Groups

  @Test("children are taken cyclically until the next would not fit, within a quarter point")
  func cyclicFill() throws {
    func count(_ width: CGFloat) throws -> Int {
      let g = LayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(1), .absolute(10)),
        subitems: [
          item(.absolute(width), .absolute(10)), item(.absolute(width / 2), .absolute(10)),
        ])
      let solved = try solve(g, width: 300, items: 20)
      return solved.cells().filter { $0.minY == 0 }.count
    }
    // 100 + 50 + 100 + 50 = 300: four children.
    #expect(try count(100) == 4)
    // 100.05 + 50.025 + 100.05 + 50.025 = 300.15: still four (under 0.25 over).
    #expect(try count(100.05) == 4)
    // 100.1 · 3 = 300.3: three.
    #expect(try count(100.1) == 3)
  }

  @Test("cyclic children alternate and leftover space stays unused with fixed spacing")
  func cyclicAlternation() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitems: [item(.absolute(100), .absolute(10)), item(.absolute(50), .absolute(10))])
    let solved = try solve(g, width: 320, items: 5)
    #expect(
      solved.cells() == [
        rect(0, 0, 100, 10), rect(100, 0, 50, 10), rect(150, 0, 100, 10), rect(250, 0, 50, 10),
        rect(0, 10, 100, 10),
      ])
  }

  @Test("a group into which no child fits is an error naming the group")
  func noFit() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitems: [item(.absolute(500), .absolute(10))])
    #expect {
      try solve(g, width: 390, items: 1)
    } throws: { error in
      let e = error as! LayoutError
      return e.path == "sections[0].group.horizontal" && e.message.contains("cannot fit")
    }
  }

  @Test("subitem:count: places exactly count children, each 1/count of the axis less spacing")
  func countForm() throws {
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitem: .item(item(.absolute(999), .fractionalHeight(1))), count: 3)
    g.interItemSpacing = .fixed(15)
    let solved = try solve(g, width: 330, items: 4)
    #expect(
      solved.cells() == [
        rect(0, 0, 100, 50), rect(115, 0, 100, 50), rect(230, 0, 100, 50), rect(0, 50, 100, 50),
      ])
  }

  @Test("repeatingSubitem:count: places exactly count children at their own size")
  func repeatingForm() throws {
    let g = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .absolute(200)),
      repeatingSubitem: .item(item(.fractionalWidth(1), .absolute(30))), count: 2)
    let solved = try solve(g, width: 100, items: 3)
    #expect(solved.cells() == [rect(0, 0, 100, 30), rect(0, 30, 100, 30), rect(0, 200, 100, 30)])
  }

  @Test("fixed inter-item spacing goes only between children")
  func fixedSpacing() throws {
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitems: [item(.absolute(100), .absolute(10))])
    g.interItemSpacing = .fixed(10)
    let solved = try solve(g, width: 320, items: 4)
    #expect(
      solved.cells() == [
        rect(0, 0, 100, 10), rect(110, 0, 100, 10), rect(220, 0, 100, 10), rect(0, 10, 100, 10),
      ])
  }

  @Test("flexible inter-item spacing shares the leftover length equally")
  func flexibleSpacing() throws {
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitems: [item(.absolute(100), .absolute(10))])
    g.interItemSpacing = .flexible(5)
    // 3 · 100 + 2 · 5 = 310 ≤ 330; leftover 20 shared by two slots.
    let solved = try solve(g, width: 330, items: 3)
    #expect(solved.cells() == [rect(0, 0, 100, 10), rect(115, 0, 100, 10), rect(230, 0, 100, 10)])
  }

  @Test("two-pass rule: fractional children with spacing resolve against the axis less the spacing")
  func twoPass() throws {
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [item(.fractionalWidth(0.2), .fractionalWidth(0.2))])
    g.interItemSpacing = .fixed(10)
    // Five fit ignoring spacing; each is then 0.2 · (390 − 40) = 70, and its
    // height, a fraction of the reduced width, is 70 too.
    let solved = try solve(g, width: 390, items: 5)
    #expect(solved.cells() == (0..<5).map { rect(80 * CGFloat($0), 0, 70, 70) })
  }

  @Test("edge spacing is space around a child, applied before its content insets")
  func edgeSpacing() throws {
    var first = item(.absolute(100), .absolute(40))
    first.edgeSpacing = LayoutEdgeSpacing(leading: .fixed(10), top: .fixed(5), trailing: .fixed(20))
    first.contentInsets = DirectionalEdgeInsets(leading: 3)
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [.item(first), .item(item(.absolute(50), .absolute(40)))])
    let solved = try solve(g, width: 400, items: 2)
    #expect(solved.cells() == [rect(13, 5, 97, 40), rect(130, 0, 50, 40)])
  }

  @Test("flexible cross-axis edge spacing centres a child or pushes it to the far edge")
  func crossAxisAlignment() throws {
    var centred = item(.absolute(50), .absolute(40))
    centred.edgeSpacing = LayoutEdgeSpacing(top: .flexible(0), bottom: .flexible(0))
    var bottom = item(.absolute(50), .absolute(40))
    bottom.edgeSpacing = LayoutEdgeSpacing(top: .flexible(0))
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [.item(item(.absolute(50), .absolute(40))), .item(centred), .item(bottom)])
    let solved = try solve(g, width: 150, items: 3)
    #expect(solved.cells() == [rect(0, 0, 50, 40), rect(50, 30, 50, 40), rect(100, 60, 50, 40)])
  }

  @Test("flexible axis edge spacing takes a share of the leftover length")
  func flexibleAxisEdges() throws {
    var it = item(.absolute(100), .absolute(10))
    it.edgeSpacing = LayoutEdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)), subitems: [it])
    // Two children fit in 260; 60 left over shared by four flexible edges.
    let solved = try solve(g, width: 260, items: 2)
    #expect(solved.cells() == [rect(15, 0, 100, 10), rect(145, 0, 100, 10)])
  }

  @Test("a custom group gives each item one of the provider's frames")
  func customGroup() throws {
    let g = LayoutGroup.custom(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      frames: [rect(0, 0, 60, 100), rect(60, 0, 40, 50), rect(60, 50, 40, 50)])
    let solved = try solve(g, width: 100, items: 4)
    #expect(
      solved.cells() == [
        rect(0, 0, 60, 100), rect(60, 0, 40, 50), rect(60, 50, 40, 50), rect(0, 100, 60, 100),
      ])
    let closure = LayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(20))) { env in
      [CGRect(x: 0, y: 0, width: env.groupSize.width / 2, height: env.groupSize.height)]
    }
    #expect(try solve(closure, width: 100, items: 1).cells() == [rect(0, 0, 50, 20)])
  }

  @Test("items are numbered depth-first through nested groups")
  func depthFirst() throws {
    let column = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))])
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [.item(item(.fractionalWidth(0.5), .fractionalHeight(1))), .group(column)])
    let solved = try solve(g, width: 200, items: 3)
    #expect(
      solved.cells() == [rect(0, 0, 100, 100), rect(100, 0, 100, 50), rect(100, 50, 100, 50)])
  }

  @Test("an estimated group axis becomes the bounding box of its children")
  func estimatedGroupAxis() throws {
    var it = item(.absolute(40), .absolute(30))
    it.edgeSpacing = LayoutEdgeSpacing(top: .fixed(10))
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(500)),
      subitems: [.item(it), .item(item(.absolute(40), .absolute(20)))])
    let solved = try solve(g, width: 80, items: 4)
    #expect(
      solved.cells() == [
        rect(0, 10, 40, 30), rect(40, 0, 40, 20), rect(0, 50, 40, 30), rect(40, 40, 40, 20),
      ])
    #expect(solved.contentSize.height == 80)
  }

  @Test("a fraction of an estimated axis is an error naming the dimension")
  func fractionOfEstimated() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(44)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    #expect {
      try solve(g, items: 1)
    } throws: { error in
      (error as? LayoutError)?.path
        == "sections[0].group.horizontal.subitems[0].item.layoutSize.height"
    }
  }

  @Test("negative sizes are errors naming the dimension")
  func negativeSize() throws {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(44)),
      subitems: [item(.absolute(-3), .fractionalHeight(1))])
    #expect {
      try solve(g, items: 1)
    } throws: { error in
      (error as? LayoutError)?.description
        == "sections[0].group.horizontal.subitems[0].item.layoutSize.width: -3.0 is not a non-negative finite number"
    }
  }

  @Test("an item supplementary is anchored to its item, offset by its own size, and moves nothing")
  func itemSupplementary() throws {
    let badge = LayoutSupplementaryItem(
      layoutSize: size(.absolute(20), .absolute(10)), elementKind: "badge",
      containerAnchor: LayoutAnchor(
        edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)))
    let centred = LayoutSupplementaryItem(
      layoutSize: size(.fractionalWidth(0.5), .absolute(10)), elementKind: "bar",
      containerAnchor: LayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 0, y: 2)))
    let it = LayoutItem(
      layoutSize: size(.absolute(100), .absolute(50)), supplementaryItems: [badge, centred])
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [it])
    let solved = try solve(g, width: 200, items: 2)
    #expect(solved.cells() == [rect(0, 0, 100, 50), rect(100, 0, 100, 50)])
    #expect(
      solved.element(.supplementaryView, "badge").map(\.frame) == [
        rect(90, -5, 20, 10), rect(190, -5, 20, 10),
      ])
    #expect(
      solved.element(.supplementaryView, "bar").map(\.frame) == [
        rect(25, 42, 50, 10), rect(125, 42, 50, 10),
      ])
    #expect(
      solved.layoutAttributesForSupplementaryElement(ofKind: "badge", at: ip(0, 1))?.frame
        == rect(190, -5, 20, 10))
  }

  @Test("an item anchor attaches a chosen point of the supplementary to the container anchor")
  func itemAnchor() throws {
    let s = LayoutSupplementaryItem(
      layoutSize: size(.absolute(20), .absolute(10)), elementKind: "tip",
      containerAnchor: LayoutAnchor(edges: [.top]), itemAnchor: LayoutAnchor(edges: [.bottom]))
    let it = LayoutItem(layoutSize: size(.absolute(100), .absolute(50)), supplementaryItems: [s])
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [it])
    let solved = try solve(g, width: 100, items: 1)
    // The tip's bottom centre meets the item's top centre.
    #expect(solved.element(.supplementaryView, "tip").map(\.frame) == [rect(40, -10, 20, 10)])
  }

  @Test("a group supplementary takes the index path of the group's first item")
  func groupSupplementary() throws {
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])
    g.supplementaryItems = [
      LayoutSupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(4)), elementKind: "rule",
        containerAnchor: LayoutAnchor(edges: [.bottom]))
    ]
    let solved = try solve(g, width: 100, items: 3)
    let rules = solved.element(.supplementaryView, "rule")
    #expect(rules.map(\.item) == [0, 2])
    #expect(rules.map(\.frame) == [rect(0, 46, 100, 4), rect(0, 96, 100, 4)])
  }

  @Test("a group supplementary anchors to the group's frame less its content insets")
  func groupSupplementaryInsets() throws {
    // Measured on UIKit: x = 355, not 375.
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(60)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    g.contentInsets = DirectionalEdgeInsets(trailing: 20)
    g.supplementaryItems = [
      LayoutSupplementaryItem(
        layoutSize: size(.absolute(20), .absolute(60)), elementKind: "tab",
        containerAnchor: LayoutAnchor(edges: [.trailing], fractionalOffset: CGPoint(x: 1, y: 0)))
    ]
    let solved = try solve(g, width: 375, items: 1)
    #expect(solved.element(.supplementaryView, "tab").map(\.frame) == [rect(355, 0, 20, 60)])
    #expect(solved.cells() == [rect(0, 0, 355, 60)])
  }

  @Test("count form: the children's other fractions resolve against the axis less the spacing")
  func countCrossFractions() throws {
    // 400 less 3 gaps of 10 is 370: four squares of 92.5.
    var g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitem: item(.fractionalWidth(1), .fractionalWidth(0.25)), count: 4)
    g.interItemSpacing = .fixed(10)
    let solved = try solve(g, width: 400, items: 4)
    #expect(solved.cells() == (0..<4).map { rect(102.5 * CGFloat($0), 0, 92.5, 92.5) })
  }
}

/// Failures found by the property tests, pinned.
@Suite("Regressions")
struct RegressionTests {
  @Test("count form: a forced axis of an estimated item is not replaced by its preferred size")
  func countFormForcedItemAxisIsNotSelfSized() throws {
    let g = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitem: .item(item(.fractionalWidth(1), .estimated(10))), count: 2)
    let solved = try CompositionalLayout(section: LayoutSection(group: g))
      .solve(context(100, 800), itemCounts: [3]) { _ in CGSize(width: 10, height: 80) }
    #expect(solved.cells() == [rect(0, 0, 100, 50), rect(0, 50, 100, 50), rect(0, 100, 100, 50)])
  }

  @Test("count form: a forced axis of a nested estimated group does not become its bounding box")
  func countFormForcedGroupAxisIsNotEstimated() throws {
    let inner = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .estimated(10)),
      subitems: [item(.fractionalWidth(1), .absolute(10))])
    let g = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .absolute(60)), subitem: .group(inner), count: 2)
    let solved = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      context(100, 800), itemCounts: [6])
    // Each inner group is 30 tall and holds three rows of 10.
    #expect(solved.cells().map(\.minY) == [0, 10, 20, 30, 40, 50])
  }

  @Test("count form: equal shares leave room for the children's axis edge spacing")
  func countFormAccountsForEdgeSpacing() throws {
    var it = item(.fractionalWidth(1), .fractionalHeight(1))
    it.edgeSpacing = LayoutEdgeSpacing(leading: .fixed(10))
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)), subitem: .item(it), count: 2)
    let solved = try CompositionalLayout(section: LayoutSection(group: g)).solve(
      context(100, 800), itemCounts: [2])
    #expect(solved.cells() == [rect(10, 0, 40, 10), rect(60, 0, 40, 10)])
  }
}
