// MARK: - Describing the outline

extension DiffableDataSourceSectionSnapshot {
  /// A drawing of the outline, one line per item in ``items`` order, for
  /// reading in a console or in a test's expected output.
  ///
  /// Each line is the item's level in two-space indents, then two marks,
  /// then the item as `String(describing:)` renders it:
  ///
  /// - the first mark is `*` if the item is visible, a space otherwise;
  /// - the second is `+` if the item is expanded, `-` if it is collapsed
  ///   and has children, and a space if it is a collapsed item without
  ///   children.
  ///
  /// Lines end with a newline; an empty section snapshot gives `""`.
  ///
  /// ```swift
  /// outline.append(["Fruit", "Vegetables"])
  /// outline.append(["Apple"], to: "Fruit")
  /// outline.append(["Cox"], to: "Apple")
  /// outline.append(["Leek"], to: "Vegetables")
  /// outline.expand(["Fruit"])
  /// print(outline.visualDescription(), terminator: "")
  /// // *+ Fruit
  /// //   *- Apple
  /// //         Cox
  /// // *- Vegetables
  /// //      Leek
  /// ```
  ///
  /// UIKit's description uses the same marks with the same meanings; the
  /// exact layout of its lines is not documented, so this one is our own.
  ///
  /// - Complexity: O(*n* + *c*), where *n* is the number of items and *c* the
  ///   number of characters written.
  public func visualDescription() -> String {
    var text = ""
    // Each entry carries whether the item is visible: its parent is visible
    // and expanded.
    var stack: [(slot: Int, isVisible: Bool)] = _roots.reversed().map { ($0, true) }
    while let (slot, isVisible) = stack.popLast() {
      let node = _nodes[slot]
      text += String(repeating: " ", count: 2 * node.level)
      text += isVisible ? "*" : " "
      text += _expanded[slot] ? "+" : node.children.isEmpty ? " " : "-"
      text += " "
      text += String(describing: node.item)
      text += "\n"
      let childrenAreVisible = isVisible && _expanded[slot]
      for child in node.children.reversed() {
        stack.append((child, childrenAreVisible))
      }
    }
    return text
  }
}

extension DiffableDataSourceSectionSnapshot: CustomStringConvertible {
  /// The items in ``items`` order, each followed by its children in brackets
  /// when it has any, and an `(expanded)` mark on expanded items; for example
  /// `["Fruit" (expanded): ["Apple"], "Vegetables"]`.
  ///
  /// - Complexity: O(*n* + *c*), where *n* is the number of items and *c* the
  ///   number of characters written.
  public var description: String {
    func render(_ slots: [Int]) -> String {
      "["
        + slots.map { slot in
          let node = _nodes[slot]
          var part = String(reflecting: node.item)
          if _expanded[slot] { part += " (expanded)" }
          if !node.children.isEmpty { part += ": " + render(node.children) }
          return part
        }.joined(separator: ", ") + "]"
    }
    return render(_roots)
  }
}
