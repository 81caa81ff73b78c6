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

  @Test("item counts read as the --items argument writes them, at most a layout's items")
  func itemCounts() throws {
    #expect(try LayoutText.itemCounts(parsing: "6,10, 0") == [6, 10, 0])
    #expect(try LayoutText.itemCounts(parsing: "1000000") == [1_000_000])
    let bad = [
      ("", "section 0's count is missing; write counts as 6,10,0"),
      ("6,", "section 1's count is missing; write counts as 6,10,0"),
      ("6,-1", "section 1's count -1 is negative; counts are 0 or more"),
      ("six", #"section 0's count "six" is not a whole number"#),
      ("1\t\"", #"section 0's count "1\t\"" is not a whole number"#),
      ("999999,2", "section 1's count 2 makes more than the 1000000 items a layout holds"),
    ]
    for (text, message) in bad {
      #expect { try LayoutText.itemCounts(parsing: text) } throws: {
        ($0 as? LayoutError) == LayoutError(path: "items", message: message)
      }
    }
  }

  @Test("JSON syntax problems say where, in lines and columns; JSON has none")
  func jsonSyntax() {
    let problem = { (text: String) in LayoutText.jsonSyntaxProblem(in: Data(text.utf8)) }
    #expect(problem(#"{"sections": []}"#) == nil)
    #expect(problem("7") == nil)
    #expect(problem("not json") == "not valid JSON at line 1, column 2: invalid value")
    #expect(
      problem("{\n  \"sections\": [,]\n}") == "not valid JSON at line 2, column 16: invalid value")
    #expect(problem(" \n\t") == "not valid JSON: there is no JSON value, only blank space")
    #expect(
      problem(#"{"sections": "#)
        == "not valid JSON at line 1, column 14: the text ends before the JSON value does")
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

  @Test("labels sit inside elements large enough, beside those too small, and stay legible")
  func labelsFitOrSitBeside() throws {
    // Rows of wide cells, narrow cells and tiny cells, each with a 4-point
    // badge at its top trailing corner.
    func row(_ width: CGFloat, _ height: CGFloat) -> LayoutGroup {
      let badge = LayoutSupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .absolute(4), heightDimension: .absolute(4)),
        elementKind: "badge", containerAnchor: LayoutAnchor(edges: [.top, .trailing]))
      let item = LayoutItem(
        layoutSize: LayoutSize(
          widthDimension: .absolute(width), heightDimension: .absolute(height)),
        supplementaryItems: [badge])
      return .horizontal(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
        subitems: [item])
    }
    let layout = CompositionalLayout(
      sections: [(CGFloat(200), CGFloat(44)), (30, 12), (6, 6)].map { width, height in
        var section = LayoutSection(group: row(width, height))
        section.interGroupSpacing = 20
        return section
      })
    let solved = try layout.solve(
      LayoutContext(containerSize: CGSize(width: 400, height: 600)), itemCounts: [2, 4, 4])
    let picture = LayoutText.svg(
      solved, elements: solved.allElements, visibleRect: CGRect(x: 0, y: 0, width: 400, height: 600)
    )
    let viewBox = try #require(Self.numbers(in: picture, after: "viewBox=\""))
    let canvas = CGRect(x: viewBox[0], y: viewBox[1], width: viewBox[2], height: viewBox[3])
    var inside = 0
    var beside = 0
    for line in picture.split(separator: "\n") where line.hasPrefix("  <g class=") {
      let line = String(line)
      let r = try #require(
        Self.attributes(["x", "y", "width", "height"], in: line, after: "<rect "))
      let rect = CGRect(x: r[0], y: r[1], width: r[2], height: r[3])
      let t = try #require(Self.attributes(["x", "y", "font-size"], in: line, after: "<text "))
      let text = try #require(
        line.split(separator: ">").dropLast().last?.split(separator: "<").first)
      // Each character at most 0.6 em wide (Helvetica's digits are 0.556).
      let width = CGFloat(text.count) * 0.6 * t[2]
      #expect(t[2] >= 8, "\(line)")
      if line.contains(#"text-anchor="middle""#) {
        inside += 1
        let box = CGRect(x: t[0] - width / 2, y: t[1] - t[2] / 2, width: width, height: t[2])
        #expect(rect.contains(box), "\(line)")
      } else {
        beside += 1
        #expect(line.contains(#"text-anchor="start""#), "\(line)")
        let box = CGRect(x: t[0], y: t[1] - t[2] / 2, width: width, height: t[2])
        // Just after the element's right edge, level with its middle.
        #expect(box.minX >= rect.maxX && box.minX <= rect.maxX + 4, "\(line)")
        #expect(t[1] == rect.midY, "\(line)")
        #expect(canvas.contains(box), "\(line)")
      }
    }
    // The wide cells hold their labels; the others, and every badge, do not.
    #expect(inside == 2)
    #expect(beside == 8 + 10)
  }

  /// The numbers in the attribute value that follows `marker`.
  static func numbers(in text: String, after marker: String) -> [CGFloat]? {
    guard let start = text.range(of: marker) else { return nil }
    let value = text[start.upperBound...].prefix { $0 != "\"" }
    return value.split(separator: " ").compactMap { Double($0).map { CGFloat($0) } }
  }

  /// The values of numeric attributes of the tag that starts with `tag`.
  static func attributes(_ names: [String], in line: String, after tag: String) -> [CGFloat]? {
    guard let start = line.range(of: tag) else { return nil }
    let element = String(line[start.upperBound...].prefix { $0 != ">" })
    var values: [CGFloat] = []
    for name in names {
      guard let value = numbers(in: " " + element, after: " \(name)=\""), value.count == 1 else {
        return nil
      }
      values.append(value[0])
    }
    return values
  }
}
