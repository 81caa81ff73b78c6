import BrowserRenderer
import CollectionLayout
import DemoScreens
import Diffable
import DiffableWeb
import DiffableWebTools
import Foundation
import Testing

/// The layout playground's screen, without a page: what its controls do,
/// its errors, its presets and its Swift code.
@MainActor
@Suite struct PlaygroundTests {
  /// A playground over a session of its own.
  func playground() -> (WebSession, PlaygroundScreen) {
    let session = WebSession()
    return (
      session,
      PlaygroundScreen(
        session: session, listName: "playground", presets: WebPages.playgroundTool.presets)
    )
  }

  /// The counts of the data source's sections.
  func counts(_ screen: PlaygroundScreen) -> [Int] {
    let snapshot = screen.dataSource.snapshot()
    return snapshot.sectionIdentifiers.map { snapshot.numberOfItems(inSection: $0) }
  }

  @Test func theRestStopShowsFirstWithItsCountsAndItsCode() throws {
    let (session, screen) = playground()
    let preset = try #require(WebPages.playgroundTool.presets.first)
    #expect(preset.name == "reststop")
    #expect(screen.error == "")
    #expect(counts(screen) == [6, 8, 4])
    #expect(screen.dataSource.snapshot().itemIdentifiers(inSection: 1).first == "1.0")
    #expect(session.pageTexts.texts["layout"] == preset.json)
    #expect(session.pageTexts.texts["items"] == "6,8,4")
    #expect(session.pageTexts.texts["error"] == "")
    #expect(screen.view.layoutContext?.containerSize == CGSize(width: 390, height: 844))
    #expect(session.pageTexts.texts["swift"]?.contains("LayoutSection(group: group)") == true)
    #expect(
      session.pageTexts.texts["uikit"]?.contains("NSCollectionLayoutSection(group: group)") == true)
    #expect(session.pageTexts.texts["swift"] == screen.exports.swift)
    // The rest stop's layout, encoded: the same sections as the screen's.
    let decoded = try CompositionalLayout.decode(json: Data(preset.json.utf8))
    #expect(decoded.sections == RestStop.Section.allCases.map(RestStop.layoutSection(for:)))
  }

  @Test func anEditIsSolvedAndReloadsTheList() throws {
    let (session, screen) = playground()
    let grid = try #require(WebPages.playgroundTool.presets.first { $0.name == "grid" })
    screen.receive("items", "5,2")
    #expect(counts(screen) == [5, 2])
    screen.receive("layout", grid.json)
    #expect(screen.error == "")
    #expect(
      screen.layout.sections
        == (try CompositionalLayout.decode(json: Data(grid.json.utf8))).sections)
    #expect(
      session.pageTexts.texts["swift"]?.contains(".fractionalWidth(0.3333333333333333)") == true)
    screen.receive("direction", "true")
    screen.receive("scale", "3")
    #expect(screen.view.layoutContext?.layoutDirection == .rightToLeft)
    #expect(screen.view.layoutContext?.displayScale == 3)
    #expect(screen.settings.source == grid.json)
  }

  /// Edits that cannot be drawn, each with the page's error: its JSON path
  /// or its control, and what is wrong.
  nonisolated static let badEdits: [(name: String, value: String, error: String)] = [
    ("layout", #"{"sections": []}"#, "sections: a layout needs at least one section"),
    (
      "layout", #"{"sections": [{"group": {"horizontal": {"subitems": []}}}]}"#,
      "sections[0].group.horizontal: missing key 'layoutSize'"
    ),
    (
      "layout",
      #"{"sections": [{"group": {"vertical": {"layoutSize": {"width": {"absolute": 10}, "#
        + #""height": {"absolute": "tall"}}, "subitems": []}}}]}"#,
      "sections[0].group.vertical.layoutSize.height.absolute: expected a number"
    ),
    (
      "layout", "{\n  \"sections\": [,]\n}",
      "(root): not valid JSON at line 2, column 16: invalid value"
    ),
    ("layout", " ", "(root): not valid JSON: there is no JSON value, only blank space"),
    ("items", "3,,1", "items: section 1's count is missing; write counts as 6,10,0"),
    ("items", "3,x", "items: section 1's count \"x\" is not a whole number"),
    ("items", "-1", "items: section 0's count -1 is negative; counts are 0 or more"),
    ("items", "10001", "items: section 0's count 10001 makes more than the 10000 items"),
    ("width", "wide", "size: the width \"wide\" is not a number"),
    ("height", "0", "size: the height 0 is less than 1 point"),
    ("width", "20000", "size: 20000x844 is larger than the playground draws"),
    ("safe-area", "1,2,3", "safeArea: write insets as TOP,LEADING,BOTTOM,TRAILING"),
    ("safe-area", "0,-1,0,0", "safeArea: the leading inset -1 is out of range"),
    ("scale", "0", "displayScale: \"0\" is out of range"),
  ]

  @Test(arguments: badEdits)
  func aBadEditShowsItsErrorAndKeepsTheDrawing(name: String, value: String, error: String) {
    let (session, screen) = playground()
    let before = (screen.layout.sections, counts(screen), screen.settings, screen.exports.swift)
    screen.receive(name, value)
    #expect(screen.error.hasPrefix(error), "\(screen.error)")
    #expect(session.pageTexts.texts["error"] == screen.error)
    #expect(screen.layout.sections == before.0)
    #expect(counts(screen) == before.1)
    #expect(screen.settings == before.2)
    #expect(session.pageTexts.texts["swift"] == before.3)
    // Putting the value back clears the error.
    screen.receive(name, name == "layout" ? before.2.source : fieldValue(name, before.2))
    #expect(screen.error == "")
  }

  /// What the control `name` says for `settings`.
  func fieldValue(_ name: String, _ settings: PlaygroundSettings) -> String {
    switch name {
    case "items": PlaygroundSettings.itemCountsText(settings.itemCounts)
    case "width": LayoutText.number(settings.size.width)
    case "height": LayoutText.number(settings.size.height)
    case "safe-area":
      [
        settings.safeAreaInsets.top, settings.safeAreaInsets.leading,
        settings.safeAreaInsets.bottom, settings.safeAreaInsets.trailing,
      ]
      .map(LayoutText.number).joined(separator: ",")
    case "scale": settings.displayScale.map(LayoutText.number) ?? ""
    default: ""
    }
  }

  @Test func aLayoutThatCannotBeSolvedShowsTheSolversError() throws {
    let (_, screen) = playground()
    // An item a fraction of its group's height, which is estimated: it
    // decodes, but has no height to take a fraction of.
    let json = #"""
      {"sections": [{"group": {"horizontal": {"layoutSize":
        {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
        "subitems": [{"item": {"layoutSize": {"width": {"fractionalWidth": 1},
        "height": {"fractionalHeight": 1}}}}]}}}]}
      """#
    _ = try CompositionalLayout.decode(json: Data(json.utf8))
    screen.receive("layout", json)
    #expect(
      screen.error.hasPrefix("sections[0].group.horizontal.subitems[0].item.layoutSize.height"),
      "\(screen.error)")
    #expect(screen.error.contains("whose height is estimated"))
    #expect(counts(screen) == [6, 8, 4])
  }

  @Test func anErrorInOneControlWaitsForItAndTheOthersStillCount() throws {
    let (_, screen) = playground()
    screen.receive("items", "x")
    screen.receive("width", "500")
    #expect(screen.error.hasPrefix("items:"))
    #expect(screen.settings.size.width == 390, "nothing is drawn while a control is wrong")
    screen.receive("items", "2")
    #expect(screen.error == "")
    #expect(screen.settings.size.width == 500)
    #expect(counts(screen) == [2])
  }

  @Test func aPresetAndADeviceFillTheControls() throws {
    let (session, screen) = playground()
    screen.receive("preset", "list-insetGrouped")
    let list = try #require(
      WebPages.playgroundTool.presets.first { $0.name == "list-insetGrouped" })
    #expect(session.pageTexts.texts["layout"] == list.json)
    #expect(session.pageTexts.texts["items"] == "4,3")
    #expect(counts(screen) == [4, 3])
    screen.receive("device", "tablet-landscape")
    #expect(session.pageTexts.texts["width"] == "1194")
    #expect(session.pageTexts.texts["height"] == "834")
    #expect(session.pageTexts.texts["safe-area"] == "24,0,20,0")
    #expect(screen.settings.size == CGSize(width: 1194, height: 834))
    screen.receive("width", "600")
    #expect(session.pageTexts.texts["device"] == "free")
    #expect(screen.settings.size == CGSize(width: 600, height: 834))
    // An unknown preset, device or control changes nothing.
    screen.receive("preset", "nope")
    screen.receive("device", "nope")
    screen.receive("colour", "red")
    #expect(session.pageTexts.texts["layout"] == list.json)
    #expect(screen.settings.size == CGSize(width: 600, height: 834))
    #expect(screen.error == "")
  }

  @Test func aTappedCellShowsItsFrameAndItsSections() throws {
    let (session, screen) = playground()
    screen.receive("preset", "grid")
    screen.listView(
      named: "playground", didSelectItemAt: IndexPath(item: 4, section: 0),
      isolation: MainActor.shared)
    // Three columns of a 382-point group: the fifth item is the second of
    // the second row.
    #expect(
      session.pageTexts.texts["selection"]
        == "item 0.4: x 135.333333, y 135.333333, 119.333333 × 119.333333 in section 0: "
        + "x 0, y 0, 390 × 1026.666667")
    #expect(
      PlaygroundScreen.selection(of: IndexPath(item: 99, section: 0), in: nil) == "")
  }

  @Test func thePresetsShowEveryOrthogonalBehaviourAndEveryListAppearance() throws {
    let names = Set(WebPages.playgroundTool.presets.map(\.name))
    #expect(names.count == WebPages.playgroundTool.presets.count)
    for behavior in OrthogonalScrollingBehavior.allCases where behavior != .none {
      #expect(names.contains("orthogonal-\(behavior.rawValue)"))
    }
    for appearance in ListConfiguration.Appearance.allCases {
      #expect(names.contains("list-\(appearance.rawValue)"))
    }
    for preset in WebPages.playgroundTool.presets {
      let layout = try CompositionalLayout.decode(json: Data(preset.json.utf8))
      let settings = PlaygroundSettings(preset: preset)
      _ = try layout.solve(settings.context, itemCounts: preset.itemCounts)
    }
  }

  @Test func theCodeOfAGridInBothNames() throws {
    let grid = try #require(WebPages.playgroundTool.presets.first { $0.name == "grid" })
    let layout = try CompositionalLayout.decode(json: Data(grid.json.utf8))
    let swift = try #require(PlaygroundSwiftCode.code(layout, names: .collectionLayout))
    #expect(
      swift == """
        import CollectionLayout

        /// The layout.
        func createLayout() -> CompositionalLayout {
          return CompositionalLayout(section: makeSection0())
        }

        /// Section 0.
        func makeSection0() -> LayoutSection {
          var item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.3333333333333333), heightDimension: .fractionalHeight(1)))
          item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
          let group = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.3333333333333333)), subitems: [item])
          var section = LayoutSection(group: group)
          section.contentInsets = DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
          return section
        }

        """)
    let uiKit = try #require(PlaygroundSwiftCode.code(layout, names: .uiKit))
    #expect(uiKit.hasPrefix("import UIKit\n"))
    #expect(uiKit.contains("func createLayout() -> UICollectionViewLayout {"))
    #expect(uiKit.contains("UICollectionViewCompositionalLayout(section: makeSection0())"))
    #expect(uiKit.contains("var item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize("))
    #expect(uiKit.contains("NSDirectionalEdgeInsets(top: 4"))
    #expect(!uiKit.contains(" LayoutItem("))
  }

  @Test func theCodeOfSeveralSectionsAndListsUsesASectionProvider() throws {
    let band = try #require(
      WebPages.playgroundTool.presets.first { $0.name == "orthogonal-groupPagingCentered" })
    let code = try #require(
      PlaygroundSwiftCode.code(
        try CompositionalLayout.decode(json: Data(band.json.utf8)), names: .collectionLayout))
    #expect(
      code.contains("CompositionalLayout(sectionProvider: { sectionIndex, layoutEnvironment in"))
    #expect(code.contains("case 0: return makeSection0()"))
    #expect(code.contains("default: return makeSection1()"))
    #expect(code.contains("section.orthogonalScrollingBehavior = .groupPagingCentered"))
    let list = try #require(WebPages.playgroundTool.presets.first { $0.name == "list-sidebar" })
    let listCode = try #require(
      PlaygroundSwiftCode.code(
        try CompositionalLayout.decode(json: Data(list.json.utf8)), names: .uiKit))
    #expect(
      listCode.contains("var list = UICollectionLayoutListConfiguration(appearance: .sidebar)"))
    #expect(listCode.contains("list.headerMode = .supplementary"))
    #expect(
      listCode.contains(
        "return NSCollectionLayoutSection.list(using: list, layoutEnvironment: layoutEnvironment)"))
    // A section provider has no description to write.
    #expect(
      PlaygroundSwiftCode.code(MountainsBrowserScreen.layout, names: .collectionLayout) == nil)
  }

  /// Writes each preset's code, in both names, to the directory
  /// `DIFFABLE_PLAYGROUND_EXPORTS` names, for CI to compile
  /// (Scripts/check-playground-exports.sh); without it, to a temporary one.
  @Test func theCodeOfEveryPresetIsWritten() throws {
    let environment = ProcessInfo.processInfo.environment["DIFFABLE_PLAYGROUND_EXPORTS"]
    let directory = URL(
      fileURLWithPath: environment
        ?? NSTemporaryDirectory() + "playground-exports-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if environment == nil { try? FileManager.default.removeItem(at: directory) } }
    let layouts =
      try WebPages.playgroundTool.presets.map { ($0.name, $0.json) } + [
        ("every-feature", Self.everyFeature)
      ]
    for (name, json) in layouts {
      let layout = try CompositionalLayout.decode(json: Data(json.utf8))
      for names in PlaygroundSwiftCode.Names.allCases {
        let code = try #require(PlaygroundSwiftCode.code(layout, names: names))
        let file = directory.appendingPathComponent("\(name)-\(names.rawValue).swift")
        try Data(code.utf8).write(to: file)
      }
    }
    // A custom group's frames are CGRects here, custom items in UIKit:
    // its code compiles in CollectionLayout's names only.
    let custom = try CompositionalLayout.decode(json: Data(Self.customGroup.utf8))
    let code = try #require(PlaygroundSwiftCode.code(custom, names: .collectionLayout))
    try Data(code.utf8).write(
      to: directory.appendingPathComponent("custom-group-collectionLayout.swift"))
    let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(written.count == layouts.count * 2 + 1)
  }

  /// A description with every key of the JSON form but a custom group's,
  /// each away from its default.
  nonisolated static let everyFeature = #"""
    {"configuration": {"scrollDirection": "vertical", "interSectionSpacing": 10,
      "contentInsetsReference": "none",
      "boundarySupplementaryItems": [{"layoutSize": {"width": {"fractionalWidth": 1},
        "height": {"absolute": 30}}, "elementKind": "banner", "alignment": "top",
        "absoluteOffset": [0, -4], "extendsBoundary": false, "pinToVisibleBounds": true,
        "zIndex": 3}]},
     "sections": [
      {"group": {"vertical": {"layoutSize": {"width": {"fractionalWidth": 1},
        "height": {"estimated": 100}},
        "subitems": [{"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1},
          "height": {"uniformAcrossSiblings": 50}}, "repeatingCount": 3,
          "interItemSpacing": {"flexible": 4},
          "subitems": [{"item": {"layoutSize": {"width": {"fractionalWidth": 0.25},
            "height": {"fractionalHeight": 1}},
            "contentInsets": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
            "edgeSpacing": {"leading": {"fixed": 2}, "bottom": {"flexible": 1}},
            "supplementaryItems": [
              {"layoutSize": {"width": {"absolute": 12}, "height": {"absolute": 12}},
               "elementKind": "badge", "containerAnchor": {"edges": ["top", "trailing"],
               "fractionalOffset": [0.5, -0.5]}, "itemAnchor": {"edges": ["bottom"],
               "absoluteOffset": [1, 2]}, "zIndex": 2},
              {"layoutSize": {"width": {"absolute": 8}, "height": {"absolute": 8}},
               "elementKind": "dot \"quoted\"", "containerAnchor": {"edges": ["leading"]}}
            ]}}]}}},
          {"group": {"horizontal": {"layoutSize": {"width": {"fractionalWidth": 1},
            "height": {"absolute": 40}}, "count": 2, "subitems": [{"item": {"layoutSize":
            {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}}]}}}],
        "interItemSpacing": {"fixed": 6},
        "contentInsets": {"top": 5, "leading": 5, "bottom": 5, "trailing": 5},
        "edgeSpacing": {"top": {"fixed": 3}}}},
       "contentInsets": {"top": 8, "leading": 8, "bottom": 8, "trailing": 8},
       "interGroupSpacing": -2, "orthogonalScrollingBehavior": "paging",
       "boundarySupplementaryItems": [{"layoutSize": {"width": {"fractionalWidth": 1},
         "height": {"estimated": 44}}, "elementKind": "header", "alignment": "topLeading"}],
       "decorationItems": [{"elementKind": "background",
         "contentInsets": {"top": 1, "leading": 1, "bottom": 1, "trailing": 1}, "zIndex": -1}],
       "contentInsetsReference": "none", "supplementariesFollowContentInsets": false},
      {"list": {"appearance": "insetGrouped", "headerMode": "firstItemInSection",
        "footerMode": "supplementary", "metrics": {"rowEstimatedHeight": 50,
        "horizontalInset": 12, "pinsHeadersAndFooters": true}}},
      {"list": {"appearance": "plain"}}
     ]}
    """#

  /// A custom group of two fixed frames.
  nonisolated static let customGroup = #"""
    {"sections": [{"group": {"custom": {"layoutSize": {"width": {"fractionalWidth": 1},
      "height": {"absolute": 100}}, "frames": [[0, 0, 50, 50], [50.5, 10, 20, 30]]}}}]}
    """#

  @Test func theCodeOfEveryFeatureNamesEachValue() throws {
    let layout = try CompositionalLayout.decode(json: Data(Self.everyFeature.utf8))
    let code = try #require(PlaygroundSwiftCode.code(layout, names: .collectionLayout))
    for line in [
      "configuration.contentInsetsReference = ContentInsetsReference.none",
      "section.contentInsetsReference = ContentInsetsReference.none",
      "section.supplementariesFollowContentInsets = false",
      "section.interGroupSpacing = -2",
      "group.interItemSpacing = .flexible(4)",
      "repeatingSubitem: item, count: 3)",
      "subitem: item2, count: 2)",
      #"elementKind: "dot \"quoted\"""#,
      "containerAnchor: LayoutAnchor(edges: [.top, .trailing], "
        + "fractionalOffset: CGPoint(x: 0.5, y: -0.5))",
      "itemAnchor: LayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 1, y: 2))",
      "edgeSpacing = LayoutEdgeSpacing(leading: .fixed(2), top: nil, trailing: nil, "
        + "bottom: .flexible(1))",
      "boundary.extendsBoundary = false", "boundary.pinToVisibleBounds = true",
      "decoration.zIndex = -1", "list.headerMode = .firstItemInSection",
      "pinsHeadersAndFooters: true)", ".uniformAcrossSiblings(estimate: 50)",
      "default: return makeSection2(layoutEnvironment)",
    ] {
      #expect(code.contains(line), "\(line)")
    }
    let custom = try CompositionalLayout.decode(json: Data(Self.customGroup.utf8))
    #expect(
      PlaygroundSwiftCode.code(custom, names: .collectionLayout)?.contains(
        "LayoutGroup.custom(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), "
          + "heightDimension: .absolute(100))) { _ in [CGRect(x: 0, y: 0, width: 50, height: 50), "
          + "CGRect(x: 50.5, y: 10, width: 20, height: 30)] }") == true)
  }
}
