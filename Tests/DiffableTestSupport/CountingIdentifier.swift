import Foundation

/// An identifier that counts the `hash(into:)` and `==` calls made on it, so
/// that tests can prove complexity by counting operations, not time.
///
/// Every identifier reports to the ``Counter`` it was made by, and its copies
/// share that counter, so a test counts only its own identifiers, even while
/// other tests run in parallel. Counting is safe from any thread; calls made on
/// the main thread (where the main actor runs) are also counted apart.
///
///     let counter = CountingIdentifier.Counter()
///     let items = counter.identifiers(0..<3)
///     let cost = counter.measure { _ = Set(items) }
///     // cost.hashes == 3
public struct CountingIdentifier: Hashable, Sendable, CustomStringConvertible {
  public var value: Int
  /// The counter this identifier's calls are counted by.
  public let counter: Counter

  public init(_ value: Int, counter: Counter) {
    self.value = value
    self.counter = counter
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.counter.count(\.equalities)
    return lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    counter.count(\.hashes)
    hasher.combine(value)
  }

  public var description: String { "#\(value)" }
}

extension CountingIdentifier {
  /// Numbers of `hash(into:)` and `==` calls.
  public struct Counts: Equatable, Sendable {
    public var hashes = 0
    public var equalities = 0

    public init(hashes: Int = 0, equalities: Int = 0) {
      self.hashes = hashes
      self.equalities = equalities
    }

    /// Hashes and equality checks together.
    public var total: Int { hashes + equalities }

    public static func - (lhs: Self, rhs: Self) -> Self {
      Counts(hashes: lhs.hashes - rhs.hashes, equalities: lhs.equalities - rhs.equalities)
    }
  }

  /// Counts the calls made on the identifiers it makes; safe from any thread.
  public final class Counter: Sendable {
    private let all = Shared(Counts())
    private let onMainThread = Shared(Counts())

    public init() {}

    /// The identifier `value`, counted by this counter.
    public func identifier(_ value: Int) -> CountingIdentifier {
      CountingIdentifier(value, counter: self)
    }

    /// The identifiers of `values`, counted by this counter.
    public func identifiers(_ values: Range<Int>) -> [CountingIdentifier] {
      values.map(identifier)
    }

    /// Every call counted so far, on any thread.
    public var counts: Counts { all.current }

    /// The calls counted so far on the main thread.
    public var mainThreadCounts: Counts { onMainThread.current }

    /// The calls `body` makes, on any thread, while it runs.
    public func measure(_ body: () throws -> Void) rethrows -> Counts {
      let before = counts
      try body()
      return counts - before
    }

    /// The calls `body` makes, on any thread, while it runs.
    public func measureAsync(_ body: () async throws -> Void) async rethrows -> Counts {
      let before = counts
      try await body()
      return counts - before
    }

    fileprivate func count(_ kind: WritableKeyPath<Counts, Int>) {
      all.withLock { $0[keyPath: kind] += 1 }
      if Thread.isMainThread { onMainThread.withLock { $0[keyPath: kind] += 1 } }
    }
  }
}
