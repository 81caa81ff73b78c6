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
    while !mailbox.isReaderWaiting { await Task.yield() }
    #expect(Self.text(await mailbox.next()) == "0")
    #expect(await reading.value, "taking one frame makes room")
    #expect(!mailbox.isReaderWaiting)
  }

  @Test("closing stops a waiting reader and drops what is posted after")
  func closing() async {
    let mailbox = _WebMailbox()
    for number in 0..<_WebMailbox.maximumWaitingFrames {
      #expect(await mailbox.postFrame("\(number)"))
    }
    let reading = Task { await mailbox.postFrame("past the bound") }
    while !mailbox.isReaderWaiting { await Task.yield() }
    mailbox.close()
    #expect(await reading.value == false)
    #expect(!mailbox.post(.catchUp))
    #expect(await mailbox.postFrame("late") == false)
  }
}
