import CollectionLayout
import DiffableCore

/// The rows of a grid in the whole list, as the page counts them in its
/// window (`gridRows` in access-plan.js): section by section, a row for
/// each supplementary that starts no later than the section's first cell
/// (a header), then the section's cells in runs that stand side by side
/// across the scroll axis (a cell starts a new row when it starts at or
/// after the end of the row so far along the axis), or one row for a
/// band, then a row for each other supplementary (a footer).
///
/// Made once per solved layout, in O(*n*) for *n* elements, with no frame
/// stored for the cells of a section of uniform rows (a fixed-size group
/// repeated, a row each); each query is O(log *r*) for *r* rows of a
/// section, O(1) in a section of uniform rows.
struct _GridRows {
  struct Section {
    /// The index of the section's first row in the list.
    var first: Int
    /// The supplementaries before its cells, then those after, in order.
    var leading: [_SupplementaryKey]
    var trailing: [_SupplementaryKey]
    /// The items that start a row, ascending; `[0]` for a band; empty
    /// when `perRow` says where rows start.
    var rowStarts: [Int]
    /// For a section of uniform rows (its group repeated, one row a
    /// group): the items of a row, and the section's item count.
    var perRow: (items: Int, of: Int)? = nil
    /// How many rows of cells the section has.
    var cellRows: Int {
      perRow.map { ($0.of + $0.items - 1) / $0.items } ?? rowStarts.count
    }
    /// How many rows the section has.
    var count: Int { leading.count + cellRows + trailing.count }
  }

  var sections: [Section] = []
  /// How many rows the whole list has.
  var count = 0

  /// The rows of `solved`, which scrolls vertically when `vertical`; a
  /// section for which `uniformRow` gives the items of a row has rows of
  /// that many items, found with no walk of its cells.
  init(_ solved: SolvedLayout, vertical: Bool, uniformRow: (Int) -> Int? = { _ in nil }) {
    let tolerance: CGFloat = 0.5
    var supplementaries: [Int: [LayoutAttributes]] = [:]
    solved.forEachElement { attributes in
      if attributes.category == .supplementaryView {
        supplementaries[attributes.section, default: []].append(attributes)
      }
    }
    func start(_ frame: CGRect) -> CGFloat { vertical ? frame.minY : frame.minX }
    func end(_ frame: CGRect) -> CGFloat { vertical ? frame.maxY : frame.maxX }
    for s in 0..<solved.numberOfSections {
      // A section of uniform rows starts one every `perRow` items: its
      // cells' frames are not walked.
      let perRow = uniformRow(s)
      var rowStarts: [Int] = []
      let firstStart: CGFloat
      if perRow != nil {
        firstStart =
          solved.layoutAttributesForItem(at: IndexPath(item: 0, section: s)).map {
            start($0.frame)
          } ?? .infinity
      } else {
        let frames = solved.itemFrames(inSection: s)
        firstStart = frames.map(start).min() ?? .infinity
        if solved.orthogonalBand(forSection: s) != nil {
          rowStarts = frames.isEmpty ? [] : [0]
        } else {
          var rowEnd = -CGFloat.infinity
          for (k, frame) in frames.enumerated() {
            if rowStarts.isEmpty || start(frame) >= rowEnd - tolerance {
              rowStarts.append(k)
              rowEnd = -.infinity
            }
            rowEnd = max(rowEnd, end(frame))
          }
        }
      }
      let extras = (supplementaries[s] ?? []).sorted {
        (start($0.frame), $0.item) < (start($1.frame), $1.item)
      }
      func key(_ attributes: LayoutAttributes) -> _SupplementaryKey {
        _SupplementaryKey(kind: attributes.elementKind, section: s, item: attributes.item)
      }
      let section = Section(
        first: count, leading: extras.filter { start($0.frame) <= firstStart }.map(key),
        trailing: extras.filter { !(start($0.frame) <= firstStart) }.map(key),
        rowStarts: rowStarts,
        perRow: perRow.map { (items: $0, of: solved.numberOfItems(inSection: s)) })
      count += section.count
      sections.append(section)
    }
  }

