import Foundation

// Solving sections and stacking them.
//
// Pass by pass, for one section:
//   1. Take the description (from the list, or from the section provider
//      with the layout environment).
//   2. Compute its container: the layout container less the reference insets
//      across the scroll direction, less the section's own insets on the
//      axis they shrink (across for ordinary sections, along for orthogonal
//      ones, whose across insets are scroll padding).
//   3. Solve the root group once without self-sizing (the template). For a
//      fixed section that is all: group k is the template moved by k strides.
//      A self-sizing section solves one group instance after another, each
//      taking as many items as its arrangement holds.
//   4. Size the boundary supplementaries against the section's width less
//      its insets; headers that extend the boundary form a band before the
//      content, footers one after it.
//   5. Stack: sections follow one another with the inter-section spacing,
//      after the layout's own header band.

extension SolvedLayout {
  mutating func _solveSection(_ index: Int, count: Int, _ lookup: _Lookup) throws(LayoutError)
    -> _Section
  {
    _sectionSolveCount += 1
    let path = layout._sectionPath(index, _environment)
    guard let description = layout._section(index, _environment) else {
      // UIKit accepts no section only where there is nothing to lay out.
      if count > 0 {
        throw path.error(
          "the section provider returned nil for a section with \(count) items; only a section without items may have no layout"
        )
      }
      let (crossStart, crossLength) = _crossRange(layout.configuration.contentInsetsReference)
      var section = _Section.absent(
        index: index, path: path, crossStart: crossStart, crossLength: crossLength)
      _finishSection(&section)
      return section
    }
    let axes = _axes
    let orthogonal = description.orthogonalScrollingBehavior != .none
    try description._checkLengths(path)
    let reference =
      description.contentInsetsReference ?? layout.configuration.contentInsetsReference
    let (crossStart, crossLength) = _crossRange(reference)
    let insets = description.contentInsets
    let containerMain = axes.main(context.containerSize)
    let container: CGSize =
      orthogonal
      ? axes.size(
        main: max(0, containerMain - axes.mainLead(insets) - axes.mainTrail(insets)),
        cross: crossLength)
      : axes.size(
        main: containerMain,
        cross: max(0, crossLength - axes.crossLead(insets) - axes.crossTrail(insets)))

    var solver = _GroupSolver(sizer: nil)
    let template = try solver.solveRoot(
      description.group, container: container, unbounded: (false, false), path: path.key("group"))
    let groupAxisIsX = axes.vertical == orthogonal
    let extent = groupAxisIsX ? template.size.width : template.size.height
    var section = _Section(
      description: description, path: path, index: index, itemCount: count,
      orthogonal: orthogonal, selfSizing: description.group._selfSizes, container: container,
      crossStart: crossStart, crossLength: crossLength,
      groupCrossOrigin: crossStart + axes.crossLead(insets), template: template,
      stride: extent + description.interGroupSpacing, groupAxisIsX: groupAxisIsX)
    if section.selfSizing {
      if try !_solveSparse(&section, lookup, solver: &solver) {
        try _solveInstances(&section, from: 0, lookup, solver: &solver)
      }
    } else {
      section.widenOverhangs(toCover: template)
    }
    _groupSolveCount += solver.groupsSolved
    section.boundary = try _solveBoundary(
      description.boundarySupplementaryItems, section: index,
      crossAvailable: description.supplementariesFollowContentInsets
        ? max(0, crossLength - axes.crossLead(insets) - axes.crossTrail(insets)) : crossLength,
      path: path.key("boundarySupplementaryItems"), lookup)
    _finishSection(&section)
    return section
  }

  /// Solves the group instances of a self-sizing section from instance
  /// `first` on. On failure the section is unchanged.
  mutating func _solveInstances(
    _ section: inout _Section, from first: Int, _ lookup: _Lookup, solver: inout _GroupSolver
  ) throws(LayoutError) {
    var item =
      first == 0
      ? 0 : section.instanceFirstItems[first - 1] + section.instances[first - 1].cells.count
    var offset =
      first == 0
      ? 0
      : section.instanceOffsets[first - 1] + section.groupExtent(section.instances[first - 1])
        + section.description.interGroupSpacing
    var instances: [_GroupLayout] = []
    var offsets: [CGFloat] = []
    var firstItems: [Int] = []
    let preferred: (LayoutSizingRequest) -> CGSize? = { lookup($0) }
    let group = section.description.group
    let path = section.path.key("group")
    while item < section.itemCount {
      solver.sizer = _Sizer(
        section: section.index, firstItem: item, itemCount: section.itemCount, preferred: preferred)
      let g = try solver.solveInstance(group, container: section.container, path: path)
      instances.append(g)
      offsets.append(offset)
      firstItems.append(item)
      offset += section.groupExtent(g) + section.description.interGroupSpacing
      item += g.cells.count
    }
    section.instances.replaceSubrange(first..., with: instances)
    section.instanceOffsets.replaceSubrange(first..., with: offsets)
    section.instanceFirstItems.replaceSubrange(first..., with: firstItems)
    _computeOverhangs(&section)
  }

