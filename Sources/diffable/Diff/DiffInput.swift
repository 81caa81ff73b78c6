import CollectionLayout
import Diffable
import Foundation
import InternalJSONCoding

/// The snapshots `diffable diff` reads: identifiers are JSON strings.
typealias JSONSnapshot = DiffableDataSourceSnapshot<String, String>

/// An error from data the command was given: a file, a line, an argument. It
/// is printed as one line, without a stack trace, and the command exits
/// with a non-zero status.
struct InputError: Error, CustomStringConvertible, Equatable {
  /// The one line printed for the error.
  var description: String

  /// An error printed as `description`.
  init(_ description: String) {
    self.description = description
  }
}

/// Reading snapshots and pairs of snapshots from JSON.
enum DiffInput {
  /// Reads and decodes the snapshot in a file, or in standard input for `-`.
  static func snapshot(atPath path: String, decoder: JSONDecoder = JSONDecoder()) throws(InputError)
    -> JSONSnapshot
  {
    let data = try CommandFiles.read(path)
    do {
      return try decoder.decode(JSONSnapshot.self, from: data)
    } catch let error as DecodingError {
      throw InputError("\(path): not a valid snapshot: \(describe(error, in: data))")
    } catch {
      throw InputError("\(path): not a valid snapshot: \(error)")
    }
  }

  /// One line of `diffable diff --jsonl` input: an object with the keys
  /// `old` and `new`, and no other.
  struct Pair: Decodable {
    /// The snapshot before the change.
    var old: JSONSnapshot
    /// The snapshot after the change.
    var new: JSONSnapshot

    /// The two keys of a pair, the only ones it may have.
    enum CodingKeys: String, CodingKey, CaseIterable {
      /// The old and the new snapshot's keys.
      case old, new
    }

    /// Decodes `{"old": snapshot, "new": snapshot}`, refusing any other key.
    init(from decoder: any Decoder) throws {
      let container = try decoder._object(CodingKeys.self)
      old = try container.decode(JSONSnapshot.self, forKey: .old)
      new = try container.decode(JSONSnapshot.self, forKey: .new)
    }
  }

  /// A decoding error in one short sentence: where in the document, and
  /// what was wrong. For text that is not JSON at all, the place of the
  /// first syntax error is found by parsing `data` again.
  static func describe(_ error: DecodingError, in data: Data) -> String {
    func place(_ path: [any CodingKey]) -> String {
      guard !path.isEmpty else { return "" }
      var text = ""
      for key in path {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
      }
      return " at \(text)"
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "missing key \(jsonQuoted(key.stringValue))\(place(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "expected \(typeName(type)) but found null\(place(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(typeName(type))\(place(context.codingPath))"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      // Not JSON. The decoder does not say where; the parser does.
      return LayoutText.jsonSyntaxProblem(in: data) ?? context.debugDescription
    case .dataCorrupted(let context):
      return context.debugDescription + place(context.codingPath)
    @unknown default:
      return String(describing: error)
    }
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type: return "an integer"
    case is [Any].Type: return "an array"
    case is [String: Any].Type: return "an object"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") || name.contains("Keyed") { return "an object" }
      return name
    }
  }
}
