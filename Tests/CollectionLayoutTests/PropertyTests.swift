import CollectionLayout
import DiffableTestSupport
import Foundation
import Testing

/// Random layout descriptions whose groups cannot overflow: children's cross
/// dimensions are fractions of at most 1, and a group's children along its
/// axis are either all fractional (without axis edge spacing) or all
/// absolute or estimated, so that the fit rule keeps them inside.
struct RandomLayouts {
  var rng: SeededRandom

  mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
  mutating func number(_ r: ClosedRange<Double>) -> CGFloat {
    // Quarter points keep the arithmetic exact.
    (CGFloat(Double.random(in: r, using: &rng)) * 4).rounded() / 4
  }
  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

  mutating func insets(_ max: Double) -> DirectionalEdgeInsets {
    DirectionalEdgeInsets(
      top: number(0...max), leading: number(0...max), bottom: number(0...max),
      trailing: number(0...max))
  }

  mutating func spacing() -> LayoutSpacing? {
    switch int(0...2) {
    case 0: return nil
    case 1: return .fixed(number(0...10))
    default: return .flexible(number(0...10))
    }
  }

  /// A group of the given size, `depth` levels of nesting allowed below.
  mutating func group(_ layoutSize: LayoutSize, depth: Int, estimatedItems: Bool) -> LayoutGroup {
    let horizontal = chance(0.5)
    let fractional = chance(0.5)
    var subitems: [LayoutSubitem] = []
    for _ in 0..<int(1...3) {
      let along: LayoutDimension =
        fractional
        ? (horizontal ? .fractionalWidth(number(0.1...0.6)) : .fractionalHeight(number(0.1...0.6)))
        : estimatedItems && chance(0.3) ? .estimated(number(10...60)) : .absolute(number(5...60))
      let across: LayoutDimension =
        horizontal ? .fractionalHeight(number(0.3...1)) : .fractionalWidth(number(0.3...1))
      let childSize = horizontal ? size(along, across) : size(across, along)
      if depth > 0 && chance(0.25) {
        subitems.append(.group(group(childSize, depth: depth - 1, estimatedItems: false)))
      } else {
        var it = LayoutItem(layoutSize: childSize)
        it.contentInsets = insets(4)
        if !fractional && chance(0.3) {
          it.edgeSpacing = LayoutEdgeSpacing(
            leading: horizontal ? .fixed(number(0...4)) : nil,
            top: horizontal ? nil : .fixed(number(0...4)))
        }
        if chance(0.2) {
          it.supplementaryItems = [
            LayoutSupplementaryItem(
              layoutSize: size(.absolute(8), .absolute(8)), elementKind: "badge",
              containerAnchor: LayoutAnchor(
                edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)))
          ]
        }
        subitems.append(.item(it))
      }
    }
    var g: LayoutGroup
    if chance(0.15), case let first = subitems[0] {
      g =
        horizontal
        ? .horizontal(layoutSize: layoutSize, subitem: first, count: int(1...4))
        : .vertical(layoutSize: layoutSize, subitem: first, count: int(1...4))
    } else {
      g =
        horizontal
        ? .horizontal(layoutSize: layoutSize, subitems: subitems)
        : .vertical(layoutSize: layoutSize, subitems: subitems)
    }
    g.interItemSpacing = spacing()
    if chance(0.3) { g.contentInsets = insets(5) }
    return g
  }

  mutating func section(vertical: Bool) -> LayoutSection {
    let main: LayoutDimension =
      chance(0.5)
      ? .absolute(number(20...150))
      : vertical ? .fractionalWidth(number(0.1...0.5)) : .fractionalHeight(number(0.1...0.5))
    let cross: LayoutDimension =
      vertical ? .fractionalWidth(number(0.3...1)) : .fractionalHeight(number(0.3...1))
    let groupSize = vertical ? size(cross, main) : size(main, cross)
    var section = LayoutSection(group: group(groupSize, depth: 2, estimatedItems: true))
    section.interGroupSpacing = number(0...12)
    section.contentInsets = insets(20)
    if chance(0.3) {
      section.orthogonalScrollingBehavior =
        [
          .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered,
        ][int(0...4)]
    }
    if chance(0.4) {
      var header = LayoutBoundarySupplementaryItem(
        layoutSize: vertical
          ? size(.fractionalWidth(1), .absolute(number(10...40)))
          : size(.absolute(number(10...40)), .fractionalHeight(1)),
        elementKind: "header", alignment: vertical ? .top : .leading)
      header.pinToVisibleBounds = chance(0.5)
      section.boundarySupplementaryItems.append(header)
    }
    if chance(0.3) {
      section.boundarySupplementaryItems.append(
        LayoutBoundarySupplementaryItem(
          layoutSize: vertical
            ? size(.fractionalWidth(number(0.2...1)), .estimated(number(10...30)))
            : size(.estimated(number(10...30)), .fractionalHeight(1)),
          elementKind: "footer",
          alignment: vertical ? [.bottom, .bottomLeading, .bottomTrailing][int(0...2)] : .trailing))
    }
    if chance(0.3) { section.decorationItems = [.background(elementKind: "background")] }
    return section
  }

  mutating func layout() -> (CompositionalLayout, LayoutContext, [Int]) {
    let vertical = chance(0.7)
    let sections = (0..<int(1...3)).map { _ in section(vertical: vertical) }
    let config = CompositionalLayoutConfiguration(
      scrollDirection: vertical ? .vertical : .horizontal, interSectionSpacing: number(0...20))
    let ctx = LayoutContext(
      containerSize: CGSize(width: number(200...500), height: number(300...900)),
      safeAreaInsets: insets(30), layoutDirection: chance(0.3) ? .rightToLeft : .leftToRight,
      displayScale: chance(0.2) ? [0.5, 1, 2, 3][int(0...3)] : nil)
    let counts = (0..<int(1...5)).map { _ in int(0...60) }
    return (CompositionalLayout(sections: sections, configuration: config), ctx, counts)
  }
}