  /// The fewest items for which a self-sizing section of one item a
  /// group is kept sparse (`_SparseGroups`); a task-local value, so that
  /// tests and benchmarks can lay the same section out both ways.
  @_spi(Testing) @TaskLocal public static var _sparseMinimum = 10_000

  /// Lays a self-sizing section out sparsely when it is long
  /// (`_sparseMinimum` items or more), not orthogonal, its groups not
  /// overlapping, and its root group, as estimated, holds one item: the
  /// estimated group, then a group solved only for each item that has a
  /// preferred size. Returns `false`, the section unchanged, when it does
  /// not qualify, or when a preferred size makes a group hold another
  /// number of items.
  ///
  /// - Complexity: O(*n* × *r*) look-ups of a preferred size for *n* items
  ///   and the *r* requests the estimated group makes, plus a group solved
  ///   for each of the *m* items that have one: O(*m*) memory, not O(*n*).
  mutating func _solveSparse(
    _ section: inout _Section, _ lookup: _Lookup, solver: inout _GroupSolver
  ) throws(LayoutError) -> Bool {
    guard !section.orthogonal, section.itemCount >= Self._sparseMinimum,
      section.description.interGroupSpacing >= 0
    else { return false }
    let group = section.description.group
    let path = section.path.key("group")
    let requests = _RequestRecorder()
    solver.sizer = _Sizer(
      section: section.index, firstItem: 0, itemCount: section.itemCount,
      preferred: {
        requests.asked.append($0); return nil
      })
    let estimated = try solver.solveInstance(group, container: section.container, path: path)
    guard estimated.cells.count == 1 else { return false }
    var sparse = _SparseGroups(
      estimated: estimated, count: section.itemCount,
      spacing: section.description.interGroupSpacing, alongX: section.groupAxisIsX)
    let asked = requests.asked
    let preferred: (LayoutSizingRequest) -> CGSize? = { lookup($0) }
    for item in 0..<section.itemCount {
      var sized = false
      for request in asked {
        var shifted = request
        shifted.item += item
        if lookup(shifted) != nil {
          sized = true
          break
        }
      }
      guard sized else { continue }
      solver.sizer = _Sizer(
        section: section.index, firstItem: item, itemCount: section.itemCount,
        preferred: preferred)
      let instance = try solver.solveInstance(group, container: section.container, path: path)
      guard instance.cells.count == 1 else { return false }
      sparse.keep(instance, at: item)
    }
    section.sparse = sparse
    section.instances = []
    section.instanceOffsets = []
    section.instanceFirstItems = []
    _computeOverhangs(&section)
    return true
  }

  func _computeOverhangs(_ section: inout _Section) {
    section.overhangBefore = 0
    section.overhangAfter = 0
    for g in section.sparse?.distinctGroups ?? section.instances {
      section.widenOverhangs(toCover: g)
    }
  }

