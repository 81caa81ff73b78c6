import Foundation

/// A path into a layout description, built as the solver descends and only
/// rendered when something is wrong.
///
/// Building a path costs allocations at every level, so the solver's hot
/// loop (one group instance after another in a self-sizing section) descends
/// with ``untracked``, which builds nothing, and solves again with a real
/// path only when something is wrong.
struct _Path: Sendable, Hashable {
  var base: String
  var components: [String]
  var isTracking = true

  static let root = _Path(base: "", components: [])
  /// A path that records nothing.
  static let untracked = _Path(base: "", components: [], isTracking: false)
  static func provider(_ index: Int) -> _Path {
    _Path(base: "sectionProvider(\(index))", components: [])
  }

  func key(_ name: String) -> _Path {
    guard isTracking else { return self }
    var p = self
    p.components.append(p.isEmpty ? name : "." + name)
    return p
  }

  func index(_ i: Int) -> _Path {
    guard isTracking else { return self }
    var p = self
    p.components.append("[\(i)]")
    return p
  }

  var isEmpty: Bool { base.isEmpty && components.isEmpty }

  var rendered: String {
    isEmpty ? "(root)" : base + components.joined()
  }

  func error(_ message: String) -> LayoutError {
    LayoutError(path: rendered, message: message)
  }
}
