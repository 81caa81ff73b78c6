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
/// The wrapper compares and hashes as `AnyHashable` does, which it holds.
/// Equal values of the same type are equal, values of unrelated types are
/// not, and `AnyHashable`'s two exceptions apply: numbers of different
/// standard numeric types are equal when their values are (`42 as Int`,
/// `42 as UInt8` and `42.0 as Double`), and an optional that holds a value
/// is equal to the value (it is unwrapped when wrapped, so ``base`` is the
/// value). Equal wrappers have equal hashes.
///
///     AnySendableHashable(42) == AnySendableHashable(42)                  // true
///     AnySendableHashable(42) == AnySendableHashable("42")                // false
///     AnySendableHashable(42 as Int) == AnySendableHashable(42 as UInt8)  // true
///     AnySendableHashable(42 as UInt8).base as? Int                       // nil
///     AnySendableHashable(42).base as? Int                                // 42
///
/// So in a snapshot of `AnySendableHashable` items, `42 as Int` and
/// `42 as UInt8` are one identifier, as they are in a UIKit snapshot of
/// `AnyHashable` items. To keep such values apart, wrap them in types of
/// your own, as `Dish` and `Brand` above.
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