  /// Sizes boundary supplementaries and sorts them into headers, footers
  /// and side items.
  func _solveBoundary(
    _ items: [LayoutBoundarySupplementaryItem], section: Int, crossAvailable: CGFloat,
    path: _Path, _ lookup: _Lookup
  ) throws(LayoutError) -> [_Boundary] {
    let axes = _axes
    let sizing = axes.size(main: axes.main(context.containerSize), cross: crossAvailable)
    var out: [_Boundary] = []
    var ordinal: [String: Int] = [:]
    for (i, b) in items.enumerated() {
      let itemPath = path.index(i)
      var size = try _GroupSolver.resolve(
        b.layoutSize, in: sizing, unbounded: (false, false), path: itemPath.key("layoutSize"))
      guard b.absoluteOffset.x.isFinite, b.absoluteOffset.y.isFinite else {
        throw itemPath.key("absoluteOffset").error("the offset is not finite")
      }
      let n = ordinal[b.elementKind, default: 0]
      ordinal[b.elementKind] = n + 1
      if b.layoutSize.hasEstimatedDimension {
        let request = LayoutSizingRequest(
          category: .supplementaryView, elementKind: b.elementKind, section: section, item: n,
          proposedSize: size, widthIsEstimated: b.layoutSize.widthDimension.isEstimated,
          heightIsEstimated: b.layoutSize.heightDimension.isEstimated)
        if let p = lookup(request) {
          if request.widthIsEstimated, _isPreferredLength(p.width) { size.width = p.width }
          if request.heightIsEstimated, _isPreferredLength(p.height) { size.height = p.height }
        }
      }
      let edges = b.alignment.edges
      let role: _Boundary.Role =
        edges.contains(axes.mainLeadEdge)
        ? .header : edges.contains(axes.mainTrailEdge) ? .footer : .side
      out.append(
        _Boundary(
          kind: b.elementKind, item: n, size: size, zIndex: b.zIndex, pins: b.pinToVisibleBounds,
          extends: b.extendsBoundary, role: role, alignment: b.alignment,
          absoluteOffset: b.absoluteOffset))
    }
    return out
  }

  /// Places boundary items on a host whose content spans `contentStart`
  /// to `contentEnd` along the scroll direction (relative to the host's
  /// start) and `crossStart` over `crossLength` across it.
  func _placeBoundary(
    _ items: inout [_Boundary], contentStart: CGFloat, contentEnd: CGFloat, crossStart: CGFloat,
    crossLength: CGFloat
  ) {
    let axes = _axes
    for k in items.indices {
      let b = items[k]
      let mainSize = axes.main(b.size)
      let crossSize = axes.cross(b.size)
      var main: CGFloat
      switch b.role {
      case .header: main = b.extends ? contentStart - mainSize : contentStart
      case .footer: main = b.extends ? contentEnd : contentEnd - mainSize
      case .side: main = contentStart
      }
      let edges = b.alignment.edges
      let cross: CGFloat =
        edges.contains(axes.crossLeadEdge)
        ? crossStart
        : edges.contains(axes.crossTrailEdge)
          ? crossStart + crossLength - crossSize : crossStart + (crossLength - crossSize) / 2
      if b.role == .header && b.extends {
        main = contentStart - _bandBefore(items)
      }
      var frame = axes.rect(main: main, cross: cross, mainLength: mainSize, crossLength: crossSize)
      frame.origin.x += b.absoluteOffset.x
      frame.origin.y += b.absoluteOffset.y
      items[k].frame = frame
    }
  }

  func _bandBefore(_ items: [_Boundary]) -> CGFloat {
    items.lazy.filter { $0.role == .header && $0.extends }.map { self._axes.main($0.size) }.max()
      ?? 0
  }

  func _bandAfter(_ items: [_Boundary]) -> CGFloat {
    items.lazy.filter { $0.role == .footer && $0.extends }.map { self._axes.main($0.size) }.max()
      ?? 0
  }

  /// Computes a section's extent and places its boundary items.
  func _finishSection(_ section: inout _Section) {
    let axes = _axes
    let insets = section.description.contentInsets
    section.headerBand = _bandBefore(section.boundary)
    section.footerBand = _bandAfter(section.boundary)
    section.contentMainStart = section.headerBand + axes.mainLead(insets)
    section.contentExtent = section.computeContentExtent(axes)
    let contentEnd = section.contentMainStart + section.contentExtent + axes.mainTrail(insets)
    section.extent = contentEnd + section.footerBand
    let follow = section.description.supplementariesFollowContentInsets
    let crossStart = section.crossStart + (follow ? axes.crossLead(insets) : 0)
    let crossLength =
      follow
      ? max(0, section.crossLength - axes.crossLead(insets) - axes.crossTrail(insets))
      : section.crossLength
    // Headers sit at the section's start, before the top inset; footers
    // after the bottom inset.
    _placeBoundary(
      &section.boundary, contentStart: section.headerBand, contentEnd: contentEnd,
      crossStart: crossStart, crossLength: crossLength)
    for k in section.boundary.indices where section.boundary[k].role == .side {
      // Side items align with the content, not the band.
      var f = section.boundary[k].frame
      let shift = section.contentMainStart - section.headerBand
      if axes.vertical { f.origin.y += shift } else { f.origin.x += shift }
      section.boundary[k].frame = f
    }
  }

