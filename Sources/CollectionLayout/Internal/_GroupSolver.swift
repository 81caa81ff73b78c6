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
/// description whose children take no space cannot loop forever.
let _maximumChildrenPerGroup = 100_000

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
    guard v.isFinite, v >= 0 else {
      throw path.error("\(v) is not a non-negative finite number")
    }
    switch d {
    case .fractionalWidth(let f):
      if unbounded.w {
        throw path.error(
          "fractionalWidth(\(f)) of a container whose width is estimated (it has no width to take a fraction of)"
        )
      }
      return f * container.width
    case .fractionalHeight(let f):
      if unbounded.h {
        throw path.error(
          "fractionalHeight(\(f)) of a container whose height is estimated (it has no height to take a fraction of)"
        )
      }
      return f * container.height
    case .absolute(let v), .estimated(let v), .uniformAcrossSiblings(let v):
      return v
    }
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
    if layoutSize.widthDimension.isEstimated, p.width.isFinite, p.width >= 0 { out.width = p.width }
    if layoutSize.heightDimension.isEstimated, p.height.isFinite, p.height >= 0 {
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
      var maxX: CGFloat = 0
      var maxY: CGFloat = 0
      for (i, f) in frames.enumerated() {
        guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite,
          f.width >= 0, f.height >= 0
        else {
          throw path.key("frames").index(i).error(
            "frame \(f) is not a finite frame with non-negative size")
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
    // Group supplementaries anchor to the whole group and take the index
    // path of its first item.
    for (i, s) in group.supplementaryItems.enumerated() {
      out.supplementaries.append(
        try supplementary(
          s, host: CGRect(origin: .zero, size: size), owner: firstLeaf,
          path: path.key("supplementaryItems").index(i)))
    }
    return out
  }

  private struct Child {
    var size: CGSize
    var edges: LayoutEdgeSpacing?
    /// A nested group's frames, relative to its own origin; `nil` for items.
    var nested: _GroupLayout?
    var item: LayoutItem?
    var leaf: Int
    var itemEstimated: (w: Bool, h: Bool)

    /// Whether an item's length along a group's axis self-sizes.
    func itemEstimated(_ horizontal: Bool) -> Bool {
      horizontal ? itemEstimated.w : itemEstimated.h
    }
  }

  private mutating func arrange(
    _ group: LayoutGroup, content: CGSize, unbounded: (w: Bool, h: Bool), path: _Path,
    into out: inout _GroupLayout, size: inout CGSize
  ) throws(LayoutError) {
    let horizontal = group.arrangement == .horizontal
    let subitems = group.subitems
    if subitems.isEmpty { throw path.key("subitems").error("a group needs at least one subitem") }
    let spacing = group.interItemSpacing ?? .fixed(0)
    let sp = spacing.spacing
    let axisUnbounded = horizontal ? unbounded.w : unbounded.h
    let axisLength = horizontal ? content.width : content.height
    func axis(_ s: CGSize) -> CGFloat { horizontal ? s.width : s.height }
    func axisDimension(_ s: LayoutSize) -> LayoutDimension {
      horizontal ? s.widthDimension : s.heightDimension
    }
    func leadEdge(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? { horizontal ? e?.leading : e?.top }
    func trailEdge(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? {
      horizontal ? e?.trailing : e?.bottom
    }
    func crossLeadEdge(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? {
      horizontal ? e?.top : e?.leading
    }
    func crossTrailEdge(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? {
      horizontal ? e?.bottom : e?.trailing
    }
    func slot(_ c: Child) -> CGFloat {
      (leadEdge(c.edges)?.spacing ?? 0) + axis(c.size) + (trailEdge(c.edges)?.spacing ?? 0)
    }

    var children: [Child] = []
    let subitemsPath = path.key("subitems")

    switch group.repetition {
    case .count(let n), .repeating(let n):
      guard n > 0 else { throw path.key("count").error("count must be positive, not \(n)") }
      var forced: CGFloat? = nil
      if case .count = group.repetition {
        if axisUnbounded {
          throw path.key("count").error(
            "a group with count needs a \(horizontal ? "width" : "height") that is not estimated")
        }
        // Equal shares of the axis less the spacing between the children
        // and their own fixed edge spacing along the axis.
        let edges =
          (leadEdge(subitems[0].edgeSpacing)?.spacing ?? 0)
          + (trailEdge(subitems[0].edgeSpacing)?.spacing ?? 0)
        forced = max(0, (axisLength - CGFloat(n - 1) * sp - CGFloat(n) * edges) / CGFloat(n))
      }
      for _ in 0..<n {
        children.append(
          try measure(
            subitems[0], container: content, unbounded: unbounded, forcedAxis: forced,
            horizontal: horizontal, path: subitemsPath.index(0)))
      }
    case .fill:
      if axisUnbounded {
        // An estimated axis has no length to fill: each subitem once.
        for (i, s) in subitems.enumerated() {
          children.append(
            try measure(
              s, container: content, unbounded: unbounded, forcedAxis: nil, horizontal: horizontal,
              path: subitemsPath.index(i)))
        }
        break
      }
      let twoPass = sp != 0 && subitems.contains { axisDimension($0.layoutSize).isFractional }
      if twoPass {
        // Pass A: how many fit, ignoring spacing.
        var n = 0
        var used: CGFloat = 0
        while n < _maximumChildrenPerGroup {
          let s = subitems[n % subitems.count]
          let e = s.edgeSpacing
          let length =
            try Self.resolve(
              axisDimension(s.layoutSize), in: content, unbounded: unbounded,
              path: subitemsPath.index(n % subitems.count).key("layoutSize").key(
                horizontal ? "width" : "height"))
            + (leadEdge(e)?.spacing ?? 0) + (trailEdge(e)?.spacing ?? 0)
          if used + length > axisLength + _fitTolerance { break }
          if length <= 0 && n > 0 && used == 0 { break }
          used += length
          n += 1
        }
        if n == 0 {
          throw noFit(subitems[0], axisLength: axisLength, horizontal: horizontal, path: path)
        }
        if n == _maximumChildrenPerGroup { throw tooMany(path) }
        // Pass B: resolve every child against the axis less the spacing.
        var reduced = content
        if horizontal {
          reduced.width = max(0, content.width - CGFloat(n - 1) * sp)
        } else {
          reduced.height = max(0, content.height - CGFloat(n - 1) * sp)
        }
        for i in 0..<n {
          children.append(
            try measure(
              subitems[i % subitems.count], container: reduced, unbounded: unbounded,
              forcedAxis: nil, horizontal: horizontal, path: subitemsPath.index(i % subitems.count))
          )
        }
      } else {
        var used: CGFloat = 0
        var i = 0
        while i < _maximumChildrenPerGroup {
          let mark = leafCursor
          var child = try measure(
            subitems[i % subitems.count], container: content, unbounded: unbounded,
            forcedAxis: nil, horizontal: horizontal, path: subitemsPath.index(i % subitems.count))
          var needed = used + (i > 0 ? sp : 0) + slot(child)
          // An item that self-sized beyond the group still takes a group of
          // its own, its length clamped to the group's: preferred sizes are
          // data, and only a description that cannot fit its estimates is
          // an error.
          if needed > axisLength + _fitTolerance, children.isEmpty, sizer != nil,
            case .item = subitems[i % subitems.count], child.itemEstimated(horizontal)
          {
            let room = max(0, axisLength - (slot(child) - axis(child.size)))
            if horizontal { child.size.width = room } else { child.size.height = room }
            needed = slot(child)
          }
          if needed > axisLength + _fitTolerance {
            leafCursor = mark
            break
          }
          // Children that take no room would repeat forever: stop after a
          // full cycle of them.
          if needed <= used && i >= subitems.count {
            leafCursor = mark
            break
          }
          children.append(child)
          used = needed
          i += 1
        }
        if children.isEmpty {
          throw noFit(subitems[0], axisLength: axisLength, horizontal: horizontal, path: path)
        }
        if i == _maximumChildrenPerGroup { throw tooMany(path) }
      }
    }

    // Uniform across siblings: every such item takes the largest length.
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
    if uniformW >= 0 || uniformH >= 0 {
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

    // Flexible spacing and flexible axis edges share the leftover length.
    let n = children.count
    var used = CGFloat(n - 1) * sp
    var flexibleSlots = spacing.isFlexibleSpacing ? n - 1 : 0
    for c in children {
      used += slot(c)
      if leadEdge(c.edges)?.isFlexibleSpacing == true { flexibleSlots += 1 }
      if trailEdge(c.edges)?.isFlexibleSpacing == true { flexibleSlots += 1 }
    }
    let extra =
      (!axisUnbounded && flexibleSlots > 0) ? max(0, axisLength - used) / CGFloat(flexibleSlots) : 0
    let crossLength = horizontal ? content.height : content.width
    let crossUnbounded = horizontal ? unbounded.h : unbounded.w
    let insets = group.contentInsets
    let originX = insets.leading
    let originY = insets.top

    var cursor: CGFloat = 0
    var crossExtent: CGFloat = 0
    for (k, c) in children.enumerated() {
      if k > 0 { cursor += sp + (spacing.isFlexibleSpacing ? extra : 0) }
      if let e = leadEdge(c.edges) { cursor += e.spacing + (e.isFlexibleSpacing ? extra : 0) }
      let along = cursor
      cursor += axis(c.size)
      if let e = trailEdge(c.edges) { cursor += e.spacing + (e.isFlexibleSpacing ? extra : 0) }

      let childCross = horizontal ? c.size.height : c.size.width
      let lead = crossLeadEdge(c.edges)
      let trail = crossTrailEdge(c.edges)
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
      let origin =
        horizontal
        ? CGPoint(x: originX + along, y: originY + across)
        : CGPoint(x: originX + across, y: originY + along)

      if let nested = c.nested {
        out.append(nested, at: origin)
      } else if let item = c.item {
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
              s, host: frame, owner: c.leaf,
              path: path.key("subitems").index(k % subitems.count).key("item").key(
                "supplementaryItems"
              ).index(j)))
        }
      }
    }
    if horizontal {
      if unbounded.w { size.width = cursor + insets.leading + insets.trailing }
      if unbounded.h { size.height = crossExtent + insets.top + insets.bottom }
    } else {
      if unbounded.h { size.height = cursor + insets.top + insets.bottom }
      if unbounded.w { size.width = crossExtent + insets.leading + insets.trailing }
    }
  }

  private mutating func measure(
    _ subitem: LayoutSubitem, container: CGSize, unbounded: (w: Bool, h: Bool),
    forcedAxis: CGFloat?, horizontal: Bool, path: _Path
  ) throws(LayoutError) -> Child {
    switch subitem {
    case .item(let item):
      let itemPath = path.key("item")
      var size = try Self.resolve(
        item.layoutSize, in: container, unbounded: unbounded, path: itemPath.key("layoutSize"))
      // A forced axis (the `subitem:count:` form) is no longer estimated.
      var sizing = item.layoutSize
      if let forcedAxis {
        if horizontal {
          size.width = forcedAxis
          sizing.widthDimension = .absolute(forcedAxis)
        } else {
          size.height = forcedAxis
          sizing.heightDimension = .absolute(forcedAxis)
        }
      }
      let leaf = leafCursor
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
        if horizontal {
          size.width = forcedAxis
          group.layoutSize.widthDimension = .absolute(forcedAxis)
        } else {
          size.height = forcedAxis
          group.layoutSize.heightDimension = .absolute(forcedAxis)
        }
      }
      let leaf = leafCursor
      let nested = try layout(group, size: size, container: container, path: groupPath)
      return Child(
        size: nested.size, edges: group.edgeSpacing, nested: nested, item: nil, leaf: leaf,
        itemEstimated: (false, false))
    }
  }

  private func noFit(_ s: LayoutSubitem, axisLength: CGFloat, horizontal: Bool, path: _Path)
    -> LayoutError
  {
    path.error(
      "a \(horizontal ? "horizontal" : "vertical") group with \(horizontal ? "width" : "height") \(_format(axisLength)) cannot fit a single subitem"
    )
  }

  private func tooMany(_ path: _Path) -> LayoutError {
    path.error(
      "the group's children take no room: it would place more than \(_maximumChildrenPerGroup) of them"
    )
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
