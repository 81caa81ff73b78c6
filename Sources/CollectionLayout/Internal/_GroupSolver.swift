import Foundation

// The group solver: one instance of a section's root group, laid out with its
// top-left corner at the origin.
//
// Pass by pass:
//   1. The parent resolves a child's size against its own content area
//      (fractions), or forces it (`subitem:count:`); items with estimated
//      axes ask the sizing callback for their preferred size.
//   2. A horizontal or vertical group *measures* children in order, taking
//      `subitems` cyclically, until the next would not fit. Nested groups are
//      laid out completely into their own buffers while being measured.
//   3. Siblings that are uniform across siblings take the largest size.
//   4. Children are *placed*: flexible spacing and flexible edges share the
//      leftover length, the cross axis aligns by edge spacing; an item's
//      frame is its slot less its content insets, and its supplementaries
//      anchor to that frame. Nested groups' buffers are appended, shifted.
//   5. An estimated group axis becomes the bounding box of its children.

/// The frames of one solved group, relative to the group's origin, in
/// depth-first item order.
struct _GroupLayout: Sendable {
  struct Supplementary: Sendable {
    var kind: String
    var frame: CGRect
    var zIndex: Int
    /// The leaf (item within the group) whose index path the element takes.
    var owner: Int
  }

  var size: CGSize = .zero
  var cells: [CGRect] = []
  var supplementaries: [Supplementary] = []

  /// The extent of every frame along x and y, for conservative culling.
  var minX: CGFloat = 0
  var maxX: CGFloat = 0
  var minY: CGFloat = 0
  var maxY: CGFloat = 0

  mutating func computeBounds() {
    minX = 0
    minY = 0
    maxX = size.width
    maxY = size.height
    for r in cells { include(r) }
    for s in supplementaries { include(s.frame) }
  }

  private mutating func include(_ r: CGRect) {
    minX = Swift.min(minX, r.minX)
    minY = Swift.min(minY, r.minY)
    maxX = Swift.max(maxX, r.maxX)
    maxY = Swift.max(maxY, r.maxY)
  }

  mutating func append(_ other: _GroupLayout, at origin: CGPoint) {
    cells.reserveCapacity(cells.count + other.cells.count)
    for r in other.cells { cells.append(r.offsetBy(dx: origin.x, dy: origin.y)) }
    for var s in other.supplementaries {
      s.frame = s.frame.offsetBy(dx: origin.x, dy: origin.y)
      supplementaries.append(s)
    }
  }
}

/// The sizing callback the solver consults, with what it needs to address
/// requests.
struct _Sizer {
  var section: Int
  /// The global item index of the group's first leaf.
  var firstItem: Int
  /// Items at or beyond this index do not exist and keep their estimates.
  var itemCount: Int
  var preferred: (LayoutSizingRequest) -> CGSize?
}

/// Upper bound on the children a single group may place, so that a
/// description whose children take no space cannot loop forever, and on
/// the items (leaves) of one root group instance, nested groups included,
/// so that nested counts cannot multiply beyond memory.
let _maximumChildrenPerGroup = CompositionalLayout.maximumItemsPerGroup

/// Fit tolerance along a group's axis: a child that overflows by less than a
/// quarter of a point still fits.
let _fitTolerance: CGFloat = 0.25

struct _GroupSolver {
  var sizer: _Sizer?
  /// The next leaf to be measured, relative to the root group's first item.
  var leafCursor = 0
  /// How many groups this solver laid out (for complexity tests).
  var groupsSolved = 0

  // MARK: Sizes

  static func resolve(
    _ d: LayoutDimension, in container: CGSize, unbounded: (w: Bool, h: Bool), path: _Path
  ) throws(LayoutError) -> CGFloat {
    let v = d.dimension
    if let problem = _lengthProblem(v, allowNegative: false) { throw path.error(problem) }
    let resolved: CGFloat
    switch d {
    case .fractionalWidth(let f):
      if unbounded.w {
        throw path.error(
          "fractionalWidth(\(f)) of a container whose width is estimated (it has no width to take a fraction of)"
        )
      }
      resolved = f * container.width
    case .fractionalHeight(let f):
      if unbounded.h {
        throw path.error(
          "fractionalHeight(\(f)) of a container whose height is estimated (it has no height to take a fraction of)"
        )
      }
      resolved = f * container.height
    case .absolute(let v), .estimated(let v), .uniformAcrossSiblings(let v):
      resolved = v
    }
    if resolved > CompositionalLayout.maximumLength {
      throw path.error(
        "resolves to \(_format(resolved)), larger than the largest length, \(_format(CompositionalLayout.maximumLength))"
      )
    }
    return resolved
  }