/// A preferred size that depends only on the element, so that every query
/// sees the same answer.
func stablePreferredSize(_ r: LayoutSizingRequest) -> CGSize? {
  var v = UInt64(r.section + 1) &* 0x9E37_79B9_7F4A_7C15
  v ^= UInt64(r.item + 7) &* 0xBF58_476D_1CE4_E5B9
  for byte in (r.elementKind ?? "").utf8 { v = (v ^ UInt64(byte)) &* 0x94D0_49BB_1331_11EB }
  v ^= v >> 29
  return CGSize(width: CGFloat(10 + v % 40), height: CGFloat(10 + (v / 64) % 40))
}

@Suite("Properties over random layouts")
struct PropertyTests {
  static let trials = 300

  /// Solves random layouts, skipping descriptions the solver rejects.
  func forEachLayout(_ name: String, _ body: (SolvedLayout, inout SeededRandom) throws -> Void)
    throws
  {
    var random = RandomLayouts(rng: SeededRandom.forTest("PropertyTests.\(name)"))
    var solvedCount = 0
    for _ in 0..<Self.trials {
      let (layout, ctx, counts) = random.layout()
      guard
        let solved = try? layout.solve(ctx, itemCounts: counts, preferredSize: stablePreferredSize)
      else { continue }
      solvedCount += 1
      try body(solved, &random.rng)
    }
    #expect(solvedCount > Self.trials / 2)
  }

  @Test("cells never overlap when spacing and insets are non-negative")
  func noOverlap() throws {
    try forEachLayout("noOverlap") { solved, _ in
      // Orthogonal sections scroll on their own; their cells are compared
      // within the section only.
      let cells = solved.allElements.filter { $0.category == .cell }
      let orthogonal = Set(solved.orthogonalBands.map(\.section))
      for (i, a) in cells.enumerated() {
        for b in cells[(i + 1)...] {
          if a.section != b.section
            && (orthogonal.contains(a.section) || orthogonal.contains(b.section))
          {
            continue
          }
          let overlap = a.frame.intersection(b.frame)
          // A child may overflow its group by the quarter-point fit tolerance.
          if !overlap.isNull && overlap.width > 0.3 && overlap.height > 0.3 {
            let json =
              (try? JSONEncoder().encode(solved.layout)).map { String(decoding: $0, as: UTF8.self) }
              ?? "?"
            Issue.record("\(a) overlaps \(b) in \(solved.context) with \(json)")
            return
          }
        }
      }
    }
  }

  @Test("the content's extent is the sum of the sections' extents and the spacing between them")
  func contentSize() throws {
    try forEachLayout("contentSize") { solved, _ in
      let vertical = solved.layout.configuration.scrollDirection == .vertical
      let extents = (0..<solved.numberOfSections).map {
        vertical ? solved.sectionFrame($0).height : solved.sectionFrame($0).width
      }
      let spacing =
        solved.layout.configuration.interSectionSpacing * CGFloat(solved.numberOfSections - 1)
      let total = extents.reduce(0, +) + spacing
      let main = vertical ? solved.contentSize.height : solved.contentSize.width
      // Rounding to pixels moves each section edge by at most a pixel.
      let pixel = solved.context.displayScale.map { 1 / $0 } ?? 0
      #expect(abs(main - total) <= 1e-6 + pixel * CGFloat(solved.numberOfSections + 1))
    }
  }

