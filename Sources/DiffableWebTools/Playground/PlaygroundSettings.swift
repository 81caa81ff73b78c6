public import CollectionLayout
import Foundation

/// What the playground shows: the layout's JSON text, the item count of
/// each section, and the device the layout is solved for (its size,
/// direction, display scale and safe area).
public struct PlaygroundSettings: Sendable, Hashable {
  /// The layout's JSON form, as the page's editor holds it.
  public var source: String
  /// The item count of each section.
  public var itemCounts: [Int]
  /// The device's size, in points.
  public var size: CGSize
  /// The direction the layout runs in.
  public var layoutDirection: LayoutDirection = .leftToRight
  /// Pixels per point, to which every frame edge is rounded; `nil` leaves
  /// frames exact.
  public var displayScale: CGFloat?
  /// The device's safe area insets.
  public var safeAreaInsets: DirectionalEdgeInsets = .zero

  /// The most items the playground draws, in all sections together.
  public static let maximumItemCount = 10_000
  /// The longest side of a device the playground draws, in points.
  public static let maximumSide: CGFloat = 10_000

  /// Settings that show `preset` on a phone in portrait, with its safe
  /// area.
  public init(preset: PlaygroundPreset) {
    source = preset.json
    itemCounts = preset.itemCounts
    size = PlaygroundDevice.phonePortrait.size
    safeAreaInsets = PlaygroundDevice.phonePortrait.safeArea
  }

  /// The context the layout is solved in: the device's size, safe area,
  /// direction and scale, with UIKit's compact-width layout margins, as
  /// `diffable layout` solves it with the same options.
  public var context: LayoutContext {
    LayoutContext(
      containerSize: size, safeAreaInsets: safeAreaInsets, layoutDirection: layoutDirection,
      displayScale: displayScale)
  }

  // MARK: - Reading the page's controls

  /// The item counts `text` lists, comma-separated (`6,10,0`), by the
  /// rule of `diffable layout --items` (`LayoutText.itemCounts(parsing:)`),
  /// at most ``maximumItemCount`` in all.
  ///
  /// - Throws: `LayoutError` at the path `items`, saying which count is
  ///   wrong and how.
  public static func itemCounts(parsing text: String) throws(LayoutError) -> [Int] {
    let counts = try LayoutText.itemCounts(parsing: text)
    var total = 0
    for (index, count) in counts.enumerated() {
      total += count
      guard total <= maximumItemCount else {
        throw LayoutError(
          path: "items",
          message:
            "section \(index)'s count \(count) makes more than the \(maximumItemCount) items "
            + "the playground draws")
      }
    }
    return counts
  }

  /// The counts as the page's `items` field writes them: `6,10,0`.
  public static func itemCountsText(_ counts: [Int]) -> String {
    counts.map(String.init).joined(separator: ",")
  }

  /// The size a width and a height make, by the rules of `diffable layout
  /// --size`, each side at most ``maximumSide``.
  ///
  /// - Throws: `LayoutError` at the path `size`.
  public static func size(width: String, height: String) throws(LayoutError) -> CGSize {
    let size = try LayoutText.containerSize(
      parsing: "\(width.trimmingCharacters(in: .whitespaces))x"
        + height.trimmingCharacters(in: .whitespaces))
    guard size.width <= maximumSide, size.height <= maximumSide else {
      throw LayoutError(
        path: "size",
        message:
          "\(LayoutText.sizeDescription(size)) is larger than the playground draws; "
          + "each side is at most \(LayoutText.number(maximumSide)) points")
    }
    return size
  }