  mutating func _solveLayoutBoundary(_ lookup: _Lookup) throws(LayoutError) {
    try layout.configuration._checkLengths(_Path.root.key("configuration"))
    let (_, crossLength) = _crossRange(layout.configuration.contentInsetsReference)
    _layoutBoundary = try _solveBoundary(
      layout.configuration.boundarySupplementaryItems, section: 0, crossAvailable: crossLength,
      path: _Path.root.key("configuration").key("boundarySupplementaryItems"), lookup)
    _layoutHeaderBand = _bandBefore(_layoutBoundary)
    _layoutFooterBand = _bandAfter(_layoutBoundary)
  }

  /// Stacks the sections and sizes the content.
  mutating func _restack() {
    let axes = _axes
    let spacing = layout.configuration.interSectionSpacing
    _starts.removeAll(keepingCapacity: true)
    var main = _layoutHeaderBand
    var before: CGFloat = 0
    var after: CGFloat = 0
    _monotonic = true
    for (i, s) in _sections.enumerated() {
      _starts.append(main)
      main += s.extent
      if i < _sections.count - 1 { main += spacing }
      if s.extent + spacing < 0 { _monotonic = false }
      // Overhang of any element beyond the section along the scroll axis.
      for b in s.boundary {
        let (lo, hi) = axes.mainRange(b.frame)
        before = max(before, -lo)
        after = max(after, hi - s.extent)
      }
      if !s.orthogonal {
        before = max(before, s.overhangBefore - s.contentMainStart)
        after = max(after, s.overhangAfter - (s.extent - s.contentMainStart - s.contentExtent))
      } else {
        let g = s.template
        let lo = axes.vertical ? g.minY : g.minX
        let hi = axes.vertical ? g.maxY : g.maxX
        before = max(before, -(s.contentMainStart + lo))
        after = max(after, s.contentMainStart + hi - s.extent)
        for inst in s.instances {
          let lo = axes.vertical ? inst.minY : inst.minX
          let hi = axes.vertical ? inst.maxY : inst.maxX
          before = max(before, -(s.contentMainStart + lo))
          after = max(after, s.contentMainStart + hi - s.extent)
        }
      }
    }
    if !_monotonic || spacing < 0 { _monotonic = spacing >= 0 && _monotonic }
    _sectionOverhangBefore = before
    _sectionOverhangAfter = after
    let sectionsEnd = main
    let total = sectionsEnd + _layoutFooterBand
    let (crossStart, crossLength) = _crossRange(layout.configuration.contentInsetsReference)
    _placeBoundary(
      &_layoutBoundary, contentStart: _layoutHeaderBand, contentEnd: sectionsEnd,
      crossStart: crossStart, crossLength: crossLength)
    var size = axes.size(main: total, cross: axes.cross(context.containerSize))
    if let scale = context.displayScale, scale > 0 {
      size.width = (size.width * scale).rounded(.up) / scale
      size.height = (size.height * scale).rounded(.up) / scale
    }
    contentSize = size
  }

  // MARK: - Updates

  /// Solves the layout again for new item counts, re-solving only the
  /// sections whose count changed or that are new.
  ///
  /// A fixed-size section whose count changed costs O(1): its group is
  /// repeated a different number of times. A self-sizing section whose
  /// count changed is solved again, and the preferred sizes remembered for
  /// it are discarded, since items may have moved.
  ///
  /// - Parameters:
  ///   - itemCounts: The number of items in each section.
  ///   - preferredSize: As for ``CompositionalLayout/solve(_:itemCounts:preferredSize:)``.
  /// - Throws: ``LayoutError`` for an invalid description of a new section,
  ///   or with the path `itemCounts[i]` for counts that total more than
  ///   ``CompositionalLayout/maximumItemCount``; the layout is then unchanged.
  /// - Precondition: No count is negative.
  /// - Complexity: O(*s* + *c*), where *s* is the number of sections and
  ///   *c* the cost of solving the changed sections.
  public mutating func updateItemCounts(
    _ itemCounts: [Int], preferredSize: ((LayoutSizingRequest) -> CGSize?)? = nil
  ) throws(LayoutError) {
    if let bad = itemCounts.firstIndex(where: { $0 < 0 }) {
      _layoutFailure(
        "updateItemCounts(_:preferredSize:)",
        "section \(bad) has a negative item count \(itemCounts[bad])")
    }
    try _checkItemCounts(itemCounts)
    var next = self
    if next._sections.count > itemCounts.count {
      next._sections.removeSubrange(itemCounts.count...)
      next._preferred = next._preferred.filter { $0.key.section < itemCounts.count }
    }
    for (i, count) in itemCounts.enumerated() where i < next._sections.count {
      guard next._sections[i].itemCount != count else { continue }
      next._preferred = next._preferred.filter { $0.key.section != i }
      if next._sections[i].selfSizing || next._sections[i].isAbsent {
        let lookup = _Lookup(known: [:], callback: preferredSize)
        next._sections[i] = try next._solveSection(i, count: count, lookup)
        next._preferred.merge(lookup.received) { _, new in new }
      } else {
        next._sections[i].itemCount = count
        next._finishSection(&next._sections[i])
      }
    }
    if itemCounts.count > next._sections.count {
      let lookup = _Lookup(known: next._preferred, callback: preferredSize)
      for i in next._sections.count..<itemCounts.count {
        next._sections.append(try next._solveSection(i, count: itemCounts[i], lookup))
      }
      next._preferred.merge(lookup.received) { _, new in new }
    }
    next._restack()
    self = next
  }

