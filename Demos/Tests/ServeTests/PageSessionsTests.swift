import DiffableWeb
import Foundation
import Testing

@testable import BrowserRenderer

/// A transport whose incoming frames a test feeds and ends.
struct FakeTransport: WebTransport {
  let incoming: AsyncStream<String>
  let feed: AsyncStream<String>.Continuation

  init() {
    (incoming, feed) = AsyncStream<String>.makeStream()
  }

  func send(_ text: String) async throws {}
  func close() async { feed.finish() }
}

/// A screen that records what its page sessions tell it.
@MainActor
final class RecordingScreen: BrowserScreen {
  var events: [String] = []
  func connectionChanged(connected: Bool) { events.append(connected ? "connected" : "gone") }
  func stop() { events.append("stopped") }
}

@MainActor
@Suite struct PageSessionsTests {
  /// Waits, a turn of the main actor at a time, until `condition` holds
  /// (at most 10 seconds).
  func eventually(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("the condition never held")
        return
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  @Test func aSocketResumesItsPageAndAnIdleSessionIsDropped() async throws {
    var screens: [RecordingScreen] = []
    let sessions = PageSessions(idleLifetime: .milliseconds(100)) { _, _ in
      let screen = RecordingScreen()
      screens.append(screen)
      return screen
    }
    let page = try #require(WebPages.demo(named: "sort"))
    let first = FakeTransport()
    let serving = Task { await sessions.serve(first, page: page, id: "tab-1") }
    try await eventually { sessions.pageIDs == ["tab-1"] }
    let session = try #require(sessions.session(id: "tab-1"))

    // A second socket of the same page resumes the session and replaces
    // the first socket.
    let second = FakeTransport()
    let resuming = Task { await sessions.serve(second, page: page, id: "tab-1") }
    await serving.value
    #expect(sessions.session(id: "tab-1") === session)
    #expect(screens.count == 1)
    #expect(screens.first?.events == ["connected"])

    second.feed.finish()
    await resuming.value
    #expect(screens.first?.events == ["connected", "gone"])
    #expect(sessions.pageIDs == ["tab-1"])
    let drop = try #require(sessions.scheduledDrops["tab-1"])
    await drop.value
    #expect(sessions.pageIDs.isEmpty)
    #expect(screens.first?.events == ["connected", "gone", "stopped"])
  }

  @Test func aSessionReconnectedInTimeIsKept() async throws {
    let sessions = PageSessions(idleLifetime: .seconds(1)) { _, _ in RecordingScreen() }
    let page = try #require(WebPages.demo(named: "mountains"))
    let first = FakeTransport()
    first.feed.finish()
    await sessions.serve(first, page: page, id: "tab-2")
    let session = try #require(sessions.session(id: "tab-2"))
    let drop = try #require(sessions.scheduledDrops["tab-2"])
    let second = FakeTransport()
    let serving = Task { await sessions.serve(second, page: page, id: "tab-2") }
    let screen = try #require(sessions.screen(id: "tab-2") as? RecordingScreen)
    try await eventually { screen.events == ["connected", "gone", "connected"] }
    // The drop scheduled when the first socket ended finds the page
    // connected again, and keeps it.
    await drop.value
    #expect(sessions.session(id: "tab-2") === session)
    second.feed.finish()
    await serving.value
  }

  @Test func anotherPageWithTheSameIDReplacesTheSession() async throws {
    var screens: [String: RecordingScreen] = [:]
    let sessions = PageSessions { page, _ in
      let screen = RecordingScreen()
      screens[page.name] = screen
      return screen
    }
    let sort = try #require(WebPages.demo(named: "sort"))
    let restStop = try #require(WebPages.demo(named: "reststop"))
    let first = FakeTransport()
    first.feed.finish()
    await sessions.serve(first, page: sort, id: "tab-3")
    let second = FakeTransport()
    second.feed.finish()
    await sessions.serve(second, page: restStop, id: "tab-3")
    #expect(sessions.page(id: "tab-3") == restStop)
    #expect(screens["sort"]?.events == ["connected", "gone", "stopped"])
    #expect(screens["reststop"]?.events == ["connected", "gone"])
    sessions.dropAll()
    #expect(sessions.pageIDs.isEmpty)
    #expect(screens["reststop"]?.events == ["connected", "gone", "stopped"])
  }

  @Test func pagesBeyondTheMaximumAreRefused() async throws {
    let sessions = PageSessions { _, _ in RecordingScreen() }
    sessions.maximumSessions = 2
    let page = try #require(WebPages.demo(named: "sort"))
    for id in ["a", "b"] {
      #expect(sessions.hasRoom(for: id))
      let transport = FakeTransport()
      transport.feed.finish()
      await sessions.serve(transport, page: page, id: id)
    }
    #expect(!sessions.hasRoom(for: "c"))
    #expect(sessions.hasRoom(for: "a"))
    let refused = FakeTransport()
    await sessions.serve(refused, page: page, id: "c")
    #expect(sessions.pageIDs == ["a", "b"])
    var frames = refused.incoming.makeAsyncIterator()
    #expect(await frames.next() == nil, "the refused socket is closed")
    sessions.drop(id: "a")
    #expect(sessions.hasRoom(for: "c"))
  }
}
