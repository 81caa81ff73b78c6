import Foundation

/// Where JSON text stops being JSON, in lines and columns.
enum JSONSyntax {
  /// `not valid JSON at line 2, column 25: invalid value`, or `nil` if
  /// `data` is JSON.
  ///
  /// The JSON parser names a byte offset ("around character 39"); the
  /// offset is turned into a line and a column (both counted from 1, the
  /// column in bytes) so that an editor can jump to it.
  static func problem(in data: Data) -> String? {
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