  @Test(
    "layoutAttributesForElements(in:) and forEachElement(in:) are the enumeration filtered by overlap with the rect; itemFrames and single lookups agree with it"
  )
  func rectQueries() throws {
    try forEachLayout("rectQueries") { solved, rng in
      var solved = solved
      for band in solved.orthogonalBands where Bool.random(using: &rng) {
        solved.orthogonalScrollOffsets[band.section] = CGFloat(
          Double.random(in: -100...600, using: &rng)
        ).rounded()
      }
      let all = solved.allElements
      let content = solved.contentSize
      for _ in 0..<20 {
        let w = CGFloat(Double.random(in: 0...Double(content.width + 200), using: &rng))
        let h = CGFloat(Double.random(in: 0...Double(content.height + 200), using: &rng))
        let r = CGRect(
          x: CGFloat(Double.random(in: -100...Double(content.width + 100), using: &rng)),
          y: CGFloat(Double.random(in: -100...Double(content.height + 100), using: &rng)), width: w,
          height: h)
        let expected = all.filter {
          $0.frame.minX < r.maxX && r.minX < $0.frame.maxX && $0.frame.minY < r.maxY
            && r.minY < $0.frame.maxY
        }
        let got = solved.layoutAttributesForElements(in: r)
        if got != expected {
          Issue.record("rect \(r): got \(got.count) elements, expected \(expected.count)")
          return
        }
        var visited: [LayoutAttributes] = []
        solved.forEachElement(in: r) { visited.append($0) }
        if visited != expected {
          Issue.record(
            "rect \(r): forEachElement(in:) visited \(visited.count) elements, expected \(expected.count)"
          )
          return
        }
      }
      // Frames alone, and the walk without an array, agree with it too.
      for section in 0..<solved.numberOfSections {
        let cells = all.filter { $0.category == .cell && $0.section == section }.map(\.frame)
        #expect(solved.itemFrames(inSection: section) == cells)
      }
      var walked: [LayoutAttributes] = []
      solved.forEachElement { walked.append($0) }
      #expect(walked == all)
      // Single-element queries agree with the enumeration.
      for e in all {
        switch e.category {
        case .cell:
          #expect(solved.layoutAttributesForItem(at: e.indexPath) == e)
        case .decorationView:
          #expect(
            solved.layoutAttributesForDecorationElement(ofKind: e.elementKind!, at: e.indexPath)
              == e)
        case .supplementaryView:
          #expect(
            solved.layoutAttributesForSupplementaryElement(ofKind: e.elementKind!, at: e.indexPath)
              == e)
        }
      }
    }
  }

  @Test(
    "elements as displayed are the enumeration with pinned headers and footers at their pinned frames"
  )
  func displayedElements() throws {
    try forEachLayout("displayedElements") { solved, rng in
      let all = solved.allElements
      let content = solved.contentSize
      for _ in 0..<10 {
        let visible = CGRect(
          x: CGFloat(Double.random(in: -50...Double(content.width), using: &rng)),
          y: CGFloat(Double.random(in: -50...Double(content.height), using: &rng)),
          width: solved.context.containerSize.width, height: solved.context.containerSize.height)
        let pinned = solved.pinnedSupplementaries(in: visible)
        let displayed = solved.allElements(pinningTo: visible)
        #expect(displayed.count == all.count)
        for (natural, shown) in zip(all, displayed) {
          var moved = shown
          moved.frame = natural.frame
          #expect(moved == natural, "only frames move")
          if shown.frame != natural.frame { #expect(pinned.contains(shown)) }
        }
        for p in pinned { #expect(displayed.contains(p)) }
        let expected = displayed.filter {
          $0.frame.minX < visible.maxX && visible.minX < $0.frame.maxX
            && $0.frame.minY < visible.maxY && visible.minY < $0.frame.maxY
        }
        #expect(solved.layoutAttributesForElements(displayedIn: visible) == expected)
        // Without handlers, what a renderer draws is the same.
        #expect(solved.visibleItems(displayedIn: visible) == expected.map(LayoutVisibleItem.init))
      }
    }
  }

  @Test("right-to-left is the mirror image of left-to-right")
  func mirroring() throws {
    var random = RandomLayouts(rng: SeededRandom.forTest("PropertyTests.mirroring"))
    for _ in 0..<Self.trials {
      var (layout, ctx, counts) = random.layout()
      ctx.layoutDirection = .leftToRight
      ctx.displayScale = nil
      guard let ltr = try? layout.solve(ctx, itemCounts: counts, preferredSize: stablePreferredSize)
      else { continue }
      ctx.layoutDirection = .rightToLeft
      let rtl = try layout.solve(ctx, itemCounts: counts, preferredSize: stablePreferredSize)
      let width = ltr.contentSize.width
      let mirrored = ltr.allElements.map { e -> LayoutAttributes in
        var e = e
        e.frame.origin.x = width - e.frame.maxX
        return e
      }
      let mirroredRTL = rtl.allElements
      #expect(mirroredRTL.count == mirrored.count)
      for (a, b) in zip(mirroredRTL, mirrored) where a != b {
        let close =
          a.category == b.category && a.indexPath == b.indexPath && a.elementKind == b.elementKind
          && abs(a.frame.minX - b.frame.minX) < 1e-9 && abs(a.frame.width - b.frame.width) < 1e-9
          && a.frame.minY == b.frame.minY && a.frame.height == b.frame.height
        if !close {
          Issue.record("right-to-left \(a) is not the mirror of \(b)")
          break
        }
      }
    }
  }
}
