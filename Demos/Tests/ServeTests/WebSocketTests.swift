import BrowserRenderer
import DemoScreens
import DemoServer
import DiffableWeb
import Foundation
import Testing

/// The pages' WebSockets, end to end in this process: the upgrade's checks,
/// the wire messages of each screen, `/state/ID`.
@Suite struct WebSocketTests {
  static let ready =
    #"{"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}, "lists": {}}"#

  /// The next message of `type` (others, such as layouts, are skipped).
  static func next(_ type: String, from socket: TestWebSocket) throws -> JSONMessage {
    for _ in 0..<50 {
      let message = try socket.receiveJSON()
      if message["type"] as? String == type { return message }
    }
    throw TestWebSocket.Failure(description: "no \(type) message in 50")
  }

  /// Asks for reloads of `list` (acknowledging every batch and reload on
  /// the way) until one shows what `settled` expects: the screen's first
  /// apply may still be on its way when the page says `ready`.
  static func settledReload(
    of list: String, from socket: TestWebSocket, where settled: ([[String]]) -> Bool
  ) throws -> JSONMessage {
    for _ in 0..<50 {
      try socket.send(#"{"v": 1, "type": "resync", "list": "\#(list)", "reason": "test"}"#)
      while true {
        let message = try socket.receiveJSON()
        let type = message["type"] as? String
        if type == "batch" || type == "reload", let seq = message["seq"] {
          try socket.send(#"{"v": 1, "type": "ack", "list": "\#(list)", "seq": \#(seq)}"#)
        }
        if type == "reload" {
          if settled(items(message)) { return message }
          break
        }
      }
    }
    throw TestWebSocket.Failure(description: "\(list) never settled")
  }

  static func items(_ message: JSONMessage) -> [[String]] { items(message.object) }

  static func items(_ message: [String: Any]) -> [[String]] {
    let sections = message["sections"] as? [[String: Any]] ?? []
    return sections.map { section in
      (section["items"] as? [Any] ?? []).map { item in
        if let text = item as? String { return text }
        let data = try! JSONSerialization.data(
          withJSONObject: item, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
      }
    }
  }

  /// What the server answers a socket: its upgrade's status line, and the
  /// code and reason of the close frame that followed an upgrade.
  static func answer(
    port: Int, path: String, headers: [String: String]
  ) async throws -> (head: String, code: Int?, reason: String) {
    try await onThread {
      let socket = try TestWebSocket(port: port, path: path, headers: headers)
      guard socket.upgraded else { return (socket.responseHead, nil, "") }
      let close = try socket.closeFrame()
      return (socket.responseHead, close.code, close.reason)
    }
  }

  @Test func aSocketReachesOnlyAPageTheServerIssuedToItsBrowser() async throws {
    try await withServer { port, registry in
      let page = try await onThread { try TestWebSocket.load("mountains", port: port) }
      let other = try await onThread { try TestWebSocket.load("sort", port: port) }
      let own = ["Cookie": page.cookie]
      let base = "/demos/mountains/socket"
      let invented = String(repeating: "ab", count: 16)
      let refused: [(String, [String: String], Int, String)] = [
        ("\(base)?v=1", own, 1008, "?page=ID"),
        ("\(base)?page=a&v=1", own, 1008, "?page=ID"),
        ("\(base)?page=%3Cimg%3E&v=1", own, 1008, "?page=ID"),
        ("\(base)?page=\(invented)&v=1", own, 4002, "does not know this page"),
        ("\(base)?page=\(page.id)&v=1", [:], 1008, "another browser"),
        ("\(base)?page=\(page.id)&v=1", ["Cookie": other.cookie], 1008, "another browser"),
        (
          "\(base)?page=\(page.id)&v=1", ["Cookie": "diffable-browser=\(invented)"], 1008,
          "another browser"
        ),
        ("/demos/sort/socket?page=\(page.id)&v=1", own, 1008, "another path"),
        ("\(base)?page=\(page.id)", own, 4001, "no version"),
        ("\(base)?page=\(page.id)&v=2", own, 4001, "version 2"),
      ]
      for (path, headers, code, reason) in refused {
        let answer = try await Self.answer(port: port, path: path, headers: headers)
        #expect(answer.head.hasPrefix("HTTP/1.1 101"), "\(path) \(headers): \(answer.head)")
        #expect(answer.code == code, "\(path) \(headers): \(answer)")
        #expect(answer.reason.contains(reason), "\(path) \(headers): \(answer)")
      }
      // Another origin is refused before the upgrade.
      for origin in ["null", "http://evil.example", "http://127.0.0.1:1"] {
        let answer = try await Self.answer(
          port: port, path: page.socketPath, headers: own.merging(["Origin": origin]) { $1 })
        #expect(answer.head.hasPrefix("HTTP/1.1 403 Forbidden"), "\(origin): \(answer.head)")
        #expect(answer.code == nil)
      }
      // No refused socket reached the page's session.
      #expect(await registry.page(id: page.id)?.run { $0.session.isConnected } == false)
      // The page's own socket, from its own origin, gets its lists.
      let reload = try await onThread {
        let socket = try TestWebSocket(
          port: port, path: page.socketPath,
          headers: ["Cookie": page.cookie, "Origin": "http://127.0.0.1:\(port)"])
        try socket.send(Self.ready)
        return try Self.next("reload", from: socket)
      }
      #expect(reload["list"] as? String == "mountains")
      // A page of an unknown name has no socket.
      let unknown = try await Self.answer(
        port: port, path: "/demos/playground/socket?page=\(page.id)&v=1", headers: own)
      #expect(unknown.head.hasPrefix("HTTP/1.1 400"), "\(unknown.head)")
      // Without an upgrade, another origin gets 403 at a socket's path.
      let plain = try await get(
        "/demos/mountains/socket", port: port, headers: ["Origin": "http://evil.example"])
      #expect(plain.status == 403)
    }
  }

  @Test func aSecondSocketOfAPageSupersedesTheFirstWith4000() async throws {
    try await withServer { port, registry in
      let (code, reason, reload) = try await onThread {
        let first = try TestWebSocket(port: port, demo: "expand")
        try first.send(Self.ready)
        _ = try Self.next("reload", from: first)
        let page = first.page!
        let second = try TestWebSocket(port: port, page: page)
        let close = try first.closeFrame()
        try second.send(Self.ready)
        return (close.code, close.reason, try Self.next("reload", from: second))
      }
      #expect(code == 4000)
      #expect(reason.contains("replaced"))
      #expect(reload["list"] as? String == "expand")
      #expect(await registry.count == 1)
    }
  }

  @Test func stateAnswersOnlyThePagesOwnBrowser() async throws {
    try await withServer { port, _ in
      let page = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "expand")
        try socket.send(Self.ready)
        _ = try Self.next("reload", from: socket)
        return socket.page!
      }
      let own = try await get("/state/\(page.id)", port: port, headers: ["Cookie": page.cookie])
      #expect(own.status == 200)
      let stranger = try await get("/state/\(page.id)", port: port)
      #expect(stranger.status == 404)
      let other = try await onThread { try TestWebSocket.load("expand", port: port) }
      let otherBrowser = try await get(
        "/state/\(page.id)", port: port, headers: ["Cookie": other.cookie])
      #expect(otherBrowser.status == 404)
    }
  }

  @Test func theMountainsSearchFiltersOverTheSocket() async throws {
    try await withServer { port, registry in
      let (socket, reload, batch) = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "mountains")
        guard socket.upgraded else { throw TestWebSocket.Failure(description: socket.responseHead) }
        try socket.send(Self.ready)
        let reload = try Self.settledReload(of: "mountains", from: socket) { $0.first?.count == 8 }
        try socket.send(#"{"v": 1, "type": "input", "name": "search", "value": "k"}"#)
        let batch = try Self.next("batch", from: socket)
        try socket.send(#"{"v": 1, "type": "ack", "list": "mountains", "seq": \#(batch["seq"]!)}"#)
        try socket.send(#"{"v": 1, "type": "ping", "id": 7}"#)
        let pong = try Self.next("pong", from: socket)
        guard pong["id"] as? Int == 7 else { throw TestWebSocket.Failure(description: "\(pong)") }
        return (socket, reload, batch)
      }
      #expect(reload["list"] as? String == "mountains")
      #expect(
        Self.items(reload) == [
          ["Denali", "Elbrus", "Everest", "K2", "Kangchenjunga", "Kilimanjaro", "Lhotse", "Makalu"]
        ])
      let cells = reload["cells"] as? [String: [String: Any]] ?? [:]
      #expect(cells["Everest"]?["text"] as? String == "Everest")
      #expect(cells["Everest"]?["secondaryText"] as? String == "8,849 m")
      #expect(batch["list"] as? String == "mountains")
      #expect(batch["counts"] as? [Int] == [4])
      #expect(batch["announce"] as? String == "4 results")

      // While the page is connected, its state is what it shows.
      let page = try #require(socket.page)
      let state = try await get("/state/\(page.id)", port: port, headers: ["Cookie": page.cookie])
      #expect(state.status == 200)
      #expect(state.header("Content-Type") == "application/json; charset=utf-8")
      let json = try #require(try JSONSerialization.jsonObject(with: state.body) as? [String: Any])
      let lists = try #require(json["lists"] as? [[String: Any]])
      #expect(lists.count == 1)
      #expect(lists.first?["name"] as? String == "mountains")
      #expect(
        lists.first.map { Self.items($0) } == [["K2", "Kangchenjunga", "Kilimanjaro", "Makalu"]])
      #expect(await registry.pageIDs == [page.id])
      let frames = try #require(lists.first?["frames"] as? [String: [Double]])
      #expect(Set(frames.keys) == ["K2", "Kangchenjunga", "Kilimanjaro", "Makalu"])
      // Two columns at phone width: K2 and Kangchenjunga side by side.
      #expect(frames["K2"]?[1] == frames["Kangchenjunga"]?[1])
      #expect(frames["Kilimanjaro"]?[1] ?? 0 > frames["K2"]?[1] ?? 0)
      withExtendedLifetime(socket) {}
    }
  }

