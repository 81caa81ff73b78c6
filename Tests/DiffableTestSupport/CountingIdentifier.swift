/// Counts the `hash(into:)` and `==` calls made on identifiers of this type,
/// so that tests can prove complexity by counting operations, not time.
///
/// Counters are global and unsynchronized: only the serialized complexity
/// suite uses this type, and reads them with ``CountingIdentifier/measure(_:)``.
public struct CountingIdentifier: Hashable, Sendable, CustomStringConvertible {
  public var value: Int

  public init(_ value: Int) { self.value = value }

  nonisolated(unsafe) private static var hashes = 0
  nonisolated(unsafe) private static var equalities = 0

  public static func == (lhs: Self, rhs: Self) -> Bool {
    equalities += 1
    return lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    Self.hashes += 1
    hasher.combine(value)
  }

  public var description: String { "#\(value)" }

  /// The number of hashes and equality checks `body` performs.
  public static func measure(_ body: () -> Void) -> (hashes: Int, equalities: Int) {
    let (h, e) = (hashes, equalities)
    body()
    return (hashes - h, equalities - e)
  }
}

/// Broken identifier types, to check that misuse is diagnosed.
public struct IrreflexiveIdentifier: Hashable, Sendable {
  public var value: Int
  public init(_ value: Int) { self.value = value }
  public static func == (lhs: Self, rhs: Self) -> Bool { false }
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Equal when `value`s are equal, but hashes `salt` too: equal identifiers may
/// hash differently.
public struct InconsistentHashIdentifier: Hashable, Sendable {
  public var value: Int
  public var salt: Int
  public init(_ value: Int, salt: Int) {
    self.value = value
    self.salt = salt
  }
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    hasher.combine(salt)
  }
}
