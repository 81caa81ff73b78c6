#if Hummingbird
  import DiffableWeb
  import Foundation
  import Logging
  import NIOCore
  import Testing

  @testable import DiffableWebHummingbird

  /// The connection guard's readers on their own: requests and frames a
  /// hostile client sends.
  @Suite struct ConnectionGuardTests {
    static let limits = ConnectionLimits()

    /// What `scanner` says of `text` fed a chunk of `size` bytes at a time.
    static func scan(_ text: String, by size: Int) -> RequestHeadScanner.Verdict {
      var scanner = RequestHeadScanner(limits: limits)
      let bytes = Array(text.utf8)
      var fed = 0
      for start in stride(from: 0, to: bytes.count, by: size) {
        let chunk = bytes[start..<min(start + size, bytes.count)]
        switch scanner.scan(chunk) {
        case .incomplete: fed += chunk.count
        case .complete(let consumed): return .complete(consumed: fed + consumed)
        case .refused(let status, let reason): return .refused(status: status, reason: reason)
        }
      }
      return .incomplete
    }

    @Test(arguments: [1, 7, 4096])
    func aWellFormedHeadIsCompleteWhereItEnds(chunk: Int) {
      let head = "GET /demos/sort HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n"
      #expect(Self.scan(head + "body", by: chunk) == .complete(consumed: head.utf8.count))
      #expect(Self.scan("\r\nGET / HTTP/1.0\nHost: x\n\n", by: chunk) == .complete(consumed: 26))
      #expect(Self.scan("GET / HTTP/1.1\r\nHost: x\r\n", by: chunk) == .incomplete)
    }

    @Test func longLinesAndHeadsAreRefusedAtTheirLimits() {
      let line = { (length: Int) in
        "GET /" + String(repeating: "a", count: length - 15) + " HTTP/1.1"
      }
      #expect(Self.scan(line(8 * 1024) + "\r\n", by: 1000) == .incomplete)
      guard case .refused(414, _) = Self.scan(line(8 * 1024 + 1) + "\r\n", by: 1000) else {
        Issue.record("a request line of 8 KiB + 1 was not refused with 414")
        return
      }
      let header = { (length: Int) in "X: " + String(repeating: "b", count: length) + "\r\n" }
      let under = "GET / HTTP/1.1\r\n" + header(16 * 1024 - 16 - 5)
      #expect(Self.scan(under, by: 999) == .incomplete)
      #expect(
        Self.scan(under + "Y", by: 999)
          == .refused(status: 431, reason: "the request's headers are larger than 16384 bytes"))
    }

    @Test(arguments: [
      ("garbage\r\n\r\n", 400), ("GET /\r\n\r\n", 400), ("GET / HTTP/2.0\r\n\r\n", 400),
      ("GET  / HTTP/1.1\r\n\r\n", 400), ("GET /a b HTTP/1.1\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nno colon\r\n\r\n", 400), ("GET / HTTP/1.1\r\n: empty name\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400), ("BREW / HTTP/1.1\r\n\r\n", 501),
      ("POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
    ])
    func malformedRequestsAreRefused(text: String, status: Int) {
      guard case .refused(let refused, let reason) = Self.scan(text, by: 3) else {
        Issue.record("\(text.debugDescription) was not refused")
        return
      }
      #expect(refused == status, "\(text.debugDescription): \(reason)")
      #expect(!reason.isEmpty)
    }

    /// A client frame: masked unless told otherwise.
    static func frame(
      _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true, rsv: UInt8 = 0
    ) -> [UInt8] {
      var bytes: [UInt8] = [(fin ? 0x80 : 0) | rsv | opcode]
      let mark: UInt8 = masked ? 0x80 : 0
      if payload.count < 126 {
        bytes.append(mark | UInt8(payload.count))
      } else if payload.count <= 0xFFFF {
        bytes += [mark | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
      } else {
        bytes.append(mark | 127)
        bytes += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
      }
      guard masked else { return bytes + payload }
      let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
      return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// What a frame scanner says of `bytes`, fed `chunk` bytes at a time.
    static func frames(
      _ bytes: [UInt8], by chunk: Int, limit: Int = 1 << 20, compression: Bool = false
    ) -> WebSocketFrameScanner.Verdict {
      var scanner = WebSocketFrameScanner(maximumMessage: limit, compression: compression)
      for start in stride(from: 0, to: bytes.count, by: chunk) {
        let verdict = scanner.scan(bytes[start..<min(start + chunk, bytes.count)])
        if verdict != .acceptable { return verdict }
      }
      return .acceptable
    }

    @Test(arguments: [1, 3, 1000])
    func wellFormedFramesPassSplitAnywhere(chunk: Int) {
      let e = Array("é".utf8)
      // A text message in three fragments, "é" split between two, a ping
      // between them; a binary message; a close.
      let bytes =
        Self.frame(1, Array("caf".utf8) + [e[0]], fin: false) + Self.frame(9, [1, 2])
        + Self.frame(0, [e[1]] + Array(" ok".utf8), fin: false) + Self.frame(0, [], fin: true)
        + Self.frame(2, [0xFF, 0xFE]) + Self.frame(1, Array(repeating: 0x61, count: 70_000))
        + Self.frame(8, [0x03, 0xE8])
      #expect(Self.frames(bytes, by: chunk) == .acceptable)
    }

    @Test func framesThatBreakTheProtocolAreRefusedWithTheirCodes() {
      let cases: [([UInt8], UInt16)] = [
        (Self.frame(1, Array("hi".utf8), masked: false), 1002),
        (Self.frame(0, Array("hi".utf8)), 1002),
        (Self.frame(1, [0x61], fin: false) + Self.frame(1, [0x61]), 1002),
        (Self.frame(1, [0x61], rsv: 0x40), 1002),
        (Self.frame(3, []), 1002),
        (Self.frame(9, [], fin: false), 1002),
        (Self.frame(9, Array(repeating: 0, count: 126)), 1002),
        (Self.frame(1, [0xFF]), 1007),
        (Self.frame(1, [0xC3]), 1007),
        (Self.frame(1, [0xED, 0xA0, 0x80]), 1007),
        (Self.frame(1, [0xC3], fin: false) + Self.frame(0, [0x41]), 1007),
        (Self.frame(1, Array(repeating: 0x61, count: 101)), 1009),
        (
          Self.frame(2, Array(repeating: 0, count: 60), fin: false)
            + Self.frame(0, Array(repeating: 0, count: 41)), 1009
        ),
      ]
      for (bytes, code) in cases {
        for chunk in [1, 5, 4096] {
          guard case .refused(let refused, let reason) = Self.frames(bytes, by: chunk, limit: 100)
          else {
            Issue.record("not refused: \(bytes.prefix(12))")
            continue
          }
          #expect(refused == code, "\(bytes.prefix(12)): \(reason)")
          #expect(!reason.isEmpty)
        }
      }
    }

    @Test func compressedMessagesSetRSV1OnTheirFirstFrameAloneOnceNegotiated() {
      // Deflated bytes are not UTF-8: the scanner leaves their text to the
      // library, which checks it once inflated.
      let deflated: [UInt8] = [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
      let message =
        Self.frame(1, Array(deflated[..<3]), fin: false, rsv: 0x40)
        + Self.frame(9, [1]) + Self.frame(0, Array(deflated[3...]))
        + Self.frame(2, deflated, rsv: 0x40) + Self.frame(1, Array("plain".utf8))
      #expect(Self.frames(message, by: 3, compression: true) == .acceptable)
      // Without the extension, RSV1 is a protocol error; with it, RSV1 on a
      // continuation or a control frame, and RSV2 or RSV3, still are; the
      // size limit holds for the compressed bytes.
      let refused: [([UInt8], Bool, UInt16)] = [
        (Self.frame(1, deflated, rsv: 0x40), false, 1002),
        (Self.frame(1, [0x61], fin: false) + Self.frame(0, deflated, rsv: 0x40), true, 1002),
        (Self.frame(9, [1], rsv: 0x40), true, 1002),
        (Self.frame(1, deflated, rsv: 0x20), true, 1002),
        (Self.frame(1, deflated, rsv: 0x10), true, 1002),
        (Self.frame(1, [0xFF]), true, 1007),
        (Self.frame(2, Array(repeating: 0, count: 101), rsv: 0x40), true, 1009),
      ]
      for (bytes, compression, code) in refused {
        let verdict = Self.frames(bytes, by: 2, limit: 100, compression: compression)
        guard case .refused(let refusedCode, _) = verdict else {
          Issue.record("not refused: \(bytes.prefix(12)), compression \(compression)")
          continue
        }
        #expect(refusedCode == code, "\(bytes.prefix(12))")
      }
    }

    @Test func theUTF8CheckAgreesWithTheStandardLibrary() {
      var random = SystemRandomNumberGenerator()
      let pieces: [[UInt8]] = [
        [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC0, 0x80],
        [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82], [0xFF],
        [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
      ]
      for _ in 0..<2_000 {
        let bytes = (0..<Int.random(in: 0...6, using: &random)).flatMap { _ in
          pieces.randomElement(using: &random)!
        }
        var validator = UTF8Validator()
        let valid = bytes.allSatisfy { validator.feed($0) } && validator.isComplete
        let expected = String(data: Data(bytes), encoding: .utf8) != nil
        #expect(valid == expected, "\(bytes)")
      }
    }

    @Test func aConnectionCutShortBeforeItsRequestIsNoErrorInTheLog() {
      final class Recorder: LogHandler, @unchecked Sendable {
        var records: [(Logger.Level, String)] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .warning
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
          get { metadata[key] }
          set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { records.append((event.level, event.message.description)) }
      }
      let recorder = Recorder()
      let logger = Logger(label: "test") { _ in CutShortUpgradesAsDebug(base: recorder) }
      let closed = String(describing: ChannelError.inappropriateOperationForState)
      logger.error("Error handling upgrade result", metadata: ["error.type": .string(closed)])
      logger.error("Error handling upgrade result", metadata: ["error.type": "something else"])
      logger.error("another error", metadata: ["error.type": .string(closed)])
      #expect(recorder.records.map(\.1) == ["Error handling upgrade result", "another error"])
      #expect(recorder.records.map(\.0) == [.error, .error])
    }
  }
#endif
