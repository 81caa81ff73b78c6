import ArgumentParser
import CollectionLayout
import Foundation

/// `diffable layout SPEC.json --size WxH --items n,m,...`: solves a layout
/// description and prints every element's frame as JSON, or draws it as SVG.
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Solve a compositional layout description and print its frames.",
    discussion: """
      SPEC.json is the JSON form of a CompositionalLayout. The layout is solved for a \
      container of the given size with the given number of items per section, the visible \
      rect at the origin, and every element (cells, supplementaries, decorations) is listed \
      with its frame in content coordinates; orthogonal sections are unscrolled.
      """)

  /// The output formats.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case json
    case svg
  }

  @Argument(help: "The layout description (JSON).")
  var spec: String

  @Option(help: "The container size in points, as WIDTHxHEIGHT.")
  var size: ContainerSize

  @Option(help: "The number of items in each section, comma separated.")
  var items: ItemCounts

  @Option(help: "json (default) or svg.")
  var format: Format = .json

  @Option(help: "Write to this file instead of standard output.")
  var output: String?

  func run() throws {
    let text = try LayoutCommand.render(
      specAt: spec, size: size.value, itemCounts: items.value, format: format)
    if let output {
      try writeText(text, toFile: output)
    } else {
      print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
  }

  /// Reads, decodes, solves and renders a layout description.
  static func render(
    specAt path: String, size: CGSize, itemCounts: [Int], format: Format
  ) throws -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw LayoutCommandError("cannot read \(path): \(error.localizedDescription)")
    }
    let layout: CompositionalLayout
    let solved: SolvedLayout
    do {
      layout = try CompositionalLayout.decode(json: data)
      solved = try layout.solve(LayoutContext(containerSize: size), itemCounts: itemCounts)
    } catch {
      throw LayoutCommandError("\(path): \(error)")
    }
    let visible = CGRect(origin: .zero, size: size)
    switch format {
    case .json:
      return LayoutOutput.json(
        contentSize: solved.contentSize,
        elements: LayoutOutput.elements(of: solved, visibleRect: visible))
    case .svg:
      return LayoutText.svg(
        solved, elements: LayoutOutput.elements(of: solved, visibleRect: visible),
        visibleRect: visible)
    }
  }
}

/// Writes `text` to the file at `path`, replacing it.
///
/// - Throws: ``LayoutCommandError`` naming the file when it cannot be written.
func writeText(_ text: String, toFile path: String) throws {
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  } catch {
    throw LayoutCommandError("cannot write \(path): \(error.localizedDescription)")
  }
}

/// A failure of the command, printed as `Error: <message>` with a non-zero
/// exit status.
struct LayoutCommandError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// `--size WIDTHxHEIGHT`.
struct ContainerSize: ExpressibleByArgument {
  var value: CGSize

  init?(argument: String) {
    guard let value = LayoutText.size(parsing: argument) else { return nil }
    self.value = value
  }

  /// A size, as a default value.
  init(_ value: CGSize) { self.value = value }

  var defaultValueDescription: String {
    LayoutText.sizeDescription(value)
  }
}

/// `--items n,m,...`.
struct ItemCounts: ExpressibleByArgument {
  var value: [Int]

  init?(argument: String) {
    var counts: [Int] = []
    for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
      guard let n = Int(part.trimmingCharacters(in: .whitespaces)), n >= 0 else { return nil }
      counts.append(n)
    }
    guard !counts.isEmpty else { return nil }
    value = counts
  }
}
