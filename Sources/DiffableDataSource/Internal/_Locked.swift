#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import WinSDK
#endif

/// A value that any thread may read and change under a lock.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18, and
/// the package supports macOS 13 and iOS 16; this is the same idea on the
/// platform's own lock (a `pthread_mutex_t`, or an `SRWLOCK` on Windows).
///
/// The class is `@unchecked Sendable` because the compiler cannot see the
/// lock: `state` is private and only ever touched inside ``withLock(_:)``,
/// which holds the lock for the whole access, so no two threads see it at
/// once.
final class _Locked<State>: @unchecked Sendable {
  private let mutex = _UnsafeMutex()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  deinit {
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state. `body` must not call
  /// `withLock` on the same object (the lock is not recursive).
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&state)
  }
}

/// The platform lock behind ``_Locked``, on the heap so that it never moves.
/// The pointer never leaves this type.
struct _UnsafeMutex {
  #if os(Windows)
    private let handle: UnsafeMutablePointer<SRWLOCK>
  #else
    private let handle: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  init() {
    handle = .allocate(capacity: 1)
    #if os(Windows)
      InitializeSRWLock(handle)
    #else
      handle.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(handle, nil)
      if status != 0 { fatalError("pthread_mutex_init failed with \(status)") }
    #endif
  }

  func lock() {
    #if os(Windows)
      AcquireSRWLockExclusive(handle)
    #else
      let status = pthread_mutex_lock(handle)
      if status != 0 { fatalError("pthread_mutex_lock failed with \(status)") }
    #endif
  }

  func unlock() {
    #if os(Windows)
      ReleaseSRWLockExclusive(handle)
    #else
      let status = pthread_mutex_unlock(handle)
      if status != 0 { fatalError("pthread_mutex_unlock failed with \(status)") }
    #endif
  }

  func deallocate() {
    #if !os(Windows)
      pthread_mutex_destroy(handle)
    #endif
    handle.deinitialize(count: 1)
    handle.deallocate()
  }
}
