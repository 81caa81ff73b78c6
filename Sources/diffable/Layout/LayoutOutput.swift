import CollectionLayout
import Diffable
import Foundation

/// The JSON the `layout` command prints.
enum LayoutOutput {
  /// Every element of a solved layout, with pinned headers and footers at
  /// their pinned frames for `visibleRect`.
  static func elements(of solved: SolvedLayout, visibleRect: CGRect) -> [LayoutAttributes] {
    solved.allElements(pinningTo: visibleRect)
  }

  /// The output document:
  ///
  ///     {"contentSize": [390, 255],
  ///      "elements": [
  ///        {"category": "cell", "indexPath": [0, 0], "frame": [0, 44, 195, 211]}]}
  static func json(contentSize: CGSize, elements: [LayoutAttributes]) -> String {
    let number = LayoutText.number
    var out = "{\"contentSize\": [\(number(contentSize.width)), \(number(contentSize.height))],\n"
    out += " \"elements\": ["
    for (i, e) in elements.enumerated() {
      out += i == 0 ? "\n   " : ",\n   "
      out += "{\"category\": \"\(LayoutText.name(e.category))\""
      if let kind = e.elementKind { out += ", \"kind\": \(jsonQuoted(kind))" }
      out += ", \"indexPath\": \(e.indexPath.bracketedDescription)"
      let f = e.frame
      out +=
        ", \"frame\": [\(number(f.minX)), \(number(f.minY)), \(number(f.width)), \(number(f.height))]}"
    }
    out += "]}\n"
    return out
  }
}
