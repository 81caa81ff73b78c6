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

  @Test("arguments parse sizes and counts, and reject malformed ones")
  func arguments() throws {
    #expect(ContainerSize(argument: "390x844")?.value == CGSize(width: 390, height: 844))
    #expect(ContainerSize(argument: "390.5X10")?.value == CGSize(width: 390.5, height: 10))
    for bad in ["390", "x844", "390x", "-1x5", "axb", "1x2x3"] {
      #expect(ContainerSize(argument: bad) == nil)
    }
    #expect(ItemCounts(argument: "6,10, 0")?.value == [6, 10, 0])
    for bad in ["", "6,", "6,-1", "six"] { #expect(ItemCounts(argument: bad) == nil) }
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
      ("not json", "(root): invalid JSON"),
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
    } throws: { "\($0)".hasPrefix("cannot read /nonexistent/spec.json") }
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
