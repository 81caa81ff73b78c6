public import CollectionLayout
import DiffableCore
public import DiffableEngine
public import DiffableWeb
import Foundation

/// The screen of a layout playground's page (``LayoutPlayground``): the
/// page's editor holds a
/// layout's JSON form, as `diffable layout` reads it; each edit (sent once
/// the user pauses) is decoded and solved here, for the device the page's
/// controls choose, and the page's list shows the solved frames, with a
/// cell for each item that shows its number.
///
/// A description that cannot be decoded or solved, or a control's value
/// that cannot be read, shows its error in the page's `error` text, with
/// its JSON path (`sections[0].group: missing key 'layoutSize'`), and the
/// list keeps the last layout that worked. The `swift` and `uikit` texts
/// hold the layout drawn as Swift code (``PlaygroundSwiftCode``).
///
/// Each layout drawn is a reload of the list: its sequence number moves on
/// with every change the page sees. A tap on a cell (or Enter on it) shows
/// its frame and its section's in the page's `selection` text.
public final class PlaygroundScreen: WebSessionDelegate, WebListViewDelegate {
  /// The list of the page.
  public let view: WebListView<Int, String>
  /// Its data source: a section for each count, a numbered item for each.
  public let dataSource: DiffableDataSource<Int, String>
  /// What the list shows: the last settings that could be drawn.
  public private(set) var settings: PlaygroundSettings
  /// The layout the list shows.
  public private(set) var layout: CompositionalLayout
  /// The error the page shows, or an empty text when there is none.
  public private(set) var error = ""
  /// The Swift code of the layout drawn, in `CollectionLayout`'s names and
  /// in UIKit's.
  public private(set) var exports: (swift: String, uiKit: String) = ("", "")

  private let session: WebSession
  /// The last value of each of the page's controls, by input name.
  private var fields: [String: String]
  /// The controls whose value cannot be read, with what is wrong.
  private var problems: [String: LayoutError] = [:]

  /// The controls a preset or a device fills, whose text the page shows.
  static let filled: Set = ["layout", "items", "width", "height", "safe-area"]

  /// The page's controls, in the order their problems are shown.
  static let controls = ["layout", "items", "width", "height", "safe-area", "scale", "direction"]

  /// The presets of the page's menu.
  public let presets: [PlaygroundPreset]

  /// The playground in the list `listName` of `session`, showing the first
  /// of `presets` on a phone in portrait.
  ///
  /// - Precondition: `presets` is not empty, and their names differ.
  public init(
    session: WebSession, listName: String, presets: [PlaygroundPreset] = PlaygroundPreset.standard,
    isolation: isolated any Actor = #isolation
  ) {
    guard let preset = presets.first, Set(presets.map(\.name)).count == presets.count else {
      preconditionFailure(
        "PlaygroundScreen.init: the presets \(presets.map(\.name)) are none, or share a name")
    }
    self.session = session
    self.presets = presets
    settings = PlaygroundSettings(preset: preset)
    do {
      layout = try CompositionalLayout.decode(json: Data(preset.json.utf8))
    } catch {
      preconditionFailure(
        "PlaygroundScreen.init: the preset \(preset.name.debugDescription) "
          + "does not decode: \(error)")
    }
    let device = PlaygroundDevice.phonePortrait
    fields = [
      "preset": preset.name, "device": device.name, "layout": preset.json,
      "items": PlaygroundSettings.itemCountsText(preset.itemCounts),
      "width": LayoutText.number(device.size.width),
      "height": LayoutText.number(device.size.height), "safe-area": device.safeAreaText,
      "scale": "", "direction": "false",
    ]
    let view: WebListView<Int, String> = session.listView(named: listName, layout: layout)
    self.view = view
    dataSource = DiffableDataSource(view: view) { _, indexPath, _ in
      WebCell(String(indexPath.item))
    }
    dataSource.supplementaryViewProvider = .init { (_: WebListView<Int, String>, kind, indexPath) in
      WebCell(Self.title(ofKind: kind, section: indexPath.section))
    }
    view.delegate = self
    // Hovering or focusing a cell outlines its group and section.
    view.showsGeometry = true
    session.delegate = self
    for name in Self.filled.sorted() + ["device", "preset"] {
      session.setText(fields[name] ?? "", forElement: name)
    }
    refresh()
  }

  /// The identifier of item `item` of section `section`: `"2.15"`.
  public static func itemIdentifier(section: Int, item: Int) -> String { "\(section).\(item)" }

  /// What a supplementary view says: a list's header or footer, or its
  /// element kind, and its section.
  static func title(ofKind kind: String, section: Int) -> String {
    switch kind {
    case ListConfiguration.headerElementKind: "Header \(section)"
    case ListConfiguration.footerElementKind: "Footer \(section)"
    default: "\(kind) \(section)"
    }
  }

  /// A cell was tapped: the page's `selection` text says its frame and
  /// its section's, as the list shows them.
  public func listView(
    named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor
  ) {
    session.setText(
      Self.selection(of: indexPath, in: view.solvedLayout ?? solved()), forElement: "selection")
  }

  /// The layout drawn, solved here: for a list no page has sized.
  private func solved() -> SolvedLayout? {
    try? layout.solve(settings.context, itemCounts: settings.itemCounts)
  }