  @Test func aReconnectingPageResumesItsSession() async throws {
    try await withServer { port, registry in
      let page = try await onThread { try TestWebSocket.load("mountains", port: port) }
      let resumed = try await onThread { () -> [[String]] in
        let first = try TestWebSocket(port: port, page: page)
        try first.send(Self.ready)
        _ = try Self.settledReload(of: "mountains", from: first) { $0.first?.count == 8 }
        try first.send(#"{"v": 1, "type": "input", "name": "search", "value": "lh"}"#)
        let batch = try Self.next("batch", from: first)
        try first.send(#"{"v": 1, "type": "ack", "list": "mountains", "seq": \#(batch["seq"]!)}"#)
        first.close()
        // The same page connects again: its first reload is the server's
        // list as the search left it.
        let second = try TestWebSocket(port: port, page: page)
        try second.send(Self.ready)
        return Self.items(try Self.next("reload", from: second))
      }
      #expect(resumed == [["Lhotse"]])
      #expect(await registry.pageIDs == [page.id])
    }
  }

  @Test func binaryAndMalformedMessagesGetAnErrorAndTheSocketCarriesOn() async throws {
    try await withServer { port, _ in
      let (binary, malformed, pong) = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "sort")
        try socket.send(Self.ready)
        _ = try Self.next("reload", from: socket)
        try socket.sendFrame(opcode: 2, payload: [1, 2, 3])
        let binary = try Self.next("error", from: socket)
        try socket.send("{not json")
        let malformed = try Self.next("error", from: socket)
        try socket.send(#"{"v": 1, "type": "ping", "id": 3}"#)
        return (binary, malformed, try Self.next("pong", from: socket))
      }
      #expect((binary["message"] as? String)?.contains("binary message of 3 bytes") == true)
      #expect(malformed["message"] as? String == "not valid JSON")
      #expect(pong["id"] as? Int == 3)
    }
  }

  @Test func theSortStepsWhileThePageIsConnected() async throws {
    try await withServer { port, _ in
      let batches = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "sort")
        try socket.send(Self.ready)
        _ = try Self.settledReload(of: "sort", from: socket) {
          $0.map(\.count) == Array(repeating: 10, count: 6)
        }
        var batches: [JSONMessage] = []
        for _ in 0..<3 {
          let batch = try Self.next("batch", from: socket)
          batches.append(batch)
          try socket.send(#"{"v": 1, "type": "ack", "list": "sort", "seq": \#(batch["seq"]!)}"#)
        }
        return batches
      }
      for batch in batches {
        #expect(batch["counts"] as? [Int] == Array(repeating: 10, count: 6))
        // A step moves one cell in each row not yet sorted; a sorted screen
        // is shuffled again with new cells.
        let update = batch["update"] as? [String: Any] ?? [:]
        let moves = (update["itemMoves"] as? [Any] ?? []).count
        let inserts = (update["itemInserts"] as? [Any] ?? []).count
        let deletes = (update["itemDeletes"] as? [Any] ?? []).count
        #expect(
          ((1...6).contains(moves) && inserts == 0 && deletes == 0)
            || (moves == 0 && inserts == 60 && deletes == 60),
          "moves \(moves), inserts \(inserts), deletes \(deletes)")
      }
      let sequence = batches.compactMap { $0["seq"] as? Int }
      #expect(sequence == sequence.sorted() && Set(sequence).count == 3)
    }
  }

  @Test func aTappedRowExpandsByAReconfigureAndTheReloadSaysRowsAreSelectable() async throws {
    try await withServer { port, _ in
      let (opening, expanding, collapsing) = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "expand")
        try socket.send(Self.ready)
        let opening = try Self.settledReload(of: "expand", from: socket) {
          $0 == [["0", "1", "2", "3", "4"]]
        }
        try socket.send(#"{"v": 1, "type": "tap", "list": "expand", "item": "1"}"#)
        let expanding = try Self.next("batch", from: socket)
        try socket.send(#"{"v": 1, "type": "ack", "list": "expand", "seq": \#(expanding["seq"]!)}"#)
        try socket.send(#"{"v": 1, "type": "tap", "list": "expand", "item": "1"}"#)
        return (opening, expanding, try Self.next("batch", from: socket))
      }
      #expect(opening["selectable"] as? Bool == true)
      for (batch, expanded) in [(expanding, true), (collapsing, false)] {
        let update = batch["update"] as? [String: Any] ?? [:]
        #expect(update["itemReconfigures"] as? [[Int]] == [[0, 1]])
        #expect((update["itemReloads"] as? [Any])?.isEmpty == true)
        let cell = (batch["reconfigured"] as? [String: Any])?["1"] as? [String: Any] ?? [:]
        #expect(cell["text"] as? String == "The diff")
        let secondary = cell["secondaryText"] as? String
        #expect(
          expanded ? secondary?.hasPrefix("The data source compares") == true : secondary == nil)
        let accessories = cell["accessories"] as? [[String: Any]] ?? []
        #expect(accessories.first?["expanded"] as? Bool == expanded)
      }
    }
  }

  @Test func aTappedFolderOpensBelowItselfAndATappedFileChangesNothing() async throws {
    try await withServer { port, _ in
      let (opening, expanding, pong, collapsing) = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "outline")
        try socket.send(Self.ready)
        let opening = try Self.settledReload(of: "outline", from: socket) { $0.first?.count == 4 }
        try socket.send(#"{"v": 1, "type": "tap", "list": "outline", "item": "Package.swift"}"#)
        try socket.send(#"{"v": 1, "type": "ping", "id": 7}"#)
        // A reload that an earlier resync asked for may come first.
        let pong = try Self.next("pong", from: socket)
        try socket.send(
          #"{"v": 1, "type": "tap", "list": "outline", "item": "Sources/DiffableEngine/"}"#)
        let expanding = try Self.next("batch", from: socket)
        try socket.send(
          #"{"v": 1, "type": "ack", "list": "outline", "seq": \#(expanding["seq"]!)}"#)
        try socket.send(
          #"{"v": 1, "type": "tap", "list": "outline", "item": "Sources/DiffableEngine/"}"#)
        return (opening, expanding, pong, try Self.next("batch", from: socket))
      }
      #expect(opening["selectable"] as? Bool == true)
      #expect(pong["id"] as? Int == 7)
      #expect(
        expanding["insertedItems"] as? [String] == [
          "Sources/DiffableEngine/DataSource/", "Sources/DiffableEngine/Internal/",
        ])
      #expect(expanding["counts"] as? [Int] == [6])
      let folder = (expanding["reconfigured"] as? [String: Any])?["Sources/DiffableEngine/"]
      #expect(
        ((folder as? [String: Any])?["accessories"] as? [[String: Any]])?.first?["expanded"]
          as? Bool == true)
      let entry = (expanding["cells"] as? [String: Any])?["Sources/DiffableEngine/Internal/"]
      #expect((entry as? [String: Any])?["indentation"] as? Int == 1)
      let update = collapsing["update"] as? [String: Any] ?? [:]
      #expect(update["itemDeletes"] as? [[Int]] == [[0, 2], [0, 3]])
      #expect(collapsing["counts"] as? [Int] == [4])
    }
  }

  @Test func theWifiSwitchBringsTheNetworksInAndTakesThemAway() async throws {
    try await withServer(screens: { $0.scanInterval = .seconds(3600) }) { port, _ in
      let (opening, on, pong, off) = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "wifi")
        try socket.send(Self.ready)
        let opening = try Self.settledReload(of: "wifi", from: socket) {
          $0 == [[#"{"row":"wifiSwitch"}"#]]
        }
        try socket.send(#"{"v": 1, "type": "input", "name": "wifi", "value": "true"}"#)
        let on = try Self.next("batch", from: socket)
        try socket.send(#"{"v": 1, "type": "ack", "list": "wifi", "seq": \#(on["seq"]!)}"#)
        // Already on: nothing changes.
        try socket.send(#"{"v": 1, "type": "input", "name": "wifi", "value": "true"}"#)
        try socket.send(#"{"v": 1, "type": "ping", "id": 9}"#)
        let pong = try Self.next("pong", from: socket)
        try socket.send(#"{"v": 1, "type": "input", "name": "wifi", "value": "false"}"#)
        return (opening, on, pong, try Self.next("batch", from: socket))
      }
      #expect(opening["selectable"] as? Bool == true, "a network found is tapped to join it")
      let update = on["update"] as? [String: Any] ?? [:]
      #expect(update["sectionInserts"] as? [Int] == [1])
      #expect(update["itemInserts"] as? [[Int]] == [[0, 1]])
      #expect(update["itemReconfigures"] as? [[Int]] == [[0, 0]])
      let networks = (on["insertedSections"] as? [[String: Any]])?.first?["items"] as? [Any]
      #expect((networks?.count ?? 0) == (on["counts"] as? [Int])?.last)
      let toggle =
        (on["reconfigured"] as? [String: Any])?[#"{"row":"wifiSwitch"}"#] as? [String: Any]
      #expect((toggle?["accessories"] as? [[String: Any]])?.first?["on"] as? Bool == true)
      #expect(pong["id"] as? Int == 9)
      #expect(off["counts"] as? [Int] == [1])
      #expect((off["update"] as? [String: Any])?["sectionDeletes"] as? [Int] == [1])
    }
  }

  @Test func theChatShowsTheHistoryThenAdaTypesAndHerMessageReplacesTheIndicator() async throws {
    try await withServer(screens: { $0.chatPause = 0.01 }) { port, _ in
      let (opening, batches) = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "chat")
        try socket.send(Self.ready)
        let opening = try Self.settledReload(of: "chat", from: socket) { $0.first?.count == 3 }
        var batches: [JSONMessage] = []
        while batches.count < 2 {
          let batch = try Self.next("batch", from: socket)
          try socket.send(#"{"v": 1, "type": "ack", "list": "chat", "seq": \#(batch["seq"]!)}"#)
          batches.append(batch)
        }
        return (opening, batches)
      }
      #expect(
        Self.items(opening) == [[#"{"message":1}"#, #"{"message":2}"#, #"{"message":3}"#], []])
      let typing = batches[0]["insertedItems"] as? [[String: Any]]
      #expect(typing?.first?["typing"] as? Bool == true)
      // The indicator is left for the page to say; Ada's message is announced.
      #expect(batches[0]["announce"] == nil)
      #expect(batches[1]["announce"] as? String == "Ada: " + Conversation.lines[0])
      let message = batches[1]
      #expect((message["update"] as? [String: Any])?["itemDeletes"] as? [[Int]] == [[1, 0]])
      let arrived = (message["insertedItems"] as? [[String: Any]])?.first?["message"] as? Int
      #expect(arrived == 4)
      let cell = (message["cells"] as? [String: Any])?[#"{"message":4}"#] as? [String: Any]
      #expect(cell?["text"] as? String == Conversation.lines[0])
      #expect(cell?["secondaryText"] as? String == "Ada")
    }
  }

  @Test func theRestStopOpensThenServesLunch() async throws {
    try await withServer(screens: { $0.lunchDelay = .seconds(3600) }) { port, registry in
      let (socket, opening) = try await onThread {
        let socket = try TestWebSocket(port: port, demo: "reststop")
        try socket.send(Self.ready)
        let opening = try Self.settledReload(of: "reststop", from: socket) {
          $0.map(\.count) == [6, 8, 6]
        }
        return (socket, opening)
      }
      let sections = (opening["sections"] as? [[String: Any]] ?? []).compactMap {
        $0["id"] as? String
      }
      #expect(sections == ["food", "goods", "brands"])
      let items = Self.items(opening)
      #expect(items.first?.first == #"{"dish":"Cheeseburger","price":9}"#)
      #expect(items.dropFirst().first?.contains(#"{"good":"Ice"}"#) == true)
      #expect(items.last?.first == #"{"brand":"Starlite Coffee"}"#)

      let id = try #require(socket.page?.id)
      let page = try #require(await registry.page(id: id))
      let started = await page.run { page -> Bool in
        guard let screen = (page.content as? ScreenOfPage)?.screen as? RestStopBrowserScreen
        else { return false }
        Task {
          _ = page
          await screen.screen.lunch()
        }
        return true
      }
      try #require(started)
      let lunch = try await onThread { try Self.next("batch", from: socket) }
      #expect(lunch["counts"] as? [Int] == [7, 7, 6])
      let inserted = lunch["insertedItems"] as? [[String: Any]] ?? []
      #expect(inserted.count == 1)
      #expect(inserted.first?["dish"] as? String == "Grilled cheese")
      let update = lunch["update"] as? [String: Any] ?? [:]
      #expect((update["itemDeletes"] as? [Any])?.count == 1)
    }
  }

  @Test func lunchComesOnItsOwnOnceAPageConnects() async throws {
    try await withServer { port, _ in
      let served = try await onThread { () -> Bool in
        let socket = try TestWebSocket(port: port, demo: "reststop")
        try socket.send(Self.ready)
        // Acknowledge everything until the page shows lunch: a batch with
        // lunch's counts, or a reload made after it.
        for _ in 0..<50 {
          let message = try socket.receiveJSON()
          let type = message["type"] as? String
          if type == "batch" || type == "reload", let seq = message["seq"] {
            try socket.send(#"{"v": 1, "type": "ack", "list": "reststop", "seq": \#(seq)}"#)
          }
          if type == "batch", message["counts"] as? [Int] == [7, 7, 6] { return true }
          if type == "reload", Self.items(message).map(\.count) == [7, 7, 6] { return true }
        }
        return false
      }
      #expect(served)
    }
  }
}
