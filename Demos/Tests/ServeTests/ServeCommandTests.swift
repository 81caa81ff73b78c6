import DemoOptions
import DemoServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The `serve` command: its options, and the real binary started, asked
/// for `/` and stopped by a signal.
@Suite struct ServeCommandTests {
  @Test func optionsDefaultToLocalhost8080() throws {
    let options = try ServeOptions.parse([])
    #expect(options.host == "127.0.0.1")
    #expect(options.port == 8080)
    let chosen = try ServeOptions.parse(["--host", "0.0.0.0", "--port", "0"])
    #expect(chosen.host == "0.0.0.0")
    #expect(chosen.port == 0)
  }

  @Test(arguments: [
    (["--port", "65536"], "--port must be from 0 to 65535"),
    (["--port=-1"], "--port must be from 0 to 65535"),
    (["--port", "eighty"], "eighty"),
    (["--host", ""], "--host must be"),
    (["--host", "a b"], "--host must be"),
    (["--verbose"], "--verbose"),
    (["extra"], "extra"),
  ])
  func badArgumentsAreRefusedWithAMessage(arguments: [String], message: String) throws {
    #expect(throws: (any Error).self) { try ServeOptions.parse(arguments) }
    do {
      _ = try ServeOptions.parse(arguments)
    } catch {
      #expect(ServeOptions.fullMessage(for: error).contains(message))
    }
  }

  @Test func theBinaryRefusesBadArgumentsWithANonZeroStatus() throws {
    let executable = try #require(serveExecutable(), "the serve executable was not built")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--port", "99999"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
    #expect(message.contains("--port must be from 0 to 65535"))
  }

  @Test func theBinaryFailsWithAMessageWhenItsPortIsTaken() async throws {
    let executable = try #require(serveExecutable(), "the serve executable was not built")
    try await withServer { port, _ in
      let (status, message) = try await onThread { () -> (Int32, String) in
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", String(port)]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(
          decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
      }
      #expect(status != 0)
      #expect(message.contains("Address already in use"), "\(message)")
    }
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func theBinaryServesTheIndexAndStopsCleanlyOnASignal(signal: Int32) async throws {
    let executable = try #require(serveExecutable(), "the serve executable was not built")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--port", "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let reader = output.fileHandleForReading
    let line = try await onThread { () -> String in
      var bytes: [UInt8] = []
      while true {
        let byte = reader.readData(ofLength: 1)
        if byte.isEmpty || byte.first == 10 { break }
        bytes += byte
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    let prefix = "Serving on http://127.0.0.1:"
    #expect(line.hasPrefix(prefix), "first line: \(line)")
    let port = try #require(Int(line.dropFirst(prefix.count)))
    #expect(port > 0 && port != 8080)

    let index = try await get("/", port: port)
    #expect(index.status == 200)
    #expect(index.text.contains("<a href=\"/demos/mountains\">"))

    // A page is connected when the signal comes: its socket is closed.
    let socket = try await onThread {
      let socket = try TestWebSocket(port: port, demo: "sort")
      try socket.send(
        #"{"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}, "lists": {}}"#)
      while try socket.receiveJSON()["type"] as? String != "reload" {}
      return socket
    }

    // On SIGINT the page answers the server's close as a browser does; on
    // SIGTERM it never does, and the server cuts it off after its deadline.
    let answersClose = signal == SIGINT
    kill(process.processIdentifier, signal)
    let (status, close) = try await onThread { () -> (Int32, [UInt8]?) in
      var close: [UInt8]?
      while close == nil {
        do {
          let frame = try socket.receive()
          if frame.opcode == 8 { close = frame.payload }
        } catch {
          break
        }
      }
      if answersClose { socket.close() }
      process.waitUntilExit()
      return (process.terminationStatus, close)
    }
    // The page is told the server is going away (1001), and reconnects.
    let code = close.map { Int($0.first ?? 0) << 8 | Int($0.dropFirst().first ?? 0) }
    #expect(code == 1001, "close frame: \(String(describing: close))")
    #expect(status == 0)
    #expect(process.terminationReason == .exit)
    // The socket is closed: nothing answers on the port any more.
    await #expect(throws: (any Error).self) { _ = try await get("/", port: port) }
  }
}

/// The `serve` executable of the current build, next to the test bundle.
func serveExecutable() -> URL? {
  var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<5 {
    let candidate = directory.appendingPathComponent("serve")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    directory.deleteLastPathComponent()
  }
  return nil
}