  /// The safe area `text` writes: `TOP,LEADING,BOTTOM,TRAILING`, each 0 or
  /// more; an empty text is none.
  ///
  /// - Throws: `LayoutError` at the path `safeArea`.
  public static func safeArea(parsing text: String) throws(LayoutError) -> DirectionalEdgeInsets {
    func problem(_ message: String) -> LayoutError {
      LayoutError(path: "safeArea", message: message)
    }
    let written = text.trimmingCharacters(in: .whitespaces)
    if written.isEmpty { return .zero }
    let parts = written.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4 else {
      throw problem(
        "write insets as TOP,LEADING,BOTTOM,TRAILING, such as 47,0,34,0 "
          + "(\(parts.count) numbers given)")
    }
    var edges: [CGFloat] = []
    for (name, part) in zip(["top", "leading", "bottom", "trailing"], parts) {
      let edge = part.trimmingCharacters(in: .whitespaces)
      guard let value = Double(edge), value.isFinite else {
        throw problem("the \(name) inset \(String(reflecting: edge)) is not a number")
      }
      guard value >= 0, CGFloat(value) <= maximumSide else {
        throw problem(
          "the \(name) inset \(edge) is out of range; insets are from 0 to "
            + "\(LayoutText.number(maximumSide)) points")
      }
      edges.append(CGFloat(value))
    }
    return DirectionalEdgeInsets(
      top: edges[0], leading: edges[1], bottom: edges[2], trailing: edges[3])
  }

  /// The display scale `text` writes: empty for exact frames, else a
  /// number greater than 0 and at most 100, as `diffable layout
  /// --display-scale` takes.
  ///
  /// - Throws: `LayoutError` at the path `displayScale`.
  public static func displayScale(parsing text: String) throws(LayoutError) -> CGFloat? {
    let written = text.trimmingCharacters(in: .whitespaces)
    if written.isEmpty { return nil }
    let range = "a display scale is greater than 0 and at most 100 pixels per point"
    guard let scale = Double(written), scale.isFinite, scale > 0, scale <= 100 else {
      throw LayoutError(
        path: "displayScale", message: "\(String(reflecting: written)) is out of range; \(range)")
    }
    return CGFloat(scale)
  }
}

/// A device the playground shows a layout on: a phone or a tablet, in
/// portrait or landscape, with its safe area.
public struct PlaygroundDevice: Sendable, Hashable {
  /// The value of its option in the page's `device` menu.
  public let name: String
  /// What the menu says of it.
  public let title: String
  /// Its size in points.
  public let size: CGSize
  /// Its safe area insets.
  public let safeArea: DirectionalEdgeInsets

  /// A 6.1-inch phone in portrait.
  public static let phonePortrait = PlaygroundDevice(
    name: "phone-portrait", title: "Phone, portrait (390×844)",
    size: CGSize(width: 390, height: 844),
    safeArea: DirectionalEdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0))
  /// The same phone in landscape.
  public static let phoneLandscape = PlaygroundDevice(
    name: "phone-landscape", title: "Phone, landscape (844×390)",
    size: CGSize(width: 844, height: 390),
    safeArea: DirectionalEdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47))
  /// An 11-inch tablet in portrait.
  public static let tabletPortrait = PlaygroundDevice(
    name: "tablet-portrait", title: "Tablet, portrait (834×1194)",
    size: CGSize(width: 834, height: 1194),
    safeArea: DirectionalEdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0))
  /// The same tablet in landscape.
  public static let tabletLandscape = PlaygroundDevice(
    name: "tablet-landscape", title: "Tablet, landscape (1194×834)",
    size: CGSize(width: 1194, height: 834),
    safeArea: DirectionalEdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0))

  /// Every device, in the menu's order.
  public static let all = [phonePortrait, phoneLandscape, tabletPortrait, tabletLandscape]

  /// The device named `name`, or `nil`.
  public static func named(_ name: String) -> PlaygroundDevice? {
    all.first { $0.name == name }
  }

  /// The safe area as the page's field writes it: `47,0,34,0`.
  public var safeAreaText: String {
    [safeArea.top, safeArea.leading, safeArea.bottom, safeArea.trailing]
      .map(LayoutText.number).joined(separator: ",")
  }
}