  /// Records the preferred size of a self-sizing cell and re-solves only
  /// what it affects: the group holding the item, and later groups only if
  /// that group now holds a different number of items.
  ///
  /// Sizes of items whose dimensions are not estimated are ignored, as UIKit
  /// ignores preferred attributes of fixed-size cells.
  ///
  /// - Precondition: `indexPath` names an existing item.
  /// - Complexity: O(*g* + *G* + *s*), where *g* is the size of the group
  ///   holding the item, *G* the number of groups in the section and *s* the
  ///   number of sections; more when later groups must be solved again. In a
  ///   long list of rows (10,000 or more, one item a group), O(*m* + *s*)
  ///   for the *m* rows given a size: the section keeps only their groups.
  public mutating func setPreferredSize(_ size: CGSize, forItemAt indexPath: IndexPath) {
    let section = indexPath[0]
    let item = indexPath[1]
    _checkSection(section, "setPreferredSize(_:forItemAt:)")
    guard item >= 0, item < _sections[section].itemCount else {
      _layoutFailure(
        "setPreferredSize(_:forItemAt:)",
        "item \(item) out of range; section \(section) has \(_sections[section].itemCount) items")
    }
    guard _sections[section].selfSizing else { return }
    let key = _SizeKey(category: .cell, kind: nil, section: section, item: item)
    _preferred[key] = size
    _resolveGroup(containing: item, in: section, forgetting: key)
  }

  /// Records the preferred size of a self-sizing supplementary view and
  /// re-solves only what it affects.
  ///
  /// - Precondition: `indexPath` names an existing section.
  /// - Complexity: as ``setPreferredSize(_:forItemAt:)``.
  public mutating func setPreferredSize(
    _ size: CGSize, forSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) {
    let section = indexPath[0]
    let item = indexPath[1]
    _checkSection(section, "setPreferredSize(_:forSupplementaryElementOfKind:at:)")
    let key = _SizeKey(category: .supplementaryView, kind: kind, section: section, item: item)
    _preferred[key] = size
    let s = _sections[section]
    if s.boundary.contains(where: { $0.kind == kind && $0.item == item }) {
      let lookup = _Lookup(known: _preferred, callback: nil)
      let insets = s.description.contentInsets
      let follow = s.description.supplementariesFollowContentInsets
      // Descriptions were valid when solved, so this cannot throw.
      guard
        let boundary = try? _solveBoundary(
          s.description.boundarySupplementaryItems, section: section,
          crossAvailable: follow
            ? max(0, s.crossLength - _axes.crossLead(insets) - _axes.crossTrail(insets))
            : s.crossLength,
          path: s.path.key("boundarySupplementaryItems"), lookup)
      else { return }
      _sections[section].boundary = boundary
      _finishSection(&_sections[section])
      _restack()
    } else if s.selfSizing, item < s.itemCount {
      _resolveGroup(containing: item, in: section, forgetting: key)
    }
  }

  /// Takes a section out for changing: the stored copy gives up its
  /// per-group arrays, so that the returned one changes them in place.
  /// Store it back when done.
  mutating func _takeSection(_ index: Int) -> _Section {
    let s = _sections[index]
    _sections[index].instances = []
    _sections[index].instanceOffsets = []
    _sections[index].instanceFirstItems = []
    return s
  }

