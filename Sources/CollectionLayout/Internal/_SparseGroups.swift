import Foundation

/// The groups of a long self-sizing section whose root group holds one
/// item, kept sparse: every group is the estimated one but those solved
/// with a preferred size, which are kept by group index. A group's offset
/// is its index times the estimated stride, plus the differences of the
/// solved groups before it, summed ahead of time.
///
/// A million rows of estimated height cost one group and nothing per row;
/// each measured row costs its group. UIKit's layout keeps attributes for
/// every item; this keeps them for the items measured.
struct _SparseGroups: Sendable {
  /// The group as estimated, with no preferred size.
  var estimated: _GroupLayout
  /// The number of groups, one an item.
  var count: Int
  /// The space between two groups, not negative.
  var spacing: CGFloat
  /// Whether groups stack along x.
  var alongX: Bool
  /// The indices of the groups solved with a preferred size, ascending,
  /// and those groups.
  private(set) var keys: [Int] = []
  private(set) var solved: [_GroupLayout] = []
  /// `differences[i]`: how much longer than the estimated group the solved
  /// groups before `keys[i]` are, together; one more entry for all of them.
  private var differences: [CGFloat] = [0]

  init(estimated: _GroupLayout, count: Int, spacing: CGFloat, alongX: Bool) {
    self.estimated = estimated
    self.count = count
    self.spacing = spacing
    self.alongX = alongX
  }

  @inline(__always) func extent(_ g: _GroupLayout) -> CGFloat {
    alongX ? g.size.width : g.size.height
  }

  /// The position in `keys` of the first key at or after `k`.
  @inline(__always) func position(_ k: Int) -> Int {
    var lo = 0
    var hi = keys.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if keys[mid] < k { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The group at `k`.
  ///
  /// - Complexity: O(log *m*) for *m* solved groups.
  func group(_ k: Int) -> _GroupLayout {
    let p = position(k)
    return p < keys.count && keys[p] == k ? solved[p] : estimated
  }

  /// Where the group at `k` starts along the group axis, from group 0's
  /// start.
  ///
  /// - Complexity: O(log *m*).
  func offset(_ k: Int) -> CGFloat {
    CGFloat(k) * (extent(estimated) + spacing) + differences[position(k)]
  }

  /// The length the groups take.
  var length: CGFloat {
    count == 0 ? 0 : offset(count - 1) + extent(group(count - 1))
  }

  /// The first group that ends at or after `lo` (with `after`, the most
  /// any group's elements overhang its end); `count` when none does.
  ///
  /// - Complexity: O(log *n* × log *m*).
  func firstGroup(endingAtOrAfter lo: CGFloat, overhang after: CGFloat) -> Int {
    var a = 0
    var b = count
    while a < b {
      let mid = (a + b) / 2
      if offset(mid) + extent(group(mid)) + after < lo { a = mid + 1 } else { b = mid }
    }
    return a
  }

  /// Keeps `group` as the group at `k`, or forgets the one there when
  /// `group` is `nil` (it is the estimated one again).
  ///
  /// - Complexity: O(*m*).
  mutating func set(_ group: _GroupLayout?, at k: Int) {
    let p = position(k)
    let present = p < keys.count && keys[p] == k
    switch (present, group) {
    case (true, let group?):
      solved[p] = group
    case (true, nil):
      keys.remove(at: p)
      solved.remove(at: p)
      differences.remove(at: p + 1)
    case (false, let group?):
      keys.insert(k, at: p)
      solved.insert(group, at: p)
      differences.insert(0, at: p + 1)
    case (false, nil): return
    }
    let base = extent(estimated)
    for i in p..<keys.count {
      differences[i + 1] = differences[i] + extent(solved[i]) - base
    }
  }

  /// Keeps `group` as the group at `k` unless it is laid out as the
  /// estimated one is (then forgets any kept there).
  ///
  /// - Complexity: O(*m*).
  mutating func keep(_ group: _GroupLayout, at k: Int) {
    set(group._hasFrames(of: estimated) ? nil : group, at: k)
  }

  /// The estimated group and every solved one.
  var distinctGroups: [_GroupLayout] { [estimated] + solved }
}

extension _GroupLayout {
  /// Whether the group has the size and element frames of `other`.
  func _hasFrames(of other: _GroupLayout) -> Bool {
    size == other.size && cells == other.cells
      && supplementaries.count == other.supplementaries.count
      && zip(supplementaries, other.supplementaries).allSatisfy {
        $0.kind == $1.kind && $0.frame == $1.frame && $0.zIndex == $1.zIndex
          && $0.owner == $1.owner
      }
  }
}
