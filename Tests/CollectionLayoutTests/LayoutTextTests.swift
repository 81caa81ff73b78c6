import CollectionLayout
import Foundation
import Testing

/// Solved layouts written out: numbers, sizes, labels and SVG pictures.
@Suite("Layout text and pictures")
struct LayoutTextTests {
  @Test("numbers print as integers when whole and to six decimals otherwise")
  func numbers() {
    #expect(LayoutText.number(78) == "78")
    #expect(LayoutText.number(-0.0) == "0")
    #expect(LayoutText.number(-12) == "-12")
    #expect(LayoutText.number(100.0 / 3) == "33.333333")
    #expect(LayoutText.number(0.5) == "0.5")
    #expect(LayoutText.number(1e-9) == "0")
  }

  @Test("sizes read WIDTHxHEIGHT and write it back; malformed sizes are nil")
  func sizes() {
    #expect(LayoutText.size(parsing: "390x844") == CGSize(width: 390, height: 844))
    #expect(LayoutText.size(parsing: "390.5X10") == CGSize(width: 390.5, height: 10))
    for bad in ["390", "x844", "390x", "-1x5", "axb", "1x2x3", "infx1"] {
      #expect(LayoutText.size(parsing: bad) == nil, "\(bad)")
    }
    #expect(LayoutText.sizeDescription(CGSize(width: 390, height: 844.5)) == "390x844.5")
  }

  @Test("elements are named and labelled by category and index path")
  func labels() {
    let cell = LayoutAttributes(
      category: .cell, elementKind: nil, section: 0, item: 5, frame: .zero, zIndex: 0)
    let header = LayoutAttributes(
      category: .supplementaryView, elementKind: "header", section: 1, item: 0, frame: .zero,
      zIndex: 0)
    #expect(LayoutText.indexPathLabel(cell) == "0.5")
    #expect(LayoutText.indexPathLabel(header) == "header 1.0")
    #expect(
      LayoutElementCategory.allCases.map(LayoutText.name) == [
        "cell", "supplementary", "decoration",
      ])
  }

  @Test("a picture draws every element given, labelled and escaped, bands and the visible rect")
  func svg() throws {
    let layout = CompositionalLayout(
      section: {
        var section = LayoutSection(
          group: .horizontal(
            layoutSize: LayoutSize(
              widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(50)),
            subitems: [
              LayoutItem(
                layoutSize: LayoutSize(
                  widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            ]))
        section.orthogonalScrollingBehavior = .continuous
        return section
      }())
    let solved = try layout.solve(
      LayoutContext(containerSize: CGSize(width: 100, height: 200)), itemCounts: [3])
    let picture = LayoutText.svg(
      solved, elements: solved.allElements, visibleRect: CGRect(x: 0, y: 0, width: 100, height: 200)
    ) { "<\($0.item)>" }
    #expect(picture.hasPrefix("<svg "))
    #expect(picture.hasSuffix("</svg>\n"))
    #expect(picture.components(separatedBy: "<g class=\"cell\">").count - 1 == 3)
    #expect(picture.contains(">&lt;2&gt;</text>"))
    #expect(picture.contains(#"<rect class="band" x="0" y="0" width="150" height="50""#))
    #expect(picture.contains(#"<rect class="visible" x="0" y="0" width="100" height="200""#))
    // Only the elements given are drawn.
    let none = LayoutText.svg(
      solved, elements: [], visibleRect: CGRect(x: 0, y: 0, width: 100, height: 200))
    #expect(!none.contains("<g class="))
  }
}