  /// What the page says of the item at `indexPath` of `solved`:
  /// `item 0.3: x 8, y 132, 119 × 119 in section 0: x 0, y 0, 390 × 520`;
  /// an empty text when there is no such item.
  public static func selection(of indexPath: IndexPath, in solved: SolvedLayout?) -> String {
    guard let solved, indexPath.section < solved.numberOfSections,
      let item = solved.layoutAttributesForItem(at: indexPath)
    else { return "" }
    func rect(_ frame: CGRect) -> String {
      let n = LayoutText.number
      return "x \(n(frame.minX)), y \(n(frame.minY)), \(n(frame.width)) × \(n(frame.height))"
    }
    return "item \(itemIdentifier(section: indexPath.section, item: indexPath.item)): "
      + "\(rect(item.frame)) in section \(indexPath.section): "
      + rect(solved.sectionFrame(indexPath.section))
  }

  /// The page's control `input.name` changed.
  public func session(
    _ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor
  ) {
    receive(input.name, input.value)
  }

  /// Takes the value of the page's control `name` and shows what it makes:
  /// a preset or a device fills the controls they set; any other control
  /// is read, and the list shows the layout solved, or the page the
  /// error. A control the page does not have is ignored.
  public func receive(_ name: String, _ value: String, isolation: isolated any Actor = #isolation) {
    switch name {
    case "preset":
      guard value != fields["preset"], let preset = presets.first(where: { $0.name == value })
      else { return }
      fields["preset"] = value
      set("layout", preset.json)
      set("items", PlaygroundSettings.itemCountsText(preset.itemCounts))
    case "device":
      guard value != fields["device"], let device = PlaygroundDevice.named(value) else {
        if value == "free" { fields["device"] = value }
        return
      }
      fields["device"] = value
      set("width", LayoutText.number(device.size.width))
      set("height", LayoutText.number(device.size.height))
      set("safe-area", device.safeAreaText)
    case _ where Self.controls.contains(name):
      guard fields[name] != value else { return }
      fields[name] = value
      // What the user typed is the page's text now: kept for a page that
      // connects again (the fields a preset or a device fill have one).
      if Self.filled.contains(name) { session.setText(value, forElement: name) }
      if ["width", "height", "safe-area"].contains(name), fields["device"] != "free" {
        fields["device"] = "free"
        session.setText("free", forElement: "device")
      }
    default:
      return
    }
    refresh()
  }

  /// Sets the control `name` to `value`, on the page too.
  private func set(_ name: String, _ value: String) {
    fields[name] = value
    session.setText(value, forElement: name)
  }

  /// Reads every control into settings; draws them if they make a layout
  /// that solves, or shows the first problem and keeps the drawing.
  private func refresh(isolation: isolated any Actor = #isolation) {
    var next = settings
    func read(_ name: String, _ body: (String) throws -> Void) {
      do {
        try body(fields[name] ?? "")
        problems[name] = nil
      } catch let error as LayoutError {
        problems[name] = error
      } catch {
        problems[name] = LayoutError(path: name, message: "\(error)")
      }
    }
    read("items") { next.itemCounts = try PlaygroundSettings.itemCounts(parsing: $0) }
    read("width") { _ in
      next.size = try PlaygroundSettings.size(
        width: fields["width"] ?? "", height: fields["height"] ?? "")
    }
    read("safe-area") { next.safeAreaInsets = try PlaygroundSettings.safeArea(parsing: $0) }
    read("scale") { next.displayScale = try PlaygroundSettings.displayScale(parsing: $0) }
    next.layoutDirection = fields["direction"] == "true" ? .rightToLeft : .leftToRight
    next.source = fields["layout"] ?? ""
    var decoded: CompositionalLayout?
    read("layout") { source in
      let data = Data(source.utf8)
      // The decoder says only that the text is not JSON; this says where,
      // as `diffable layout` does.
      if let problem = LayoutText.jsonSyntaxProblem(in: data) {
        throw LayoutError(path: "(root)", message: problem)
      }
      let layout = try CompositionalLayout.decode(json: data)
      guard problems.isEmpty || problems.keys.allSatisfy({ $0 == "layout" }) else { return }
      // Solved here first, so that a layout that cannot be solved is an
      // error the page shows, and the list keeps what it shows.
      _ = try layout.solve(next.context, itemCounts: next.itemCounts)
      decoded = layout
    }
    if let problem = Self.controls.lazy.compactMap({ self.problems[$0] }).first {
      show(error: problem.description)
      return
    }
    guard let decoded else { return }
    show(error: "")
    draw(decoded, next)
  }

  /// Shows `text` as the page's error.
  private func show(error text: String) {
    error = text
    session.setText(text, forElement: "error")
  }

  /// Gives the list `layout` in the context of `settings`, and reloads it
  /// with their item counts; writes the exports.
  private func draw(
    _ layout: CompositionalLayout, _ settings: PlaygroundSettings,
    isolation: isolated any Actor = #isolation
  ) {
    self.layout = layout
    self.settings = settings
    view.layoutContext = settings.context
    // The list element is the device's frame.
    session.setSize(
      WebSize(
        width: Double(settings.context.containerSize.width),
        height: Double(settings.context.containerSize.height)),
      ofList: view.name)
    view.layout = layout
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    for (section, count) in settings.itemCounts.enumerated() {
      snapshot.appendSections([section])
      snapshot.appendItems((0..<count).map { Self.itemIdentifier(section: section, item: $0) })
    }
    dataSource.applySnapshotUsingReloadData(snapshot)
    exports = (
      PlaygroundSwiftCode.code(layout, names: .collectionLayout) ?? "",
      PlaygroundSwiftCode.code(layout, names: .uiKit) ?? ""
    )
    session.setText(exports.swift, forElement: "swift")
    session.setText(exports.uiKit, forElement: "uikit")
  }

}
