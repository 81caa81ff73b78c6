/// A type-erased identifier that is both `Hashable` and `Sendable`: what
/// `AnyHashable` is to a list of mixed item kinds, for snapshots, whose
/// identifiers must be `Sendable` (`AnyHashable` is not, since it may hold
/// anything).
///
/// Two values are equal when they hold equal values of the same type, as
/// with `AnyHashable`.
///
///     let a = AnySendableHashable(42)
///     a == AnySendableHashable(42)    // true
///     a == AnySendableHashable("42")  // false
///     a.base as? Int                  // 42
struct AnySendableHashable: Hashable, @unchecked Sendable {
  // Sound: the initializer accepts only `Sendable` values, and the box is
  // never mutated.
  private let box: AnyHashable

  /// Wraps a value.
  ///
  /// - Complexity: O(1).
  init<Value: Hashable & Sendable>(_ value: Value) {
    box = AnyHashable(value)
  }

  /// The wrapped value.
  var base: any Hashable & Sendable {
    // Only Sendable values are ever wrapped.
    box.base as! any Hashable & Sendable
  }

  /// The wrapped value as an `AnyHashable`.
  var anyHashable: AnyHashable { box }
}
