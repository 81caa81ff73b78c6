import CollectionLayout
import Foundation
import Testing

@testable import DiffableCommand

/// The options of `diffable layout` that describe the view: layout
/// direction, display scale, safe area and margins, scroll positions and
/// preferred sizes. Each moves frames as UIKit would, and each refuses bad
/// values with a message that says what is wrong.
@Suite("diffable layout: the view's options")
struct LayoutViewOptionTests {
  /// Renders the rest stop (or `json`) with `options` and returns the
  /// output's element lines.
  static func lines(
    _ json: String = LayoutCommandTests.restStop, size: CGSize = CGSize(width: 390, height: 844),
    items: [Int] = [3], format: LayoutCommand.Format = .json,
    options: LayoutViewOptions = LayoutViewOptions()
  ) throws -> [String] {
    let text = try LayoutCommand.render(
      specAt: try LayoutCommandTests.spec(json), size: size, itemCounts: items, format: format,
      options: options)
    // Each element's line without the punctuation that joins it to the next.
    return text.split(separator: "\n").map { line in
      var line = line.trimmingCharacters(in: .whitespaces)
      if line.hasSuffix(",") { line.removeLast() }
      if line.hasSuffix("}]}") { line.removeLast(2) }
      return line
    }
  }

  /// Whether `lines` has an element of `kind` at `frame`.
  static func has(_ lines: [String], kind: String, at frame: String) -> Bool {
    lines.contains { $0.contains(#""kind": "\#(kind)""#) && $0.contains("[\(frame)]") }
  }

  static func cell(_ item: Int, _ frame: String) -> String {
    #"{"category": "cell", "indexPath": [0, \#(item)], "frame": [\#(frame)]}"#
  }

  /// A plain list: pinned header and footer, rows estimated at 44.
  static let list = """
    {"sections": [{"list": {"appearance": "plain", "headerMode": "supplementary", "footerMode": "supplementary"}}]}
    """

  /// One full-width row 10 high, inset by the reference `reference`.
  static func row(reference: String) -> String {
    #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}, "subitems": [{"item": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}}}]}}, "contentInsetsReference": "\#(reference)"}]}"#
  }

  // MARK: Frames

  @Test("right to left mirrors every frame across the content's width; the band extends left")
  func rightToLeft() throws {
    var options = LayoutViewOptions()
    options.layoutDirection = .rightToLeft
    let lines = try Self.lines(options: options)
    #expect(lines.contains(Self.cell(0, "195, 44, 195, 211")))
    #expect(lines.contains(Self.cell(1, "0, 44, 195, 211")))
    #expect(lines.contains(Self.cell(2, "-195, 44, 195, 211")))
    let svg = try Self.lines(format: .svg, options: options).joined(separator: "\n")
    #expect(svg.contains(#"<rect class="band" x="-195" y="44" width="585" height="211""#))
  }

  @Test("an orthogonal offset scrolls the band's cells toward its start, in either direction")
  func orthogonalOffset() throws {
    var options = LayoutViewOptions()
    options.orthogonalOffsets = [OrthogonalOffset(section: 0, offset: 195)]
    let lines = try Self.lines(options: options)
    #expect(lines.contains(Self.cell(0, "-195, 44, 195, 211")))
    #expect(lines.contains(Self.cell(2, "195, 44, 195, 211")))
    // The header and the background do not scroll with the band.
    #expect(Self.has(lines, kind: "title-element-kind", at: "0, 0, 390, 44"))
    options.layoutDirection = .rightToLeft
    let mirrored = try Self.lines(options: options)
    #expect(mirrored.contains(Self.cell(0, "390, 44, 195, 211")))
    #expect(mirrored.contains(Self.cell(2, "0, 44, 195, 211")))
  }

  @Test("a display scale rounds every edge to pixels, so neighbours stay adjacent")
  func displayScale() throws {
    var options = LayoutViewOptions()
    options.displayScale = 2
    let lines = try Self.lines(
      size: CGSize(width: 100.3333, height: 844), items: [2], options: options)
    #expect(lines.first == #"{"contentSize": [100.5, 255]"#)
    #expect(lines.contains(Self.cell(0, "0, 44, 50, 211")))
    #expect(lines.contains(Self.cell(1, "50, 44, 50.5, 211")))
    options.displayScale = nil
    #expect(
      try Self.lines(size: CGSize(width: 100.3333, height: 844), items: [2], options: options)
        .contains(Self.cell(1, "50.16665, 44, 50.16665, 211")))
  }

  @Test("the safe area insets sections that follow it, their bands and headers")
  func safeArea() throws {
    var options = LayoutViewOptions()
    options.safeAreaInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 10)
    let lines = try Self.lines(options: options)
    #expect(lines.contains(Self.cell(0, "20, 44, 180, 211")))
    #expect(lines.contains(Self.cell(1, "200, 44, 180, 211")))
    #expect(Self.has(lines, kind: "title-element-kind", at: "20, 0, 360, 44"))
  }

