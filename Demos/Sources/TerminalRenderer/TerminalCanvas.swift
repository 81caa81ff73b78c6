import CollectionLayout
import Foundation

/// A grid of characters that rectangles are drawn into as boxes, for
/// showing solved layouts in a terminal.
///
/// Boxes are drawn with box-drawing characters in the order given; a later
/// box overwrites an earlier one where they overlap. A box too thin for
/// corners is drawn as a line, and a box that rounds to no cell is skipped.
///
///     var canvas = TerminalCanvas(columns: 8, rows: 3)
///     canvas.drawBox(column: 0, row: 0, width: 8, height: 3, label: "0.0")
///     canvas.text
///     // ┌──────┐
///     // │0.0   │
///     // └──────┘
public struct TerminalCanvas: Sendable, Hashable {
  /// The number of columns.
  public let columns: Int
  /// The number of rows.
  public let rows: Int
  private var cells: [Character]

  /// A blank canvas.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: " ", count: self.columns * self.rows)
  }

  /// The character at a cell.
  public subscript(column: Int, row: Int) -> Character {
    cells[row * columns + column]
  }

  private mutating func put(_ c: Character, _ column: Int, _ row: Int) {
    guard column >= 0, column < columns, row >= 0, row < rows else { return }
    cells[row * columns + column] = c
  }

  /// Draws a box covering the given cells, clipped to the canvas, with a
  /// label written inside from its top-left corner, truncated to fit.
  public mutating func drawBox(column: Int, row: Int, width: Int, height: Int, label: String = "") {
    guard width > 0, height > 0 else { return }
    let right = column + width - 1
    let bottom = row + height - 1
    if width == 1 && height == 1 {
      put("▪", column, row)
    } else if height == 1 {
      for c in column...right { put("─", c, row) }
      put("╶", column, row)
      put("╴", right, row)
    } else if width == 1 {
      for r in row...bottom { put("│", column, r) }
      put("╷", column, row)
      put("╵", column, bottom)
    } else {
      for c in column...right {
        put("─", c, row)
        put("─", c, bottom)
      }
      for r in row...bottom {
        put("│", column, r)
        put("│", right, r)
      }
      for r in (row + 1)..<bottom {
        for c in (column + 1)..<right { put(" ", c, r) }
      }
      put("┌", column, row)
      put("┐", right, row)
      put("└", column, bottom)
      put("┘", right, bottom)
    }
    // The label: inside the border when there is room, else on the box.
    let inside = width > 2 && height > 2
    let room = inside ? width - 2 : width
    guard room > 0 else { return }
    let labelRow = inside ? row + 1 : row
    let labelColumn = inside ? column + 1 : column
    for (k, ch) in label.prefix(room).enumerated() { put(ch, labelColumn + k, labelRow) }
  }

  /// The canvas as lines of text, trailing spaces removed.
  public var text: String {
    var lines: [String] = []
    for r in 0..<rows {
      var line = String(cells[(r * columns)..<((r + 1) * columns)])
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

extension TerminalCanvas {
  /// Draws frames in a region of points as boxes, scaled so that the
  /// region's width spans `columns`; a row is twice as tall as a column is
  /// wide, as terminal cells are.
  ///
  /// A frame's box covers the cells its edges round to, so adjacent frames
  /// get adjacent boxes.
  ///
  /// - Parameters:
  ///   - boxes: Frames and their labels, drawn in order.
  ///   - region: The part of the content shown.
  ///   - columns: The canvas width in characters.
  public static func drawing(
    _ boxes: [(frame: CGRect, label: String)], region: CGRect, columns: Int
  ) -> TerminalCanvas {
    guard region.width > 0, region.height > 0, columns > 0 else {
      return TerminalCanvas(columns: 0, rows: 0)
    }
    let xScale = CGFloat(columns) / region.width
    let yScale = xScale / 2
    let rows = Int((region.height * yScale).rounded(.up))
    var canvas = TerminalCanvas(columns: columns, rows: rows)
    for (frame, label) in boxes {
      let c0 = Int(((frame.minX - region.minX) * xScale).rounded())
      let c1 = Int(((frame.maxX - region.minX) * xScale).rounded())
      let r0 = Int(((frame.minY - region.minY) * yScale).rounded())
      let r1 = Int(((frame.maxY - region.minY) * yScale).rounded())
      canvas.drawBox(column: c0, row: r0, width: c1 - c0, height: r1 - r0, label: label)
    }
    return canvas
  }

  /// Draws the elements of a solved layout displayed in `region`:
  /// decorations first, then cells, then supplementaries.
  ///
  /// The elements are those `SolvedLayout.visibleItems(displayedIn:)`
  /// gives, so each section's `visibleItemsInvalidationHandler` runs every
  /// time the layout is drawn (after each scroll of the view or of a band):
  /// an element it hides, or makes fully transparent, is not drawn, and one
  /// it transforms is drawn at its transformed frame. Headers and footers
  /// that pin are drawn pinned to `region`.
  ///
  /// - Parameters:
  ///   - categories: The kinds of element drawn, in drawing order.
  ///   - label: The text written in an element's box; by default
  ///     `section.item` for cells, and the kind's first letter and the index
  ///     path for the others.
  public static func drawing(
    _ solved: SolvedLayout, region: CGRect, columns: Int,
    categories: [LayoutElementCategory] = [.decorationView, .cell, .supplementaryView],
    label: (LayoutAttributes) -> String = TerminalCanvas.shortLabel
  ) -> TerminalCanvas {
    let elements = solved.visibleItems(displayedIn: region).compactMap {
      item -> LayoutAttributes? in
      guard !item.isHidden, item.alpha > 0 else { return nil }
      return LayoutAttributes(
        category: item.representedElementCategory, elementKind: item.representedElementKind,
        section: item.indexPath[0], item: item.indexPath[1], frame: item.transformedFrame,
        zIndex: item.zIndex)
    }
    var boxes: [(frame: CGRect, label: String)] = []
    for category in categories {
      for e in elements where e.category == category {
        boxes.append((e.frame, label(e)))
      }
    }
    return drawing(boxes, region: region, columns: columns)
  }

  /// `section.item` for a cell; the kind's first letter and the index path
  /// for the others.
  public static func shortLabel(_ e: LayoutAttributes) -> String {
    let path = "\(e.section).\(e.item)"
    return e.category == .cell ? path : "\(e.elementKind?.first.map(String.init) ?? "") \(path)"
  }
}
