import CollectionLayout
import Foundation
import Testing

/// Sections by width: a section provider with a JSON form.
@Suite("Sections by width")
struct WidthClassTests {
  /// Rows 44 high on a narrow container, two columns 100 high from 600
  /// points.
  static let json = """
    {"sectionsByWidth": [
      {"minimumWidth": 0, "sections": [{"group": {"horizontal": {
        "layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
        "subitems": [\(CodableTests.itemJSON)]}}}]},
      {"minimumWidth": 600, "sections": [{"group": {"horizontal": {
        "layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 100}},
        "subitems": [{"item": {"layoutSize": {"width": {"fractionalWidth": 0.5},
          "height": {"fractionalHeight": 1}}}}]}}}]}
    ]}
    """

  @Test func theSectionsOfTheWidestClassTheContainerReachesAreUsed() throws {
    let layout = try CompositionalLayout.decode(json: Data(Self.json.utf8))
    #expect(layout.sections == nil)
    #expect(layout.sectionsByWidth?.map(\.minimumWidth) == [0, 600])
    let narrow = try layout.solve(context(390, 800), itemCounts: [4])
    #expect(narrow.cells().map(\.height) == [44, 44, 44, 44])
    let wide = try layout.solve(context(800, 800), itemCounts: [4])
    #expect(
      wide.cells() == [
        rect(0, 0, 400, 100), rect(400, 0, 400, 100), rect(0, 100, 400, 100),
        rect(400, 100, 400, 100),
      ])
    #expect(layout.sections(forWidth: 599)?.first == layout.sectionsByWidth?[0].sections[0])
    #expect(layout.sections(forWidth: 600)?.first == layout.sectionsByWidth?[1].sections[0])
    let edge = try layout.solve(context(600, 800), itemCounts: [1])
    #expect(edge.cells() == [rect(0, 0, 300, 100)], "from the minimum width on")
  }

  @Test func itRoundTripsThroughJSON() throws {
    let layout = try CompositionalLayout.decode(json: Data(Self.json.utf8))
    let again = try CompositionalLayout.decode(json: try JSONEncoder().encode(layout))
    #expect(again.sectionsByWidth == layout.sectionsByWidth)
  }

  @Test(
    arguments: [
      (#"{"sectionsByWidth": []}"#, "sectionsByWidth", "at least one width class"),
      (
        #"{"sectionsByWidth": [{"minimumWidth": 10, "sections": [SECTION]}]}"#, "sectionsByWidth",
        "must start at minimumWidth 0"
      ),
      (
        #"{"sectionsByWidth": [{"minimumWidth": 0, "sections": [SECTION]}, {"minimumWidth": 0, "sections": [SECTION]}]}"#,
        "sectionsByWidth", "is not above the previous one's"
      ),
      (
        #"{"sectionsByWidth": [{"minimumWidth": 0, "sections": []}]}"#, "sectionsByWidth",
        "width class 0 has no sections"
      ),
      (
        #"{"sections": [SECTION], "sectionsByWidth": [{"minimumWidth": 0, "sections": [SECTION]}]}"#,
        "sections", "not both"
      ),
      (
        #"{"sectionsByWidth": [{"minimumWidth": 0, "sections": [SECTION], "extra": 1}]}"#,
        "sectionsByWidth[0].extra", "unknown key 'extra'"
      ),
    ])
  func badClassesAreRefusedWithTheirPath(_ json: String, _ path: String, _ message: String) throws {
    let section =
      #"{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "#
      + #""height": {"absolute": 44}}, "subitems": [ITEM]}}}"#
    try CodableTests().errors(
      json.replacingOccurrences(of: "SECTION", with: section), path, message)
  }

}

/// The frame of the group an item is in.
@Suite("Group frames")
struct GroupFrameTests {
  @Test func anItemsGroupIsTheRepetitionThatHoldsIt() throws {
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
      subitems: [
        .item(
          LayoutItem(
            layoutSize: LayoutSize(
              widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1))))
      ])
    var section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
    section.interGroupSpacing = 5
    let solved = try CompositionalLayout(section: section).solve(
      context(400, 800), itemCounts: [5])
    #expect(solved.groupFrame(ofItemAt: ip(0, 0)) == rect(10, 10, 380, 100))
    #expect(solved.groupFrame(ofItemAt: ip(0, 3)) == rect(10, 115, 380, 100))
    #expect(solved.groupFrame(ofItemAt: ip(0, 4)) == rect(10, 220, 380, 100))
    for item in 0..<5 {
      let cell = try #require(solved.layoutAttributesForItem(at: ip(0, item))).frame
      #expect(try #require(solved.groupFrame(ofItemAt: ip(0, item))).contains(cell))
    }
    #expect(solved.groupFrame(ofItemAt: ip(0, 5)) == nil)
    #expect(solved.groupFrame(ofItemAt: ip(1, 0)) == nil)
    var rightToLeft = context(400, 800)
    rightToLeft.layoutDirection = .rightToLeft
    let mirrored = try CompositionalLayout(section: section).solve(rightToLeft, itemCounts: [5])
    #expect(mirrored.groupFrame(ofItemAt: ip(0, 3)) == rect(10, 115, 380, 100))
  }
}
