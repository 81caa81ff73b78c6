import Foundation

// A description decoded from JSON has every length checked by the decoder:
// finite, non-negative where it must be, at most
// `CompositionalLayout.maximumLength` in size. A description built in Swift
// gets the same checks when a section is solved, with the same paths, so
// that it too solves to finite frames or throws a `LayoutError` naming the
// number. (Dimensions are checked as they resolve, in the group solver.)
//
// The walk costs O(d) for a section description of d values, once per
// section solved; it does not depend on the number of items.

/// Throws unless `v` (an inset, spacing or offset, which may be negative) is
/// finite and at most ``CompositionalLayout/maximumLength`` in size.
func _checkLength(_ v: CGFloat, _ path: _Path) throws(LayoutError) {
  if let problem = _lengthProblem(v, allowNegative: true) { throw path.error(problem) }
}

extension DirectionalEdgeInsets {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try _checkLength(top, path.key("top"))
    try _checkLength(leading, path.key("leading"))
    try _checkLength(bottom, path.key("bottom"))
    try _checkLength(trailing, path.key("trailing"))
  }
}

extension LayoutSpacing {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try _checkLength(spacing, path.key(isFlexibleSpacing ? "flexible" : "fixed"))
  }
}

extension LayoutEdgeSpacing {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try leading?._checkLengths(path.key("leading"))
    try top?._checkLengths(path.key("top"))
    try trailing?._checkLengths(path.key("trailing"))
    try bottom?._checkLengths(path.key("bottom"))
  }
}

/// Checks a point written `[x, y]` in the JSON form.
func _checkPoint(_ p: CGPoint, _ path: _Path) throws(LayoutError) {
  try _checkLength(p.x, path.index(0))
  try _checkLength(p.y, path.index(1))
}

extension LayoutAnchor {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    switch offset {
    case .absolute(let p): try _checkPoint(p, path.key("absoluteOffset"))
    case .fractional(let p): try _checkPoint(p, path.key("fractionalOffset"))
    }
  }
}

extension LayoutSupplementaryItem {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try containerAnchor._checkLengths(path.key("containerAnchor"))
    try itemAnchor?._checkLengths(path.key("itemAnchor"))
  }
}

extension LayoutItem {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try contentInsets._checkLengths(path.key("contentInsets"))
    try edgeSpacing?._checkLengths(path.key("edgeSpacing"))
    for (i, supplementary) in supplementaryItems.enumerated() {
      try supplementary._checkLengths(path.key("supplementaryItems").index(i))
    }
  }
}

extension LayoutGroup {
  /// Checks the group and its subitems; `path` names the group's
  /// arrangement (`….group.horizontal`).
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try interItemSpacing?._checkLengths(path.key("interItemSpacing"))
    try contentInsets._checkLengths(path.key("contentInsets"))
    try edgeSpacing?._checkLengths(path.key("edgeSpacing"))
    for (i, supplementary) in supplementaryItems.enumerated() {
      try supplementary._checkLengths(path.key("supplementaryItems").index(i))
    }
    for (i, subitem) in subitems.enumerated() {
      let subitemPath = path.key("subitems").index(i)
      switch subitem {
      case .item(let item): try item._checkLengths(subitemPath.key("item"))
      case .group(let group):
        try group._checkLengths(subitemPath.key("group").key(group.arrangement.rawValue))
      }
    }
  }
}

extension LayoutBoundarySupplementaryItem {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try _checkPoint(absoluteOffset, path.key("absoluteOffset"))
  }
}

extension LayoutSection {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try contentInsets._checkLengths(path.key("contentInsets"))
    try _checkLength(interGroupSpacing, path.key("interGroupSpacing"))
    for (i, boundary) in boundarySupplementaryItems.enumerated() {
      try boundary._checkLengths(path.key("boundarySupplementaryItems").index(i))
    }
    for (i, decoration) in decorationItems.enumerated() {
      try decoration.contentInsets._checkLengths(
        path.key("decorationItems").index(i).key("contentInsets"))
    }
    try group._checkLengths(path.key("group").key(group.arrangement.rawValue))
  }
}

extension CompositionalLayoutConfiguration {
  func _checkLengths(_ path: _Path) throws(LayoutError) {
    try _checkLength(interSectionSpacing, path.key("interSectionSpacing"))
    for (i, boundary) in boundarySupplementaryItems.enumerated() {
      try boundary._checkLengths(path.key("boundarySupplementaryItems").index(i))
    }
  }
}
