import DiffableCore

/// What comes to the loop that serves a connection (``WebSession/serve(_:isolation:)``)
/// from the tasks beside it: every change to the session's state happens
/// in that loop, on the session owner's actor, in the order the events
/// came.
enum _WebConnectionEvent: Sendable {
  /// A frame from the page (``_WebMailbox/postFrame(_:)``).
  case frame(String)
  /// The page's frames ended (it closed, or the transport failed, or the
  /// reader was cancelled).
  case incomingEnded
  /// The writer closed the transport.
  case writerEnded
  /// The outbox was given up while its transport was open.
  case abandoned
  /// The silence timer woke.
  case silenceWoke
  /// The timer `number` of the list `list` woke.
  case listTimer(list: String, number: Int)
  /// The diff of the merged batch `round` of the list `list` is done.
  case listDiffed(list: String, round: Int, diff: any Sendable)
  /// Too many bytes waited for the page: catch it up with reloads.
  case catchUp
}

extension _WebConnectionEvent {
  /// Whether the loop acts on the event only while its connection is the
  /// session's: the page's frames, the silence timer, and the lists'
  /// timers and diffs. The ends of the connection's own tasks count
  /// whatever connection is the session's (the loop waits for them), and
  /// a catch-up checks for itself.
  var needsCurrentConnection: Bool {
    switch self {
    case .frame, .silenceWoke, .listTimer, .listDiffed: true
    case .incomingEnded, .writerEnded, .abandoned, .catchUp: false
    }
  }
}

/// The events of one connection, in the order they were posted, for the
/// one loop that takes them.
///
/// Posting never waits (a task off the session's actor hands an event
/// over and goes on), but for the page's frames: their reader waits while
/// ``maximumWaitingFrames`` are not taken, so that a page that sends faster
/// than the session reads is held back by its socket, not by memory.
/// Taking waits for an event. Unlike an `AsyncStream`, taking does not end
/// when the taking task is cancelled: the loop keeps taking until the
/// connection's tasks have all ended, and then closes the mailbox.
final class _WebMailbox: Sendable {
  private struct State {
    /// The events not taken, and the loop while it waits for one. Once it
    /// is finished, the mailbox is closed.
    var events = _WebQueue<_WebConnectionEvent>()
    /// The frames posted and not taken.
    var waitingFrames = 0
    /// The reader, while it waits for room.
    var reader: CheckedContinuation<Bool, Never>?
    /// The tasks waiting for the reader to wait (tests).
    var readerWatchers: [CheckedContinuation<Void, Never>] = []
  }

  /// How many of the page's frames may wait to be taken before their
  /// reader waits: the reader reads ahead of the loop by this many frames
  /// at most (each at most the session's `maximumMessageSize`).
  static let maximumWaitingFrames = 8

  private let state = _Locked(State())

  /// Posts a frame of the page; returns once there is room for the next
  /// one: `true`, or `false` once the mailbox is closed (the frame is
  /// dropped, and the reader stops).
  ///
  /// - Precondition: One task posts frames.
  func postFrame(_ frame: String) async -> Bool {
    switch enqueue(.frame(frame)) {
    case nil: return false
    case false?: return true
    case true?: break
    }
    // Past the bound: the reader waits, unless the loop took a frame since.
    return await withCheckedContinuation { reader in
      let (room, watchers) = state.withLock {
        state -> (Bool?, [CheckedContinuation<Void, Never>]) in
        if state.events.isFinished { return (false, []) }
        guard state.waitingFrames > Self.maximumWaitingFrames else { return (true, []) }
        state.reader = reader
        defer { state.readerWatchers = [] }
        return (nil, state.readerWatchers)
      }
      for watcher in watchers { watcher.resume() }
      if let room { reader.resume(returning: room) }
    }
  }

  /// Whether the reader waits for room (for tests).
  var isReaderWaiting: Bool { state.withLock { $0.reader != nil } }

  /// Returns once the reader waits for room: for tests, which wait on it
  /// rather than poll.
  func readerWaits() async {
    await withCheckedContinuation { watcher in
      let waiting = state.withLock { state in
        if state.reader != nil { return true }
        state.readerWatchers.append(watcher)
        return false
      }
      if waiting { watcher.resume() }
    }
  }

  /// Posts `event`; returns `false`, dropping it, once the mailbox is
  /// closed.
  @discardableResult
  func post(_ event: _WebConnectionEvent) -> Bool {
    enqueue(event) != nil
  }

  /// Posts `event` under one lock: returns `nil` once the mailbox is
  /// closed (the event is dropped), otherwise whether more than
  /// ``maximumWaitingFrames`` frames then wait to be taken.
  private func enqueue(_ event: _WebConnectionEvent) -> Bool? {
    let posted = state.withLock {
      state -> (taker: _WebQueue<_WebConnectionEvent>.Taker?, isFull: Bool)? in
      if state.events.isFinished { return nil }
      if case .frame = event { state.waitingFrames += 1 }
      let taker = state.events.append(event)
      return (taker, state.waitingFrames > Self.maximumWaitingFrames)
    }
    posted?.taker?.resume(returning: event)
    return posted?.isFull
  }

  /// The next event, once there is one.
  ///
  /// - Precondition: One task takes from the mailbox, and only until it
  ///   closes it.
  func next() async -> _WebConnectionEvent {
    let taken = await withCheckedContinuation { continuation in
      let event = state.withLock { state in
        precondition(
          !state.events.isFinished && !state.events.isTakerWaiting,
          "_WebMailbox.next(): one taker only")
        return state.events.take(for: continuation)
      }
      if let event { continuation.resume(returning: event) }
    }
    // The taker closes the mailbox, so never while it waits: the queue,
    // not finished, hands it an event.
    guard let event = taken else { preconditionFailure("_WebMailbox.next(): closed") }
    if case .frame = event {
      let reader = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        state.waitingFrames -= 1
        guard state.waitingFrames <= Self.maximumWaitingFrames else { return nil }
        defer { state.reader = nil }
        return state.reader
      }
      reader?.resume(returning: true)
    }
    return event
  }

  /// Closes the mailbox: it takes no more events, and the reader, if it
  /// waits for room, stops.
  func close() {
    let reader = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      // The taker closes the mailbox: it does not wait.
      _ = state.events.finish()
      state.events.removeAll()
      defer { state.reader = nil }
      return state.reader
    }
    reader?.resume(returning: false)
  }
}
