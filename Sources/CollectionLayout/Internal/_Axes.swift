import Foundation

/// Two axes named *main* and *cross*: for a layout, along and across its
/// scroll direction; for a horizontal or vertical group, along and across
/// its arrangement. `vertical` says the main axis is y.
struct _Axes: Sendable, Hashable {
  var vertical: Bool

  @inline(__always) func main(_ s: CGSize) -> CGFloat { vertical ? s.height : s.width }
  @inline(__always) func cross(_ s: CGSize) -> CGFloat { vertical ? s.width : s.height }
  @inline(__always) func size(main: CGFloat, cross: CGFloat) -> CGSize {
    vertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross)
  }
  @inline(__always) func point(main: CGFloat, cross: CGFloat) -> CGPoint {
    vertical ? CGPoint(x: cross, y: main) : CGPoint(x: main, y: cross)
  }
  @inline(__always) func mainOf(_ p: CGPoint) -> CGFloat { vertical ? p.y : p.x }
  @inline(__always) func crossOf(_ p: CGPoint) -> CGFloat { vertical ? p.x : p.y }
  func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
    CGRect(
      origin: point(main: main, cross: cross), size: size(main: mainLength, cross: crossLength))
  }
  func mainLead(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.top : i.leading }
  func mainTrail(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.bottom : i.trailing }
  func crossLead(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.leading : i.top }
  func crossTrail(_ i: DirectionalEdgeInsets) -> CGFloat { vertical ? i.trailing : i.bottom }
  var mainLeadEdge: DirectionalRectEdge { vertical ? .top : .leading }
  var mainTrailEdge: DirectionalRectEdge { vertical ? .bottom : .trailing }
  var crossLeadEdge: DirectionalRectEdge { vertical ? .leading : .top }
  var crossTrailEdge: DirectionalRectEdge { vertical ? .trailing : .bottom }
  /// The extent of a rect along the main axis.
  func mainRange(_ r: CGRect) -> (CGFloat, CGFloat) {
    vertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
  }
  func crossRange(_ r: CGRect) -> (CGFloat, CGFloat) {
    vertical ? (r.minX, r.maxX) : (r.minY, r.maxY)
  }

  // Groups: the same vocabulary, with `vertical` for a vertical group.

  @inline(__always) func main(_ flags: (w: Bool, h: Bool)) -> Bool {
    vertical ? flags.h : flags.w
  }
  @inline(__always) func cross(_ flags: (w: Bool, h: Bool)) -> Bool {
    vertical ? flags.w : flags.h
  }
  @inline(__always) func setMain(_ v: CGFloat, in s: inout CGSize) {
    if vertical { s.height = v } else { s.width = v }
  }
  @inline(__always) func setCross(_ v: CGFloat, in s: inout CGSize) {
    if vertical { s.width = v } else { s.height = v }
  }
  func main(_ s: LayoutSize) -> LayoutDimension {
    vertical ? s.heightDimension : s.widthDimension
  }
  func setMain(_ d: LayoutDimension, in s: inout LayoutSize) {
    if vertical { s.heightDimension = d } else { s.widthDimension = d }
  }
  /// The name of the main length, for paths and messages.
  var mainName: String { vertical ? "height" : "width" }
  func mainLead(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? { vertical ? e?.top : e?.leading }
  func mainTrail(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? { vertical ? e?.bottom : e?.trailing }
  func crossLead(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? { vertical ? e?.leading : e?.top }
  func crossTrail(_ e: LayoutEdgeSpacing?) -> LayoutSpacing? { vertical ? e?.trailing : e?.bottom }
}
