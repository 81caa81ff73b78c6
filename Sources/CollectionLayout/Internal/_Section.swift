import Foundation

/// A boundary supplementary item, solved. Its frame's main coordinate is
/// relative to its host's start (the section's, or the content's).
struct _Boundary: Sendable {
  enum Role: Sendable { case header, footer, side }
  var kind: String
  var item: Int
  var size: CGSize
  var frame: CGRect = .zero
  var zIndex: Int
  var pins: Bool
  var extends: Bool
  var role: Role
  var alignment: RectAlignment
  var absoluteOffset: CGPoint

  /// Whether the item stays inside the visible rect: a pinning header or
  /// footer (an item at a side does not pin).
  var pinsToVisibleBounds: Bool { pins && role != .side }
}

/// One section, solved.
struct _Section: Sendable {
  var description: LayoutSection
  var path: _Path
  var index: Int
  var itemCount: Int
  var orthogonal: Bool
  var selfSizing: Bool
  /// What the root group's fractions resolve against.
  var container: CGSize
  /// The section's rect across the scroll direction (absolute, left to right).
  var crossStart: CGFloat
  var crossLength: CGFloat
  /// Where group 0 starts across the scroll direction.
  var groupCrossOrigin: CGFloat
  /// Where group 0 starts along the scroll direction, relative to the
  /// section's start.
  var contentMainStart: CGFloat = 0
  var contentExtent: CGFloat = 0
  var extent: CGFloat = 0
  var headerBand: CGFloat = 0
  var footerBand: CGFloat = 0

  /// The root group solved once without self-sizing: the repeated group of
  /// a fixed section, and a check that the description is valid.
  var template: _GroupLayout
  var stride: CGFloat
  /// Self-sizing sections: each group instance, its offset along the group
  /// axis from group 0, and its first item.
  var instances: [_GroupLayout] = []
  var instanceOffsets: [CGFloat] = []
  var instanceFirstItems: [Int] = []
  /// A long self-sizing section of one item a group: its groups kept
  /// sparse, in place of the three arrays above (which are then empty).
  var sparse: _SparseGroups?
  /// Largest overhang of any instance's elements before its origin and
  /// beyond its extent, along the group axis.
  var overhangBefore: CGFloat = 0
  var overhangAfter: CGFloat = 0

  var boundary: [_Boundary] = []

  /// Whether groups stack along x.
  var groupAxisIsX: Bool
  /// Whether the section provider gave no description (for a section
  /// without items): the section takes no room and has no elements.
  var isAbsent = false

  /// A section the section provider gave no description for.
  static func absent(index: Int, path: _Path, crossStart: CGFloat, crossLength: CGFloat)
    -> _Section
  {
    let nothing = LayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0))
    var section = _Section(
      description: LayoutSection(group: .custom(layoutSize: nothing, frames: [.zero])),
      path: path, index: index, itemCount: 0, orthogonal: false, selfSizing: false,
      container: .zero, crossStart: crossStart, crossLength: crossLength,
      groupCrossOrigin: crossStart, template: _GroupLayout(), stride: 0, groupAxisIsX: false)
    section.isAbsent = true
    return section
  }

  var groupCount: Int {
    if itemCount == 0 { return 0 }
    if selfSizing { return sparse?.count ?? instances.count }
    let n = template.cells.count
    return (itemCount + n - 1) / n
  }

  @inline(__always) func groupExtent(_ g: _GroupLayout) -> CGFloat {
    groupAxisIsX ? g.size.width : g.size.height
  }

  /// The length the groups take along the group axis.
  var groupsLength: CGFloat {
    if selfSizing {
      if let sparse { return sparse.length }
      guard let last = instances.indices.last else { return 0 }
      return instanceOffsets[last] + groupExtent(instances[last])
    }
    let g = groupCount
    return g == 0 ? 0 : CGFloat(g - 1) * stride + groupExtent(template)
  }

  /// The main-axis extent of the content.
  func computeContentExtent(_ axes: _Axes) -> CGFloat {
    if groupCount == 0 { return 0 }
    if !orthogonal { return groupsLength }
    if selfSizing { return instances.map { axes.main($0.size) }.max() ?? 0 }
    return axes.main(template.size)
  }

  func groupOffset(_ k: Int) -> CGFloat {
    guard selfSizing else { return CGFloat(k) * stride }
    return sparse?.offset(k) ?? instanceOffsets[k]
  }

  /// The group at `k`: the repeated one, a self-sizing section's instance.
  ///
  /// - Complexity: O(1); O(log *m*) for *m* solved groups of a sparse
  ///   section.
  func groupLayout(_ k: Int) -> _GroupLayout {
    guard selfSizing else { return template }
    return sparse?.group(k) ?? instances[k]
  }

  /// Widens ``overhangBefore`` and ``overhangAfter`` to the elements of
  /// `g` that lie before its origin and beyond its extent.
  mutating func widenOverhangs(toCover g: _GroupLayout) {
    overhangBefore = max(overhangBefore, groupAxisIsX ? -g.minX : -g.minY)
    overhangAfter = max(
      overhangAfter, groupAxisIsX ? g.maxX - g.size.width : g.maxY - g.size.height)
  }

  /// The first item of the group at `k`.
  func firstItem(ofGroup k: Int) -> Int {
    guard selfSizing else { return k * template.cells.count }
    return sparse == nil ? instanceFirstItems[k] : k
  }
}

/// A key for a stored preferred size.
struct _SizeKey: Hashable, Sendable {
  var category: LayoutElementCategory
  var kind: String?
  var section: Int
  var item: Int

  init(_ r: LayoutSizingRequest) {
    category = r.category
    kind = r.elementKind
    section = r.section
    item = r.item
  }

  init(category: LayoutElementCategory, kind: String?, section: Int, item: Int) {
    self.category = category
    self.kind = kind
    self.section = section
    self.item = item
  }
}

/// Whether two rectangles share interior points; a zero-size rectangle
/// overlaps another that contains it. Rectangles that only touch do not.
@inline(__always)
func _overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
  a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
}
