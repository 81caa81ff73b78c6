import CollectionLayout
import DemoScreens
import DiffableWeb
import DiffableWebTools

extension WebPages {
  /// The layout playground of the demos (`DiffableWebTools`): the rest
  /// stop's layout first, then the standard presets.
  public static let playgroundTool = LayoutPlayground(
    presets: [restStopPreset] + PlaygroundPreset.standard)

  /// The layout playground's page (`/playground`).
  static let playground = DemoPage(
    name: "playground", path: "/playground", title: "Layout playground",
    summary:
      "Edit a compositional layout's JSON and see it solved as you type, on a phone or a "
      + "tablet, with its errors and its Swift code.",
    listName: LayoutPlayground.listName, controls: playgroundTool.controls,
    templates: LayoutPlayground.exports, style: LayoutPlayground.style)

  /// The rest stop's layout (`RestStop.layoutSection(for:)`): a band of
  /// dishes, a grid of goods on a background, brands two a row.
  static let restStopPreset = PlaygroundPreset(
    name: "reststop", title: "Rest stop",
    layout: CompositionalLayout(
      sections: RestStop.Section.allCases.map(RestStop.layoutSection(for:)),
      configuration: CompositionalLayoutConfiguration(interSectionSpacing: 12)),
    itemCounts: [6, 8, 4])
}