  static func resolve(
    _ s: LayoutSize, in container: CGSize, unbounded: (w: Bool, h: Bool), path: _Path
  ) throws(LayoutError) -> CGSize {
    CGSize(
      width: try resolve(
        s.widthDimension, in: container, unbounded: unbounded, path: path.key("width")),
      height: try resolve(
        s.heightDimension, in: container, unbounded: unbounded, path: path.key("height")))
  }

  /// Applies a preferred size to the estimated axes of `size`.
  mutating func selfSize(
    _ size: CGSize, _ layoutSize: LayoutSize, category: LayoutElementCategory, kind: String?,
    leaf: Int
  ) -> CGSize {
    guard layoutSize.hasEstimatedDimension, let sizer, sizer.firstItem + leaf < sizer.itemCount
    else { return size }
    let request = LayoutSizingRequest(
      category: category, elementKind: kind, section: sizer.section, item: sizer.firstItem + leaf,
      proposedSize: size, widthIsEstimated: layoutSize.widthDimension.isEstimated,
      heightIsEstimated: layoutSize.heightDimension.isEstimated)
    guard let p = sizer.preferred(request) else { return size }
    var out = size
    if layoutSize.widthDimension.isEstimated, _isPreferredLength(p.width) { out.width = p.width }
    if layoutSize.heightDimension.isEstimated, _isPreferredLength(p.height) {
      out.height = p.height
    }
    return out
  }

  /// Whether a leaf is an item of the section. Without a sizer (a fixed
  /// section's template) every leaf counts.
  func exists(_ leaf: Int) -> Bool {
    guard let sizer else { return true }
    return sizer.firstItem + leaf < sizer.itemCount
  }

  // MARK: Groups

  /// Lays out `group` at the origin, its size resolved in `container`.
  mutating func solveRoot(
    _ group: LayoutGroup, container: CGSize, unbounded: (w: Bool, h: Bool), path: _Path
  ) throws(LayoutError) -> _GroupLayout {
    leafCursor = 0
    let size = try Self.resolve(
      group.layoutSize, in: container, unbounded: unbounded, path: path.key("layoutSize"))
    var out = try layout(group, size: size, container: container, path: path)
    out.computeBounds()
    return out
  }

  /// Lays out one instance of a section's root group without building
  /// paths; when that fails, lays it out again building them, so that the
  /// error names where the problem is. (Preferred sizes are remembered, so
  /// the second pass asks for none again.)
  mutating func solveInstance(_ group: LayoutGroup, container: CGSize, path: _Path)
    throws(LayoutError) -> _GroupLayout
  {
    do {
      return try solveRoot(group, container: container, unbounded: (false, false), path: .untracked)
    } catch {
      return try solveRoot(group, container: container, unbounded: (false, false), path: path)
    }
  }

  private static func arrangementKey(_ g: LayoutGroup) -> String { g.arrangement.rawValue }