  /// The row of item `item` of section `section`, counted from 0 in the
  /// whole list.
  func row(section: Int, item: Int) -> Int? {
    guard sections.indices.contains(section) else { return nil }
    let rows = sections[section]
    if let perRow = rows.perRow {
      guard 0 <= item, item < perRow.of else { return nil }
      return rows.first + rows.leading.count + item / perRow.items
    }
    // The last row that starts at or before the item.
    var low = 0
    var high = rows.rowStarts.count
    while low < high {
      let middle = (low + high) / 2
      if rows.rowStarts[middle] <= item { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    return rows.first + rows.leading.count + low - 1
  }

  /// The row of the supplementary `key`, counted from 0 in the whole list.
  func row(of key: _SupplementaryKey) -> Int? {
    guard sections.indices.contains(key.section) else { return nil }
    let rows = sections[key.section]
    if let k = rows.leading.firstIndex(of: key) { return rows.first + k }
    if let k = rows.trailing.firstIndex(of: key) {
      return rows.first + rows.leading.count + rows.cellRows + k
    }
    return nil
  }
}

extension WebListView {
  /// Whether the window is a grid, as the page decides it (`isGrid` in
  /// access-plan.js): it has a band, or two cells of one section, one
  /// after the other, stand side by side.
  func _windowIsGrid(_ window: _Window, frames: [String: WebRect], bands: [WebBand], vertical: Bool)
    -> Bool
  {
    if !bands.isEmpty { return true }
    let tolerance = 0.5
    for k in window.placed.indices.dropFirst()
    where window.positions[k].section == window.positions[k - 1].section {
      let (a, b) = (window.placed[k - 1].frame, window.placed[k].frame)
      let (along, across): (Double, Double) =
        vertical
        ? (b.y - (a.y + a.height), b.x - (a.x + a.width))
        : (b.x - (a.x + a.width), b.y - (a.y + a.height))
      // `b` starts before `a` ends along the axis, and after it across.
      if along < -tolerance, across >= -tolerance { return true }
    }
    return false
  }

  /// The rows of the window's items and supplementaries in the whole list,
  /// when the window is a grid; `nil` otherwise.
  func _rows(
    _ window: _Window, frames: [String: WebRect], supplementaries: [WebSupplementary],
    keys: [_SupplementaryKey], bands: [WebBand], solved: SolvedLayout, vertical: Bool
  ) -> WebRows? {
    guard _windowIsGrid(window, frames: frames, bands: bands, vertical: vertical) else {
      return nil
    }
    if _page.gridRows == nil {
      _page.gridRows = _GridRows(solved, vertical: vertical) { section in
        _uniformRow(ofSection: section, in: solved, vertical: vertical)
      }
    }
    guard let rows = _page.gridRows else { return nil }
    var items: [String: Int] = [:]
    for (k, placed) in window.placed.enumerated() {
      let position = window.positions[k]
      if let row = rows.row(section: position.section, item: position.item) {
        items[placed.text] = row
      }
    }
    return WebRows(
      count: rows.count, items: items, supplementaries: keys.map { rows.row(of: $0) ?? -1 })
  }
}

extension WebListView {
  /// The items of a row of the section at `section`, when its rows are
  /// uniform: its items are not estimated, and its pattern's group is one
  /// row (its slots start together along the scroll axis and are as long,
  /// and the next group starts after them); `nil` otherwise.
  func _uniformRow(ofSection section: Int, in solved: SolvedLayout, vertical: Bool) -> Int? {
    guard _page.estimatedAxes[section] == nil, solved.orthogonalBand(forSection: section) == nil
    else { return nil }
    // Not estimated, so the cached pattern's slots are the cells' own.
    guard let pattern = _cachedPattern(ofSection: section, in: solved),
      let first = pattern.slots.first
    else { return nil }
    let start = vertical ? first.y : first.x
    let length = vertical ? first.height : first.width
    let step = vertical ? pattern.step.y : pattern.step.x
    let across = vertical ? pattern.step.x : pattern.step.y
    guard across == 0, pattern.count <= pattern.slots.count || step >= start + length,
      pattern.slots.allSatisfy({
        (vertical ? $0.y : $0.x) == start && (vertical ? $0.height : $0.width) == length
      })
    else { return nil }
    return pattern.slots.count
  }
}
