#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension BatchUpdate.Move: CustomStringConvertible {
  /// The move as ``BatchUpdate``'s description writes it: `2 -> 0` for a
  /// section, `[0, 1] -> [1, 0]` for an item, so that
  /// `print(update.itemMoves)` shows `[[0, 1] -> [1, 0]]`.
  ///
  /// - Complexity: O(1).
  public var description: String {
    func text(_ index: Index) -> String {
      (index as? IndexPath)?.bracketedDescription ?? String(describing: index)
    }
    return text(from) + " -> " + text(to)
  }
}