  /// Lays out a group whose size (estimates included) is `size`.
  mutating func layout(
    _ group: LayoutGroup, size proposed: CGSize, container: CGSize, path groupPath: _Path
  ) throws(LayoutError) -> _GroupLayout {
    groupsSolved += 1
    let path = groupPath.key(Self.arrangementKey(group))
    let estW = group.layoutSize.widthDimension.isEstimated
    let estH = group.layoutSize.heightDimension.isEstimated
    let insets = group.contentInsets
    let firstLeaf = leafCursor
    var out = _GroupLayout()
    var size = proposed
    let content = CGSize(
      width: max(0, size.width - insets.leading - insets.trailing),
      height: max(0, size.height - insets.top - insets.bottom))

    if group.arrangement == .custom {
      guard let provider = group.customItemProvider else {
        throw path.error("a custom group needs an item provider")
      }
      let frames = provider.frames(
        in: LayoutGroupCustomEnvironment(groupSize: size, containerSize: container))
      if frames.isEmpty {
        throw path.key("frames").error("a custom group must provide at least one frame")
      }
      if frames.count > _maximumChildrenPerGroup - leafCursor {
        throw tooManyItems(path)
      }
      var maxX: CGFloat = 0
      var maxY: CGFloat = 0
      for (i, f) in frames.enumerated() {
        guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite,
          f.width >= 0, f.height >= 0
        else {
          throw path.key("frames").index(i).error(
            "frame \(f) is not a finite frame with non-negative size")
        }
        if let problem = [f.minX, f.minY, f.maxX, f.maxY].lazy.compactMap(_lengthProblem).first {
          throw path.key("frames").index(i).error(problem)
        }
        out.cells.append(f.offsetBy(dx: insets.leading, dy: insets.top))
        maxX = max(maxX, f.maxX)
        maxY = max(maxY, f.maxY)
        leafCursor += 1
      }
      if estW { size.width = maxX + insets.leading + insets.trailing }
      if estH { size.height = maxY + insets.top + insets.bottom }
    } else {
      try arrange(
        group, content: content, unbounded: (estW, estH), path: path, into: &out, size: &size)
    }
    out.size = size
    // Group supplementaries anchor to the group's frame less its content
    // insets (as UIKit places them) and take the index path of its first
    // item.
    let host = CGRect(
      x: insets.leading, y: insets.top,
      width: max(0, size.width - insets.leading - insets.trailing),
      height: max(0, size.height - insets.top - insets.bottom))
    for (i, s) in group.supplementaryItems.enumerated() {
      out.supplementaries.append(
        try supplementary(
          s, host: host, owner: firstLeaf,
          path: path.key("supplementaryItems").index(i)))
    }
    return out
  }

  // MARK: Horizontal and vertical groups

  /// A horizontal or vertical group being arranged: its children run along
  /// the main axis of `axes` (x for a horizontal group, y for a vertical
  /// one) and align on the cross axis.
  private struct Stack {
    var group: LayoutGroup
    var axes: _Axes
    /// The group's size less its content insets: what children's fractions
    /// resolve against, and the room they are placed in.
    var content: CGSize
    /// Which axes of the group are estimated, so have no length to fill or
    /// take fractions of.
    var unbounded: (w: Bool, h: Bool)
    var path: _Path

    var spacing: LayoutSpacing { group.interItemSpacing ?? .fixed(0) }
    /// The room along the main axis.
    var length: CGFloat { axes.main(content) }
    var isUnbounded: Bool { axes.main(unbounded) }

    /// A child's length along the main axis with its edge spacing.
    func slot(_ c: Child) -> CGFloat {
      (axes.mainLead(c.edges)?.spacing ?? 0) + axes.main(c.size)
        + (axes.mainTrail(c.edges)?.spacing ?? 0)
    }
  }

  private struct Child {
    var size: CGSize
    var edges: LayoutEdgeSpacing?
    /// A nested group's frames, relative to its own origin; `nil` for items.
    var nested: _GroupLayout?
    var item: LayoutItem?
    var leaf: Int
    /// Which axes of an item self-size.
    var itemEstimated: (w: Bool, h: Bool)
  }

  /// Lays out the children of a horizontal or vertical group in three
  /// steps: measure them, size the uniform ones alike, place them. An
  /// estimated axis of the group then becomes the bounding box of its
  /// children.
  private mutating func arrange(
    _ group: LayoutGroup, content: CGSize, unbounded: (w: Bool, h: Bool), path: _Path,
    into out: inout _GroupLayout, size: inout CGSize
  ) throws(LayoutError) {
    if group.subitems.isEmpty {
      throw path.key("subitems").error("a group needs at least one subitem")
    }
    let stack = Stack(
      group: group, axes: _Axes(vertical: group.arrangement == .vertical), content: content,
      unbounded: unbounded, path: path)
    var children = try measureChildren(stack)
    sizeUniformly(&children)
    let (mainEnd, crossExtent) = try place(children, stack, into: &out)
    let axes = stack.axes
    let insets = group.contentInsets
    if axes.main(unbounded) {
      axes.setMain(mainEnd + axes.mainLead(insets) + axes.mainTrail(insets), in: &size)
    }
    if axes.cross(unbounded) {
      axes.setCross(crossExtent + axes.crossLead(insets) + axes.crossTrail(insets), in: &size)
    }
  }

  // MARK: Measuring

