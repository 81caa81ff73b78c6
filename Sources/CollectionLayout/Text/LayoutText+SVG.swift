public import Foundation

extension LayoutText {
  /// The fill and stroke colours of an element category in pictures.
  struct _Style {
    var fill: String
    var stroke: String
  }

  static func _style(_ category: LayoutElementCategory) -> _Style {
    switch category {
    case .cell: return _Style(fill: "#cfe2ff", stroke: "#0b5ed7")
    case .supplementaryView: return _Style(fill: "#ffe5b4", stroke: "#d9480f")
    case .decorationView: return _Style(fill: "#e9ecef", stroke: "#868e96")
    }
  }

  /// A picture of a solved layout as an SVG document, for a person to look
  /// at.
  ///
  /// The content is a white sheet. On it, the elements: decorations first,
  /// then cells, then supplementaries, each by z-index, in distinct colours
  /// per category, each labelled; the orthogonal bands, outlined at their
  /// full scroll length; and `visibleRect`, dashed. The drawing covers the
  /// content, every element and every band, with a small margin.
  ///
  /// ```swift
  /// let picture = LayoutText.svg(
  ///   solved, elements: solved.allElements,
  ///   visibleRect: CGRect(x: 0, y: 0, width: 390, height: 844))
  /// // "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=..."
  /// ```
  ///
  /// - Parameters:
  ///   - solved: The layout; its content size and orthogonal bands are drawn.
  ///   - elements: The elements to draw, at the frames to draw them at
  ///     (pass pinned headers and footers at their pinned frames to show
  ///     them pinned).
  ///   - visibleRect: The part of the content on screen.
  ///   - label: The text written on an element; by default
  ///     ``indexPathLabel(_:)``.
  /// - Returns: The document, ending with a newline.
  public static func svg(
    _ solved: SolvedLayout, elements: [LayoutAttributes], visibleRect: CGRect,
    label: (LayoutAttributes) -> String = LayoutText.indexPathLabel
  ) -> String {
    let contentSize = solved.contentSize
    let bands = solved.orthogonalBands
    // Bands reach beyond the content's width, and leftward in right-to-left.
    var bounds = CGRect(origin: .zero, size: contentSize).union(visibleRect)
    for e in elements { bounds = bounds.union(e.frame) }
    for b in bands { bounds = bounds.union(b.frame) }
    let margin: CGFloat = 8
    bounds = bounds.insetBy(dx: -margin, dy: -margin)
    let n = number
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(n(bounds.minX)) \(n(bounds.minY)) \(n(bounds.width)) \(n(bounds.height))" width="\(n(bounds.width))" height="\(n(bounds.height))" font-family="Helvetica, Arial, sans-serif">

      """
    out +=
      "  <rect x=\"0\" y=\"0\" width=\"\(n(contentSize.width))\" height=\"\(n(contentSize.height))\" fill=\"white\" stroke=\"#adb5bd\"/>\n"
    for b in bands {
      let f = b.frame
      out +=
        "  <rect class=\"band\" x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"#f8f0fc\" stroke=\"#9c36b5\" stroke-dasharray=\"6 3\"><title>orthogonal band, section \(b.section), \(b.behavior.rawValue)</title></rect>\n"
    }
    // Decorations below, then cells, then supplementaries, each by z-index.
    let order: [LayoutElementCategory] = [.decorationView, .cell, .supplementaryView]
    let sorted = elements.enumerated().sorted { a, b in
      let ca = order.firstIndex(of: a.element.category)!
      let cb = order.firstIndex(of: b.element.category)!
      if ca != cb { return ca < cb }
      if a.element.zIndex != b.element.zIndex { return a.element.zIndex < b.element.zIndex }
      return a.offset < b.offset
    }.map(\.element)
    for e in sorted {
      let f = e.frame
      let s = _style(e.category)
      let label = label(e)
      out += "  <g class=\"\(name(e.category))\">"
      out +=
        "<rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(s.fill)\" fill-opacity=\"0.85\" stroke=\"\(s.stroke)\"/>"
      let fontSize = max(6, min(12, f.height * 0.4, f.width / CGFloat(max(1, label.count)) * 1.8))
      out +=
        "<text x=\"\(n(f.midX))\" y=\"\(n(f.midY))\" font-size=\"\(n(fontSize.rounded()))\" text-anchor=\"middle\" dominant-baseline=\"middle\" fill=\"\(s.stroke)\">\(_escaped(label))</text>"
      out += "</g>\n"
    }
    let v = visibleRect
    out +=
      "  <rect class=\"visible\" x=\"\(n(v.minX))\" y=\"\(n(v.minY))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\" fill=\"none\" stroke=\"#e03131\" stroke-width=\"2\" stroke-dasharray=\"8 4\"/>\n"
    out += "</svg>\n"
    return out
  }

  /// Text made safe for SVG: `&`, `<`, `>` and `"` as entities.
  static func _escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
