/// Reads an `ack` message in the plain form a page writes it,
/// `{"v": 1, "type": "ack", "list": "main", "seq": 2}`, without a
/// `JSONDecoder`: the page sends one per batch, so the session reads it on
/// every apply.
///
/// It accepts only a JSON object with exactly the keys `v`, `type`, `list`
/// and `seq`, once each and in any order, with JSON whitespace anywhere
/// between tokens: `v` the number `1`, `type` the string `"ack"`, `list` a
/// string without escapes, and `seq` a non-negative integer of at most 18
/// digits without a sign, fraction or exponent. Anything else, valid or not,
/// is left to `WebClientMessage(jsonData:)`, which reads every message and
/// names what is wrong; for what the scanner accepts, the decoder gives the
/// same `ack`.
enum _AckScanner {
  /// The list and sequence number of `frame`, if it is an `ack` of the
  /// plain form; `nil` otherwise.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `frame` in UTF-8.
  static func scan(_ frame: String) -> (list: String, seq: Int)? {
    var frame = frame
    return frame.withUTF8 { bytes in
      var scanner = _Cursor(bytes: bytes)
      return scanner.ack()
    }
  }

  private struct _Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    mutating func skipSpace() {
      while i < bytes.count {
        switch bytes[i] {
        case 0x20, 0x09, 0x0A, 0x0D: i += 1
        default: return
        }
      }
    }

    /// Consumes `byte` after optional whitespace.
    mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard i < bytes.count, bytes[i] == byte else { return false }
      i += 1
      return true
    }

    /// A string without escapes or control characters, as its bytes.
    mutating func string() -> UnsafeBufferPointer<UInt8>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = i
      while i < bytes.count {
        let byte = bytes[i]
        if byte == UInt8(ascii: "\"") {
          i += 1
          return UnsafeBufferPointer(rebasing: bytes[start..<i - 1])
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        i += 1
      }
      return nil
    }

    /// A non-negative integer of at most 18 digits, without a leading zero
    /// (but `0` itself), sign, fraction or exponent.
    mutating func integer() -> Int? {
      skipSpace()
      let start = i
      var value = 0
      while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
        value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
        i += 1
        if i - start > 18 { return nil }
      }
      let digits = i - start
      guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
      if i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
        default: break
        }
      }
      return value
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
      text.withUTF8Buffer { $0.elementsEqual(bytes) }
    }

    mutating func ack() -> (list: String, seq: Int)? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var version = false
      var type = false
      var list: String?
      var seq: Int?
      for member in 0..<4 {
        if member > 0, !take(UInt8(ascii: ",")) { return nil }
        guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
        if Self.equal(key, "v"), !version {
          guard integer() == 1 else { return nil }
          version = true
        } else if Self.equal(key, "type"), !type {
          guard let value = string(), Self.equal(value, "ack") else { return nil }
          type = true
        } else if Self.equal(key, "list"), list == nil {
          guard let value = string() else { return nil }
          list = String(decoding: value, as: UTF8.self)
        } else if Self.equal(key, "seq"), seq == nil {
          guard let value = integer() else { return nil }
          seq = value
        } else {
          return nil
        }
      }
      guard take(UInt8(ascii: "}")) else { return nil }
      skipSpace()
      guard i == bytes.count, version, type, let list, let seq else { return nil }
      return (list, seq)
    }
  }
}

extension WebClientMessage {
  /// The `ack` that `frame` is, read as the session reads a page's acks
  /// (without a decoder), or `nil` when it is no ack of the plain form.
  /// For benchmarks, which time it against `init(jsonData:)`.
  @_spi(Benchmarks)
  public static func _scanAck(_ frame: String) -> WebClientMessage? {
    _AckScanner.scan(frame).map { .ack(list: $0.list, seq: $0.seq) }
  }
}
