import CollectionLayout
import Foundation

/// The JSON the `layout` command prints.
enum LayoutOutput {
  /// Every element of a solved layout, with pinned headers and footers at
  /// their pinned frames for `visibleRect`.
  static func elements(of solved: SolvedLayout, visibleRect: CGRect) -> [LayoutAttributes] {
    solved.allElements(pinningTo: visibleRect)
  }

  /// The label of an element in pictures: `section.item` for a cell, the
  /// kind and the index path for a supplementary or decoration.
  static func indexPathLabel(_ e: LayoutAttributes) -> String {
    let path = "\(e.section).\(e.item)"
    return e.category == .cell ? path : "\(e.elementKind ?? "") \(path)"
  }

  /// The category names of the JSON output.
  static func name(_ category: LayoutElementCategory) -> String {
    switch category {
    case .cell: return "cell"
    case .supplementaryView: return "supplementary"
    case .decorationView: return "decoration"
    }
  }

  /// The output document:
  ///
  ///     {"contentSize": [390, 255],
  ///      "elements": [
  ///        {"category": "cell", "indexPath": [0, 0], "frame": [0, 44, 195, 211]}]}
  static func json(contentSize: CGSize, elements: [LayoutAttributes]) -> String {
    var out = "{\"contentSize\": [\(number(contentSize.width)), \(number(contentSize.height))],\n"
    out += " \"elements\": ["
    for (i, e) in elements.enumerated() {
      out += i == 0 ? "\n   " : ",\n   "
      out += "{\"category\": \"\(name(e.category))\""
      if let kind = e.elementKind { out += ", \"kind\": \(jsonQuoted(kind))" }
      out += ", \"indexPath\": [\(e.section), \(e.item)]"
      let f = e.frame
      out +=
        ", \"frame\": [\(number(f.minX)), \(number(f.minY)), \(number(f.width)), \(number(f.height))]}"
    }
    out += "]}\n"
    return out
  }

  /// A number as JSON, integers without a fraction, others to at most six
  /// decimals.
  static func number(_ v: CGFloat) -> String {
    let d = Double(v)
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    var s = String(format: "%.6f", d)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s == "-0" ? "0" : s
  }
}
