/// Builds an array from runs of an existing array and a few new elements,
/// with one copy per run: the reference list view's way of rebuilding a
/// section after a batch.
///
/// The view's code is generic and, called through the data source, runs
/// unspecialized: appending slices element by element would cost a witness
/// call per element. Here each run is one `initialize(from:count:)`, a
/// single bulk copy. The pointers never leave this function.
///
/// - Parameters:
///   - count: The number of elements of the result.
///   - source: The array the runs are taken from.
///   - pieces: In order, `(start, length)` for a run of `source`, or
///     `(-1 - index, 1)` for `extras[index]`. The lengths add up to `count`.
///   - extras: The new elements.
/// - Complexity: O(*count*) element copies in O(*p*) bulk operations, where
///   *p* is the number of pieces.
func _unsafeAssemble<Element>(
  count: Int, from source: [Element], pieces: [(start: Int, length: Int)], extras: [Element]
) -> [Element] {
  // An empty result is the shared empty array: initializing it in place
  // would write its count, a write ThreadSanitizer sees racing with every
  // other empty array's reads.
  guard count > 0 else { return [] }
  return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
    guard let destination = buffer.baseAddress else { return }
    // Plain pointers throughout: in unspecialized code, a generic helper
    // (`Optional.map`, an array subscript) costs a metadata lookup per call.
    source.withUnsafeBufferPointer { source in
      extras.withUnsafeBufferPointer { extras in
        var next = 0
        for piece in pieces where piece.length > 0 {
          if piece.start >= 0 {
            precondition(piece.start + piece.length <= source.count && next + piece.length <= count)
            (destination + next).initialize(
              from: source.baseAddress! + piece.start, count: piece.length)
          } else {
            precondition(next < count && -1 - piece.start < extras.count)
            (destination + next).initialize(to: extras[-1 - piece.start])
          }
          next += piece.length
        }
        initialized = next
      }
    }
  }
}
