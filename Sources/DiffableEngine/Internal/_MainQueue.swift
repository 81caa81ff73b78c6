#if canImport(Dispatch)
  import Dispatch
#endif

/// Whether the caller runs on the main queue, where the main actor runs:
/// without stopping when it does not, as `MainActor.assumeIsolated` would.
///
/// The main queue carries a marker, set once; `DispatchQueue.getSpecific`
/// finds it on the main queue and on queues that target it. Where there is
/// no Dispatch, the answer is always no, and every apply is queued.
@usableFromInline
enum _MainQueue {
  #if canImport(Dispatch)
    /// The marker, put on the main queue when first read.
    private static let marker: DispatchSpecificKey<Bool> = {
      let marker = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: marker, value: true)
      return marker
    }()
  #endif

  /// Whether the caller runs on the main queue.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  static var isCurrent: Bool {
    #if canImport(Dispatch)
      DispatchQueue.getSpecific(key: marker) == true
    #else
      false
    #endif
  }
}
