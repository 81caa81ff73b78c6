import DiffableCore

/// What comes to the loop that serves a connection (``WebSession/serve(_:isolation:)``)
/// from the tasks beside it: every change to the session's state happens
/// in that loop, on the session owner's actor, in the order the events
/// came.
enum _WebConnectionEvent: Sendable {
  /// A frame from the page; its reader waits for `taken` before it reads
  /// the next one (`true` once the frame was handled, `false` when the
  /// connection was over before it was), so that a page that sends faster
  /// than the session reads is held by its socket, not by memory.
  case frame(String, taken: CheckedContinuation<Bool, Never>)
  /// The page's frames ended (it closed, or the transport failed, or the
  /// reader was cancelled).
  case incomingEnded
  /// The writer closed the transport.
  case writerEnded
  /// The outbox was given up (`true`) or closed (`false`).
  case outboxSettled(abandoned: Bool)
  /// The silence timer woke.
  case silenceWoke
  /// The timer `number` of the list `list` woke.
  case listTimer(list: String, number: Int)
  /// The diff of the merged batch `round` of the list `list` is done.
  case listDiffed(list: String, round: Int, diff: any Sendable)
  /// Too many bytes waited for the page: catch it up with reloads.
  case catchUp
}

/// The events of one connection, in the order they were posted, for the
/// one loop that takes them.
///
/// Posting never waits (a task off the session's actor hands an event
/// over and goes on); taking waits for an event. Unlike an `AsyncStream`,
/// taking does not end when the taking task is cancelled: the loop keeps
/// taking until the connection's tasks have all ended, and then closes
/// the mailbox.
final class _WebMailbox: Sendable {
  private struct State {
    var events: [_WebConnectionEvent] = []
    var head = 0
    var taker: CheckedContinuation<_WebConnectionEvent, Never>?
    var isClosed = false
  }

  private let state = _Locked(State())

  /// Posts `event`; returns `false`, dropping it, once the mailbox is
  /// closed.
  @discardableResult
  func post(_ event: _WebConnectionEvent) -> Bool {
    let taker = state.withLock { state -> CheckedContinuation<_WebConnectionEvent, Never>?? in
      if state.isClosed { return .none }
      if let taker = state.taker {
        state.taker = nil
        return .some(taker)
      }
      state.events.append(event)
      return .some(nil)
    }
    switch taker {
    case .none: return false
    case .some(let taker):
      taker?.resume(returning: event)
      return true
    }
  }

  /// The next event, once there is one.
  ///
  /// - Precondition: One task takes from the mailbox, and only until it
  ///   closes it.
  func next() async -> _WebConnectionEvent {
    await withCheckedContinuation { continuation in
      let event = state.withLock { state -> _WebConnectionEvent? in
        precondition(!state.isClosed && state.taker == nil, "_WebMailbox.next(): one taker only")
        guard state.head < state.events.count else {
          state.taker = continuation
          return nil
        }
        let event = state.events[state.head]
        state.head += 1
        if state.head == state.events.count {
          state.events.removeAll(keepingCapacity: true)
          state.head = 0
        }
        return event
      }
      if let event { continuation.resume(returning: event) }
    }
  }

  /// Closes the mailbox: it takes no more events. Returns those not taken.
  func close() -> [_WebConnectionEvent] {
    state.withLock { state in
      state.isClosed = true
      defer {
        state.events = []
        state.head = 0
      }
      return Array(state.events[state.head...])
    }
  }
}