  /// The children a group takes, measured: `count` or `repeatingCount` of
  /// its single subitem, or subitems taken cyclically until the next would
  /// not fit.
  private mutating func measureChildren(_ s: Stack) throws(LayoutError) -> [Child] {
    let subitems = s.group.subitems
    let subitemsPath = s.path.key("subitems")
    switch s.group.repetition {
    case .count(let n), .repeating(let n):
      let countKey = if case .count = s.group.repetition { "count" } else { "repeatingCount" }
      guard n > 0 else { throw s.path.key(countKey).error("count must be positive, not \(n)") }
      guard n <= _maximumChildrenPerGroup else {
        throw s.path.key(countKey).error(
          "\(n) is more than the \(_maximumChildrenPerGroup) children a group may hold")
      }
      var forced: CGFloat? = nil
      var container = s.content
      if case .count = s.group.repetition {
        if s.isUnbounded {
          throw s.path.key("count").error(
            "a group with count needs a \(s.axes.mainName) that is not estimated")
        }
        // Equal shares of the axis less the spacing between the children
        // and their own fixed edge spacing along the axis.
        let edges =
          (s.axes.mainLead(subitems[0].edgeSpacing)?.spacing ?? 0)
          + (s.axes.mainTrail(subitems[0].edgeSpacing)?.spacing ?? 0)
        let sp = s.spacing.spacing
        forced = max(0, (s.length - CGFloat(n - 1) * sp - CGFloat(n) * edges) / CGFloat(n))
        // As under the two-pass rule, the children's other fractions
        // resolve against the axis less the spacing between them.
        s.axes.setMain(max(0, s.length - CGFloat(n - 1) * sp), in: &container)
      }
      var children: [Child] = []
      for _ in 0..<n {
        children.append(
          try measure(
            subitems[0], container: container, unbounded: s.unbounded, forcedAxis: forced,
            axes: s.axes, path: subitemsPath.index(0)))
      }
      return children
    case .fill:
      if s.isUnbounded {
        // An estimated axis has no length to fill: each subitem once.
        var children: [Child] = []
        for (i, subitem) in subitems.enumerated() {
          children.append(
            try measure(
              subitem, container: s.content, unbounded: s.unbounded, forcedAxis: nil,
              axes: s.axes, path: subitemsPath.index(i)))
        }
        return children
      }
      let twoPass =
        s.spacing.spacing != 0 && subitems.contains { s.axes.main($0.layoutSize).isFractional }
      return twoPass ? try measureTwoPass(s) : try measureFilling(s)
    }
  }

  /// The two-pass rule: children fractional along the axis, with spacing.
  /// Pass A counts how many fit ignoring spacing; pass B resolves every child
  /// against the axis less the spacing between them.
  private mutating func measureTwoPass(_ s: Stack) throws(LayoutError) -> [Child] {
    let subitems = s.group.subitems
    let subitemsPath = s.path.key("subitems")
    var n = 0
    var used: CGFloat = 0
    while n < _maximumChildrenPerGroup {
      let subitem = subitems[n % subitems.count]
      let e = subitem.edgeSpacing
      let length =
        try Self.resolve(
          s.axes.main(subitem.layoutSize), in: s.content, unbounded: s.unbounded,
          path: subitemsPath.index(n % subitems.count).key("layoutSize").key(s.axes.mainName))
        + (s.axes.mainLead(e)?.spacing ?? 0) + (s.axes.mainTrail(e)?.spacing ?? 0)
      if used + length > s.length + _fitTolerance { break }
      if length <= 0 && n > 0 && used == 0 { break }
      used += length
      n += 1
    }
    if n == 0 { throw noFit(s) }
    if n == _maximumChildrenPerGroup { throw tooMany(s.path) }
    var reduced = s.content
    s.axes.setMain(
      max(0, s.axes.main(s.content) - CGFloat(n - 1) * s.spacing.spacing), in: &reduced)
    var children: [Child] = []
    for i in 0..<n {
      children.append(
        try measure(
          subitems[i % subitems.count], container: reduced, unbounded: s.unbounded,
          forcedAxis: nil, axes: s.axes, path: subitemsPath.index(i % subitems.count)))
    }
    return children
  }

