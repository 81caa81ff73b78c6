#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import WinSDK
#endif

/// A value that any thread may read and change under a lock: the web
/// session's outbox, the tests' manual clock, and the building of a
/// snapshot's item index.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18, and
/// the package supports macOS 13 and iOS 16; this is the same idea on the
/// platform's own lock (a `pthread_mutex_t`, or an `SRWLOCK` on Windows).
///
/// The class is `@unchecked Sendable` because the compiler cannot see the
/// lock: `state` is private and only ever touched inside ``withLock(_:)``,
/// which holds the lock for the whole access, so no two threads see it at
/// once.
@usableFromInline
package final class _Locked<State>: @unchecked Sendable {
  // The platform lock, on the heap so that it never moves. The pointer
  // never leaves this class.
  #if os(Windows)
    private let mutex = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
  #else
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  #endif
  private var state: State

  package init(_ state: State) {
    self.state = state
    #if os(Windows)
      InitializeSRWLock(mutex)
    #else
      mutex.initialize(to: pthread_mutex_t())
      _requireSuccess(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
    #endif
  }

  deinit {
    #if !os(Windows)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state. `body` must not call
  /// `withLock` on the same object (the lock is not recursive).
  @usableFromInline
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    #if os(Windows)
      AcquireSRWLockExclusive(mutex)
      defer { ReleaseSRWLockExclusive(mutex) }
    #else
      _requireSuccess(pthread_mutex_lock(mutex), "pthread_mutex_lock")
      defer { _requireSuccess(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
    #endif
    return try body(&state)
  }
}

#if !os(Windows)
  /// Stops if a call to the platform lock failed: nothing can go on safely.
  private func _requireSuccess(_ status: Int32, _ call: StaticString) {
    if status != 0 { fatalError("\(call) failed with \(status)") }
  }
#endif
