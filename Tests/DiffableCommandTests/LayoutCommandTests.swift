import CollectionLayout
import Foundation
import Testing

@testable import DiffableCommand

/// The `diffable layout` command: output shape, argument parsing, errors and
/// exit statuses.
@Suite("diffable layout")
struct LayoutCommandTests {
  /// The repository's example: golden case G3 with a background.
  static let restStop: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/reststop.json")
    do { return try String(contentsOf: url, encoding: .utf8) } catch { fatalError("\(error)") }
  }()

  /// Writes a spec to a temporary file.
  static func spec(_ json: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "layout-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: url)
    return url.path
  }

  @Test("JSON output has the spec's shape: content size, then every element in order")
  func jsonShape() throws {
    let text = try LayoutCommand.render(
      specAt: try Self.spec(Self.restStop), size: CGSize(width: 390, height: 844), itemCounts: [2],
      format: .json)
    #expect(
      text == """
        {"contentSize": [390, 255],
         "elements": [
           {"category": "supplementary", "kind": "title-element-kind", "indexPath": [0, 0], "frame": [0, 0, 390, 44]},
           {"category": "cell", "indexPath": [0, 0], "frame": [0, 44, 195, 211]},
           {"category": "cell", "indexPath": [0, 1], "frame": [195, 44, 195, 211]},
           {"category": "decoration", "kind": "background", "indexPath": [0, 0], "frame": [0, 0, 390, 255]}]}

        """)
    // It is JSON.
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    #expect((object?["elements"] as? [Any])?.count == 4)
  }

  @Test("numbers print as LayoutText writes them; element kinds are quoted as JSON strings")
  func numbers() throws {
    let text = try LayoutCommand.render(
      specAt: try Self.spec(Self.restStop), size: CGSize(width: 100.0 / 3, height: 844),
      itemCounts: [1], format: .json)
    #expect(text.hasPrefix("{\"contentSize\": [33.333333, "))
    #expect(text.contains(#""kind": "title-element-kind""#))
    #expect(jsonQuoted("a\"b\\\n") == #""a\"b\\\n""#)
  }

  @Test("pinned headers and footers are reported where the visible rect at the origin pins them")
  func pinnedInOutput() throws {
    let json = """
      {"sections": [{"list": {"appearance": "plain", "footerMode": "supplementary"}}]}
      """
    let text = try LayoutCommand.render(
      specAt: try Self.spec(json), size: CGSize(width: 100, height: 200), itemCounts: [10],
      format: .json)
    // Ten rows of 44 end at 440; the pinned footer sits at the bottom of the visible 200 points.
    #expect(
      text.contains(
        #"{"category": "supplementary", "kind": "UICollectionElementKindSectionFooter", "indexPath": [0, 0], "frame": [0, 172, 100, 28]}"#
      ))
  }

  @Test("SVG output draws every element, labelled, and the band at its full scroll width")
  func svg() throws {
    let text = try LayoutCommand.render(
      specAt: try Self.spec(Self.restStop), size: CGSize(width: 390, height: 844), itemCounts: [6],
      format: .svg)
    #expect(text.hasPrefix("<svg "))
    #expect(text.hasSuffix("</svg>\n"))
    #expect(text.components(separatedBy: "<g class=\"cell\">").count - 1 == 6)
    #expect(text.components(separatedBy: "<g class=\"supplementary\">").count - 1 == 1)
    #expect(text.components(separatedBy: "<g class=\"decoration\">").count - 1 == 1)
    #expect(text.contains(#"<rect class="band" x="0" y="44" width="1170" height="211""#))
    #expect(text.contains(">0.5</text>"))
    #expect(text.contains(">title-element-kind 0.0</text>"))
    // Decorations are drawn below the cells, and supplementaries above them.
    let decoration = try #require(text.range(of: "<g class=\"decoration\">"))
    let cell = try #require(text.range(of: "<g class=\"cell\">"))
    let supplementary = try #require(text.range(of: "<g class=\"supplementary\">"))
    #expect(decoration.lowerBound < cell.lowerBound && cell.lowerBound < supplementary.lowerBound)
    // Distinct colours per category.
    let fills = ["cell", "supplementary", "decoration"].map { name in
      text.components(separatedBy: "<g class=\"\(name)\"><rect ").dropFirst().first?
        .components(separatedBy: "fill=\"").dropFirst().first?.prefix(7)
    }
    #expect(Set(fills.compactMap { $0 }).count == 3)
  }

  /// The rule every tool's `--size` keeps, as its errors end.
  static let sides = "each side of a container is from 1 to 1000000000 points"

  @Test("arguments parse sizes and counts, and reject malformed ones")
  func arguments() throws {
    #expect(try ContainerSize(parsing: "390x844").value == CGSize(width: 390, height: 844))
    #expect(try ContainerSize(parsing: "390.5X10").value == CGSize(width: 390.5, height: 10))
    let badSizes = [
      ("390", "write the size as WIDTHxHEIGHT, such as 390x844"),
      ("1x2x3", "write the size as WIDTHxHEIGHT, such as 390x844"),
      ("x844", #"the width "" is not a number"#),
      ("390x", #"the height "" is not a number"#),
      ("axb", #"the width "a" is not a number"#),
      ("-1x5", "the width -1 is negative; sizes are 0 or more; \(Self.sides)"),
      ("5x-2", "the height -2 is negative; sizes are 0 or more; \(Self.sides)"),
      ("0x0", "the width 0 is less than 1 point; \(Self.sides)"),
      ("10x0.5", "the height 0.5 is less than 1 point; \(Self.sides)"),
      ("1e309x10", "the width inf is not a finite number; \(Self.sides)"),
      ("10xnan", "the height nan is not a finite number; \(Self.sides)"),
      (
        "2e9x10",
        "the width 2000000000 is larger than the largest length, 1000000000; \(Self.sides)"
      ),
    ]
    for (bad, message) in badSizes {
      #expect { try ContainerSize(parsing: bad) } throws: { "\($0)" == message }
    }
    #expect(try ItemCounts(parsing: "6,10, 0").value == [6, 10, 0])
    let badCounts = [
      ("", "section 0's count is missing; write counts as 6,10,0"),
      ("6,", "section 1's count is missing; write counts as 6,10,0"),
      ("6,-1", "section 1's count -1 is negative; counts are 0 or more"),
      ("six", #"section 0's count "six" is not a whole number"#),
    ]
    for (bad, message) in badCounts {
      #expect { try ItemCounts(parsing: bad) } throws: { "\($0)" == message }
    }
    let command = try LayoutCommand.parse([
      "spec.json", "--size", "10x20", "--items", "1,2", "--format", "svg", "--output", "out.svg",
    ])
    #expect(command.size.value == CGSize(width: 10, height: 20))
    #expect(command.items.value == [1, 2])
    #expect(command.format == .svg)
    #expect(command.output == "out.svg")
    #expect(throws: (any Error).self) {
      try LayoutCommand.parse(["spec.json", "--size", "10", "--items", "1"])
    }
    #expect(throws: (any Error).self) {
      try LayoutCommand.parse(["spec.json", "--size", "10x10", "--items", "1", "--format", "png"])
    }
  }

  @Test(
    "a bad spec is an error naming the file and the JSON path, with a failing exit status",
    arguments: [
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidht": 1}, "height": {"absolute": 1}}, "subitems": []}}}]}"#,
        "sections[0].group.horizontal.layoutSize.width.fractionalWidht: unknown key"
      ),
      (
        #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}}, "subitems": [{"item": {"layoutSize": {"width": {"absolute": 500}, "height": {"fractionalHeight": 1}}}}]}}}]}"#,
        "sections[0].group.horizontal: a horizontal group with width 390 cannot fit a single subitem"
      ),
      // The parser reads "n" as the start of null and stops at "o".
      ("not json", "not valid JSON at line 1, column 2: invalid value"),
      ("{\n  \"sections\": [,]\n}", "not valid JSON at line 2, column 16: invalid value"),
      ("[1, 2]", "(root): expected an object, found an array"),
    ])
  func badSpec(_ json: String, _ message: String) throws {
    let path = try Self.spec(json)
    #expect {
      _ = try LayoutCommand.render(
        specAt: path, size: CGSize(width: 390, height: 844), itemCounts: [1], format: .json)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(path + ": ") && text.contains(message)
        && DiffableCommand.exitCode(for: error).rawValue != 0
    }
  }

  @Test("a missing spec file is an error naming the file")
  func missingFile() {
    #expect {
      _ = try LayoutCommand.render(
        specAt: "/nonexistent/spec.json", size: .zero, itemCounts: [1], format: .json)
    } throws: { "\($0)" == "/nonexistent/spec.json: does not exist" }
  }

  @Test(
    "files that cannot be read or written are named with the problem in plain words",
    arguments: [
      (["layout", "/nonexistent/spec.json"], "Error: /nonexistent/spec.json: does not exist"),
      (["layout", "/tmp"], "Error: /tmp: is a directory"),
      (
        ["layout", "/dev/null"],
        "Error: /dev/null: not valid JSON: there is no JSON value, only blank space"
      ),
      (["layout", "SPEC", "--output", "/tmp"], "Error: cannot write /tmp: is a directory"),
      (
        ["layout", "SPEC", "--output", "/nonexistent/out.svg"],
        "Error: cannot write /nonexistent/out.svg: folder /nonexistent does not exist"
      ),
      (["diff", "/tmp", "SPEC"], "Error: /tmp: is a directory"),
      (["diff", "/nonexistent.json", "SPEC"], "Error: /nonexistent.json: does not exist"),
    ])
  func unreadableFiles(_ arguments: [String], _ message: String) throws {
    let spec = try Self.spec(Self.restStop)
    var arguments = arguments.map { $0 == "SPEC" ? spec : $0 }
    if arguments[0] == "layout" { arguments += ["--size", "390x844", "--items", "2"] }
    let run = try runDiffable(arguments)
    #expect(run.status != 0)
    #expect(run.standardError == message + "\n")
    #expect(!run.standardError.contains("NSCocoaErrorDomain"))
    #expect(!run.standardError.contains("permission"))
  }

  @Test(
    "a negative size or count says what is wrong with it",
    arguments: [
      (
        ["--size", "-1x5", "--items", "1"],
        "Error: The value '-1x5' is invalid for '--size <size>': the width -1 is negative; "
          + "sizes are 0 or more; \(Self.sides)"
      ),
      (
        ["--size", "10x10", "--items", "-1"],
        "Error: The value '-1' is invalid for '--items <items>': section 0's count -1 is "
          + "negative; counts are 0 or more"
      ),
    ])
  func negativeArguments(_ options: [String], _ message: String) throws {
    let run = try runDiffable(["layout", try Self.spec(Self.restStop)] + options)
    #expect(run.status != 0)
    #expect(run.standardError.hasPrefix(message + "\n"), "\(run.standardError)")
    #expect(!run.standardError.contains("Missing value"))
  }

  @Test(
    "item counts beyond the maximum are refused by the argument, before solving",
    arguments: [
      ("9223372036854775807", "section 0's count 9223372036854775807"),
      ("1000000000", "section 0's count 1000000000"),
      ("600000,400001", "section 1's count 400001"),
    ])
  func tooManyItems(_ items: String, _ position: String) throws {
    let run = try runDiffable([
      "layout", try Self.spec(Self.restStop), "--size", "390x844", "--items", items,
    ])
    #expect(run.status != 0)
    #expect(
      run.standardError.hasPrefix(
        "Error: The value '\(items)' is invalid for '--items <items>': \(position) makes more "
          + "than the 1000000 items a layout holds\n"), "\(run.standardError)")
  }

  @Test("a group count beyond the maximum is an error naming its JSON path")
  func groupCountTooLarge() throws {
    let spec = try Self.spec(
      #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}, "subitems": [{"item": {"layoutSize": {"width": {"absolute": 1}, "height": {"absolute": 10}}}}], "count": 1000000000}}}]}"#
    )
    let run = try runDiffable(["layout", spec, "--size", "390x844", "--items", "1"])
    #expect(run.status == 1)
    #expect(run.standardOutput.isEmpty)
    #expect(
      run.standardError.contains(
        "sections[0].group.horizontal.count: count 1000000000 is more than the 100000 children"))
  }

  @Test(
    "sizes whose frames would not be finite are errors naming the JSON path, never inf",
    arguments: ["json", "svg"])
  func hugeSizes(_ format: String) throws {
    let spec = try Self.spec(
      #"{"sections": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1}, "height": {"absolute": 10}}, "subitems": [{"item": {"layoutSize": {"width": {"absolute": 1e308}, "height": {"absolute": 1e308}}}}]}}}]}"#
    )
    let run = try runDiffable([
      "layout", spec, "--size", "390x844", "--items", "3", "--format", format,
    ])
    #expect(run.status == 1)
    #expect(run.standardOutput.isEmpty)
    #expect(
      run.standardError.contains(
        "sections[0].group.horizontal.subitems[0].item.layoutSize.width.absolute: 1e+308 is larger than the largest length, 1000000000"
      ), "\(run.standardError)")
  }

  // MARK: The built binary

  @Test("the binary exits 0 with JSON on standard output, or writes the file given")
  func binarySuccess() throws {
    let spec = try Self.spec(Self.restStop)
    let result = try runDiffable(["layout", spec, "--size", "390x844", "--items", "6"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix(#"{"contentSize": [390, 255],"#))
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "out-\(UUID().uuidString).svg"
    ).path
    let written = try runDiffable([
      "layout", spec, "--size", "390x844", "--items", "6", "--format", "svg", "--output", output,
    ])
    #expect(written.status == 0)
    #expect(written.standardOutput.isEmpty)
    #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<svg"))
  }

  @Test("the binary exits non-zero with the JSON path on standard error and no crash trace")
  func binaryFailure() throws {
    let spec = try Self.spec(
      #"{"sections": [{"group": {"vertical": {"layoutSize": {"width": {"absolute": -1}, "height": {"absolute": 1}}, "subitems": []}}}]}"#
    )
    let result = try runDiffable(["layout", spec, "--size", "390x844", "--items", "6"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError.contains(
        "sections[0].group.vertical.layoutSize.width.absolute: -1.0 is not a non-negative finite number"
      ))
    #expect(!result.standardError.contains("Fatal error"))
    let usage = try runDiffable(["layout", spec, "--size", "big", "--items", "6"])
    #expect(usage.status == 64)
  }
}
