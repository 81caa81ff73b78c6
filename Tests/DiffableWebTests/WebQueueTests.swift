import DiffableCore
import Testing

@testable import DiffableWeb

/// The queue of a connection's mailbox and outbox: order, its one taker,
/// finishing, and letting go of what was taken.
@Suite("Web connection queue")
struct WebQueueTests {
  /// An element whose release a test can see.
  final class Element: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
  }

  /// Takes what is there now, never waiting: the element, `nil` once the
  /// queue is finished and empty; records an issue if the taker would
  /// have to wait.
  static func takeNow<Taken: Sendable>(
    _ queue: _Locked<_WebQueue<Taken>>, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Taken? {
    await withCheckedContinuation { taker in
      switch queue.withLock({ $0.take(for: taker) }) {
      case .some(let taken): taker.resume(returning: taken)
      case .none:
        Issue.record("the taker waits", sourceLocation: sourceLocation)
        queue.withLock { $0.finish() }?.resume(returning: nil)
      }
    }
  }

  @Test("elements come out in the order they went in, across the queue emptying")
  func order() async {
    let queue = _Locked(_WebQueue<Int>())
    for number in 0..<3 { #expect(queue.withLock { $0.append(number) } == nil) }
    #expect(await Self.takeNow(queue) == 0)
    #expect(queue.withLock { $0.append(3) } == nil)
    #expect(Array(queue.withLock { $0.waiting }) == [1, 2, 3])
    for number in 1...3 { #expect(await Self.takeNow(queue) == number) }
    // Emptied: the next ones start over.
    #expect(queue.withLock { $0.waiting }.isEmpty)
    for number in 4...5 { #expect(queue.withLock { $0.append(number) } == nil) }
    #expect(await Self.takeNow(queue) == 4)
    #expect(await Self.takeNow(queue) == 5)
  }

  @Test("the taken elements are let go once every one is taken")
  func takenElementsAreLetGo() async {
    let queue = _Locked(_WebQueue<Element>())
    weak var first: Element?
    weak var second: Element?
    do {
      let one = Element(1)
      let two = Element(2)
      first = one
      second = two
      for element in [one, two] { #expect(queue.withLock { $0.append(element) } == nil) }
    }
    #expect(queue.withLock { $0.waiting.map(\.number) } == [1, 2])
    #expect(await Self.takeNow(queue)?.number == 1)
    #expect(await Self.takeNow(queue)?.number == 2)
    #expect(first == nil && second == nil, "the emptied queue holds no element")
  }

  @Test("a queue that is never empty lets go of what was taken, in bounded numbers")
  func aBusyQueueLetsGo() async {
    let queue = _Locked(_WebQueue<Element>())
    let threshold = _WebQueue<Element>.compactionThreshold
    var released: [() -> Bool] = []
    _ = queue.withLock { $0.append(Element(0)) }
    // One waiting at every moment: the queue never empties.
    for number in 1...(threshold * 4) {
      do {
        let element = Element(number)
        weak var watched = element
        released.append { watched == nil }
        _ = queue.withLock { $0.append(element) }
      }
      #expect(await Self.takeNow(queue)?.number == number - 1)
    }
    #expect(queue.withLock { $0.waiting.map(\.number) } == [threshold * 4])
    let held = released.dropLast().filter { !$0() }.count
    #expect(held < threshold, "\(held) taken elements still held")
    #expect(released.prefix(threshold * 2).allSatisfy { $0() }, "the early ones are let go")
  }

  /// A task that takes from `queue`, and returns once it waits there as
  /// its taker (or took an element at once): the task's value is what it
  /// took.
  static func waitingTaker(_ queue: _Locked<_WebQueue<Int>>) async -> Task<Int?, Never> {
    let (registered, registration) = AsyncStream<Void>.makeStream()
    let taking = Task {
      await withCheckedContinuation { taker in
        if let now = queue.withLock({ $0.take(for: taker) }) { taker.resume(returning: now) }
        registration.finish()
      }
    }
    for await _ in registered {}
    return taking
  }

  @Test("a waiting taker gets the next element, or nil when the queue finishes")
  func aWaitingTaker() async {
    let queue = _Locked(_WebQueue<Int>())
    let taking = await Self.waitingTaker(queue)
    #expect(queue.withLock { $0.isTakerWaiting })
    let taker = queue.withLock { $0.append(7) }
    #expect(taker != nil, "handed to the taker, not queued")
    #expect(queue.withLock { $0.waiting }.isEmpty)
    taker?.resume(returning: 7)
    #expect(await taking.value == 7)

    let waiting = await Self.waitingTaker(queue)
    #expect(queue.withLock { $0.isTakerWaiting })
    queue.withLock { $0.finish() }?.resume(returning: nil)
    #expect(await waiting.value == nil)
  }

  @Test("a finished queue gives what it holds, then nil")
  func finishing() async {
    let queue = _Locked(_WebQueue<Int>())
    for number in 0..<2 { _ = queue.withLock { $0.append(number) } }
    #expect(queue.withLock { $0.finish() } == nil, "no taker waits")
    #expect(queue.withLock { $0.isFinished })
    #expect(await Self.takeNow(queue) == 0)
    #expect(await Self.takeNow(queue) == 1)
    #expect(await Self.takeNow(queue) == nil)
  }

  @Test("removing every element leaves the queue empty and its taker free")
  func removingAll() async {
    let queue = _Locked(_WebQueue<Int>())
    for number in 0..<3 { _ = queue.withLock { $0.append(number) } }
    #expect(await Self.takeNow(queue) == 0)
    queue.withLock { $0.removeAll() }
    #expect(queue.withLock { $0.waiting }.isEmpty)
    _ = queue.withLock { $0.append(9) }
    #expect(await Self.takeNow(queue) == 9)
  }
}
