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
    }
    expectMessage(result, #"AnySendableHashable("pear")"#)
  }
}