  /// Solves again the group holding a self-sizing element whose preferred
  /// size changed, and the later groups if it now holds a different number
  /// of items; otherwise later groups only move. A preferred size that
  /// makes the section unsolvable (a group would have to hold more than
  /// 100,000 items) is forgotten, and the layout stays as it was.
  mutating func _resolveGroup(containing item: Int, in section: Int, forgetting key: _SizeKey) {
    guard let g = _sections[section].groupIndex(containing: item) else { return }
    if _sections[section].sparse != nil {
      _resolveSparseGroup(g, in: section, forgetting: key)
      return
    }
    var s = _takeSection(section)
    let lookup = _Lookup(known: _preferred, callback: nil)
    var solver = _GroupSolver(sizer: nil)
    solver.sizer = _Sizer(
      section: section, firstItem: s.instanceFirstItems[g], itemCount: s.itemCount,
      preferred: { lookup($0) })
    let old = s.instances[g]
    do {
      s.instances[g] = try solver.solveInstance(
        s.description.group, container: s.container, path: s.path.key("group"))
      if s.instances[g].cells.count != old.cells.count {
        // The group now holds more or fewer items: the groups after it
        // start at a different item, and there may be more or fewer.
        try _solveInstances(&s, from: g + 1, lookup, solver: &solver)
      } else {
        // Same items: later groups only move.
        var offset = s.instanceOffsets[g]
        for k in g..<s.instances.count {
          s.instanceOffsets[k] = offset
          offset += s.groupExtent(s.instances[k]) + s.description.interGroupSpacing
        }
        _computeOverhangs(&s)
      }
    } catch {
      s.instances[g] = old
      _sections[section] = s
      _preferred[key] = nil
      return
    }
    _store(&s, at: section, solvedBy: solver)
  }
}

extension SolvedLayout {
  /// Solves again the group `g` of a sparse section, whose preferred size
  /// changed: it is kept unless it is laid out as the estimated group is
  /// (then it is forgotten); later groups move by the
  /// difference. A group that now holds another number of items makes the
  /// section dense again (`_solveInstances`). A preferred size that makes
  /// the section unsolvable is forgotten, and the layout stays as it was.
  ///
  /// - Complexity: O(*m*) for *m* solved groups, plus solving the group;
  ///   O(*n*) when the section becomes dense.
  mutating func _resolveSparseGroup(_ g: Int, in section: Int, forgetting key: _SizeKey) {
    // Taken out of the stored section, so that it changes in place.
    guard var sparse = _sections[section].sparse else { return }
    _sections[section].sparse = nil
    var s = _sections[section]
    let lookup = _Lookup(known: _preferred, callback: nil)
    var solver = _GroupSolver(sizer: nil)
    solver.sizer = _Sizer(
      section: section, firstItem: g, itemCount: s.itemCount, preferred: { lookup($0) })
    do {
      let instance = try solver.solveInstance(
        s.description.group, container: s.container, path: s.path.key("group"))
      if instance.cells.count == 1 {
        sparse.keep(instance, at: g)
        s.sparse = sparse
        // Overhangs only bound the groups a rect query looks at: the
        // largest seen stays (the exact test follows), with no walk of the
        // kept groups.
        s.widenOverhangs(toCover: instance)
      } else {
        s.sparse = nil
        try _solveInstances(&s, from: 0, _Lookup(known: _preferred, callback: nil), solver: &solver)
      }
    } catch {
      _sections[section].sparse = sparse
      _preferred[key] = nil
      return
    }
    _store(&s, at: section, solvedBy: solver)
  }
}

extension SolvedLayout {
  /// Stores a section solved again at `section`, after counting the groups
  /// `solver` solved, and stacks the sections again.
  mutating func _store(_ s: inout _Section, at section: Int, solvedBy solver: _GroupSolver) {
    _groupSolveCount += solver.groupsSolved
    _finishSection(&s)
    _sections[section] = s
    _restack()
  }
}

/// The sizing requests a group solve made, in order.
final class _RequestRecorder {
  var asked: [LayoutSizingRequest] = []
}

extension _Section {
  /// The group instance or repetition holding an item.
  func groupIndex(containing item: Int) -> Int? {
    guard item >= 0, item < itemCount else { return nil }
    if !selfSizing { return item / template.cells.count }
    if sparse != nil { return item }
    var lo = 0
    var hi = instanceFirstItems.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if instanceFirstItems[mid] <= item { lo = mid + 1 } else { hi = mid }
    }
    return lo - 1
  }
}
