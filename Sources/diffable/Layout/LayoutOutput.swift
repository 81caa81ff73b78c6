import CollectionLayout
import Diffable
import Foundation

/// The JSON the `layout` command prints.
enum LayoutOutput {
  /// Every element of a solved layout, with pinned headers and footers at
  /// their pinned frames for `visibleRect`.
  static func elements(of solved: SolvedLayout, visibleRect: CGRect) -> [LayoutAttributes] {
    var elements = solved.allElements
    let pinned = solved.pinnedSupplementaries(in: visibleRect)
    guard !pinned.isEmpty else { return elements }
    struct Key: Hashable {
      var kind: String?
      var section: Int
      var item: Int
    }
    var frames: [Key: CGRect] = [:]
    for p in pinned { frames[Key(kind: p.elementKind, section: p.section, item: p.item)] = p.frame }
    for i in elements.indices where elements[i].category == .supplementaryView {
      let key = Key(
        kind: elements[i].elementKind, section: elements[i].section, item: elements[i].item)
      if let frame = frames[key] { elements[i].frame = frame }
    }
    return elements
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
