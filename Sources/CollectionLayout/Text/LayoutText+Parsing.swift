public import Foundation
import InternalJSONCoding

// What the tools that solve layouts read from people, by one rule each:
// the `diffable layout` command's arguments and files, and the demos'
// layout playground, which shows the command's messages.

extension LayoutText {
  /// The item count of each section, as a tool's `--items` argument writes
  /// them: whole numbers from 0, comma-separated (`6,10,0`; blanks around a
  /// number are ignored), at most ``CompositionalLayout/maximumItemCount``
  /// in all sections together.
  ///
  /// ```swift
  /// try LayoutText.itemCounts(parsing: "6,10, 0")   // [6, 10, 0]
  /// try LayoutText.itemCounts(parsing: "6,")
  /// // throws "section 1's count is missing; write counts as 6,10,0"
  /// ```
  ///
  /// - Throws: ``LayoutError`` with the path `items`, naming the section
  ///   whose count is wrong and how.
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  public static func itemCounts(parsing text: String) throws(LayoutError) -> [Int] {
    func problem(_ message: String) -> LayoutError { LayoutError(path: "items", message: message) }
    var counts: [Int] = []
    var total = 0
    for (index, part) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      let written = part.trimmingCharacters(in: .whitespaces)
      let position = "section \(index)'s count"
      guard !written.isEmpty else {
        throw problem("\(position) is missing; write counts as 6,10,0")
      }
      guard let count = Int(written) else {
        var quoted = ""
        _appendJSONString(written, to: &quoted)
        throw problem("\(position) \(quoted) is not a whole number")
      }
      guard count >= 0 else {
        throw problem("\(position) \(count) is negative; counts are 0 or more")
      }
      let maximum = CompositionalLayout.maximumItemCount
      guard count <= maximum - total else {
        throw problem("\(position) \(count) makes more than the \(maximum) items a layout holds")
      }
      total += count
      counts.append(count)
    }
    return counts
  }

  /// Where JSON text stops being JSON, in lines and columns, or `nil` when
  /// `data` is JSON: `not valid JSON at line 2, column 25: invalid value`.
  ///
  /// The JSON parser names a byte offset ("around character 39"); the
  /// offset is turned into a line and a column (both counted from 1, the
  /// column in bytes) so that an editor can jump to it. A decoder says only
  /// that the text is not JSON: ask this first.
  ///
  /// ```swift
  /// LayoutText.jsonSyntaxProblem(in: Data("{\"sections\": [,]}".utf8))
  /// // "not valid JSON at line 1, column 15: invalid value"
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of `data`.
  public static func jsonSyntaxProblem(in data: Data) -> String? {
    guard data.contains(where: { !" \t\r\n".utf8.contains($0) }) else {
      return "not valid JSON: there is no JSON value, only blank space"
    }
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      var detail =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "cannot be parsed"
      var offset: Int?
      if let range = detail.range(of: " around character ") {
        offset = Int(detail[range.upperBound...].prefix(while: \.isNumber))
        detail = String(detail[..<range.lowerBound])
      } else if detail.hasPrefix("Unexpected end of file") {
        offset = data.count
        detail = "the text ends before the JSON value does"
      }
      if detail.hasSuffix(".") { detail.removeLast() }
      detail = detail.prefix(1).lowercased() + detail.dropFirst()
      guard let offset else { return "not valid JSON: \(detail)" }
      let before = data.prefix(offset)
      let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
      let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
      return "not valid JSON at line \(line), column \(column): \(detail)"
    }
  }
}
