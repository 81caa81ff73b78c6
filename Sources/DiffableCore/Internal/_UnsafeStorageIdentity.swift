/// Whether two arrays share their storage (one is a copy of the other, and
/// neither changed since), so that they are equal without comparing their
/// elements. No pointer leaves this function.
///
/// - Complexity: O(1).
@inlinable
func _unsafeSharesStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
  guard a.count == b.count else { return false }
  if a.isEmpty { return true }
  return a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
  }
}
