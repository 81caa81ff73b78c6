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

  @Test func theUpgradeNeedsAPageAndAValidID() async throws {
    try await withServer { port, sessions in
      let refused = [
        ("/demos/mountains/socket", "HTTP/1.1 400"),
        ("/demos/mountains/socket?page=", "HTTP/1.1 400"),
        ("/demos/mountains/socket?page=a%20b", "HTTP/1.1 400"),
        ("/demos/mountains/socket?page=\(String(repeating: "x", count: 65))", "HTTP/1.1 400"),
        ("/demos/mountains/socket?page=%3Cimg%3E", "HTTP/1.1 400"),
        // hummingbird-websocket answers every refused upgrade with 400.
        ("/demos/playground/socket?page=abc", "HTTP/1.1 400"),
      ]
      for (path, status) in refused {
        let head = try await onThread {
          let socket = try TestWebSocket(port: port, path: path)
          return socket.responseHead
        }
        #expect(head.hasPrefix(status), "\(path): \(head)")
      }
      #expect(await sessions.pageIDs.isEmpty)
    }
  }

  @Test func theMountainsSearchFiltersOverTheSocket() async throws {
    try await withServer { port, sessions in
      let (socket, reload, batch) = try await onThread {
        let socket = try TestWebSocket(port: port, path: "/demos/mountains/socket?page=search-1")
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

      // While the page is connected, its state is what it shows.
      let state = try await get("/state/search-1", port: port)
      #expect(state.status == 200)
      #expect(state.header("Content-Type") == "application/json; charset=utf-8")
      let json = try #require(try JSONSerialization.jsonObject(with: state.body) as? [String: Any])
      let lists = try #require(json["lists"] as? [[String: Any]])
      #expect(lists.count == 1)
      #expect(lists.first?["name"] as? String == "mountains")
      #expect(
        lists.first.map { Self.items($0) } == [["K2", "Kangchenjunga", "Kilimanjaro", "Makalu"]])
      #expect(await sessions.pageIDs == ["search-1"])
      let frames = try #require(lists.first?["frames"] as? [String: [Double]])
      #expect(Set(frames.keys) == ["K2", "Kangchenjunga", "Kilimanjaro", "Makalu"])
      // Two columns at phone width: K2 and Kangchenjunga side by side.
      #expect(frames["K2"]?[1] == frames["Kangchenjunga"]?[1])
      #expect(frames["Kilimanjaro"]?[1] ?? 0 > frames["K2"]?[1] ?? 0)
      withExtendedLifetime(socket) {}
    }
  }

  @Test func aReconnectingPageResumesItsSession() async throws {
    try await withServer { port, sessions in
      let path = "/demos/mountains/socket?page=resume-1"
      let resumed = try await onThread { () -> [[String]] in
        let first = try TestWebSocket(port: port, path: path)
        try first.send(Self.ready)
        _ = try Self.settledReload(of: "mountains", from: first) { $0.first?.count == 8 }
        try first.send(#"{"v": 1, "type": "input", "name": "search", "value": "lh"}"#)
        let batch = try Self.next("batch", from: first)
        try first.send(#"{"v": 1, "type": "ack", "list": "mountains", "seq": \#(batch["seq"]!)}"#)
        first.close()
        // The same page connects again: its first reload is the server's
        // list as the search left it.
        let second = try TestWebSocket(port: port, path: path)
        try second.send(Self.ready)
        return Self.items(try Self.next("reload", from: second))
      }
      #expect(resumed == [["Lhotse"]])
      #expect(await sessions.pageIDs == ["resume-1"])
    }
  }

  @Test func binaryAndMalformedMessagesGetAnErrorAndTheSocketCarriesOn() async throws {
    try await withServer { port, _ in
      let (binary, malformed, pong) = try await onThread {
        let socket = try TestWebSocket(port: port, path: "/demos/sort/socket?page=bad-input")
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
        let socket = try TestWebSocket(port: port, path: "/demos/sort/socket?page=sorting")
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
        let socket = try TestWebSocket(port: port, path: "/demos/expand/socket?page=expanding")
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
        let socket = try TestWebSocket(port: port, path: "/demos/outline/socket?page=folders")
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
        let socket = try TestWebSocket(port: port, path: "/demos/wifi/socket?page=radio")
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
      #expect(opening["selectable"] == nil, "no row of the settings is tapped")
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
        let socket = try TestWebSocket(port: port, path: "/demos/chat/socket?page=talk")
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
    try await withServer(screens: { $0.lunchDelay = .seconds(3600) }) { port, sessions in
      let (socket, opening) = try await onThread {
        let socket = try TestWebSocket(port: port, path: "/demos/reststop/socket?page=lunch")
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

      let started = await MainActor.run { () -> Bool in
        guard let screen = sessions.screen(id: "lunch") as? RestStopBrowserScreen else {
          return false
        }
        Task { await screen.screen.lunch() }
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
        let socket = try TestWebSocket(port: port, path: "/demos/reststop/socket?page=timer")
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
