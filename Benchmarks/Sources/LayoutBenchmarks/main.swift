// Benchmarks for CollectionLayout. Every scenario runs its contestants
// interleaved and reports medians, with ratios to the first contestant,
// measured in the same process.
//
//     swift run -c release --package-path Benchmarks LayoutBenchmarks
//
// 1. Rect queries: `layoutAttributesForElements(in:)` for a screen-sized rect
//    at the start, middle and end of 10,000 and 1,000,000 items in fixed-size
//    sections. The floor is the 10,000-item query at the start; the others
//    should all be about 1×.
// 2. Enumeration: every cell frame of a 1,000,000-item layout, against the
//    floor of writing that many CGRects into an array; every element as full
//    attributes, against the floor of building the same LayoutAttributes
//    values into an array.
// 3. Self-sizing: a 10,000-item section of estimated rows solved with a
//    preferred-size callback, against the floor of calling the callback for
//    every item and adding up the heights; and one changed preferred size.
// 4. A million rows: a 1,000,000-item section of rows estimated at 44
//    points, 1,000 of them given a size, solved sparse (as it is) and
//    dense (a group an item, as shorter sections are), against the floor
//    of asking every row; and 100 sizes set one by one, both ways.

import BenchmarkSupport
@_spi(Testing) import CollectionLayout
import Foundation

#if DEBUG
  print("warning: this is a debug build; run with -c release for meaningful figures")
#endif

var harness = Harness()
let screen = CGSize(width: 390, height: 844)

/// A five-column grid of squares a fifth of the width (golden case G2) under
/// a 44-point header, with a background: every size is fixed.
func gridSection() -> LayoutSection {
  let item = LayoutItem(
    layoutSize: LayoutSize(
      widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
  let group = LayoutGroup.horizontal(
    layoutSize: LayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.2)),
    subitems: [item])
  var section = LayoutSection(group: group)
  section.interGroupSpacing = 2
  section.boundarySupplementaryItems = [
    LayoutBoundarySupplementaryItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
      elementKind: "header", alignment: .top)
  ]
  section.decorationItems = [.background(elementKind: "background")]
  return section
}

/// `total` items in ten fixed-size sections.
func solvedGrid(items total: Int) -> SolvedLayout {
  let layout = CompositionalLayout(
    section: gridSection(), configuration: CompositionalLayoutConfiguration(interSectionSpacing: 20)
  )
  do {
    return try layout.solve(
      LayoutContext(containerSize: screen), itemCounts: Array(repeating: total / 10, count: 10))
  } catch {
    fatalError("\(error)")
  }
}

// MARK: - 1. Rect queries

do {
  let queries = 1_000
  var contestants: [Contestant] = []
  for total in [sized(10_000), sized(1_000_000)] {
    let solved = solvedGrid(items: total)
    let height = solved.contentSize.height
    for (name, top) in [
      ("start", 0), ("middle", (height - screen.height) / 2), ("end", height - screen.height),
    ] {
      let rect = CGRect(origin: CGPoint(x: 0, y: top), size: screen)
      let label = "\(total.formatted()) items, rect at the \(name)"
      contestants.append(
        Contestant(label) {
          var sum = 0
          for _ in 0..<queries { sum &+= solved.layoutAttributesForElements(in: rect).count }
          return sum
        })
    }
  }
  let medians = harness.scenario(
    "layoutAttributesForElements(in:) for a 390×844 rect, \(queries) queries (10 fixed-size sections)",
    contestants)
  harness.emit(
    "  per query: \(format(medians.min()! / Double(queries) * 1e6, 2))–\(format(medians.max()! / Double(queries) * 1e6, 2)) µs"
  )
}

// MARK: - 2. Enumerating every frame

do {
  let total = sized(1_000_000)
  let solved = solvedGrid(items: total)
  let side = screen.width * 0.2
  let frames = harness.scenario(
    "Every cell frame of \(total.formatted()) items (10 fixed-size sections)",
    [
      Contestant("floor: write \(total.formatted()) CGRects into an array") {
        var frames: [CGRect] = []
        frames.reserveCapacity(total)
        for i in 0..<total {
          frames.append(
            CGRect(x: side * CGFloat(i % 5), y: side * CGFloat(i / 5), width: side, height: side))
        }
        return frames.count
      },
      Contestant("itemFrames(inSection:) for every section") {
        var count = 0
        for section in 0..<solved.numberOfSections {
          count &+= solved.itemFrames(inSection: section).count
        }
        return count
      },
    ])
  // The same elements as the layout has (each section's header, its cells,
  // its background), each built as a LayoutAttributes value with its frame
  // computed from its index, written into an array: what any enumeration
  // of full attributes has to produce.
  let perSection = total / 10
  let attributes = harness.scenario(
    "Every element of \(total.formatted()) items as full attributes (cells, headers, backgrounds)",
    [
      Contestant("floor: write the same \((total + 20).formatted()) LayoutAttributes into an array")
      {
        var out: [LayoutAttributes] = []
        out.reserveCapacity(total + 20)
        var y: CGFloat = 0
        for section in 0..<10 {
          let start = y
          out.append(
            LayoutAttributes(
              category: .supplementaryView, elementKind: "header", section: section, item: 0,
              frame: CGRect(x: 0, y: y, width: screen.width, height: 44), zIndex: 1))
          y += 44
          for i in 0..<perSection {
            out.append(
              LayoutAttributes(
                category: .cell, section: section, item: i,
                frame: CGRect(
                  x: side * CGFloat(i % 5), y: y + (side + 2) * CGFloat(i / 5), width: side,
                  height: side)))
          }
          y += (side + 2) * CGFloat((perSection + 4) / 5)
          out.append(
            LayoutAttributes(
              category: .decorationView, elementKind: "background", section: section, item: 0,
              frame: CGRect(x: 0, y: start, width: screen.width, height: y - start)))
          y += 20
        }
        return out.count
      },
      Contestant("forEachElement") {
        var count = 0
        solved.forEachElement { count &+= Int($0.frame.maxY) & 1 }
        return count
      },
      Contestant("allElements (an array of attributes)") {
        solved.allElements.count
      },
    ])
  harness.emit(
    "  against the CGRect floor: forEachElement \(format(attributes[1] / frames[0], 2))×, allElements \(format(attributes[2] / frames[0], 2))×"
  )
}

