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
  /// per category, each labelled (inside the element, as large as fits up
  /// to 12 points and no smaller than 8; beside it, at 9 points on a white
  /// outline, when it does not fit); the orthogonal bands, outlined at their
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
    // Labels that do not fit their element are written beside it, so the
    // drawing covers them too.
    let labels = elements.map { e in
      let text = label(e)
      return (text, _placeLabel(text, in: e.frame))
    }
    var bounds = CGRect(origin: .zero, size: contentSize).union(visibleRect)
    for e in elements { bounds = bounds.union(e.frame) }
    for (_, placement) in labels { bounds = bounds.union(placement.box) }
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
    let sorted = elements.indices.sorted { a, b in
      let ca = order.firstIndex(of: elements[a].category)!
      let cb = order.firstIndex(of: elements[b].category)!
      if ca != cb { return ca < cb }
      if elements[a].zIndex != elements[b].zIndex { return elements[a].zIndex < elements[b].zIndex }
      return a < b
    }
    for i in sorted {
      let e = elements[i]
      let f = e.frame
      let s = _style(e.category)
      let (label, placement) = labels[i]
      out += "  <g class=\"\(name(e.category))\">"
      out +=
        "<rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(s.fill)\" fill-opacity=\"0.85\" stroke=\"\(s.stroke)\"/>"
      // A label beside its element gets a white outline, to stay legible
      // over whatever it crosses.
      let attributes =
        placement.inside
        ? "text-anchor=\"middle\""
        : "text-anchor=\"start\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\""
      out +=
        "<text x=\"\(n(placement.x))\" y=\"\(n(placement.y))\" font-size=\"\(n(placement.fontSize))\" \(attributes) dominant-baseline=\"middle\" fill=\"\(s.stroke)\">\(_escaped(label))</text>"
      out += "</g>\n"
    }
    let v = visibleRect
    out +=
      "  <rect class=\"visible\" x=\"\(n(v.minX))\" y=\"\(n(v.minY))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\" fill=\"none\" stroke=\"#e03131\" stroke-width=\"2\" stroke-dasharray=\"8 4\"/>\n"
    out += "</svg>\n"
    return out
  }

  /// Where a label is written and how large: inside its element, centred,
  /// as large as fits up to 12 points; or, when even the smallest legible
  /// size does not fit, beside it, after its right edge at 9 points.
  struct _LabelPlacement {
    /// The text's anchor: its centre inside, its left end beside.
    var x: CGFloat
    /// The text's vertical centre.
    var y: CGFloat
    var fontSize: CGFloat
    var inside: Bool
    /// The box the text takes, for a character at most `_characterWidth`
    /// of the font size wide.
    var box: CGRect
  }

  /// The widest a character of a label is, as a share of the font size:
  /// Helvetica's and Arial's digits and most letters are 0.556 em or less.
  static let _characterWidth: CGFloat = 0.6
  /// The largest size of a label inside its element.
  static let _largestLabel: CGFloat = 12
  /// The smallest size of a label inside its element, still legible.
  static let _smallestLabel: CGFloat = 8
  /// The size of a label beside its element.
  static let _besideLabel: CGFloat = 9
  /// The room kept between a label and its element's edges.
  static let _labelGap: CGFloat = 2

  static func _placeLabel(_ label: String, in frame: CGRect) -> _LabelPlacement {
    let width = CGFloat(max(1, label.count)) * _characterWidth
    let fitting = min(
      _largestLabel, (frame.height - 2 * _labelGap) * 0.8,
      (frame.width - 2 * _labelGap) / width)
    if fitting >= _smallestLabel {
      let size = fitting.rounded(.down)
      return _LabelPlacement(
        x: frame.midX, y: frame.midY, fontSize: size, inside: true,
        box: CGRect(
          x: frame.midX - width * size / 2, y: frame.midY - size / 2, width: width * size,
          height: size))
    }
    let size = _besideLabel
    let x = frame.maxX + _labelGap
    return _LabelPlacement(
      x: x, y: frame.midY, fontSize: size, inside: false,
      box: CGRect(x: x, y: frame.midY - size / 2, width: width * size, height: size))
  }

  /// Text made safe for SVG: `&`, `<`, `>` and `"` as entities.
  static func _escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
