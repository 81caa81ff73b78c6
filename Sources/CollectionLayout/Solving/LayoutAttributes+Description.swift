import Foundation

// What a solved layout and its inputs print: frames as `[x, y, width,
// height]` and sizes as `WIDTHxHEIGHT`, numbers as LayoutText writes them,
// as in the output of `diffable layout`.

/// `[x, y, width, height]`.
func _frameDescription(_ rect: CGRect) -> String {
  "["
    + [rect.minX, rect.minY, rect.width, rect.height].map(LayoutText.number)
    .joined(separator: ", ") + "]"
}

extension LayoutAttributes: CustomStringConvertible {
  /// The category, the element kind (quoted), the index path, the frame and
  /// any z-index: `cell [0, 1] [195, 44, 195, 211]`,
  /// `supplementary "header" [0, 0] [0, 0, 390, 44] zIndex 1`.
  public var description: String {
    var text = LayoutText.name(category)
    if let elementKind { text += " " + String(reflecting: elementKind) }
    text += " [\(section), \(item)] " + _frameDescription(frame)
    if zIndex != 0 { text += " zIndex \(zIndex)" }
    return text
  }
}

extension LayoutSizingRequest: CustomStringConvertible {
  /// The element, the proposed size and the estimated axes:
  /// `cell [0, 1] proposed 195x44, height estimated`.
  public var description: String {
    var text = LayoutText.name(category)
    if let elementKind { text += " " + String(reflecting: elementKind) }
    text += " [\(section), \(item)] proposed " + LayoutText.sizeDescription(proposedSize)
    let estimated = [widthIsEstimated ? "width" : nil, heightIsEstimated ? "height" : nil]
      .compactMap { $0 }
    if !estimated.isEmpty { text += ", " + estimated.joined(separator: " and ") + " estimated" }
    return text
  }
}

extension OrthogonalBand: CustomStringConvertible {
  /// `section 1 [0, 44, 390, 200] groupPaging, visible 390, offsets 0...410,
  /// rests [0, 205, 410]` (no rests for a continuous band).
  public var description: String {
    let number = LayoutText.number
    var text =
      "section \(section) " + _frameDescription(frame) + " \(behavior.rawValue), visible "
      + number(visibleLength) + ", offsets " + number(offsetRange.lowerBound) + "..."
      + number(offsetRange.upperBound)
    if !restOffsets.isEmpty {
      text += ", rests [" + restOffsets.map(number).joined(separator: ", ") + "]"
    }
    return text
  }
}

extension LayoutContext: CustomStringConvertible {
  /// The container size, then whatever differs from the defaults:
  /// `container 390x844, safeAreaInsets {"bottom":34,...,"top":47}, rightToLeft, displayScale 3`.
  public var description: String {
    var parts = ["container " + LayoutText.sizeDescription(containerSize)]
    if safeAreaInsets != .zero { parts.append("safeAreaInsets \(safeAreaInsets)") }
    if layoutMargins != Self.compactWidthLayoutMargins {
      parts.append("layoutMargins \(layoutMargins)")
    }
    if let readableContentInsets {
      parts.append("readableContentInsets \(readableContentInsets)")
    }
    if layoutDirection != .leftToRight { parts.append(layoutDirection.rawValue) }
    if let displayScale { parts.append("displayScale " + LayoutText.number(displayScale)) }
    return parts.joined(separator: ", ")
  }
}

extension LayoutContainer: CustomStringConvertible {
  /// `content 390x844`, with the insets when there are some.
  public var description: String {
    "content " + LayoutText.sizeDescription(contentSize)
      + (contentInsets == .zero ? "" : ", contentInsets \(contentInsets)")
  }
}

extension LayoutEnvironment: CustomStringConvertible {
  /// The container, the direction, and the display scale if any:
  /// `content 390x844, leftToRight`.
  public var description: String {
    "\(container), \(layoutDirection.rawValue)"
      + (displayScale.map { ", displayScale " + LayoutText.number($0) } ?? "")
  }
}

extension LayoutGroupCustomEnvironment: CustomStringConvertible {
  /// `group 390x200 in container 390x844`.
  public var description: String {
    "group " + LayoutText.sizeDescription(groupSize) + " in container "
      + LayoutText.sizeDescription(containerSize)
  }
}

extension CustomItemProvider: CustomStringConvertible {
  /// `frames [[0, 0, 100, 100], [100, 0, 50, 50]]`, or `a closure`.
  public var description: String {
    guard let frames else { return "a closure" }
    return "frames [" + frames.map(_frameDescription).joined(separator: ", ") + "]"
  }
}

extension SolvedLayout: CustomStringConvertible {
  /// The container, the content size and the items of each section:
  /// `container 390x844, content 390x1200, items [6, 3]`.
  public var description: String {
    "container " + LayoutText.sizeDescription(context.containerSize) + ", content "
      + LayoutText.sizeDescription(contentSize) + ", items "
      + "\((0..<numberOfSections).map(numberOfItems(inSection:)))"
  }
}
