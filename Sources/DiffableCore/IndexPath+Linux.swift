#if canImport(FoundationEssentials)
  public import FoundationEssentials
  // The index paths the API speaks in come with the module (and with
  // `import Diffable`), as they come with UIKit.
  @_exported public import struct FoundationEssentials.IndexPath
#else
  public import Foundation
  @_exported public import struct Foundation.IndexPath
#endif

// Apple's UIKit and AppKit give `IndexPath` the `section` and `item`
// accessors that every list view speaks in. Foundation on other platforms does
// not, so swift-diffable provides them there, with the same names and meaning.
#if !canImport(Darwin)
  extension IndexPath {
    /// Creates an index path for an item in a section of a list view.
    ///
    /// - Complexity: O(1). (Appending to a one-element path stores both
    ///   indices inline; `init(indexes:)` would allocate its array argument.)
    @inlinable
    public init(item: Int, section: Int) {
      self.init(index: section)
      append(item)
    }

    /// The section of a two-element index path (its first element).
    @inlinable
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }

    /// The item of a two-element index path (its second element).
    @inlinable
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }
  }
#endif
