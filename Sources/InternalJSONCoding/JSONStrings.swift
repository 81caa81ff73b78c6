/// Appends `text` to `output` as a JSON string literal, escaped as
/// JavaScript's `JSON.stringify` escapes it: `\"`, `\\`, the short escapes
/// `\b`, `\f`, `\n`, `\r`, `\t`, and other control characters as `\u00xx`;
/// everything else as it is.
///
/// - Complexity: O(*n*), where *n* is the number of scalars of `text`.
package func _appendJSONString(_ text: String, to output: inout String) {
  output += "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": output += "\\\""
    case "\\": output += "\\\\"
    case "\u{8}": output += "\\b"
    case "\u{C}": output += "\\f"
    case "\n": output += "\\n"
    case "\r": output += "\\r"
    case "\t": output += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: output.unicodeScalars.append(scalar)
    }
  }
  output += "\""
}
