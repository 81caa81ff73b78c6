import CollectionLayout
import Foundation
import TerminalRenderer
import Testing

@Suite("Terminal box drawing")
struct TerminalCanvasTests {
  /// The repository's example: golden case G3 with a background.
  static let restStop: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Examples/reststop.json")
    do { return try String(contentsOf: url, encoding: .utf8) } catch { fatalError("\(error)") }
  }()

  @Test("a box has corners, edges and its label inside")
  func box() {
    var canvas = TerminalCanvas(columns: 10, rows: 4)
    canvas.drawBox(column: 1, row: 0, width: 8, height: 3, label: "0.12345678")
    #expect(
      canvas.text == """
         ┌──────┐
         │0.1234│
         └──────┘

        """)
  }

  @Test(
    "thin boxes become lines or a dot; boxes are clipped to the canvas; later boxes draw over earlier ones"
  )
  func thinAndClipped() {
    var canvas = TerminalCanvas(columns: 6, rows: 3)
    canvas.drawBox(column: 0, row: 0, width: 4, height: 1)
    canvas.drawBox(column: 5, row: 0, width: 1, height: 3)
    canvas.drawBox(column: 0, row: 2, width: 1, height: 1)
    canvas.drawBox(column: 2, row: 1, width: 10, height: 10, label: "x")
    // The last box is clipped on the right and bottom; its blank interior
    // erases the vertical line beneath it.
    #expect(
      canvas.text == """
        ╶──╴ ╷
          ┌───
        ▪ │x
        """)
  }

  @Test(
    "a solved layout is drawn as boxes at its frames; a two-row box carries its label on its edge")
  func solvedLayout() throws {
    let layout = try CompositionalLayout.decode(json: Data(Self.restStop.utf8))
    let solved = try layout.solve(
      LayoutContext(containerSize: CGSize(width: 390, height: 844)), itemCounts: [6])
    let canvas = TerminalCanvas.drawing(
      solved, region: CGRect(x: 0, y: 0, width: 390, height: 260), columns: 40)
    #expect(
      canvas.text == """
        t 0.0──────────────────────────────────┐
        └──────────────────────────────────────┘
        ┌──────────────────┐┌──────────────────┐
        │0.0               ││0.1               │
        │                  ││                  │
        │                  ││                  │
        │                  ││                  │
        │                  ││                  │
        │                  ││                  │
        │                  ││                  │
        │                  ││                  │
        │                  ││                  │
        └──────────────────┘└──────────────────┘

        """)
  }

  @Test(
    "a section's visible-item handler runs at each drawing: hidden items are not drawn, scaled ones shrink"
  )
  func visibleItemsHandler() throws {
    // Four 100-point squares side by side in a band that scrolls sideways;
    // the handler halves the first item on screen and hides the third.
    var section = LayoutSection(
      group: .horizontal(
        layoutSize: LayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)),
        subitems: [
          LayoutItem(
            layoutSize: LayoutSize(
              widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        ]))
    section.orthogonalScrollingBehavior = .continuous
    section.visibleItemsInvalidationHandler = { items, offset, _ in
      let first = Int(offset.x / 100)
      for index in items.indices {
        let item = items[index].indexPath.item
        items[index].isHidden = item == first + 2
        if item == first { items[index].transform = LayoutTransform(scaleX: 0.5, y: 0.5) }
      }
    }
    var solved = try CompositionalLayout(section: section).solve(
      LayoutContext(containerSize: CGSize(width: 300, height: 100)), itemCounts: [4])
    let region = CGRect(x: 0, y: 0, width: 300, height: 100)
    func drawing() -> String {
      TerminalCanvas.drawing(solved, region: region, columns: 30).text
    }
    // Unscrolled: item 0 is halved about its centre, item 2 hidden.
    #expect(
      drawing() == """
                  ┌────────┐
           ┌───┐  │0.1     │
           │0.0│  │        │
           └───┘  │        │
                  └────────┘
        """)
    // Scrolled by one item, the handler runs again: item 1 is halved,
    // item 3 hidden.
    _ = solved.scrollOrthogonalSection(0, to: 100, displayedIn: region)
    #expect(
      drawing() == """
                  ┌────────┐
           ┌───┐  │0.2     │
           │0.1│  │        │
           └───┘  │        │
                  └────────┘
        """)
  }
}
