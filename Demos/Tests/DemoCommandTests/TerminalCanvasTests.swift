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
}