// MARK: - 3. Self-sizing

/// The floor of solving `total` estimated rows: asking each row its size
/// (44 points where it has none) and adding up the heights.
func askEveryRow(_ total: Int, _ preferred: (LayoutSizingRequest) -> CGSize?) -> Int {
  var offset: CGFloat = 0
  for item in 0..<total {
    let request = LayoutSizingRequest(
      category: .cell, elementKind: nil, section: 0, item: item,
      proposedSize: CGSize(width: 390, height: 44), widthIsEstimated: false,
      heightIsEstimated: true)
    offset += preferred(request)?.height ?? 44
  }
  return Int(offset)
}

do {
  let total = sized(10_000)
  let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
  let context = LayoutContext(containerSize: screen)
  /// A row's preferred height: 44 to 107 points, depending on the row.
  @Sendable func preferred(_ request: LayoutSizingRequest) -> CGSize? {
    CGSize(width: request.proposedSize.width, height: CGFloat(44 + (request.item &* 37) % 64))
  }
  var solvedOnce: SolvedLayout
  do {
    solvedOnce = try list.solve(context, itemCounts: [total], preferredSize: preferred)
  } catch {
    fatalError("\(error)")
  }
  harness.scenario(
    "A \(total.formatted())-item section of estimated rows, self-sizing",
    [
      Contestant("floor: ask every row its size and add up the heights") {
        askEveryRow(total, preferred)
      },
      Contestant("solve with a preferred-size callback") {
        (try? list.solve(context, itemCounts: [total], preferredSize: preferred))?.numberOfSections
          ?? 0
      },
      Contestant("100 × setPreferredSize(_:forItemAt:) in the middle") {
        var solved = solvedOnce
        for k in 0..<100 {
          solved.setPreferredSize(
            CGSize(width: 390, height: CGFloat(50 + k)),
            forItemAt: IndexPath(indexes: [0, total / 2]))
        }
        return Int(solved.contentSize.height)
      },
    ])
}

// MARK: - 4. A million rows

do {
  let total = sized(1_000_000)
  let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
  let context = LayoutContext(containerSize: screen)
  let step = max(1, total / 1_000)
  /// One row in `step` has a preferred height of 44 to 107 points.
  @Sendable func preferred(_ request: LayoutSizingRequest) -> CGSize? {
    guard request.item % step == 0 else { return nil }
    return CGSize(
      width: request.proposedSize.width, height: CGFloat(44 + (request.item &* 37) % 64))
  }
  func solve(sparse: Bool) -> SolvedLayout {
    SolvedLayout.$_sparseMinimum.withValue(sparse ? 10_000 : .max) {
      do {
        return try list.solve(context, itemCounts: [total], preferredSize: preferred)
      } catch {
        fatalError("\(error)")
      }
    }
  }
  let sparse = solve(sparse: true)
  let dense = solve(sparse: false)
  guard sparse.contentSize == dense.contentSize else { fatalError("sparse and dense differ") }
  func setSizes(_ solved: SolvedLayout) -> Int {
    var solved = solved
    for k in 0..<100 {
      solved.setPreferredSize(
        CGSize(width: 390, height: CGFloat(50 + k)),
        forItemAt: IndexPath(indexes: [0, (k * 7_919) % total]))
    }
    return Int(solved.contentSize.height)
  }
  harness.scenario(
    "A \(total.formatted())-item section of estimated rows, one in \(step) given a size",
    [
      Contestant("floor: ask every row its size and add up the heights") {
        askEveryRow(total, preferred)
      },
      Contestant("solve, sparse") { solve(sparse: true).numberOfSections },
      Contestant("solve, dense") { solve(sparse: false).numberOfSections },
      Contestant("100 × setPreferredSize(_:forItemAt:), sparse") { setSizes(sparse) },
      Contestant("100 × setPreferredSize(_:forItemAt:), dense") { setSizes(dense) },
    ])
}

harness.finish()
