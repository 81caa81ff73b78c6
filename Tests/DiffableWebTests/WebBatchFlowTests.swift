import DiffableTestSupport
import Testing

@testable import DiffableWeb

/// `_WebBatchFlow`, the list's batches as a value: driven one transition at
/// a time, with instants the test gives. Completions are numbers here.
@Suite("The flow of a list's batches")
struct WebBatchFlowTests {
  typealias Flow = _WebBatchFlow<String, Int>

  /// The actions, as text: short to compare.
  static func describe(_ actions: [Flow.Action]) -> [String] {
    actions.map { action in
      switch action {
      case .diff(let round): "diff \(round)"
      case .complete(let completions, let finished): "complete \(completions) \(finished)"
      case .startTimer(let number, let wake): "timer \(number) at \(wake)"
      case .stopTimer: "stop timer"
      case .recordAcknowledged(let latency): "acknowledged after \(latency)"
      case .recordTimedOut: "timed out"
      }
    }
  }

  static let timeout = Duration.seconds(5)

  @Test("a batch is sent at once when idle, and completes at its acknowledgement")
  func sendAndAcknowledge() {
    var flow = Flow()
    #expect(flow.batch(1) { ["never asked"] } == [1])
    #expect(!flow.isBusy)
    let sent = flow.sent([1], seq: 4, at: .seconds(10), timeout: Self.timeout)
    #expect(Self.describe(sent) == ["timer 1 at 15.0 seconds"])
    #expect(flow.phase == .inFlight(seq: 4, sentAt: .seconds(10), deadline: .seconds(15)))
    #expect(flow.acknowledged(3, now: .seconds(11)).isEmpty)
    #expect(
      Self.describe(flow.acknowledged(4, now: .seconds(12)))
        == ["acknowledged after 2.0 seconds", "complete [1] true"])
    #expect(flow.phase == .idle)
    // A second acknowledgement of the same batch does nothing.
    #expect(flow.acknowledged(4, now: .seconds(12)).isEmpty)
  }

  @Test("what comes while a batch is in flight merges into one diff, completions in order")
  func merging() {
    var flow = Flow()
    _ = flow.sent([1], seq: 1, at: .zero, timeout: Self.timeout)
    var asked = 0
    #expect(
      flow.batch(2) {
        asked += 1
        return ["a"]
      } == nil)
    #expect(flow.batch(3) { ["b"] } == nil)
    #expect(flow.reconfigured(["c"]).isEmpty)
    #expect(asked == 1)
    #expect(flow.hasWaiting && flow.fresh == ["a", "b", "c"])
    #expect(
      Self.describe(flow.acknowledged(1, now: .seconds(1)))
        == ["acknowledged after 1.0 seconds", "diff 1", "complete [1] true"])
    #expect(flow.phase == .diffing(round: 1))
    #expect(!flow.hasWaiting && flow.fresh.isEmpty)
    // A batch while diffing waits too.
    #expect(flow.batch(4) { [] } == nil)
    guard case .again(let again) = flow.diffed(round: 1) else {
      Issue.record("a change during the diff diffs again")
      return
    }
    #expect(Self.describe(again) == ["diff 2"])
    guard case .send(let completions, let fresh) = flow.diffed(round: 2) else {
      Issue.record("the second diff is sent")
      return
    }
    #expect(completions == [2, 3, 4])
    #expect(fresh == ["a", "b", "c"])
    #expect(flow.phase == .idle)
  }

  @Test("a reconfigure alone is diffed at once when idle")
  func reconfigureWhenIdle() {
    var flow = Flow()
    #expect(Self.describe(flow.reconfigured(["x"])) == ["diff 1"])
    guard case .send(let completions, let fresh) = flow.diffed(round: 1) else {
      Issue.record("the diff is sent")
      return
    }
    #expect(completions.isEmpty && fresh == ["x"])
  }

  @Test("the timer times a batch out at its deadline, not before, and then ends")
  func timeout() {
    var flow = Flow()
    _ = flow.sent([1], seq: 1, at: .zero, timeout: Self.timeout)
    let early = flow.timerFired(1, now: .seconds(4))
    #expect(early.actions.isEmpty && early.next == .seconds(5))
    let due = flow.timerFired(1, now: .seconds(5))
    #expect(Self.describe(due.actions) == ["timed out", "complete [1] false"])
    #expect(due.next == nil && flow.timer == nil)
    #expect(flow.phase == .idle)
  }

  @Test("one timer serves batch after batch: it sleeps on to the next deadline")
  func timerReused() {
    var flow = Flow()
    #expect(
      Self.describe(flow.sent([1], seq: 1, at: .zero, timeout: Self.timeout))
        == ["timer 1 at 5.0 seconds"])
    _ = flow.acknowledged(1, now: .seconds(1))
    // Due later than the timer wakes: no new timer.
    #expect(flow.sent([2], seq: 2, at: .seconds(2), timeout: Self.timeout).isEmpty)
    let woke = flow.timerFired(1, now: .seconds(5))
    #expect(woke.actions.isEmpty && woke.next == .seconds(7))
    #expect(Self.describe(flow.timerFired(1, now: .seconds(7)).actions).first == "timed out")
    // The timer ended: the next batch starts one.
    #expect(
      Self.describe(flow.sent([3], seq: 3, at: .seconds(8), timeout: Self.timeout))
        == ["timer 2 at 13.0 seconds"])
    _ = flow.acknowledged(3, now: .seconds(9))
    // Due before the timer wakes: a new timer replaces it.
    #expect(
      Self.describe(flow.sent([4], seq: 4, at: .seconds(9), timeout: .seconds(1)))
        == ["timer 3 at 10.0 seconds"])
    #expect(flow.timerFired(2, now: .seconds(13)).next == nil)
    #expect(flow.timer?.number == 3)
  }

  @Test("a reload abandons everything: completions returned in order, stale diff and timer")
  func abandon() {
    var flow = Flow()
    _ = flow.sent([1], seq: 1, at: .zero, timeout: Self.timeout)
    _ = flow.batch(2) { [] }
    let abandoned = flow.abandon()
    #expect(abandoned.completions == [1, 2])
    #expect(Self.describe(abandoned.actions) == ["stop timer"])
    let stale = flow.timerFired(1, now: .seconds(9))
    #expect(stale.actions.isEmpty && stale.next == nil)
    // A diff started before an abandon is stale after it.
    _ = flow.reconfigured(["x"])
    // (The abandon took round 1: a diff started before it is stale.)
    #expect(flow.phase == .diffing(round: 2))
    #expect(flow.abandon().completions.isEmpty)
    guard case .stale = flow.diffed(round: 2) else {
      Issue.record("a diff of before the reload is stale")
      return
    }
    #expect(flow.phase == .idle && !flow.hasWaiting)
  }

  @Test("random runs: every completion runs exactly once, in the order of its change")
  func randomRuns() {
    var random = SeededRandom.forTest("WebBatchFlowTests.randomRuns")
    for _ in 0..<300 {
      var flow = Flow()
      var next = 0
      var completed: [Int] = []
      var now = Duration.zero
      var seq = 0
      var diffs: [Int] = []
      var timers: [Int] = []
      func perform(_ actions: [Flow.Action]) {
        for action in actions {
          switch action {
          case .diff(let round): diffs.append(round)
          case .complete(let completions, _): completed += completions
          case .startTimer(let number, _): timers.append(number)
          case .stopTimer, .recordAcknowledged, .recordTimedOut: break
          }
        }
      }
      for _ in 0..<40 {
        now += .milliseconds(Int.random(in: 0...3_000, using: &random))
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1:
          if let completions = flow.batch(next, fresh: { ["i\(next)"] }) {
            seq += 1
            perform(flow.sent(completions, seq: seq, at: now, timeout: Self.timeout))
          }
          next += 1
        case 2: perform(flow.reconfigured(["r"]))
        case 3: perform(flow.acknowledged(Int.random(in: 0...seq, using: &random), now: now))
        case 4:
          if let number = timers.last { perform(flow.timerFired(number, now: now).actions) }
        case 5:
          guard let round = diffs.popLast() else { continue }
          switch flow.diffed(round: round) {
          case .stale: break
          case .again(let actions): perform(actions)
          case .send(let completions, _):
            if Bool.random(using: &random) {
              completed += completions
            } else {
              seq += 1
              perform(flow.sent(completions, seq: seq, at: now, timeout: Self.timeout))
            }
          }
        default:
          let abandoned = flow.abandon()
          completed += abandoned.completions
          perform(abandoned.actions)
        }
      }
      completed += flow.abandon().completions
      #expect(completed.sorted() == Array(0..<next))
      #expect(completed == completed.sorted(), "completions run in the order of their changes")
    }
  }
}
