import Diffable

/// A string as a JSON string literal: quoted, with quotes, backslashes and
/// control characters escaped, as the batch's operation lines name
/// identifiers (`BatchUpdate.quotedName(_:)`).
func jsonQuoted(_ text: String) -> String {
  BatchUpdate.quotedName(text)
}