  /// Children measured one after another until the next would not fit.
  private mutating func measureFilling(_ s: Stack) throws(LayoutError) -> [Child] {
    let subitems = s.group.subitems
    let subitemsPath = s.path.key("subitems")
    var children: [Child] = []
    var used: CGFloat = 0
    var i = 0
    while i < _maximumChildrenPerGroup {
      // A self-sizing instance holds only items that exist: the estimates
      // of items past the end of the section must not move real ones (the
      // flexible spacing of a partial last row, say).
      if !children.isEmpty, !exists(leafCursor) { break }
      let mark = leafCursor
      let subitem = subitems[i % subitems.count]
      // A nested group whose length along the axis is known fits or not
      // before it is laid out: laying out each level's last, refused child
      // would double the work at every level of nesting.
      if case .group(let g) = subitem, !s.axes.main(g.layoutSize).isEstimated {
        let main = try Self.resolve(
          s.axes.main(g.layoutSize), in: s.content, unbounded: s.unbounded,
          path: subitemsPath.index(i % subitems.count).key("group").key(g.arrangement.rawValue)
            .key("layoutSize").key(s.axes.mainName))
        let slot =
          (s.axes.mainLead(g.edgeSpacing)?.spacing ?? 0) + main
          + (s.axes.mainTrail(g.edgeSpacing)?.spacing ?? 0)
        let needed = used + (i > 0 ? s.spacing.spacing : 0) + slot
        if needed > s.length + _fitTolerance || (needed <= used && i >= subitems.count) { break }
      }
      var child = try measure(
        subitem, container: s.content, unbounded: s.unbounded, forcedAxis: nil, axes: s.axes,
        path: subitemsPath.index(i % subitems.count))
      var needed = used + (i > 0 ? s.spacing.spacing : 0) + s.slot(child)
      // An item that self-sized beyond the group still takes a group of its
      // own, its length clamped to the group's: preferred sizes are data,
      // and only a description that cannot fit its estimates is an error.
      if needed > s.length + _fitTolerance, children.isEmpty, sizer != nil,
        case .item = subitem, s.axes.main(child.itemEstimated)
      {
        let room = max(0, s.length - (s.slot(child) - s.axes.main(child.size)))
        s.axes.setMain(room, in: &child.size)
        needed = s.slot(child)
      }
      if needed > s.length + _fitTolerance {
        leafCursor = mark
        break
      }
      // Children that take no room would repeat forever: stop after a full
      // cycle of them.
      if needed <= used && i >= subitems.count {
        leafCursor = mark
        break
      }
      children.append(child)
      used = needed
      i += 1
    }
    if children.isEmpty { throw noFit(s) }
    if i == _maximumChildrenPerGroup { throw tooMany(s.path) }
    return children
  }

  private mutating func measure(
    _ subitem: LayoutSubitem, container: CGSize, unbounded: (w: Bool, h: Bool),
    forcedAxis: CGFloat?, axes: _Axes, path: _Path
  ) throws(LayoutError) -> Child {
    switch subitem {
    case .item(let item):
      let itemPath = path.key("item")
      var size = try Self.resolve(
        item.layoutSize, in: container, unbounded: unbounded, path: itemPath.key("layoutSize"))
      // A forced axis (the `subitem:count:` form) is no longer estimated.
      var sizing = item.layoutSize
      if let forcedAxis {
        axes.setMain(forcedAxis, in: &size)
        axes.setMain(.absolute(forcedAxis), in: &sizing)
      }
      let leaf = leafCursor
      guard leaf < _maximumChildrenPerGroup else { throw tooManyItems(itemPath) }
      leafCursor += 1
      size = selfSize(size, sizing, category: .cell, kind: nil, leaf: leaf)
      return Child(
        size: size, edges: item.edgeSpacing, nested: nil, item: item, leaf: leaf,
        itemEstimated: (sizing.widthDimension.isEstimated, sizing.heightDimension.isEstimated))
    case .group(var group):
      let groupPath = path.key("group")
      var size = try Self.resolve(
        group.layoutSize, in: container, unbounded: unbounded,
        path: groupPath.key(group.arrangement.rawValue).key("layoutSize"))
      // A forced axis (the `subitem:count:` form) is no longer estimated.
      if let forcedAxis {
        axes.setMain(forcedAxis, in: &size)
        axes.setMain(.absolute(forcedAxis), in: &group.layoutSize)
      }
      let leaf = leafCursor
      let nested = try layout(group, size: size, container: container, path: groupPath)
      return Child(
        size: nested.size, edges: group.edgeSpacing, nested: nested, item: nil, leaf: leaf,
        itemEstimated: (false, false))
    }
  }

  private func noFit(_ s: Stack) -> LayoutError {
    s.path.error(
      "a \(s.group.arrangement.rawValue) group with \(s.axes.mainName) \(_format(s.length)) cannot fit a single subitem"
    )
  }

