import DiffableCore
import DiffableEngine

/// The frames queued for one connection, in order, and how many bytes of
/// them the page has not been sent yet.
///
/// The session pushes frames on its actor; one writer task takes them
/// with ``next()`` and reports each one written with ``didWrite(_:)``. A
/// frame counts as waiting from its push until it is written, so a writer
/// stuck on a page that stops reading keeps its frame counted: the bytes
/// waiting are what the connection holds in memory.
final class _WebOutbox: Sendable {
  private struct State {
    /// The frames not taken by the writer, and the writer while it waits
    /// for one. Once it is finished, no frame is pushed any more, and the
    /// writer takes those already pushed, then `nil`.
    var frames = _WebQueue<String>()
    /// The UTF-8 bytes of the frames pushed and not yet written.
    var waitingBytes = 0
    /// Whether the writer took a frame and has not reported it written.
    var isWriting = false
    /// How the writer closes the transport once it is done.
    var close: (code: WebCloseCode, reason: String)?
    /// Whether the connection was given up without waiting for its page.
    var isAbandoned = false
    /// Whether the writer closed the transport.
    var isClosed = false
    /// The tasks waiting for ``closed()``.
    var waiters = _Waiters<Awaited, Bool>()
  }

  /// What a waiting task waits for.
  private enum Awaited {
    case closed
  }

  private let state = _Locked(State())
  /// Told once, when the connection is given up while its transport is
  /// open: a write stuck on a page that does not read is to be stopped.
  private let onAbandoned: (@Sendable () -> Void)?

  /// An outbox that tells `onAbandoned` when ``abandon()`` gives the
  /// connection up while its transport is open (the first time only).
  init(onAbandoned: (@Sendable () -> Void)? = nil) {
    self.onAbandoned = onAbandoned
  }

  /// The UTF-8 bytes of the frames pushed and not yet written.
  var waitingBytes: Int { state.withLock { $0.waitingBytes } }

  /// Queues `frame` unless the bytes waiting would then exceed `limit`;
  /// returns whether it did. A finished outbox takes nothing and returns
  /// `true`: the connection is over, and nothing needs catching up.
  func push(_ frame: String, limit: Int = .max) -> Bool {
    let size = frame.utf8.count
    let (accepted, writer) = state.withLock { state -> (Bool, _WebQueue<String>.Taker?) in
      if state.frames.isFinished { return (true, nil) }
      guard state.waitingBytes <= limit - size else { return (false, nil) }
      state.waitingBytes += size
      let writer = state.frames.append(frame)
      if writer != nil { state.isWriting = true }
      return (true, writer)
    }
    writer?.resume(returning: frame)
    return accepted
  }

  /// Drops every frame the writer has not taken; the one it is writing, if
  /// any, still goes out.
  func dropWaiting() {
    state.withLock { state in
      for frame in state.frames.waiting { state.waitingBytes -= frame.utf8.count }
      state.frames.removeAll()
    }
  }

  /// The next frame to write, once there is one; `nil` once the outbox is
  /// finished and every frame pushed before has been taken.
  func next() async -> String? {
    await withCheckedContinuation { continuation in
      let frame = state.withLock { state in
        let frame = state.frames.take(for: continuation)
        if case .some(.some) = frame { state.isWriting = true }
        return frame
      }
      if let frame { continuation.resume(returning: frame) }
    }
  }

  /// How the writer closes the transport once the outbox is finished: the
  /// first close set, or a normal close.
  var close: (code: WebCloseCode, reason: String) {
    state.withLock { $0.close } ?? (.normal, "the connection ended")
  }

  /// Sets how the writer closes the transport, unless a close was set
  /// before: the first reason to close is the one the page is told.
  func setClose(_ code: WebCloseCode, reason: String) {
    state.withLock { state in
      if state.close == nil { state.close = (code, reason) }
    }
  }

  /// The writer wrote `frame`.
  func didWrite(_ frame: String) {
    let size = frame.utf8.count
    state.withLock {
      $0.waitingBytes -= size
      $0.isWriting = false
    }
  }

  /// Whether the writer is writing a frame: it took one and has not
  /// reported it written.
  var isWriting: Bool { state.withLock { $0.isWriting } }

  /// Returns once the writer has closed the transport, or the calling
  /// task is cancelled.
  func closed() async {
    _ = await wait(for: .closed)
  }

  /// Gives the connection up without waiting for its page: a write stuck
  /// on a page that does not read is to stop. Tells the outbox's
  /// `onAbandoned` the first time, if the transport is open.
  func abandon() {
    let first = state.withLock { state in
      defer { state.isAbandoned = true }
      return !state.isAbandoned && !state.isClosed
    }
    if first { onAbandoned?() }
  }

  /// The writer closed the transport.
  func didClose() {
    resume { $0.isClosed = true }
  }

  /// What a waiter for `awaited` returns in `state`, if it is done.
  private static func outcome(in state: State, of awaited: Awaited) -> Bool? {
    state.isClosed ? true : nil
  }

  private func wait(for awaited: Awaited) async -> Bool {
    await state.wait(\.waiters, for: awaited, outcome: Self.outcome) ?? false
  }

  /// Changes the state, then resumes the waiters that are done.
  private func resume(after change: (inout State) -> Void) {
    state.resumeWaiters(\.waiters, after: change, outcome: Self.outcome)
  }

  /// Takes no more frames; the writer gets those already pushed, then
  /// `nil`.
  func finish() {
    let writer = state.withLock { $0.frames.finish() }
    writer?.resume(returning: nil)
  }
}
