import CollectionLayout
import Foundation
import Testing

/// What `print` shows for the layout's values: descriptions as their JSON
/// form, solved values as `diffable layout` writes them.
@Suite("Printed layout values")
struct DescriptionTests {
  @Test("a description value prints as its JSON form, which decodes to the same value")
  func jsonForm() throws {
    let layoutSize = size(.fractionalWidth(1), .absolute(44))
    #expect("\(layoutSize)" == #"{"height":{"absolute":44},"width":{"fractionalWidth":1}}"#)
    #expect("\(LayoutDimension.estimated(40.5))" == #"{"estimated":40.5}"#)
    let layout = CodableTests.everything()
    let printed = "\(layout)"
    #expect(!printed.contains("\n"))
    #expect(!printed.contains("CollectionLayout."))
    let decoded = try CompositionalLayout.decode(json: Data(printed.utf8))
    #expect("\(decoded)" == printed)
    let section = try #require(layout.sections?.first)
    #expect("\(section)" == "\(try #require(decoded.sections?.first))")
  }

  @Test("a layout made by a section provider says it has no JSON form")
  func noJSONForm() {
    let layout = CompositionalLayout { _, _ in
      LayoutSection(
        group: .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(44)),
          subitems: [.item(item(.fractionalWidth(1), .fractionalHeight(1)))]))
    }
    #expect(
      "\(layout)"
        == "CompositionalLayout (no JSON form: a layout with a section provider has no JSON form)")
  }

  @Test("solved values print frames as [x, y, width, height] and sizes as WIDTHxHEIGHT")
  func solvedValues() throws {
    let header = LayoutAttributes(
      category: .supplementaryView, elementKind: "header", section: 0, item: 0,
      frame: rect(0, 0, 390, 44.5), zIndex: 2)
    #expect("\(header)" == #"supplementary "header" [0, 0] [0, 0, 390, 44.5] zIndex 2"#)
    #expect(
      "\([LayoutAttributes(category: .cell, section: 1, item: 3, frame: rect(0, 44, 195, 211))])"
        == "[cell [1, 3] [0, 44, 195, 211]]")
    let request = LayoutSizingRequest(
      category: .cell, section: 0, item: 1, proposedSize: CGSize(width: 195, height: 44),
      widthIsEstimated: false, heightIsEstimated: true)
    #expect("\(request)" == "cell [0, 1] proposed 195x44, height estimated")
    #expect(
      "\(LayoutContext(containerSize: CGSize(width: 390, height: 844)))" == "container 390x844")
    let context = LayoutContext(
      containerSize: CGSize(width: 390, height: 844),
      safeAreaInsets: DirectionalEdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
      layoutDirection: .rightToLeft, displayScale: 3)
    #expect(
      "\(context)"
        == #"container 390x844, safeAreaInsets {"bottom":34,"leading":0,"top":47,"trailing":0}, "#
        + "rightToLeft, displayScale 3")
    #expect(
      "\(CustomItemProvider(frames: [rect(0, 0, 10, 10)]))" == "frames [[0, 0, 10, 10]]")
    #expect("\(CustomItemProvider { _ in [] })" == "a closure")
    let list = CompositionalLayout(sections: [
      LayoutSection(
        group: .horizontal(
          layoutSize: size(.fractionalWidth(1), .absolute(44)),
          subitems: [.item(item(.fractionalWidth(0.5), .fractionalHeight(1)))]))
    ])
    let solved = try list.solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [4])
    #expect("\(solved)" == "container 390x844, content 390x88, items [4]")
  }
}