  private func tooManyItems(_ path: _Path) -> LayoutError {
    path.error(
      "the section's group would hold more than \(_maximumChildrenPerGroup) items, nested groups included"
    )
  }

  private func tooMany(_ path: _Path) -> LayoutError {
    path.error(
      "the group's children take no room: it would place more than \(_maximumChildrenPerGroup) of them"
    )
  }

  // MARK: Uniform sizing

  /// Uniform across siblings: every such item of the section takes the
  /// largest length among them, on each axis separately.
  private func sizeUniformly(_ children: inout [Child]) {
    var uniformW: CGFloat = -1
    var uniformH: CGFloat = -1
    for c in children where exists(c.leaf) {
      guard let item = c.item else { continue }
      if case .uniformAcrossSiblings = item.layoutSize.widthDimension {
        uniformW = max(uniformW, c.size.width)
      }
      if case .uniformAcrossSiblings = item.layoutSize.heightDimension {
        uniformH = max(uniformH, c.size.height)
      }
    }
    guard uniformW >= 0 || uniformH >= 0 else { return }
    for k in children.indices {
      guard let item = children[k].item else { continue }
      if uniformW >= 0, case .uniformAcrossSiblings = item.layoutSize.widthDimension {
        children[k].size.width = uniformW
      }
      if uniformH >= 0, case .uniformAcrossSiblings = item.layoutSize.heightDimension {
        children[k].size.height = uniformH
      }
    }
  }

  // MARK: Placement

  /// Places measured children: flexible spacing and flexible main-axis
  /// edges share the leftover length, each child aligns on the cross axis
  /// by its edge spacing, an item's frame is its slot less its content
  /// insets (except on an estimated axis) and its supplementaries anchor to
  /// that frame; nested groups' frames are appended, shifted.
  ///
  /// - Returns: Where the last child ends along the main axis, and the
  ///   extent of the children that exist across it.
  private mutating func place(_ children: [Child], _ s: Stack, into out: inout _GroupLayout)
    throws(LayoutError) -> (mainEnd: CGFloat, crossExtent: CGFloat)
  {
    let axes = s.axes
    let spacing = s.spacing
    let sp = spacing.spacing
    let n = children.count
    var used = CGFloat(n - 1) * sp
    var flexibleSlots = spacing.isFlexibleSpacing ? n - 1 : 0
    for c in children {
      used += s.slot(c)
      if axes.mainLead(c.edges)?.isFlexibleSpacing == true { flexibleSlots += 1 }
      if axes.mainTrail(c.edges)?.isFlexibleSpacing == true { flexibleSlots += 1 }
    }
    let extra =
      (!s.isUnbounded && flexibleSlots > 0) ? max(0, s.length - used) / CGFloat(flexibleSlots) : 0
    let crossLength = axes.cross(s.content)
    let crossUnbounded = axes.cross(s.unbounded)
    let insets = s.group.contentInsets

    var cursor: CGFloat = 0
    var crossExtent: CGFloat = 0
    for (k, c) in children.enumerated() {
      if k > 0 { cursor += sp + (spacing.isFlexibleSpacing ? extra : 0) }
      if let e = axes.mainLead(c.edges) { cursor += e.spacing + (e.isFlexibleSpacing ? extra : 0) }
      let along = cursor
      cursor += axes.main(c.size)
      if let e = axes.mainTrail(c.edges) { cursor += e.spacing + (e.isFlexibleSpacing ? extra : 0) }

      let childCross = axes.cross(c.size)
      let lead = axes.crossLead(c.edges)
      let trail = axes.crossTrail(c.edges)
      let leadMin = lead?.spacing ?? 0
      let trailMin = trail?.spacing ?? 0
      var across = leadMin
      if !crossUnbounded {
        let free = max(0, crossLength - childCross - leadMin - trailMin)
        switch (lead?.isFlexibleSpacing == true, trail?.isFlexibleSpacing == true) {
        case (true, true): across = leadMin + free / 2
        case (true, false): across = leadMin + free
        default: break
        }
      }
      // Items past the end of the section do not widen an estimated group.
      if exists(c.leaf) || c.nested != nil {
        crossExtent = max(crossExtent, across + childCross + trailMin)
      }
      let slot = axes.point(main: along, cross: across)
      let origin = CGPoint(x: insets.leading + slot.x, y: insets.top + slot.y)

      if let nested = c.nested {
        out.append(nested, at: origin)
      } else if let item = c.item {
        try placeItem(
          item, c, at: origin, into: &out,
          path: s.path.key("subitems").index(k % s.group.subitems.count).key("item"))
      }
    }
    return (cursor, crossExtent)
  }

