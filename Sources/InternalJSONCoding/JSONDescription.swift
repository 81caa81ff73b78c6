#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value's description as its JSON form, on one line with sorted keys:
/// what `print` shows for the values of the package that travel as JSON
/// (layout descriptions, the browser renderer's messages), so that a
/// printed value can be read against the documentation of the form, or
/// pasted where the form is expected.
///
/// A value whose form cannot be written (a layout made by a section
/// provider, say) is described by its type and the reason:
/// `CompositionalLayout (no JSON form: ...)`.
///
/// - Complexity: O(*n*), where *n* is the size of the JSON form.
package func _jsonDescription(of value: some Encodable) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  do {
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  } catch let EncodingError.invalidValue(_, context) {
    return "\(type(of: value)) (no JSON form: \(context.debugDescription))"
  } catch {
    return "\(type(of: value)) (no JSON form: \(error))"
  }
}
