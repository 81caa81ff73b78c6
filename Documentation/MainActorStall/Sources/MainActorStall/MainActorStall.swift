// Checks that every job enqueued on the main actor runs, with the main queue
// drained the way an `async` main drains it on Linux (`dispatch_main`): tasks
// hop to the main actor, sleep there and resume callers from there, as a data
// source's applies and the tests that wait on them do, while a watchdog thread
// (no task, no dispatch queue) checks that each of them keeps moving.
//
//   swift run -c release MainActorStall [tasks] [seconds] [pattern]
//
// Exits 0 when no task stalled for 5 s in the time given, 1 (printing the
// main queue's state) when one did. Patterns: hop, sleep, resume, bursts.

import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments
let taskCount = min(arguments.count > 1 ? Int(arguments[1]) ?? 8 : 8, 256)
let seconds = arguments.count > 2 ? Int(arguments[2]) ?? 60 : 60
let pattern = arguments.count > 3 ? arguments[3] : "sleep"
/// How long a task may go without a main-actor job before it counts as stalled.
let stallLimit = 5

/// Writes a line at once, whatever buffers standard output.
func report(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// The watchdog's clock, in seconds, and the second each task last moved.
let now = Atomic<Int>(0)
final class LastMove: Sendable { let second = Atomic<Int>(0) }
let lastMoves = (0..<taskCount).map { _ in LastMove() }
let jobs = Atomic<Int>(0)

/// The main actor's part of a task's step.
@MainActor func mainActorStep(_ task: Int) {
  jobs.add(1, ordering: .relaxed)
  lastMoves[task].second.store(now.load(ordering: .relaxed), ordering: .relaxed)
}

/// Off the main actor: some work, then one pattern's trip to the main actor.
func run(_ task: Int) async {
  var sink = 0
  while true {
    for k in 0..<Int.random(in: 0..<5_000) { sink = sink &* 31 &+ k }
    switch pattern {
    case "hop":
      // Call the main actor and come back, then sleep off it.
      await mainActorStep(task)
      try? await Task.sleep(for: .microseconds(Int.random(in: 0..<500)))
    case "sleep":
      // Sleep on the main actor (a timer on the main queue), then step.
      await Task { @MainActor in
        try? await Task.sleep(for: .microseconds(Int.random(in: 0..<3_000)))
        mainActorStep(task)
      }.value
    case "resume":
      // Wait on a continuation that the main actor resumes, as an apply's
      // caller waits on its completion.
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Task { @MainActor in
          mainActorStep(task)
          continuation.resume()
        }
      }
      try? await Task.sleep(for: .microseconds(Int.random(in: 0..<500)))
    case "bursts":
      // Main-actor traffic that comes and goes: between bursts, the main
      // queue is empty and each task's next job is the only one.
      let end = ContinuousClock.now + .milliseconds(Int.random(in: 1..<100))
      while ContinuousClock.now < end {
        try? await Task.sleep(for: .microseconds(Int.random(in: 0..<2_000)))
        await mainActorStep(task)
      }
      try? await Task.sleep(for: .milliseconds(Int.random(in: 1..<100)))
    default:
      report("unknown pattern \(pattern): hop, sleep, resume or bursts")
      exit(2)
    }
    if sink == 42 { report("") }
  }
}

/// libdispatch's main queue object, word by word (Linux).
func mainQueueWords() -> String {
  guard let queue = dlsym(dlopen(nil, RTLD_NOW), "_dispatch_main_q") else { return "unknown" }
  let words = queue.assumingMemoryBound(to: UInt64.self)
  return (0..<16).map { "0x" + String(words[$0], radix: 16) }.joined(separator: " ")
}

func startWatchdog() {
  var thread = pthread_t()
  _ = pthread_create(
    &thread, nil,
    { _ in
      var second = 0
      while true {
        sleep(1)
        second += 1
        now.store(second, ordering: .relaxed)
        for task in 0..<taskCount
        where second - lastMoves[task].second.load(ordering: .relaxed) >= stallLimit {
          report("STALL: task \(task) ran no main-actor job for \(stallLimit) s (at \(second) s)")
          report("main queue: \(mainQueueWords())")
          exit(1)
        }
        if second >= seconds {
          report(
            "no stall: \(jobs.load(ordering: .relaxed)) main-actor jobs from \(taskCount) "
              + "tasks in \(second) s (\(pattern))")
          exit(0)
        }
      }
    }, nil)
}

@main enum MainActorStall {
  static func main() async {
    startWatchdog()
    for task in 0..<taskCount { Task.detached { await run(task) } }
    // The main task waits forever; the main queue is drained as in any
    // `async` main.
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
  }
}