  /// Places an item's frame and its supplementaries.
  private mutating func placeItem(
    _ item: LayoutItem, _ c: Child, at origin: CGPoint, into out: inout _GroupLayout, path: _Path
  ) throws(LayoutError) {
    var frame = CGRect(origin: origin, size: c.size)
    // Content insets come off last, except on an estimated axis.
    let ci = item.contentInsets
    if !c.itemEstimated.w {
      frame.origin.x += ci.leading
      frame.size.width = max(0, frame.size.width - ci.leading - ci.trailing)
    }
    if !c.itemEstimated.h {
      frame.origin.y += ci.top
      frame.size.height = max(0, frame.size.height - ci.top - ci.bottom)
    }
    out.cells.append(frame)
    for (j, s) in item.supplementaryItems.enumerated() {
      out.supplementaries.append(
        try supplementary(
          s, host: frame, owner: c.leaf, path: path.key("supplementaryItems").index(j)))
    }
  }

  // MARK: Supplementaries

  /// Places a supplementary item on its host frame.
  mutating func supplementary(
    _ s: LayoutSupplementaryItem, host: CGRect, owner: Int, path: _Path
  ) throws(LayoutError) -> _GroupLayout.Supplementary {
    var size = try Self.resolve(
      s.layoutSize, in: host.size, unbounded: (false, false), path: path.key("layoutSize"))
    size = selfSize(
      size, s.layoutSize, category: .supplementaryView, kind: s.elementKind, leaf: owner)
    func anchorPoint(_ rect: CGRect, _ edges: DirectionalRectEdge) -> CGPoint {
      let x: CGFloat =
        edges.contains(.leading) && !edges.contains(.trailing)
        ? rect.minX : edges.contains(.trailing) && !edges.contains(.leading) ? rect.maxX : rect.midX
      let y: CGFloat =
        edges.contains(.top) && !edges.contains(.bottom)
        ? rect.minY : edges.contains(.bottom) && !edges.contains(.top) ? rect.maxY : rect.midY
      return CGPoint(x: x, y: y)
    }
    func offset(_ o: LayoutAnchor.Offset) -> CGPoint {
      switch o {
      case .absolute(let p): return p
      case .fractional(let p): return CGPoint(x: p.x * size.width, y: p.y * size.height)
      }
    }
    let container = s.containerAnchor
    let itemAnchor = s.itemAnchor ?? LayoutAnchor(edges: container.edges)
    var hostPoint = anchorPoint(host, container.edges)
    let o1 = offset(container.offset)
    hostPoint.x += o1.x
    hostPoint.y += o1.y
    var itemPoint = anchorPoint(CGRect(origin: .zero, size: size), itemAnchor.edges)
    let o2 = offset(itemAnchor.offset)
    itemPoint.x += o2.x
    itemPoint.y += o2.y
    return _GroupLayout.Supplementary(
      kind: s.elementKind,
      frame: CGRect(
        x: hostPoint.x - itemPoint.x, y: hostPoint.y - itemPoint.y, width: size.width,
        height: size.height),
      zIndex: s.zIndex, owner: owner)
  }
}

/// Whether a preferred length is used: finite, non-negative and at most
/// ``CompositionalLayout/maximumLength``; other answers keep the estimate.
func _isPreferredLength(_ v: CGFloat) -> Bool {
  v.isFinite && v >= 0 && v <= CompositionalLayout.maximumLength
}

/// A number as people write it: integers without a fraction.
func _format(_ v: CGFloat) -> String {
  if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
  return String(Double(v))
}

extension LayoutGroup {
  /// Whether any item or supplementary in the group self-sizes, so that
  /// repeated groups may differ.
  var _selfSizes: Bool {
    if supplementaryItems.contains(where: { $0.layoutSize.hasEstimatedDimension }) { return true }
    for s in subitems {
      switch s {
      case .item(let item):
        if item.layoutSize.hasEstimatedDimension { return true }
        if item.supplementaryItems.contains(where: { $0.layoutSize.hasEstimatedDimension }) {
          return true
        }
      case .group(let g):
        if g._selfSizes { return true }
      }
    }
    return false
  }
}
