import ArgumentParser
import CollectionLayout
import DemoScreens
import Diffable
import Foundation
import TerminalRenderer

/// `demo reststop`: the highway rest-stop screen, laid out with the
/// compositional layout and drawn in the terminal.
///
/// One snapshot holds three kinds of items (dishes, convenience goods and
/// brands) as type-erased identifiers. Its item counts are all the layout
/// needs: the screen is solved, drawn as boxes at their frames, updated when
/// the snapshot changes (only the sections whose counts changed are laid out
/// again), and the food menu's band is swiped to its next rest offset.
struct RestStopDemo: Demo {
  static let configuration = CommandConfiguration(
    commandName: "reststop",
    abstract: "A highway rest stop: three kinds of items, one snapshot, a compositional layout.",
    discussion: """
      Draws the screen as boxes at the frames the layout computes: the food menu \
      scrolls sideways (half the width and a quarter of the height per dish), the \
      convenience store is a grid, the brands a list. Then lunch changes the menu and \
      the store, and the food menu is swiped to its next rest offset. With --svg the \
      layout is also written as an SVG picture.
      """)

  @Option(help: "The screen size in points, as WIDTHxHEIGHT; each side from 1 to 1000000000.")
  var size = ScreenSize(CGSize(width: 390, height: 844))

  @Option(help: ArgumentHelp("The width of the drawing in characters.", valueName: "n"))
  var columns = 48

  @Option(help: ArgumentHelp("Also write the layout as SVG to this file.", valueName: "file"))
  var svg: String?

  @OptionGroup var options: DemoOptions

  func validate() throws {
    guard (16...400).contains(columns) else {
      throw ValidationError("--columns must be between 16 and 400.")
    }
  }

  func run() async throws {
    try await Self.play(
      screen: size.value, columns: columns, svgPath: svg, styler: options.styler,
      pause: options.pause)
  }

  /// Plays the three steps and writes the picture when asked to.
  ///
  /// The screen's data source drives a ``LayoutListView``: its cell
  /// provider labels each kind of item, and the view solves the layout for
  /// the item counts the data source gives it.
  @MainActor
  static func play(
    screen size: CGSize, columns: Int, svgPath: String?, styler: TextStyler,
    pause seconds: Double
  ) async throws {
    let opening = RestStop.openingSnapshot()
    let view = LayoutListView(
      layout: RestStopScreen.layout, context: LayoutContext(containerSize: size))
    let restStop = RestStopScreen(view: view, cell: RestStop.label)
    let dataSource = restStop.dataSource
    let screen = RestStopDrawing(
      view: view, dataSource: dataSource, size: size, columns: columns, styler: styler)
    let number = LayoutText.number
    TerminalOutput.line(
      styler("Highway rest stop", .bold) + ": \(opening.numberOfItems) items of three kinds in "
        + "\(opening.numberOfSections) sections, on a \(number(size.width))×"
        + "\(number(size.height))-point screen")

    TerminalOutput.line()
    TerminalOutput.line(styler("1. The rest stop opens", .bold))
    await restStop.open()
    screen.draw(try screen.solvedLayout())

    try await pause(seconds)
    await restStop.lunch()
    let sections = dataSource.snapshot().sectionIdentifiers
    let changed = view.sectionsLaidOutAgain.map { sections[$0].rawValue }
    TerminalOutput.line()
    TerminalOutput.line(styler("2. Lunch: a dish is added, the ice is sold out", .bold))
    if let batch = view.lastBatch { TerminalOutput.line("batch update: " + batch.summary) }
    TerminalOutput.line(
      "laid out again: \(changed.joined(separator: ", ")) (the sections whose counts changed)")
    var solved = try screen.solvedLayout()
    screen.draw(solved)
    // The rest stop pins no header, so every element is drawn where the
    // layout puts it.
    let picture = LayoutText.svg(
      solved, elements: solved.allElements, visibleRect: CGRect(origin: .zero, size: size)
    ) {
      LayoutText.indexPathLabel($0) + " " + screen.label($0)
    }

    try await pause(seconds)
    if let band = solved.orthogonalBand(forSection: 0) {
      let offset = band.restingOffset(near: band.visibleLength * 0.6)
      solved.orthogonalScrollOffsets[0] = offset
      TerminalOutput.line()
      TerminalOutput.line(
        styler(
          "3. The food menu is swiped; it comes to rest at \(number(offset))", .bold))
      screen.draw(solved)
    }

    if let svgPath {
      try writeText(picture, toFile: svgPath)
      TerminalOutput.line()
      TerminalOutput.line("Wrote the layout of step 2 to \(svgPath)")
    }
  }
}

/// How the rest stop is drawn in the terminal: the view, the data source
/// that drives it, and the drawing's size.
@MainActor
struct RestStopDrawing {
  let view: LayoutListView
  let dataSource: DiffableDataSource<RestStop.Section, AnySendableHashable>
  /// The screen's size in points.
  let size: CGSize
  /// The drawing's width in characters.
  let columns: Int
  let styler: TextStyler

  /// The layout the view solved for what the data source applied last.
  ///
  /// - Throws: The error that stopped the view's layout.
  func solvedLayout() throws -> SolvedLayout {
    guard let solved = view.solved else {
      throw DemoDataError("the rest stop's layout was never solved")
    }
    return try solved.get()
  }

  /// Draws the part of `solved` on screen, then describes the food menu's
  /// band.
  func draw(_ solved: SolvedLayout) {
    let region = CGRect(
      x: 0, y: 0, width: size.width, height: min(size.height, solved.contentSize.height))
    // Backgrounds would only show as stray edges around the cells.
    let canvas = TerminalCanvas.drawing(
      solved, region: region, columns: columns, categories: [.cell, .supplementaryView],
      label: label)
    TerminalOutput.line(canvas.text)
    let number = LayoutText.number
    for band in solved.orthogonalBands {
      guard let section = dataSource.sectionIdentifier(for: band.section) else { continue }
      let rests = band.restOffsets.map(number).joined(separator: ", ")
      TerminalOutput.line(
        styler(
          "\(section.title) scrolls sideways: \(solved.numberOfItems(inSection: band.section)) "
            + "items in a band \(number(band.frame.width)) points wide, "
            + "resting at \(rests)", .dim))
    }
  }

  /// The text on an element's box: the cell's text for a cell, the
  /// section's title for a header, nothing for a background.
  func label(_ element: LayoutAttributes) -> String {
    switch element.category {
    case .cell:
      return view.cellText(at: element.indexPath)
    case .supplementaryView:
      return dataSource.sectionIdentifier(for: element.section)?.title ?? ""
    case .decorationView:
      return ""
    }
  }
}

/// `--size WIDTHxHEIGHT`, read by the rule `diffable layout` keeps
/// (`LayoutText.containerSize(parsing:)`).
struct ScreenSize: ExpressibleByArgument {
  var value: CGSize

  init?(argument: String) {
    guard let value = try? LayoutText.containerSize(parsing: argument) else { return nil }
    self.value = value
  }

  /// A size, as a default value.
  init(_ value: CGSize) { self.value = value }

  var defaultValueDescription: String { LayoutText.sizeDescription(value) }
}

/// Writes `text` to the file at `path`, replacing it.
///
/// - Throws: ``DemoDataError`` naming the file when it cannot be written.
func writeText(_ text: String, toFile path: String) throws {
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  } catch {
    throw DemoDataError("cannot write \(path): \(error.localizedDescription)")
  }
}
