import CollectionLayout
import DiffableCore
import Foundation

/// Where a section's items are, as ``WebItemPattern`` says it, without the
/// section's text.
struct _SectionPattern: Hashable {
  var count: Int
  var origin: WebPoint
  var step: WebPoint
  var slots: [WebRect]
}

extension WebListView {
  /// The most items a section's group may hold for the section to have a
  /// pattern: a pattern's slots travel in every layout that has it.
  static var _maximumSlots: Int { 256 }

  /// The patterns of the sections of `snapshot` that `window` does not
  /// hold whole (``WebLayout/patterns``); `nil` when there are none.
  ///
  /// - Complexity: O(*s* + *w*) for *s* sections and *w* items in the
  ///   window, plus, for each section not asked before since the layout
  ///   was solved, O(*g* log *n*) to find its group of *g* items.
  func _patterns(of snapshot: Snapshot, window: _Window, in solved: SolvedLayout)
    -> [WebItemPattern]?
  {
    var inWindow = [Int](repeating: 0, count: solved.numberOfSections)
    for position in window.positions where position.section < inWindow.count {
      inWindow[position.section] += 1
    }
    var patterns: [WebItemPattern] = []
    for section in inWindow.indices where section < snapshot.numberOfSections {
      let count = solved.numberOfItems(inSection: section)
      guard inWindow[section] < count else { continue }
      guard let pattern = _cachedPattern(ofSection: section, in: solved) else { continue }
      patterns.append(
        WebItemPattern(
          section: _text(section: snapshot._sectionIdentifier(at: section)),
          count: pattern.count, origin: pattern.origin, step: pattern.step,
          slots: pattern.slots))
    }
    return patterns.isEmpty ? nil : patterns
  }

  /// The pattern of the section at `section` of `solved`, worked out once
  /// per solved layout (`_WebListPage.patterns`): a self-sizing section's
  /// slot fills its step.
  ///
  /// - Complexity: O(1) once known; O(*g* log *n*) the first time.
  func _cachedPattern(ofSection section: Int, in solved: SolvedLayout) -> _SectionPattern? {
    if let known = _page.patterns[section] { return known }
    let pattern = Self._pattern(
      ofSection: section, in: solved, fillingStep: _page.estimatedAxes[section] != nil,
      vertical: layout.configuration.scrollDirection == .vertical)
    _page.patterns[section] = .some(pattern)
    return pattern
  }

  /// The pattern of the section at `section` of `solved`: the frames of its
  /// first group's items, and the average step from one group to the next.
  /// With `fillingStep` (a section whose items size themselves), a group of
  /// one item fills the step along the scroll direction. `nil` for an empty
  /// section, an orthogonal one, or one whose group holds more than
  /// ``_maximumSlots`` items.
  static func _pattern(
    ofSection section: Int, in solved: SolvedLayout, fillingStep: Bool, vertical: Bool
  ) -> _SectionPattern? {
    let count = solved.numberOfItems(inSection: section)
    guard count > 0, solved.orthogonalBand(forSection: section) == nil,
      let first = solved.groupFrame(ofItemAt: IndexPath(item: 0, section: section))
    else { return nil }
    var perGroup = 1
    while perGroup < count,
      solved.groupFrame(ofItemAt: IndexPath(item: perGroup, section: section)) == first
    {
      perGroup += 1
      if perGroup > _maximumSlots { return nil }
    }
    var slots: [WebRect] = []
    slots.reserveCapacity(perGroup)
    for k in 0..<perGroup {
      guard let item = solved.layoutAttributesForItem(at: IndexPath(item: k, section: section))
      else { return nil }
      slots.append(
        WebRect(
          x: Double(item.frame.minX - first.minX), y: Double(item.frame.minY - first.minY),
          width: Double(item.frame.width), height: Double(item.frame.height)))
    }
    var step = WebPoint(x: 0, y: 0)
    let lastGroup = (count - 1) / perGroup
    if lastGroup > 0,
      let last = solved.groupFrame(
        ofItemAt: IndexPath(item: lastGroup * perGroup, section: section))
    {
      step = WebPoint(
        x: Double(last.minX - first.minX) / Double(lastGroup),
        y: Double(last.minY - first.minY) / Double(lastGroup))
    }
    if fillingStep, perGroup == 1 {
      if vertical, step.y > 0 {
        slots[0].height = step.y - slots[0].y
      } else if !vertical, step.x > 0 {
        slots[0].width = step.x - slots[0].x
      }
    }
    return _SectionPattern(
      count: count, origin: WebPoint(x: Double(first.minX), y: Double(first.minY)), step: step,
      slots: slots)
  }
}
