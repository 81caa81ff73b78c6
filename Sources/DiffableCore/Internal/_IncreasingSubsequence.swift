// Longest increasing subsequences: the items (or sections) that keep their
// place, so that everything else is expressed with as few moves as possible.

/// Marks one longest strictly increasing subsequence of `values`, which must
/// be distinct: `result[i]` is true if `values[i]` belongs to it.
///
/// Patience sorting: `tails[l]` is the index of the smallest value that ends
/// an increasing subsequence of length `l + 1`; each value either extends the
/// longest one (the common case when little moved, O(1)) or replaces the first
/// tail that is not smaller (binary search). Predecessor links rebuild one
/// longest subsequence at the end.
///
/// - Complexity: O(*m* log *m*) for *m* values, O(*m*) if they are already
///   increasing.
@inlinable
internal func _longestIncreasingSubsequence(_ values: [Int32]) -> [Bool] {
  let count = values.count
  guard count > 0 else { return [] }
  return [Bool](unsafeUninitializedCapacity: count) { keep, initialized in
    keep.initialize(repeating: false)
    initialized = count
    values.withUnsafeBufferPointer { values in
      // 32-bit scratch halves the memory the search walks through; the diff
      // already keeps item indices as Int32.
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * count) { scratch in
        // tails: scratch[0..<length]; predecessors: scratch[count...].
        var length = 0
        var top = Int32.min  // values[tails[length - 1]], the longest run's end
        for i in 0..<count {
          let value = values[i]
          var low = length
          if value <= top {
            // Binary search for the first tail whose value is >= value.
            low = 0
            var high = length - 1
            while low < high {
              let mid = (low + high) &>> 1
              if values[Int(scratch[mid])] < value { low = mid &+ 1 } else { high = mid }
            }
            if low == length - 1 { top = value }
          } else {
            length += 1
            top = value
          }
          scratch[count + i] = low > 0 ? scratch[low - 1] : -1
          scratch[low] = Int32(truncatingIfNeeded: i)
        }
        var i = Int(scratch[length - 1])
        while i >= 0 {
          keep[i] = true
          i = Int(scratch[count + i])
        }
      }
    }
  }
}

/// Marks one increasing subsequence of `values` with the greatest total
/// weight. `values` must be distinct integers in `0..<domain`.
///
/// A Fenwick tree over the value domain answers "the heaviest subsequence
/// ending below *v*" in O(log *d*).
///
/// - Complexity: O(*m* log *d*) for *m* values in a domain of size *d*.
@inlinable
internal func _heaviestIncreasingSubsequence(
  _ values: [Int], weights: [Int], domain: Int
) -> [Bool] {
  let count = values.count
  var keep = [Bool](repeating: false, count: count)
  guard count > 0 else { return keep }
  // tree[v] holds (weight, index) maxima over ranges of values, 1-based.
  var treeWeight = [Int](repeating: 0, count: domain + 1)
  var treeIndex = [Int](repeating: -1, count: domain + 1)
  var predecessor = [Int](repeating: -1, count: count)
  var bestWeight = -1
  var bestIndex = -1
  for i in 0..<count {
    // Query the maximum over values < values[i], i.e. tree positions 1...values[i].
    var position = values[i]
    var previousWeight = 0
    var previousIndex = -1
    while position > 0 {
      if treeWeight[position] > previousWeight {
        previousWeight = treeWeight[position]
        previousIndex = treeIndex[position]
      }
      position &= position - 1
    }
    let weight = previousWeight + weights[i]
    predecessor[i] = previousIndex
    if weight > bestWeight {
      bestWeight = weight
      bestIndex = i
    }
    position = values[i] + 1
    while position <= domain {
      if weight > treeWeight[position] {
        treeWeight[position] = weight
        treeIndex[position] = i
      }
      position += position & -position
    }
  }
  var i = bestIndex
  while i >= 0 {
    keep[i] = true
    i = predecessor[i]
  }
  return keep
}
