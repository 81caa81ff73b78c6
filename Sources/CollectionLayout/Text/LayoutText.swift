public import Foundation

/// Solved layouts written out for people and tools: numbers, sizes and
/// element labels as the `diffable layout` command and the demos print them,
/// and a picture of a whole layout as SVG.
///
/// ```swift
/// LayoutText.number(100.0 / 3)                         // "33.333333"
/// LayoutText.size(parsing: "390x844")                  // 390 × 844
/// LayoutText.sizeDescription(CGSize(width: 390, height: 844))  // "390x844"
/// ```
///
/// Everything here is plain text, with no styling: a terminal or a browser
/// decides how to show it.
public enum LayoutText {
  /// A number as the JSON form and the pictures write it: an integer without
  /// a fraction, any other number to at most six decimals, without trailing
  /// zeros.
  ///
  /// ```swift
  /// LayoutText.number(78)         // "78"
  /// LayoutText.number(0.5)        // "0.5"
  /// LayoutText.number(-0.0)       // "0"
  /// ```
  public static func number(_ value: CGFloat) -> String {
    let d = Double(value)
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    var s = String(format: "%.6f", d)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s == "-0" ? "0" : s
  }

  /// A size written `WIDTHxHEIGHT` (`390x844`; the `x` in either case), or
  /// `nil` when the text is not two finite, non-negative numbers.
  public static func size(parsing text: String) -> CGSize? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite,
      h.isFinite, w >= 0, h >= 0
    else { return nil }
    return CGSize(width: w, height: h)
  }

  /// The container size a tool's `--size` argument writes, `WIDTHxHEIGHT`
  /// (`390x844`; the `x` in either case), by the one rule the `diffable
  /// layout` command and the demos share: each side is a number from 1 to
  /// ``CompositionalLayout/maximumLength`` points. (A container without
  /// area holds nothing, and ``LayoutContext/containerSizeProblem(_:)``
  /// refuses the rest.)
  ///
  /// ```swift
  /// try LayoutText.containerSize(parsing: "390x844")   // 390 × 844
  /// try LayoutText.containerSize(parsing: "0x0")
  /// // throws "the width 0 is less than 1 point; each side of a container is from 1 to 1000000000 points"
  /// ```
  ///
  /// - Throws: ``LayoutError`` with the path `size` and what is wrong.
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  public static func containerSize(parsing text: String) throws(LayoutError) -> CGSize {
    func problem(_ message: String) -> LayoutError { LayoutError(path: "size", message: message) }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw problem("write the size as WIDTHxHEIGHT, such as 390x844")
    }
    var sides: [CGFloat] = []
    let range =
      "each side of a container is from 1 to \(number(CompositionalLayout.maximumLength)) points"
    for (name, part) in zip(["width", "height"], parts) {
      let written = part.trimmingCharacters(in: .whitespaces)
      guard let side = Double(written).map({ CGFloat($0) }) else {
        throw problem("the \(name) \"\(written)\" is not a number")
      }
      // The solver's rule first (finite, not negative, not too large), then
      // the tools' own: some area.
      let alone = name == "width" ? CGSize(width: side, height: 1) : CGSize(width: 1, height: side)
      if let wrong = LayoutContext.containerSizeProblem(alone) {
        throw problem("\(wrong); \(range)")
      }
      guard side >= 1 else {
        throw problem("the \(name) \(written) is less than 1 point; \(range)")
      }
      sides.append(side)
    }
    return CGSize(width: sides[0], height: sides[1])
  }

  /// A size as ``size(parsing:)`` reads it: `390x844`.
  public static func sizeDescription(_ size: CGSize) -> String {
    "\(number(size.width))x\(number(size.height))"
  }

  /// The name of an element category in the JSON form and in pictures:
  /// `cell`, `supplementary` or `decoration`.
  public static func name(_ category: LayoutElementCategory) -> String {
    switch category {
    case .cell: return "cell"
    case .supplementaryView: return "supplementary"
    case .decorationView: return "decoration"
    }
  }

  /// The label of an element in pictures: `section.item` for a cell; the
  /// element kind, a space and `section.item` for a supplementary or a
  /// decoration.
  ///
  /// ```swift
  /// LayoutText.indexPathLabel(cell)     // "0.5"
  /// LayoutText.indexPathLabel(header)   // "title-element-kind 0.0"
  /// ```
  public static func indexPathLabel(_ element: LayoutAttributes) -> String {
    let path = "\(element.section).\(element.item)"
    return element.category == .cell ? path : "\(element.elementKind ?? "") \(path)"
  }
}
