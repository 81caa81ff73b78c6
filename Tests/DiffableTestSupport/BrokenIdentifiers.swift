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
