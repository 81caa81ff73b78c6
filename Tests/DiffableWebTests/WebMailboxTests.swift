import Testing

@testable import DiffableWeb

/// The mailbox of a connection's loop: order, the reader's bound, closing.
@Suite("Web connection mailbox")
struct WebMailboxTests {
  /// The frame's text, or `nil` for another event.
  static func text(_ event: _WebConnectionEvent) -> String? {
    if case .frame(let text) = event { text } else { nil }
  }

  @Test("events come out in the order they were posted, a waiting taker woken by the next")
  func order() async {
    let mailbox = _WebMailbox()
    mailbox.post(.catchUp)
    #expect(await mailbox.postFrame("a"))
    mailbox.post(.listTimer(list: "main", number: 3))
    guard case .catchUp = await mailbox.next() else {
      Issue.record("expected the catch-up first")
      return
    }
    #expect(Self.text(await mailbox.next()) == "a")
    guard case .listTimer("main", 3) = await mailbox.next() else {
      Issue.record("expected the timer")
      return
    }
    // Nothing waits: the taker waits for the next post.
    let taking = Task { Self.text(await mailbox.next()) }
    #expect(await mailbox.postFrame("b"))
    #expect(await taking.value == "b")
  }

  @Test("the reader waits once it is the bound ahead of the loop, and goes on when one is taken")
  func theReaderIsHeldAtTheBound() async {
    let mailbox = _WebMailbox()
    for number in 0..<_WebMailbox.maximumWaitingFrames {
      #expect(await mailbox.postFrame("\(number)"), "no wait below the bound")
    }
    let reading = Task { await mailbox.postFrame("past the bound") }
    await mailbox.readerWaits()
    #expect(Self.text(await mailbox.next()) == "0")
    #expect(await reading.value, "taking one frame makes room")
    #expect(!mailbox.isReaderWaiting)
  }

  @Test(
    "the reader is held at the bound again after each frame taken, the frames in order",
    .timeLimit(.minutes(1)))
  func theReaderIsHeldAtTheBoundEachTime() async {
    let mailbox = _WebMailbox()
    let bound = _WebMailbox.maximumWaitingFrames
    for number in 0..<bound { #expect(await mailbox.postFrame("\(number)")) }
    for number in bound..<(bound + 3) {
      let reading = Task { await mailbox.postFrame("\(number)") }
      await mailbox.readerWaits()
      #expect(Self.text(await mailbox.next()) == "\(number - bound)")
      #expect(await reading.value)
      #expect(!mailbox.isReaderWaiting)
    }
    // The loop catches up: every frame comes, and the reader reads the
    // bound ahead again without waiting.
    for number in 3..<(bound + 3) { #expect(Self.text(await mailbox.next()) == "\(number)") }
    for number in 0..<bound { #expect(await mailbox.postFrame("again \(number)")) }
    #expect(!mailbox.isReaderWaiting)
  }

  @Test("only the page's frames count toward the reader's bound", .timeLimit(.minutes(1)))
  func otherEventsDoNotHoldTheReader() async {
    let mailbox = _WebMailbox()
    let bound = _WebMailbox.maximumWaitingFrames
    for number in 0..<(2 * bound) {
      #expect(mailbox.post(.listTimer(list: "main", number: number)))
    }
    for number in 0..<bound { #expect(await mailbox.postFrame("\(number)")) }
    let reading = Task { await mailbox.postFrame("past the bound") }
    await mailbox.readerWaits()
    // Taking the other events makes no room.
    for _ in 0..<(2 * bound) {
      guard case .listTimer = await mailbox.next() else {
        Issue.record("expected a timer")
        return
      }
    }
    #expect(mailbox.isReaderWaiting)
    #expect(Self.text(await mailbox.next()) == "0")
    #expect(await reading.value)
  }

  @Test("closing stops a waiting reader and drops what is posted after")
  func closing() async {
    let mailbox = _WebMailbox()
    for number in 0..<_WebMailbox.maximumWaitingFrames {
      #expect(await mailbox.postFrame("\(number)"))
    }
    let reading = Task { await mailbox.postFrame("past the bound") }
    await mailbox.readerWaits()
    mailbox.close()
    #expect(await reading.value == false)
    #expect(!mailbox.post(.catchUp))
    #expect(await mailbox.postFrame("late") == false)
  }
}
