import DiffableWeb
import DiffableWebHummingbird
import Foundation
import Testing

/// The connection guard in front of the demo server: requests and frames a
/// hostile client sends.
@Suite struct ConnectionGuardTests {
  @Test func aConnectionThatSendsNoWholeHeadInTimeGets408AndIsClosed() async throws {
    var limits = ConnectionLimits()
    limits.headerTimeout = .milliseconds(300)
    try await withServer(limits: limits) { port, _ in
      for start in ["", "GET / HTTP/1.1\r\nHo"] {
        let answer = try await onThread { () -> String in
          let socket = try TestWebSocket(port: port)
          try socket.write(Array(start.utf8))
          var bytes: [UInt8] = []
          while let byte = try? socket.readByte() { bytes.append(byte) }
          return String(decoding: bytes, as: UTF8.self)
        }
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer)")
        #expect(answer.hasSuffix("the request's headers did not arrive in time\n"))
      }
      // A page still loads, and keeps its connection for the next request.
      #expect(try await get("/", port: port).status == 200)
    }
  }

  @Test func theServerRefusesMalformedRequestsAndUnmaskedFrames() async throws {
    try await withServer { port, _ in
      let big = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 17 * 1024) + "\r\n\r\n"
      let long = "GET /" + String(repeating: "a", count: 9 * 1024) + " HTTP/1.1\r\n\r\n"
      for (request, status) in [(big, "431"), (long, "414"), ("garbage\r\n\r\n", "400")] {
        let answer = try await onThread { () -> String in
          let socket = try TestWebSocket(port: port)
          try socket.write(Array(request.utf8))
          var bytes: [UInt8] = []
          while let byte = try? socket.readByte() { bytes.append(byte) }
          return String(decoding: bytes, as: UTF8.self)
        }
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(answer.prefix(80))")
        #expect(answer.contains("Connection: close\r\n"))
      }
      let close = try await onThread { () -> (code: Int, reason: String) in
        let socket = try TestWebSocket(port: port, demo: "sort")
        // A whole text frame (FIN, opcode 1) of a short payload, unmasked.
        let payload = Array(#"{"v": 1, "type": "ping", "id": 1}"#.utf8)
        try socket.write([0x81, UInt8(payload.count)] + payload)
        return try socket.closeFrame()
      }
      #expect(close.code == 1002)
      #expect(close.reason == "a client's frames must be masked (RFC 6455 5.1)")
    }
  }
}
