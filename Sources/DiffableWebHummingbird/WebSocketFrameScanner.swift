#if Hummingbird
  /// Reads a client's WebSocket frames as their bytes arrive, before the
  /// WebSocket library does, and says when they break RFC 6455 in a way that
  /// must close the socket with a code and a reason the library does not
  /// give:
  ///
  /// - a frame that is not masked (§5.1): 1002;
  /// - a continuation frame with no message started, or a new message before
  ///   the last one ended (§5.4): 1002;
  /// - reserved bits set, other than `permessage-deflate`'s (RSV1 on the
  ///   first frame of a data message, when the extension was negotiated:
  ///   RFC 7692 §6), an unknown opcode, or a control frame fragmented or
  ///   over 125 bytes (§5.2, §5.5): 1002;
  /// - a message larger than the limit, whole or in fragments (compressed,
  ///   as it comes; the WebSocket library bounds what it inflates to): 1009;
  /// - a text message that is not UTF-8, checked as its fragments arrive
  ///   (§8.1): 1007. A compressed message is checked by the library once
  ///   inflated.
  struct WebSocketFrameScanner {
    /// What the bytes so far make.
    enum Verdict: Equatable {
      case acceptable
      case refused(code: UInt16, reason: String)
    }

    let maximumMessage: Int
    /// Whether `permessage-deflate` was negotiated.
    let compression: Bool
    /// The frame header being read: its first bytes, until it is whole.
    private var header: [UInt8] = []
    /// The payload bytes of the current frame still to come.
    private var remaining = 0
    /// The current frame's mask, and how many of its payload bytes were read.
    private var mask: [UInt8] = [0, 0, 0, 0]
    private var maskOffset = 0
    /// Whether the current frame's payload is part of a text message.
    private var payloadIsText = false
    /// Whether the current frame ends its message.
    private var payloadEndsMessage = false
    /// Whether a fragmented message is open, and its size and kind so far.
    private var messageOpen = false
    private var messageIsText = false
    private var messageSize = 0
    private var utf8 = UTF8Validator()

    init(maximumMessage: Int, compression: Bool = false) {
      self.maximumMessage = maximumMessage
      self.compression = compression
    }

    /// Reads `bytes`, the next of the socket's.
    mutating func scan(_ bytes: some Collection<UInt8>) -> Verdict {
      for byte in bytes {
        if remaining > 0 {
          remaining -= 1
          if payloadIsText {
            let plain = byte ^ mask[maskOffset & 3]
            maskOffset += 1
            guard utf8.feed(plain) else { return Self.invalidText }
          }
          if remaining == 0, let verdict = endPayload() { return verdict }
          continue
        }
        header.append(byte)
        guard let length = headerLength(), header.count == length else { continue }
        if let verdict = startFrame() { return verdict }
      }
      return .acceptable
    }

    static let invalidText = Verdict.refused(code: 1007, reason: "a text message is not UTF-8")

    /// The length of the header being read, once its first two bytes are.
    private func headerLength() -> Int? {
      guard header.count >= 2 else { return nil }
      let masked = header[1] & 0x80 != 0 ? 4 : 0
      switch header[1] & 0x7F {
      case 126: return 4 + masked
      case 127: return 10 + masked
      default: return 2 + masked
      }
    }

    /// Checks the whole header in `header` and starts its payload.
    private mutating func startFrame() -> Verdict? {
      defer { header.removeAll(keepingCapacity: true) }
      let fin = header[0] & 0x80 != 0
      let opcode = header[0] & 0x0F
      // RSV1 marks a compressed message, on its first frame alone.
      let compressed = header[0] & 0x40 != 0
      guard header[0] & 0x30 == 0, !compressed || (compression && (opcode == 1 || opcode == 2))
      else {
        return .refused(code: 1002, reason: "reserved bits are set, and no extension uses them")
      }
      guard header[1] & 0x80 != 0 else {
        return .refused(code: 1002, reason: "a client's frames must be masked (RFC 6455 5.1)")
      }
      var length = Int(header[1] & 0x7F)
      var offset = 2
      if length == 126 {
        length = Int(header[2]) << 8 | Int(header[3])
        offset = 4
      } else if length == 127 {
        guard header[2] & 0x80 == 0 else {
          return .refused(code: 1009, reason: "a frame larger than \(maximumMessage) bytes")
        }
        length = header[2..<10].reduce(0) { $0 << 8 | Int($1) }
        offset = 10
      }
      mask = Array(header[offset..<offset + 4])
      maskOffset = 0
      switch opcode {
      case 0x8, 0x9, 0xA:
        guard fin, length <= 125 else {
          return .refused(code: 1002, reason: "a control frame is fragmented or over 125 bytes")
        }
        payloadIsText = false
        payloadEndsMessage = false
      case 0x0, 0x1, 0x2:
        if opcode == 0 {
          guard messageOpen else {
            return .refused(code: 1002, reason: "a continuation frame with no message started")
          }
        } else {
          guard !messageOpen else {
            return .refused(code: 1002, reason: "a new message before the last one ended")
          }
          messageOpen = true
          // A compressed message's bytes are not its text.
          messageIsText = opcode == 1 && !compressed
          messageSize = 0
          utf8 = UTF8Validator()
        }
        guard length <= maximumMessage - messageSize else {
          return .refused(code: 1009, reason: "a message larger than \(maximumMessage) bytes")
        }
        messageSize += length
        payloadIsText = messageIsText
        payloadEndsMessage = fin
      default:
        return .refused(code: 1002, reason: "the opcode \(opcode) is reserved")
      }
      remaining = length
      if length == 0 { return endPayload() }
      return nil
    }

    /// The current frame's payload was read.
    private mutating func endPayload() -> Verdict? {
      guard payloadEndsMessage else { return nil }
      payloadEndsMessage = false
      messageOpen = false
      if messageIsText, !utf8.isComplete { return Self.invalidText }
      return nil
    }
  }

  /// Checks UTF-8 a byte at a time (RFC 3629: no overlong forms, no
  /// surrogates, nothing past U+10FFFF), so a message split anywhere is
  /// checked as its parts arrive.
  struct UTF8Validator {
    /// How many continuation bytes the current character still needs, and
    /// the range the next one must be in.
    private var needed = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Reads `byte`; returns whether the text is still UTF-8.
    mutating func feed(_ byte: UInt8) -> Bool {
      guard needed == 0 else {
        guard (lower...upper).contains(byte) else { return false }
        lower = 0x80
        upper = 0xBF
        needed -= 1
        return true
      }
      switch byte {
      case 0x00...0x7F: return true
      case 0xC2...0xDF: needed = 1
      case 0xE0: (needed, lower) = (2, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: needed = 2
      case 0xED: (needed, upper) = (2, 0x9F)
      case 0xF0: (needed, lower) = (3, 0x90)
      case 0xF1...0xF3: needed = 3
      case 0xF4: (needed, upper) = (3, 0x8F)
      default: return false
      }
      return true
    }

    /// Whether the text read ends at the end of a character.
    var isComplete: Bool { needed == 0 }
  }
#endif
