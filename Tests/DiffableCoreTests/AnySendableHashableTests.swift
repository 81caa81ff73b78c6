import DiffableCore
import DiffableTestSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("AnySendableHashable")
struct AnySendableHashableTests {
  struct Dish: Hashable, Sendable { var name: String }
  struct Brand: Hashable, Sendable { var name: String }

  @Test("equal when the wrapped values are equal and of the same type")
  func equality() {
    #expect(AnySendableHashable(42) == AnySendableHashable(42))
    #expect(AnySendableHashable(42) != AnySendableHashable(43))
    #expect(AnySendableHashable(42) != AnySendableHashable("42"))
    #expect(AnySendableHashable(Dish(name: "Soup")) != AnySendableHashable(Brand(name: "Soup")))
    #expect(AnySendableHashable(42).hashValue == AnySendableHashable(42).hashValue)
    #expect(AnySendableHashable(42).anyHashable == AnyHashable(42))
  }

  @Test("compares as AnyHashable: numbers of different types with the same value are equal")
  func numericEquality() {
    #expect(AnySendableHashable(42 as Int) == AnySendableHashable(42 as UInt8))
    #expect(
      AnySendableHashable(42 as Int).hashValue == AnySendableHashable(42 as UInt8).hashValue)
    #expect(AnySendableHashable(42 as Int) == AnySendableHashable(42.0 as Double))
    #expect(AnySendableHashable(-1 as Int8) == AnySendableHashable(-1 as Int))
    #expect(AnySendableHashable(255 as UInt8) != AnySendableHashable(-1 as Int8))
    #expect(AnySendableHashable(42.5 as Double) != AnySendableHashable(42 as Int))
    // Each keeps its own type.
    #expect(AnySendableHashable(42 as UInt8).base as? UInt8 == 42)
    #expect(AnySendableHashable(42 as UInt8).base as? Int == nil)
    // Values of other types are equal only within one type.
    #expect(AnySendableHashable("a" as String) != AnySendableHashable("a" as Substring))
    // Every case agrees with AnyHashable.
    #expect(AnySendableHashable(42 as Int).anyHashable == AnyHashable(42 as UInt8))
  }

  @Test("an optional that holds a value is that value")
  func optionals() {
    #expect(AnySendableHashable(Optional(42)) == AnySendableHashable(42))
    #expect(AnySendableHashable(Optional(42)).base as? Int == 42)
    #expect(AnySendableHashable(Int?.none) != AnySendableHashable(String?.none))
    #expect(AnySendableHashable(Int?.none) == AnySendableHashable(Int?.none))
  }

  @Test("in a snapshot, 42 as Int and 42 as UInt8 are one identifier")
  func numericIdentifiersInASnapshot() {
    var snapshot = DiffableDataSourceSnapshot<Int, AnySendableHashable>()
    snapshot.appendSections([0])
    snapshot.appendItems([AnySendableHashable(42 as Int), AnySendableHashable("42")])
    #expect(snapshot.indexOfItem(AnySendableHashable(42 as UInt8)) == 0)
    #expect(snapshot.itemIdentifiers.first?.base as? Int == 42)
  }

  @Test("the wrapped value comes back; wrapping twice changes nothing")
  func base() {
    let dish = AnySendableHashable(Dish(name: "Soup"))
    #expect(dish.base as? Dish == Dish(name: "Soup"))
    #expect(dish.base as? Brand == nil)
    let twice = AnySendableHashable(dish)
    #expect(twice == dish)
    #expect(twice.base as? Dish == Dish(name: "Soup"))
  }

  @Test("descriptions show the wrapped value")
  func descriptions() {
    #expect(String(describing: AnySendableHashable("pear")) == "pear")
    #expect(String(reflecting: AnySendableHashable("pear")) == #"AnySendableHashable("pear")"#)
  }

  @Test("mixed kinds of items share one snapshot, and the diff tells them apart")
  func mixedSnapshot() {
    var old = DiffableDataSourceSnapshot<Int, AnySendableHashable>()
    old.appendSections([0])
    old.appendItems([
      AnySendableHashable(Dish(name: "Soup")), AnySendableHashable(Brand(name: "Soup")),
    ])
    var new = old
    new.deleteItems([AnySendableHashable(Brand(name: "Soup"))])
    #expect(new.itemIdentifiers == [AnySendableHashable(Dish(name: "Soup"))])
    let update = BatchUpdate(from: old, to: new)
    #expect(update.itemDeletes == [IndexPath(item: 1, section: 0)])
    #expect(update.itemInserts.isEmpty)
  }

  @Test("a misuse names the wrapped identifier")
  func misuseMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var snapshot = DiffableDataSourceSnapshot<Int, AnySendableHashable>()
      snapshot.appendSections([0])
      snapshot.appendItems([AnySendableHashable("pear"), AnySendableHashable("pear")])
      // Stops at the call in debug builds, at the first read that needs the
      // item index otherwise (a count of one call's items does not).
      _ = snapshot.itemIdentifiers
    }
    expectMessage(result, #"AnySendableHashable("pear")"#)
  }
}
