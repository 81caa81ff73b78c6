import ArgumentParser
import CollectionLayout
import Foundation

/// `diffable layout SPEC.json --size WxH --items n,m,...`: solves a layout
/// description and prints every element's frame as JSON, or draws it as SVG.
struct LayoutCommand: ParsableCommand {
  /// The subcommand's name, abstract and help, which describes the view options and limits.
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Solve a compositional layout description and print its frames.",
    discussion: """
      SPEC.json is the JSON form of a CompositionalLayout. The layout is solved for a \
      container of the given size with the given number of items per section, and every \
      element (cells, supplementaries, decorations) is listed with its frame in content \
      coordinates, as a view scrolled to --content-offset shows it (at the origin by \
      default): headers and footers that pin are at their pinned frames, and orthogonal \
      sections are at their --orthogonal-offset (unscrolled by default).

      The view's environment: --layout-direction rightToLeft mirrors every frame; \
      --display-scale rounds every edge to pixels; sections whose contentInsetsReference \
      names them, and lists, follow --safe-area, --layout-margins and \
      --readable-content-insets (TOP,LEADING,BOTTOM,TRAILING). --preferred-sizes \
      FILE.json gives self-sizing elements the sizes they report: \
      {"0.3": [390, 120], "header 0.0": [390, 60]}.

      Limits: at most 1,000,000 items in all sections together; a group holds at most \
      100,000 items (its count or repeatingCount too); every number of the description \
      is at most 1,000,000,000 points in size, and so is every number an option takes. \
      A description or argument beyond them is an error naming its JSON path or the option.
      """)

  /// The output formats.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    /// Every element with its frame, as JSON.
    case json
    /// A drawing of every element at its frame, as SVG.
    case svg
  }

  /// The path of the layout description, the JSON form of a `CompositionalLayout`.
  @Argument(help: "The layout description (JSON).")
  var spec: String

  /// The container size the layout is solved for (`--size WIDTHxHEIGHT`).
  @Option(
    parsing: .unconditional,
    help: "The container size in points, as WIDTHxHEIGHT; each side from 1 to 1000000000.",
    transform: { try ContainerSize(parsing: $0) })
  var size: ContainerSize

  /// The number of items in each section (`--items n,m,...`).
  @Option(
    parsing: .unconditional, help: "The number of items in each section, comma separated.",
    transform: { try ItemCounts(parsing: $0) })
  var items: ItemCounts

  /// What to print: `json` (the default) or `svg`.
  @Option(help: "json (default) or svg.")
  var format: Format = .json

  /// The layout direction; `rightToLeft` mirrors every frame.
  @Option(help: "rightToLeft mirrors every frame across the content's width.")
  var layoutDirection: LayoutDirectionArgument = .leftToRight

  /// Pixels per point, to which every frame edge is rounded; `nil` leaves frames exact.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Pixels per point (UIKit's displayScale: 1, 2 or 3); every frame edge is rounded to pixels.",
      discussion: "Greater than 0 and at most 100. Without it, frames are exact."),
    transform: { try DisplayScaleArgument(parsing: $0).value })
  var displayScale: CGFloat?

  /// The safe area insets (`--safe-area`); `nil` is none.
  @Option(
    parsing: .unconditional,
    help: "The safe area insets, TOP,LEADING,BOTTOM,TRAILING (default 0,0,0,0).",
    transform: { try EdgeInsetsArgument(parsing: $0).value })
  var safeArea: DirectionalEdgeInsets?

  /// The layout margins (`--layout-margins`); `nil` is UIKit's compact-width margins.
  @Option(
    parsing: .unconditional,
    help:
      "The layout margins from the view's edges, TOP,LEADING,BOTTOM,TRAILING (default 0,16,0,16).",
    transform: { try EdgeInsetsArgument(parsing: $0).value })
  var layoutMargins: DirectionalEdgeInsets?

  /// The readable content insets (`--readable-content-insets`); `nil` follows the layout margins.
  @Option(
    parsing: .unconditional,
    help: "The readable content insets, TOP,LEADING,BOTTOM,TRAILING (default: the layout margins).",
    transform: { try EdgeInsetsArgument(parsing: $0).value })
  var readableContentInsets: DirectionalEdgeInsets?

  /// How far each named orthogonal section's band is scrolled (`--orthogonal-offset`).
  @Option(
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Scroll an orthogonal section's band, as SECTION:OFFSET; repeat for other sections.",
      discussion:
        "The offset runs from the band's start toward its end, in either layout direction; it is not clamped to the band."
    ),
    transform: { try OrthogonalOffset(parsing: $0) })
  var orthogonalOffset: [OrthogonalOffset] = []

  /// Where the view is scrolled to (`--content-offset`); `nil` is the origin.
  @Option(
    parsing: .unconditional,
    help: "Where the view is scrolled to, as X,Y: the visible rect's origin (default 0,0).",
    transform: { try ContentOffsetArgument(parsing: $0).value })
  var contentOffset: CGPoint?

  /// The path of a JSON file of the sizes self-sizing elements report, if any.
  @Option(
    help: ArgumentHelp(
      "A JSON file of the sizes self-sizing elements report, as {\"SECTION.ITEM\": [WIDTH, HEIGHT]}.",
      discussion:
        "A supplementary is named \"KIND SECTION.ITEM\". Only estimated dimensions take the size given; every entry must name an element with one."
    ))
  var preferredSizes: String?

  /// The path to write the output to; `nil` prints it.
  @Option(help: "Write to this file instead of standard output.")
  var output: String?

  /// The view the options describe.
  var viewOptions: LayoutViewOptions {
    var options = LayoutViewOptions()
    options.layoutDirection = layoutDirection.value
    options.displayScale = displayScale
    if let safeArea { options.safeAreaInsets = safeArea }
    if let layoutMargins { options.layoutMargins = layoutMargins }
    options.readableContentInsets = readableContentInsets
    options.orthogonalOffsets = orthogonalOffset
    if let contentOffset { options.contentOffset = contentOffset }
    options.preferredSizes = preferredSizes
    return options
  }

  /// Solves the layout and prints its frames or drawing, or writes them to `--output`.
  func run() throws {
    let text = try LayoutCommand.render(
      specAt: spec, size: size.value, itemCounts: items.value, format: format,
      options: viewOptions)
    if let output {
      try CommandFiles.write(text, to: output)
    } else {
      print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
  }

  /// Reads, decodes, solves and renders a layout description.
  static func render(
    specAt path: String, size: CGSize, itemCounts: [Int], format: Format,
    options: LayoutViewOptions = LayoutViewOptions()
  ) throws -> String {
    let data = try CommandFiles.read(path)
    // The decoder says only that the text is not JSON; the parser says where.
    if let problem = LayoutText.jsonSyntaxProblem(in: data) {
      throw InputError("\(path): \(problem)")
    }
    let answers = try options.preferredSizes.map { sizesPath in
      PreferredSizeAnswers(
        try PreferredSizes(data: try CommandFiles.read(sizesPath), path: sizesPath))
    }
    let layout: CompositionalLayout
    var solved: SolvedLayout
    do {
      layout = try CompositionalLayout.decode(json: data)
      solved = try layout.solve(
        options.context(size: size), itemCounts: itemCounts,
        preferredSize: answers.map { answers in { answers.answer($0) } })
    } catch {
      throw LayoutCommandError("\(path): \(error)")
    }
    if let answers, let sizesPath = options.preferredSizes {
      try answers.checkAllUsed(path: sizesPath)
    }
    try options.scroll(&solved)
    let visible = CGRect(origin: options.contentOffset, size: size)
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

/// A failure of the command, printed as `Error: <message>` with a non-zero
/// exit status.
struct LayoutCommandError: Error, CustomStringConvertible {
  /// The message printed after `Error: `.
  var description: String
  /// A failure whose message is `description`.
  init(_ description: String) { self.description = description }
}

/// `--size WIDTHxHEIGHT`.
struct ContainerSize {
  /// The width and height given.
  var value: CGSize

  /// The size `argument` writes, or an error that says what is wrong with
  /// it, by the rule `LayoutText.containerSize(parsing:)` keeps for every
  /// tool (the option is read unconditionally, so `-1x5` arrives here rather
  /// than being taken for an option).
  init(parsing argument: String) throws(ValidationError) {
    do {
      value = try LayoutText.containerSize(parsing: argument)
    } catch {
      throw ValidationError(error.message)
    }
  }
}

/// `--items n,m,...`.
struct ItemCounts {
  /// The item count of each section, in order.
  var value: [Int]

  /// The counts `argument` lists, or an error that says what is wrong with
  /// them, by the rule `LayoutText.itemCounts(parsing:)` keeps for every
  /// tool (the option is read unconditionally, so `-1` arrives here rather
  /// than being taken for an option).
  init(parsing argument: String) throws(ValidationError) {
    do {
      value = try LayoutText.itemCounts(parsing: argument)
    } catch {
      throw ValidationError(error.message)
    }
  }
}
