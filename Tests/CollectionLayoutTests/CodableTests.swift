import CollectionLayout
import Foundation
import Testing

/// Documentation/Layout.md, "The JSON form": the keys, the values accepted
/// and the errors with their paths.
@Suite("JSON form of layout descriptions")
struct CodableTests {
  static func everything() -> CompositionalLayout {
    var leaf = LayoutItem(
      layoutSize: size(.fractionalWidth(0.5), .uniformAcrossSiblings(estimate: 40)),
      supplementaryItems: [
        LayoutSupplementaryItem(
          layoutSize: size(.absolute(16), .absolute(16)), elementKind: "badge",
          containerAnchor: LayoutAnchor(
            edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)),
          itemAnchor: LayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 1, y: 2)), zIndex: 3
        )
      ],
      contentInsets: DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
      edgeSpacing: LayoutEdgeSpacing(leading: .fixed(1), top: .flexible(2)))
    leaf.contentInsets.top = 1.5
    var inner = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(0.5), .estimated(100)), subitem: .item(leaf), count: 2)
    inner.interItemSpacing = .flexible(4)
    inner.contentInsets = DirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
    let repeating = LayoutGroup.horizontal(
      layoutSize: size(.absolute(10), .fractionalHeight(1)),
      repeatingSubitem: .item(item(.absolute(5), .absolute(5))), count: 2)
    let custom = LayoutGroup.custom(
      layoutSize: size(.absolute(30), .absolute(30)),
      frames: [rect(0, 0, 10, 10), rect(10, 10, 20, 20)])
    var root = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(100)),
      subitems: [.group(inner), .group(repeating), .group(custom)])
    root.edgeSpacing = LayoutEdgeSpacing(bottom: .fixed(3))
    root.supplementaryItems = [
      LayoutSupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: "rule",
        containerAnchor: LayoutAnchor(edges: [.bottom]))
    ]
    var section = LayoutSection(group: root)
    section.contentInsets = DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
    section.interGroupSpacing = 6
    section.orthogonalScrollingBehavior = .groupPagingCentered
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .estimated(30)), elementKind: "header",
        alignment: .topLeading,
        absoluteOffset: CGPoint(x: 1, y: 1), extendsBoundary: false, pinToVisibleBounds: true,
        zIndex: 9)
    ]
    section.decorationItems = [
      LayoutDecorationItem(
        elementKind: "bg", contentInsets: DirectionalEdgeInsets(top: 2), zIndex: -1)
    ]
    section.contentInsetsReference = .readableContent
    section.supplementariesFollowContentInsets = false
    let list = LayoutSection.list(
      using: ListConfiguration(appearance: .sidebar, headerMode: .supplementary))
    let config = CompositionalLayoutConfiguration(
      scrollDirection: .horizontal, interSectionSpacing: 12,
      boundarySupplementaryItems: [
        LayoutBoundarySupplementaryItem(
          layoutSize: size(.absolute(20), .fractionalHeight(1)), elementKind: "rail",
          alignment: .leading)
      ],
      contentInsetsReference: .layoutMargins)
    return CompositionalLayout(sections: [section, list], configuration: config)
  }

  @Test("every description type survives a round trip through JSON")
  func roundTrip() throws {
    let layout = Self.everything()
    let data = try JSONEncoder().encode(layout)
    let decoded = try CompositionalLayout.decode(json: data)
    #expect(decoded.sections == layout.sections)
    #expect(decoded.configuration == layout.configuration)
  }

  @Test("a list section encodes as a list entry until it is changed")
  func listEntry() throws {
    var list = LayoutSection.list(
      using: ListConfiguration(appearance: .insetGrouped, footerMode: .supplementary))
    let short = String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
    #expect(short.hasPrefix("{\"list\":"))
    list.interGroupSpacing = 3
    let long = String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
    #expect(!long.contains("\"list\""))
    #expect(try JSONDecoder().decode(LayoutSection.self, from: Data(long.utf8)) == list)
  }

  @Test("list metrics in JSON override the appearance's defaults field by field")
  func listMetrics() throws {
    let json =
      #"{"sections": [{"list": {"appearance": "insetGrouped", "metrics": {"horizontalInset": 8}}}]}"#
    let layout = try CompositionalLayout.decode(json: Data(json.utf8))
    var expected = ListConfiguration.Metrics.standard(for: .insetGrouped)
    expected.horizontalInset = 8
    #expect(
      layout.sections == [
        .list(using: ListConfiguration(appearance: .insetGrouped, metrics: expected))
      ])
  }

  @Test("a closure-based custom group or a section provider has no JSON form")
  func unencodable() throws {
    let custom = LayoutGroup.custom(layoutSize: size(.absolute(1), .absolute(1))) { _ in [] }
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(LayoutSection(group: custom)) }
    let provided = CompositionalLayout { _, _ in LayoutSection(group: custom) }
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(provided) }
  }

  static let itemJSON =
    #"{"item": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}}}}"#

  @Test(
    "invalid JSON descriptions are errors naming their JSON path",
    arguments: [
      (#"{"sections": []}"#, "sections", "at least one section"),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}}, "subitems": []}}}]}"#,
        "sections[0].group.horizontal.layoutSize", "missing key 'height'"
      ),
      (
        #"{"sections": [{"group": {"diagonal": {}}}]}"#, "sections[0].group.diagonal",
        "unknown key 'diagonal'"
      ),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"absolute": -1}, "height": {"absolute": 1}}, "subitems": []}}}]}"#,
        "sections[0].group.horizontal.layoutSize.width.absolute", "non-negative"
      ),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"absolute": 1, "estimated": 2}, "height": {"absolute": 1}}, "subitems": []}}}]}"#,
        "sections[0].group.horizontal.layoutSize.width", "exactly one"
      ),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"absolute": "wide"}, "height": {"absolute": 1}}, "subitems": []}}}]}"#,
        "sections[0].group.horizontal.layoutSize.width.absolute", "expected a number"
      ),
      (
        #"{"sections": [{"group": {"vertical": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "count": 2, "subitems": [ITEM, ITEM]}}}]}"#,
        "sections[0].group.vertical.subitems", "exactly one subitem"
      ),
      (
        #"{"sections": [{"group": {"vertical": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "count": 0, "subitems": [ITEM]}}}]}"#,
        "sections[0].group.vertical.count", "positive"
      ),
      (
        #"{"sections": [{"group": {"vertical": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "count": 1, "repeatingCount": 1, "subitems": [ITEM]}}}]}"#,
        "sections[0].group.vertical.repeatingCount", "not both"
      ),
      (
        #"{"sections": [{"group": {"custom": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "frames": [[0, 0, 1]]}}}]}"#,
        "sections[0].group.custom.frames[0]", "[x, y, width, height]"
      ),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "subitems": [ITEM]}}, "interGroupSpaceing": 3}]}"#,
        "sections[0].interGroupSpaceing", "unknown key"
      ),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "subitems": [ITEM]}}, "orthogonalScrollingBehavior": "sideways"}]}"#,
        "sections[0].orthogonalScrollingBehavior",
        "unknown value 'sideways'; expected one of none, continuous"
      ),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "subitems": [{"item": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "supplementaryItems": [{"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "elementKind": "b", "containerAnchor": {"edges": ["north"]}}]}}]}}}]}"#,
        "sections[0].group.horizontal.subitems[0].item.supplementaryItems[0].containerAnchor.edges[0]",
        "unknown edge 'north'"
      ),
      (
        #"{"sections": [{"list": {"appearance": "fancy"}}]}"#, "sections[0].list.appearance",
        "unknown value 'fancy'"
      ),
      (
        #"{"sections": [{"group": {"custom": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 1}}, "frames": [], "subitems": []}}}]}"#,
        "sections[0].group.custom.subitems",
        "unknown key 'subitems'; expected one of layoutSize, frames, contentInsets, edgeSpacing, supplementaryItems"
      ),
      (
        #"{"sections": [{"list": {"appearance": "plain"}, "contentInsets": {}}]}"#,
        "sections[0].contentInsets", "unknown key 'contentInsets'; expected one of list"
      ),
      (#"{"sections": [ITEM"#, "(root)", "invalid JSON"),
    ])
  func errors(_ json: String, _ path: String, _ message: String) throws {
    let data = Data(json.replacingOccurrences(of: "ITEM", with: Self.itemJSON).utf8)
    #expect {
      _ = try CompositionalLayout.decode(json: data)
    } throws: { error in
      guard let e = error as? LayoutError else { return false }
      if e.path != path || !e.message.contains(message) {
        print("got \(e)")
        return false
      }
      return true
    }
  }
}