  @Test("layout margins and readable content insets move the sections and lists that follow them")
  func marginsAndReadableInsets() throws {
    var options = LayoutViewOptions()
    options.layoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 25)
    let insetGrouped = #"{"sections": [{"list": {"appearance": "insetGrouped"}}]}"#
    #expect(
      try Self.lines(
        insetGrouped, size: CGSize(width: 300, height: 200), items: [1], options: options
      )
      .contains(Self.cell(0, "30, 17.5, 245, 44")))
    let readable = Self.row(reference: "readableContent")
    let size = CGSize(width: 300, height: 100)
    // Without readable insets the margins stand in for them.
    #expect(
      try Self.lines(readable, size: size, items: [1], options: options).contains(
        Self.cell(0, "30, 0, 245, 10")))
    options.readableContentInsets = DirectionalEdgeInsets(
      top: 0, leading: 50, bottom: 0, trailing: 40)
    #expect(
      try Self.lines(readable, size: size, items: [1], options: options).contains(
        Self.cell(0, "50, 0, 210, 10")))
    // The default margins are UIKit's compact-width 16 points.
    #expect(
      try Self.lines(Self.row(reference: "layoutMargins"), size: size, items: [1])
        .contains(Self.cell(0, "16, 0, 268, 10")))
  }

  @Test("a content offset moves the visible rect: pinned headers and footers follow it")
  func contentOffset() throws {
    var options = LayoutViewOptions()
    options.contentOffset = CGPoint(x: 0, y: 100)
    let size = CGSize(width: 100, height: 200)
    let lines = try Self.lines(Self.list, size: size, items: [10], options: options)
    let header = "UICollectionElementKindSectionHeader"
    let footer = "UICollectionElementKindSectionFooter"
    // Unscrolled, the header is at 0 and the footer at the bottom of 200 points.
    let still = try Self.lines(Self.list, size: size, items: [10])
    #expect(Self.has(still, kind: header, at: "0, 0, 100, 28"))
    #expect(Self.has(still, kind: footer, at: "0, 172, 100, 28"))
    #expect(Self.has(lines, kind: header, at: "0, 100, 100, 28"))
    #expect(Self.has(lines, kind: footer, at: "0, 272, 100, 28"))
    #expect(lines.contains(Self.cell(0, "0, 28, 100, 44")))
    let svg = try Self.lines(Self.list, size: size, items: [10], format: .svg, options: options)
    #expect(
      svg.contains {
        $0.hasPrefix(#"<rect class="visible" x="0" y="100" width="100" height="200""#)
      })
  }

  @Test(
    "preferred sizes give self-sizing cells and supplementaries their sizes, on estimated axes",
    arguments: [
      #"{"0.1": [100, 120], "UICollectionElementKindSectionHeader 0.0": [50, 60]}"#,
      // Leading zeros name the same elements.
      #"{"00.01": [100, 120], "UICollectionElementKindSectionHeader 0.000": [50, 60]}"#,
    ])
  func preferredSizes(_ json: String) throws {
    var options = LayoutViewOptions()
    options.preferredSizes = try LayoutCommandTests.spec(json)
    let lines = try Self.lines(
      Self.list, size: CGSize(width: 100, height: 200), items: [3], options: options)
    // Rows are as wide as the list whatever the width given; heights follow.
    #expect(Self.has(lines, kind: "UICollectionElementKindSectionHeader", at: "0, 0, 100, 60"))
    #expect(lines.contains(Self.cell(0, "0, 60, 100, 44")))
    #expect(lines.contains(Self.cell(1, "0, 104, 100, 120")))
    #expect(lines.contains(Self.cell(2, "0, 224, 100, 44")))
  }

  // MARK: Errors

  @Test(
    "bad preferred-size files are errors naming the file, the entry and the problem",
    arguments: [
      (
        "[1]",
        #"expected an object of sizes such as {"0.3": [390, 120]}, found an array of 1 number"#
      ),
      (#"{"0.1": true}"#, #""0.1": expected a size [width, height], found a boolean"#),
      (#"{"0.1": [1]}"#, #""0.1": expected a size [width, height], found an array of 1 number"#),
      (
        #"{"0.1": ["a", 2]}"#,
        #""0.1": expected a size [width, height], found an array of other values than numbers"#
      ),
      (#"{"0.1": [1, -2]}"#, #""0.1": the height -2 is negative; sizes are 0 or more"#),
      (
        #"{"0.1": [1e300, 2]}"#,
        #""0.1": the width 1e+300 is larger than the largest length, 1000000000"#
      ),
      (
        #"{"0.x": [1, 2]}"#,
        #""0.x": name an element as SECTION.ITEM for a cell (0.3) or KIND SECTION.ITEM for a supplementary (header 0.0)"#
      ),
      (
        #"{" 0.1": [1, 2]}"#,
        #"" 0.1": name an element as SECTION.ITEM for a cell (0.3) or KIND SECTION.ITEM for a supplementary (header 0.0)"#
      ),
      (
        #"{"0.1": [1, 2], "00.001": [3, 4]}"#,
        #""00.001": names the same element as "0.1""#
      ),
      (
        #"{"0.007": [1, 2]}"#,
        #""0.007": no element of that name has an estimated dimension to size; only cells and supplementaries with one ask for a preferred size"#
      ),
      (
        #"{"0.7": [1, 2]}"#,
        #""0.7": no element of that name has an estimated dimension to size; only cells and supplementaries with one ask for a preferred size"#
      ),
      ("{\"0.1\": [1, 2]", "not valid JSON at line 1, column 15"),
    ])
  func badPreferredSizes(_ json: String, _ message: String) throws {
    var options = LayoutViewOptions()
    let path = try LayoutCommandTests.spec(json)
    options.preferredSizes = path
    #expect {
      _ = try Self.lines(
        Self.list, size: CGSize(width: 100, height: 200), items: [3], options: options)
    } throws: { error in
      "\(error)".hasPrefix("\(path): \(message)")
        && DiffableCommand.exitCode(for: error).rawValue != 0
    }
  }

  @Test(
    "orthogonal offsets for sections that are not there, do not scroll or come twice are errors",
    arguments: [
      (
        [OrthogonalOffset(section: 1, offset: 5)],
        "--orthogonal-offset 1:5: there is no section 1; the layout has 1 section"
      ),
      (
        [OrthogonalOffset(section: 0, offset: 5), OrthogonalOffset(section: 0, offset: 6)],
        "--orthogonal-offset 0:6: section 0 is given more than one offset"
      ),
    ])
  func badOrthogonalSection(_ offsets: [OrthogonalOffset], _ message: String) throws {
    var options = LayoutViewOptions()
    options.orthogonalOffsets = offsets
    #expect { _ = try Self.lines(options: options) } throws: { "\($0)" == message }
    options.orthogonalOffsets = [OrthogonalOffset(section: 0, offset: 5)]
    #expect {
      _ = try Self.lines(
        Self.list, size: CGSize(width: 100, height: 200), items: [3], options: options)
    } throws: {
      "\($0)"
        == "--orthogonal-offset 0:5: section 0 does not scroll orthogonally (its orthogonalScrollingBehavior is none)"
    }
  }

  @Test("the options parse, and say what is wrong with a malformed value")
  func parsing() throws {
    #expect(
      try EdgeInsetsArgument(parsing: "1, 2,3.5,0").value
        == DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3.5, trailing: 0))
    #expect(try DisplayScaleArgument(parsing: "3").value == 3)
    #expect(try ContentOffsetArgument(parsing: "-10,300").value == CGPoint(x: -10, y: 300))
    #expect(try OrthogonalOffset(parsing: "2:-40.5") == OrthogonalOffset(section: 2, offset: -40.5))
    let bad: [(() throws -> Any, String)] = [
      (
        { try EdgeInsetsArgument(parsing: "1,2") },
        "write insets as TOP,LEADING,BOTTOM,TRAILING, such as 0,16,0,16 (2 numbers given)"
      ),
      ({ try EdgeInsetsArgument(parsing: "0,a,0,0") }, #"the leading inset "a" is not a number"#),
      (
        { try EdgeInsetsArgument(parsing: "-1,0,0,0") },
        "the top inset -1 is negative; it is 0 or more"
      ),
      (
        { try EdgeInsetsArgument(parsing: "0,0,inf,0") },
        "the bottom inset inf is not a finite number"
      ),
      (
        { try EdgeInsetsArgument(parsing: "0,0,0,2e9") },
        "the trailing inset 2e9 is larger than the largest length, 1000000000"
      ),
      (
        { try DisplayScaleArgument(parsing: "0") },
        "0 is out of range; a display scale is greater than 0 and at most 100 pixels per point"
      ),
      (
        { try DisplayScaleArgument(parsing: "101") },
        "101 is out of range; a display scale is greater than 0 and at most 100 pixels per point"
      ),
      (
        { try DisplayScaleArgument(parsing: "x") },
        #""x" is not a number; a display scale is greater than 0 and at most 100 pixels per point"#
      ),
      (
        { try ContentOffsetArgument(parsing: "-10") },
        "write the content offset as X,Y, such as 0,300"
      ),
      ({ try ContentOffsetArgument(parsing: "0,nan") }, "y nan is not a finite number"),
      (
        { try ContentOffsetArgument(parsing: "-1e10,0") },
        "x -1e10 is larger than the largest length, 1000000000"
      ),
      (
        { try OrthogonalOffset(parsing: "0") },
        "write an orthogonal offset as SECTION:OFFSET, such as 0:195"
      ),
      (
        { try OrthogonalOffset(parsing: "-1:5") },
        #"the section "-1" is not a section index (a whole number, 0 or more)"#
      ),
      ({ try OrthogonalOffset(parsing: "0:x") }, #"the offset of section 0 "x" is not a number"#),
    ]
    for (parse, message) in bad {
      #expect { _ = try parse() } throws: { "\($0)" == message }
    }
    let command = try LayoutCommand.parse([
      "spec.json", "--size", "10x20", "--items", "1", "--layout-direction", "rightToLeft",
      "--display-scale", "2", "--safe-area", "1,2,3,4", "--layout-margins", "0,8,0,8",
      "--readable-content-insets", "0,40,0,40", "--orthogonal-offset", "0:-5",
      "--orthogonal-offset", "2:10", "--content-offset", "-3,-4", "--preferred-sizes", "s.json",
    ])
    let options = command.viewOptions
    #expect(options.layoutDirection == .rightToLeft)
    #expect(options.displayScale == 2)
    #expect(
      options.safeAreaInsets == DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
    #expect(
      options.layoutMargins == DirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8))
    #expect(
      options.readableContentInsets
        == DirectionalEdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 40))
    #expect(
      options.orthogonalOffsets == [
        OrthogonalOffset(section: 0, offset: -5), OrthogonalOffset(section: 2, offset: 10),
      ])
    #expect(options.contentOffset == CGPoint(x: -3, y: -4))
    #expect(options.preferredSizes == "s.json")
    let defaults = try LayoutCommand.parse(["spec.json", "--size", "10x20", "--items", "1"])
      .viewOptions
    #expect(defaults.layoutMargins == LayoutContext.compactWidthLayoutMargins)
    #expect(defaults.safeAreaInsets == .zero && defaults.displayScale == nil)
    #expect(defaults.contentOffset == .zero && defaults.orthogonalOffsets.isEmpty)
  }

  @Test(
    "the binary takes negative numbers as values, and names the option of a bad one",
    arguments: [
      (["--content-offset", "-10,-20"], nil),
      (["--orthogonal-offset", "0:-30"], nil),
      (
        ["--safe-area", "-1,0,0,0"],
        "Error: The value '-1,0,0,0' is invalid for '--safe-area <safe-area>': the top inset -1 is negative; it is 0 or more"
      ),
      (
        ["--display-scale", "-2"],
        "Error: The value '-2' is invalid for '--display-scale <display-scale>': -2 is out of range; a display scale is greater than 0 and at most 100 pixels per point"
      ),
      (
        ["--orthogonal-offset", "-1:5"],
        #"Error: The value '-1:5' is invalid for '--orthogonal-offset <orthogonal-offset>': the section "-1" is not a section index (a whole number, 0 or more)"#
      ),
      (
        ["--orthogonal-offset", "3:5"],
        "Error: --orthogonal-offset 3:5: there is no section 3; the layout has 1 section"
      ),
    ] as [([String], String?)])
  func binary(_ options: [String], _ message: String?) throws {
    let run = try runDiffable(
      [
        "layout", try LayoutCommandTests.spec(LayoutCommandTests.restStop), "--size", "390x844",
        "--items", "3",
      ]
        + options)
    #expect(!run.standardError.contains("Missing value"))
    if let message {
      #expect(run.status != 0)
      #expect(run.standardError.hasPrefix(message + "\n"), "\(run.standardError)")
    } else {
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput.hasPrefix(#"{"contentSize": [390, 255],"#))
    }
  }
}
