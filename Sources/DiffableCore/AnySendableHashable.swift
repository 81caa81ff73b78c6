/// A type-erased identifier that is both `Hashable` and `Sendable`: what
/// `AnyHashable` is to UIKit's snapshots of mixed item kinds.
///
/// Snapshots are `Sendable`, so that they can be diffed off the main actor,
/// and so are their identifiers. `AnyHashable` is not (it may hold anything),
/// so a snapshot of several kinds of items wraps them in this type instead:
///
///     struct Dish: Hashable, Sendable { var name: String }
///     struct Brand: Hashable, Sendable { var name: String }
///
///     var snapshot = DiffableDataSourceSnapshot<Int, AnySendableHashable>()
///     snapshot.appendSections([0])
///     snapshot.appendItems([AnySendableHashable(Dish(name: "Soup")),
///                           AnySendableHashable(Brand(name: "Starlite"))])
///
/// Two values are equal when they hold equal values of the same type, as
/// with `AnyHashable`; the hash is the wrapped value's.
///
///     AnySendableHashable(42) == AnySendableHashable(42)    // true
///     AnySendableHashable(42) == AnySendableHashable("42")  // false
///     AnySendableHashable(42).base as? Int                  // 42
public struct AnySendableHashable: Hashable, @unchecked Sendable {
  // Sound: the only initializer takes a `Sendable` value, and the box is
  // never mutated.
  private let box: AnyHashable

  /// Wraps a value.
  ///
  /// Wrapping a value that is itself an `AnySendableHashable` returns it
  /// unchanged, so wrapping twice never changes equality.
  ///
  /// - Complexity: O(1).
  public init<Value: Hashable & Sendable>(_ value: Value) {
    if let wrapped = value as? AnySendableHashable {
      self = wrapped
    } else {
      box = AnyHashable(value)
    }
  }

  /// The wrapped value.
  ///
  /// - Complexity: O(1).
  public var base: any Hashable & Sendable {
    // Only `Sendable` values are ever wrapped.
    box.base as! any Hashable & Sendable
  }

  /// The wrapped value as an `AnyHashable`, for APIs that take one.
  ///
  /// - Complexity: O(1).
  public var anyHashable: AnyHashable { box }
}

extension AnySendableHashable: CustomStringConvertible, CustomDebugStringConvertible {
  /// The wrapped value's description, so that messages naming identifiers
  /// show the value and not the wrapper.
  ///
  /// - Complexity: The wrapped value's `description`.
  public var description: String { String(describing: box.base) }

  /// The wrapped value's debug description, prefixed with the wrapper's
  /// name.
  ///
  /// - Complexity: The wrapped value's `debugDescription`.
  public var debugDescription: String {
    "AnySendableHashable(" + String(reflecting: box.base) + ")"
  }
}
