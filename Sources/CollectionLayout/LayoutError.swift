import Foundation

/// A layout description that cannot be solved or decoded, with where the
/// problem is.
///
/// ``path`` is a JSON path into the layout description, the same whether the
/// description came from JSON or was built in Swift:
///
///     sections[0].group.horizontal.subitems[0].item.layoutSize.width: ...
///
/// Sections made by a section provider are named `sectionProvider(3)`.
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the problem is: a JSON path, or `(root)`.
  public var path: String
  /// What the problem is.
  public var message: String

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }
}

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

/// Stops the program, naming the operation that was misused.
@inline(never)
func _layoutFailure(
  _ operation: StaticString, _ message: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError("\(operation): \(message)", file: file, line: line)
}
