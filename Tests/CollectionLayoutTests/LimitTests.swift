@_spi(Testing) import CollectionLayout
import Foundation
import Testing

/// The documented limits: descriptions, counts and sizes beyond them are
/// errors naming where they are, checked before the work they would cause.
@Suite("Limits are errors, never traps or hangs")
struct LimitTests {
  static let row = LayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), .absolute(10)),
    subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))])

  static func layout(_ group: LayoutGroup = row) -> CompositionalLayout {
    CompositionalLayout(section: LayoutSection(group: group))
  }

  static func error(_ body: () throws -> Void) -> LayoutError? {
    do {
      try body()
      return nil
    } catch {
      return error as? LayoutError
    }
  }

  @Test(
    "item counts that total more than the maximum name the first section beyond it",
    arguments: [
      ([Int.max], "itemCounts[0]"),
      ([1_000_000_000], "itemCounts[0]"),
      ([600_000, 0, 400_001], "itemCounts[2]"),
      ([1, Int.max, Int.max], "itemCounts[1]"),
    ])
  func tooManyItems(_ counts: [Int], _ path: String) {
    let e = Self.error { _ = try Self.layout().solve(context(390, 844), itemCounts: counts) }
    #expect(e?.path == path)
    #expect(e?.message.contains("at most 1000000 items") == true)
  }

  @Test("the maximum item count itself solves, without solving a group per item")
  func maximumItemCountSolves() throws {
    let solved = try Self.layout().solve(
      context(390, 844), itemCounts: [CompositionalLayout.maximumItemCount - 1, 1])
    #expect(solved.numberOfItems(inSection: 0) == 999_999)
    #expect(solved._groupSolveCount == 2)
    #expect(solved.contentSize.height == CGFloat(10 * 500_001))
  }

  @Test("updating to too many items throws and leaves the layout as it was")
  func updateTooManyItems() throws {
    var solved = try Self.layout().solve(context(390, 844), itemCounts: [4])
    let e = Self.error { try solved.updateItemCounts([4, Int.max]) }
    #expect(e?.path == "itemCounts[1]")
    #expect(solved.numberOfSections == 1)
    #expect(solved.contentSize.height == 20)
  }

  @Test(
    "a group count beyond the maximum is refused before any child is laid out",
    arguments: [1_000_000_000, Int.max, 100_001])
  func groupCountTooLarge(_ count: Int) {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .item(item(.absolute(1), .absolute(10))), count: count)
    let e = Self.error { _ = try Self.layout(g).solve(context(390, 844), itemCounts: [1]) }
    #expect(e?.path == "sections[0].group.horizontal.count")
    #expect(e?.message.contains("more than the 100000 children") == true)
  }

  @Test("a group count beyond the maximum in JSON fails to decode, naming the key")
  func groupCountTooLargeInJSON() {
    let json = #"""
      {"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}, "subitems": [{"item": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 10}}}}], "count": 1000000000}}}]}
      """#
    let e = Self.error { _ = try CompositionalLayout.decode(json: Data(json.utf8)) }
    #expect(e?.path == "sections[0].group.horizontal.count")
    #expect(e?.message == "count 1000000000 is more than the 100000 children a group may hold")
  }

  @Test("nested counts that multiply beyond the maximum stop at the limit, naming the item")
  func nestedCountsTooLarge() {
    let inner = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .item(item(.absolute(1), .absolute(10))), count: 1_000)
    let outer = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .group(inner), count: 1_000)
    let e = Self.error { _ = try Self.layout(outer).solve(context(390, 844), itemCounts: [1]) }
    #expect(e?.path == "sections[0].group.vertical.subitems[0].group.horizontal.subitems[0].item")
    #expect(e?.message.contains("more than 100000 items") == true)
    // Exactly the maximum solves.
    let fits = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .absolute(10)),
      subitem: .group(inner), count: 100)
    #expect(
      Self.error { _ = try Self.layout(fits).solve(context(390, 844), itemCounts: [1]) } == nil)
  }

  // MARK: Finite numbers

  static func json(width: String, spacing: String = "0") -> Data {
    Data(
      """
      {"sections": [{"interGroupSpacing": \(spacing), "group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}, "subitems": [{"item": {"layoutSize": {"width": \(width), "height": {"absolute": 10}}}}]}}}]}
      """.utf8)
  }

  @Test(
    "a number larger than the largest length in JSON fails to decode, naming its path",
    arguments: [
      (
        json(width: #"{"absolute": 1e308}"#),
        "sections[0].group.horizontal.subitems[0].item.layoutSize.width.absolute",
        "1e+308 is larger than the largest length, 1000000000"
      ),
      (
        json(width: #"{"absolute": 10}"#, spacing: "-1e300"),
        "sections[0].interGroupSpacing", "-1e+300 is larger than the largest length, 1000000000"
      ),
    ])
  func largeNumbersInJSON(_ json: Data, _ path: String, _ message: String) {
    let e = Self.error { _ = try CompositionalLayout.decode(json: json) }
    #expect(e?.path == path)
    #expect(e?.message == message)
  }

  @Test("a dimension that resolves beyond the largest length is an error naming it")
  func largeResolvedDimension() throws {
    let layout = try CompositionalLayout.decode(
      json: Self.json(width: #"{"fractionalWidth": 1e8}"#))
    let e = Self.error { _ = try layout.solve(context(390, 844), itemCounts: [1]) }
    #expect(e?.path == "sections[0].group.horizontal.subitems[0].item.layoutSize.width")
    #expect(e?.message == "resolves to 39000000000, larger than the largest length, 1000000000")
  }

  @Test("a dimension built in Swift beyond the largest length is an error naming it")
  func largeDimensionInSwift() {
    let g = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(1e308)),
      subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
    let e = Self.error { _ = try Self.layout(g).solve(context(390, 844), itemCounts: [1]) }
    #expect(e?.path == "sections[0].group.layoutSize.height")
    #expect(e?.message == "1e+308 is larger than the largest length, 1000000000")
  }

  /// A layout built in Swift with one number changed, the path the error
  /// names and the message.
  struct SwiftBuiltCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var path: String
    var message: String
    var make: @Sendable (CGFloat) -> CompositionalLayout
  }

  static let big: CGFloat = 1e300
  static let tooLarge = "1e+300 is larger than the largest length, 1000000000"

  /// One section whose group holds `item`.
  static func layout(item: LayoutItem) -> CompositionalLayout {
    layout(
      .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(44)), subitems: [item]))
  }

  static func layout(section change: (inout LayoutSection) -> Void) -> CompositionalLayout {
    var section = LayoutSection(group: row)
    change(&section)
    return CompositionalLayout(section: section)
  }

  static let swiftBuiltCases: [SwiftBuiltCase] = [
    SwiftBuiltCase(
      testDescription: "item content insets",
      path: "sections[0].group.horizontal.subitems[0].item.contentInsets.top",
      message: tooLarge,
      make: { v in
        var i = item(.fractionalWidth(0.5), .absolute(44))
        i.contentInsets = DirectionalEdgeInsets(top: v)
        return layout(item: i)
      }),
    SwiftBuiltCase(
      testDescription: "item edge spacing",
      path: "sections[0].group.horizontal.subitems[0].item.edgeSpacing.leading.flexible",
      message: tooLarge,
      make: { v in
        var i = item(.fractionalWidth(0.5), .absolute(44))
        i.edgeSpacing = LayoutEdgeSpacing(
          leading: .flexible(v), top: nil, trailing: nil, bottom: nil)
        return layout(item: i)
      }),
    SwiftBuiltCase(
      testDescription: "a supplementary item's offset",
      path:
        "sections[0].group.horizontal.subitems[0].item.supplementaryItems[0].containerAnchor.absoluteOffset[1]",
      message: tooLarge,
      make: { v in
        var i = item(.fractionalWidth(0.5), .absolute(44))
        i.supplementaryItems = [
          LayoutSupplementaryItem(
            layoutSize: size(.absolute(10), .absolute(10)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top], absoluteOffset: CGPoint(x: 0, y: v)))
        ]
        return layout(item: i)
      }),
    SwiftBuiltCase(
      testDescription: "a group's spacing between items",
      path: "sections[0].group.horizontal.interItemSpacing.fixed", message: tooLarge,
      make: { v in
        var g = row
        g.interItemSpacing = .fixed(v)
        return layout(g)
      }),
    SwiftBuiltCase(
      testDescription: "a group's content insets",
      path: "sections[0].group.horizontal.contentInsets.trailing", message: tooLarge,
      make: { v in
        var g = row
        g.contentInsets = DirectionalEdgeInsets(trailing: v)
        return layout(g)
      }),
    SwiftBuiltCase(
      testDescription: "a custom group's frame",
      path: "sections[0].group.custom.frames[0]", message: tooLarge,
      make: { v in
        layout(
          .custom(
            layoutSize: size(.fractionalWidth(1), .absolute(44)),
            frames: [CGRect(x: v, y: 0, width: 10, height: 10)]))
      }),
    SwiftBuiltCase(
      testDescription: "section content insets whose sum would not be finite",
      path: "sections[0].contentInsets.top", message: tooLarge,
      make: { v in
        layout { $0.contentInsets = DirectionalEdgeInsets(top: v, bottom: v) }
      }),
    SwiftBuiltCase(
      testDescription: "a header's offset",
      path: "sections[0].boundarySupplementaryItems[0].absoluteOffset[0]", message: tooLarge,
      make: { v in
        layout {
          $0.boundarySupplementaryItems = [
            LayoutBoundarySupplementaryItem(
              layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "header",
              alignment: .top, absoluteOffset: CGPoint(x: v, y: 0))
          ]
        }
      }),
    SwiftBuiltCase(
      testDescription: "a decoration's insets",
      path: "sections[0].decorationItems[0].contentInsets.leading", message: tooLarge,
      make: { v in
        layout {
          $0.decorationItems = [
            LayoutDecorationItem(elementKind: "background", contentInsets: .init(leading: v))
          ]
        }
      }),
    SwiftBuiltCase(
      testDescription: "the spacing between sections",
      path: "configuration.interSectionSpacing", message: tooLarge,
      make: { v in
        var l = layout()
        l.configuration.interSectionSpacing = v
        return l
      }),
  ]

  @Test(
    "numbers built in Swift beyond the largest length are errors naming them, as in JSON",
    arguments: swiftBuiltCases)
  func largeNumbersInSwift(_ swiftCase: SwiftBuiltCase) throws {
    let e = Self.error {
      _ = try swiftCase.make(Self.big).solve(context(390, 844), itemCounts: [4])
    }
    #expect(e?.path == swiftCase.path)
    #expect(e?.message == swiftCase.message)
    // The same description with a number inside the limit solves, to finite
    // frames.
    let solved = try swiftCase.make(20).solve(context(390, 844), itemCounts: [4])
    #expect(
      solved.allElements.allSatisfy {
        [$0.frame.minX, $0.frame.minY, $0.frame.maxX, $0.frame.maxY].allSatisfy(\.isFinite)
      })
    let negative = Self.error {
      _ = try swiftCase.make(-Self.big).solve(context(390, 844), itemCounts: [4])
    }
    #expect(negative?.path == swiftCase.path)
    let nan = Self.error {
      _ = try swiftCase.make(.nan).solve(context(390, 844), itemCounts: [4])
    }
    #expect(nan?.path == swiftCase.path)
  }

  @Test(
    "a container size that is not finite, negative or too large is an error",
    arguments: [
      (CGSize(width: CGFloat.infinity, height: 10), "the width inf is not a finite number"),
      (CGSize(width: 10, height: -1), "the height -1 is negative; sizes are 0 or more"),
      (
        CGSize(width: 2e9, height: 10),
        "the width 2000000000 is larger than the largest length, 1000000000"
      ),
    ])
  func badContainer(_ container: CGSize, _ message: String) {
    let e = Self.error {
      _ = try Self.layout().solve(LayoutContext(containerSize: container), itemCounts: [1])
    }
    #expect(e?.path == "(root)")
    #expect(e?.message == message)
  }

  @Test("a preferred size beyond the largest length keeps the estimate")
  func largePreferredSize() throws {
    let list = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
    let solved = try list.solve(context(390, 844), itemCounts: [3]) { request in
      request.item == 1 ? CGSize(width: 0, height: 1e308) : CGSize(width: 0, height: 30)
    }
    #expect(solved.contentSize.height == CGFloat(30 + 44 + 30))
  }
}
