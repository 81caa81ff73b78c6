/// The flow of one list's batches to its page, as a value: at most one
/// batch in flight, what arrives meanwhile merged into the next, a deadline
/// for each acknowledgement.
///
/// It does nothing itself. Each transition changes the value and returns
/// what its owner, `WebListView`, is to do (send, diff, complete, record,
/// arm the timer), so the rules are tested one transition at a time, with
/// instants given by the test. The owner confines it.
///
/// The phases:
/// - `idle`: nothing sent waits for its acknowledgement;
/// - `diffing`: the batch merging what waited is being diffed, off the
///   owner's executor; the diff's `round` tells its result from a stale one
///   (a reload or a disconnection since);
/// - `inFlight`: a batch was sent and waits for its acknowledgement until
///   its deadline.
///
/// Completions of the batch diffing or in flight, and of what waits behind
/// it, each run exactly once: `true` when the page acknowledged the batch
/// that showed their change (or a reload superseded it), `false` when it
/// timed out or the page went away.
struct _WebBatchFlow<Item: Hashable, Completion> {
  enum Phase: Equatable {
    case idle
    case diffing(round: Int)
    case inFlight(seq: Int, sentAt: Duration, deadline: Duration)
  }

  /// What the owner does after a transition, in order.
  enum Action {
    /// Diffs what the page shows against the data source's snapshot, off
    /// the owner's executor, then calls ``diffed(round:)``.
    case diff(round: Int)
    /// Runs completions with `finished`.
    case complete([Completion], finished: Bool)
    /// Starts the timer to wake at the instant, replacing any running one:
    /// it calls ``timerFired(_:now:)`` with the number.
    case startTimer(number: Int, at: Duration)
    /// Stops the running timer.
    case stopTimer
    /// Records an acknowledgement `latency` after its batch was sent.
    case recordAcknowledged(latency: Duration)
    /// Records that a batch's acknowledgement did not come in time.
    case recordTimedOut
  }

  /// What the diff of a round leads to (``diffed(round:)``).
  enum DiffOutcome {
    /// A reload or a disconnection came since: nothing to do.
    case stale
    /// The data source changed again while the diff ran: perform these
    /// (a new diff).
    case again([Action])
    /// Sends the batch the diff gave, with reconfigures for the `fresh`
    /// items, completing `completions` when it is acknowledged; or, if the
    /// batch is empty, completes them at once.
    case send(completions: [Completion], fresh: Set<Item>)
  }

  private(set) var phase = Phase.idle
  /// The completions of the batch diffing or in flight.
  private var current: [Completion] = []
  /// The items whose cells changed, for the batch diffing.
  private var currentFresh: Set<Item> = []
  /// The completions of changes that came while a batch was diffing or in
  /// flight, and whether any change came (a reconfigure has none).
  private var waiting: [Completion] = []
  private(set) var hasWaiting = false
  /// Items whose cells changed (reloaded or reconfigured) while a batch was
  /// diffing or in flight: the merged batch reconfigures them.
  private(set) var fresh: Set<Item> = []
  /// The number of the last diff started; bumped by a reload, so that a
  /// diff of before it is stale.
  private var round = 0
  /// The running timer, if any: its number and when it wakes.
  private(set) var timer: (number: Int, wake: Duration)?
  private var timers = 0

  /// Whether a batch is diffing or in flight: a change now waits.
  var isBusy: Bool { phase != .idle }

  /// The engine performed a batch: returns the completions to send it with
  /// now (``sent(_:seq:at:timeout:)`` then says it went out), or `nil` if a
  /// batch is busy and this one merges into the next, with the items whose
  /// cells it changed.
  mutating func batch(_ completion: Completion, fresh items: () -> [Item]) -> [Completion]? {
    guard isBusy else { return [completion] }
    waiting.append(completion)
    hasWaiting = true
    fresh.formUnion(items())
    return nil
  }

  /// Cells of `items` changed without a batch (a reconfigure on its own):
  /// they go in the next merged batch, diffed now if nothing is busy.
  mutating func reconfigured(_ items: [Item]) -> [Action] {
    fresh.formUnion(items)
    hasWaiting = true
    return isBusy ? [] : merge()
  }

  /// The batch sent with `completions` went out as `seq` at `now`; its
  /// acknowledgement is due by `now + timeout`.
  mutating func sent(_ completions: [Completion], seq: Int, at now: Duration, timeout: Duration)
    -> [Action]
  {
    precondition(phase == .idle, "a batch was sent while another is \(phase)")
    let deadline = now + timeout
    phase = .inFlight(seq: seq, sentAt: now, deadline: deadline)
    current = completions
    if let timer, timer.wake <= deadline { return [] }
    return [startTimer(at: deadline)]
  }

  /// The page acknowledged `seq` at `now`.
  mutating func acknowledged(_ seq: Int, now: Duration) -> [Action] {
    guard case .inFlight(seq, let sentAt, _) = phase else { return [] }
    return [.recordAcknowledged(latency: now - sentAt)] + finish(finished: true)
  }

  /// Timer `number` woke at `now`: times out the batch in flight if its
  /// deadline has passed. The timer sleeps again until the returned
  /// instant, or ends when it is `nil`.
  mutating func timerFired(_ number: Int, now: Duration) -> (actions: [Action], next: Duration?) {
    guard timer?.number == number else { return ([], nil) }
    var actions: [Action] = []
    if case .inFlight(_, _, let deadline) = phase, deadline <= now {
      actions = [.recordTimedOut] + finish(finished: false)
    }
    guard case .inFlight(_, _, let deadline) = phase else {
      timer = nil
      return (actions, nil)
    }
    timer = (number, deadline)
    return (actions, deadline)
  }

  /// The diff of `round` is done.
  mutating func diffed(round: Int) -> DiffOutcome {
    guard round == self.round, phase == .diffing(round: round) else { return .stale }
    phase = .idle
    let completions = current
    current = []
    let fresh = currentFresh
    currentFresh = []
    guard !hasWaiting else {
      // The data source moved on while the diff ran: diff again, to it.
      waiting = completions + waiting
      self.fresh.formUnion(fresh)
      return .again(merge())
    }
    return .send(completions: completions, fresh: fresh)
  }

  /// A reload supersedes everything, or the page went away: forgets the
  /// batch diffing or in flight and what waits, and returns their
  /// completions, in the order of their changes, and the actions (the
  /// timer stops).
  mutating func abandon() -> (completions: [Completion], actions: [Action]) {
    round += 1
    let completions = current + waiting
    phase = .idle
    current = []
    currentFresh = []
    waiting = []
    hasWaiting = false
    fresh = []
    guard timer != nil else { return (completions, []) }
    timer = nil
    return (completions, [.stopTimer])
  }

  /// Ends the batch in flight: what waited behind it is merged and diffed,
  /// then its completions run.
  private mutating func finish(finished: Bool) -> [Action] {
    let completions = current
    current = []
    phase = .idle
    let next = hasWaiting ? merge() : []
    return next + [.complete(completions, finished: finished)]
  }

  /// Starts the diff of a batch that merges every change waiting.
  private mutating func merge() -> [Action] {
    round += 1
    phase = .diffing(round: round)
    current = waiting
    currentFresh = fresh
    waiting = []
    hasWaiting = false
    fresh = []
    return [.diff(round: round)]
  }

  private mutating func startTimer(at wake: Duration) -> Action {
    timers += 1
    timer = (timers, wake)
    return .startTimer(number: timers, at: wake)
  }
}
