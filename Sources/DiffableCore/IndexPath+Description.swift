#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension IndexPath {
  /// The index path as swift-diffable writes it everywhere: its indices in
  /// brackets, separated by commas, as in the JSON form of a batch update.
  ///
  /// Messages about misuse, the lines that describe a batch update and
  /// ``BatchUpdate``'s own description all use it, so an index path reads the
  /// same wherever it is printed:
  ///
  /// ```swift
  /// IndexPath(item: 2, section: 0).bracketedDescription
  /// // "[0, 2]"
  /// IndexPath(index: 1).bracketedDescription
  /// // "[1]"
  /// ```
  ///
  /// An index path of any length is written whole, so that a malformed one
  /// shows as it is.
  ///
  /// - Complexity: O(*n*), where *n* is the number of indices.
  public var bracketedDescription: String {
    var text = "["
    for (position, index) in self.enumerated() {
      if position > 0 { text += ", " }
      text += String(index)
    }
    return text + "]"
  }
}
