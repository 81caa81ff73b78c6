import Testing

@testable import DiffableWeb

/// `_WebConnectionState`, what a session knows of a connection, as a
/// value: driven one transition at a time, with instants the test gives.
@Suite("The state of a connection")
struct WebConnectionStateTests {
  typealias State = _WebConnectionState

  @Test("ready once its page says so, and never again once ended")
  func phases() {
    var state = State(openedAt: .seconds(1))
    #expect(state.phase == .opened && !state.isReady && state.viewport == nil)
    let viewport = WebViewport(width: 390, height: 844)
    state.ready(viewport)
    #expect(state.isReady && state.viewport == viewport)
    state.end()
    #expect(state.phase == .ended && !state.isReady)
    state.ready(viewport)
    #expect(state.phase == .ended)
  }

  @Test("bad messages get replies; the limit-th in a row closes; a good one resets the count")
  func badMessages() {
    var state = State(openedAt: .zero)
    var refusals = ["a", "b"].map { state.refused($0, version: nil, limit: 3) }
    #expect(refusals == [.reply("a"), .reply("b")])
    state.accepted()
    #expect(state.badInARow == 0)
    refusals = ["c", "d", "e"].map { state.refused($0, version: nil, limit: 3) }
    #expect(
      refusals == [
        .reply("c"), .reply("d"),
        .replyAndClose("e", .policyViolation, "3 bad messages in a row; the last: e"),
      ])
  }

  @Test("a message of another wire version closes at once, without a reply")
  func otherVersion() {
    var state = State(openedAt: .zero)
    let refusal = state.refused("x", version: 7, limit: 5)
    #expect(
      refusal == .close(.versionMismatch, "the page speaks wire version 7; the server speaks 1"))
    #expect(state.badInARow == 0)
  }

  @Test("silence: the watch sleeps until the last message's deadline, and closes after it")
  func silence() {
    var state = State(openedAt: .seconds(10))
    let timeout = Duration.seconds(30)
    #expect(state.silence(at: .seconds(20), timeout: timeout) == .sleep(until: .seconds(40)))
    state.heard(at: .seconds(35))
    #expect(state.silence(at: .seconds(40), timeout: timeout) == .sleep(until: .seconds(65)))
    // A frame read late does not move the time heard back.
    state.heard(at: .seconds(30))
    #expect(state.heardAt == .seconds(35))
    #expect(
      state.silence(at: .seconds(65), timeout: timeout)
        == .close("nothing heard from the page for 30.0 seconds"))
  }

  @Test("rates: each type has its own bucket; an unlimited type always passes")
  func rates() {
    var state = State(openedAt: .zero)
    let rate = WebMessageRate(perSecond: 1, burst: 2)
    #expect(state.admit("tap", rate: rate, at: .zero) == nil)
    #expect(state.admit("tap", rate: rate, at: .zero) == nil)
    #expect(
      state.admit("tap", rate: rate, at: .zero) == "too many tap messages: at most 1 a second")
    #expect(state.admit("band", rate: rate, at: .zero) == nil)
    #expect(state.admit("tap", rate: rate, at: .seconds(1)) == nil)
    for _ in 0..<100 { #expect(state.admit("ack", rate: nil, at: .zero) == nil) }
  }

  @Test("falling behind: one catch-up per fall, no limit while it queues, none once ended")
  func behind() {
    var state = State(openedAt: .zero)
    #expect(state.sendLimit(100) == 100)
    let fell = state.fellBehind()
    #expect(fell && state.sendLimit(100) == nil)
    let fellAgain = state.fellBehind()
    #expect(!fellAgain)
    let began = state.beginCatchUp()
    #expect(began && state.sendLimit(100) == .max)
    let beganAgain = state.beginCatchUp()
    #expect(!beganAgain)
    state.endCatchUp()
    #expect(state.sending == .normal && state.sendLimit(100) == 100)
    // A catch-up scheduled before the connection ended does nothing.
    let fellLast = state.fellBehind()
    state.end()
    let beganAfterEnd = state.beginCatchUp()
    #expect(fellLast && !beganAfterEnd)
  }
}
