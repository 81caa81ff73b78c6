import DiffableCore

/// A first-in, first-out queue with one taker, which waits for an element
/// while there is none: the events of a connection's ``_WebMailbox`` and
/// the frames of its ``_WebOutbox``.
///
/// A plain value, kept inside the state a ``_Locked`` guards, so that its
/// owner changes the queue and its own counts under one lock. The queue
/// never resumes its taker: a method that hands the taker back leaves it
/// to the caller, to resume once the lock is released.
struct _WebQueue<Element> {
  /// The taker: resumed with the next element, or with `nil` once the
  /// queue is finished and every element appended before was taken.
  typealias Taker = CheckedContinuation<Element?, Never>

  /// The elements appended and not taken: `elements[head...]`. Taking one
  /// moves `head` on rather than shifting the rest; once every one is
  /// taken, the array is emptied, keeping its storage, and `head` is 0
  /// again. A queue that is never quite empty (a busy connection's) drops
  /// the taken ones once they are at least ``compactionThreshold`` and at
  /// least as many as those waiting: it holds on to a bounded number of
  /// taken elements, each taking amortized O(1).
  private var elements: [Element] = []
  private var head = 0
  /// The taker, while it waits for an element.
  private var taker: Taker?
  /// Whether the queue takes no more elements.
  private(set) var isFinished = false

  /// How many taken elements a queue that is not empty may hold before it
  /// drops them.
  static var compactionThreshold: Int { 32 }

  init() {}

  /// The elements not taken, the first first.
  var waiting: ArraySlice<Element> { elements[head...] }

  /// Whether the taker waits for an element.
  var isTakerWaiting: Bool { taker != nil }

  /// Appends `element`, or, if the taker waits, returns the taker instead,
  /// to be resumed with `element`.
  ///
  /// - Precondition: The queue is not finished.
  mutating func append(_ element: Element) -> Taker? {
    precondition(!isFinished, "_WebQueue.append(_:): the queue is finished")
    if let taker {
      self.taker = nil
      return taker
    }
    elements.append(element)
    return nil
  }

  /// What `taker` takes now, to be resumed with: the first element, or
  /// `nil` once the queue is finished and empty. While the queue is empty
  /// and not finished, returns `.none` and keeps `taker`, which the next
  /// ``append(_:)`` or ``finish()`` hands back.
  ///
  /// - Precondition: No other taker waits.
  mutating func take(for taker: Taker) -> Element?? {
    precondition(self.taker == nil, "_WebQueue.take(for:): one taker only")
    guard head < elements.count else {
      if isFinished { return .some(nil) }
      self.taker = taker
      return .none
    }
    let element = elements[head]
    head += 1
    if head == elements.count {
      removeAll(keepingCapacity: true)
    } else if head >= Self.compactionThreshold, head * 2 >= elements.count {
      elements.removeFirst(head)
      head = 0
    }
    return .some(element)
  }

  /// Drops every element not taken.
  mutating func removeAll(keepingCapacity: Bool = false) {
    elements.removeAll(keepingCapacity: keepingCapacity)
    head = 0
  }

  /// Takes no more elements; returns the taker, if it waits, to be
  /// resumed with `nil`.
  mutating func finish() -> Taker? {
    isFinished = true
    defer { taker = nil }
    return taker
  }
}
