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

// MARK: - JSON errors

extension LayoutError {
  /// The error for a description that failed to decode: the coding path
  /// rendered as a JSON path (`sections[0].group.horizontal`, `(root)` for
  /// the document itself), the problem in JSON's terms ("missing key
  /// 'height'", "expected a number").
  init(decoding error: DecodingError) {
    func render(_ path: [any CodingKey]) -> String {
      var p = _Path.root
      for key in path {
        if let i = key.intValue { p = p.index(i) } else { p = p.key(key.stringValue) }
      }
      return p.rendered
    }
    switch error {
    case .keyNotFound(let key, let context):
      self.init(
        path: render(context.codingPath), message: "missing key '\(key.stringValue)'")
    case .typeMismatch(let type, let context):
      // The decoder's text names Swift types ("Expected to decode
      // Dictionary<String, Any> but found an array instead."); only what
      // it found is in JSON's terms.
      let found = context.debugDescription.range(of: "but found ").map {
        ", found " + context.debugDescription[$0.upperBound...].replacing(" instead.", with: "")
      }
      self.init(
        path: render(context.codingPath),
        message: "expected \(Self._jsonName(type))\(found ?? "")")
    case .valueNotFound(let type, let context):
      self.init(
        path: render(context.codingPath), message: "expected \(Self._jsonName(type)), found null")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        let detail = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
        self.init(path: "(root)", message: "invalid JSON: \(context.debugDescription)\(detail)")
      } else {
        self.init(path: render(context.codingPath), message: context.debugDescription)
      }
    @unknown default:
      self.init(path: "(root)", message: "\(error)")
    }
  }

  /// How a JSON reader names the value a Swift type decodes from.
  static func _jsonName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "a boolean"
    case is Int.Type, is CGFloat.Type, is Double.Type: return "a number"
    case is [Any].Type: return "an array"
    default:
      let name = "\(type)"
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") {
        return "an object"
      }
      return "a value of type \(name)"
    }
  }
}

/// Stops the program, naming the operation that was misused.
@inline(never)
func _layoutFailure(
  _ operation: StaticString, _ message: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError("\(operation): \(message)", file: file, line: line)
}
