import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A key press read from a terminal in raw mode.
public enum Key: Equatable, Sendable {
  /// A printable character.
  case character(Character)
  case backspace
  case enter
  case escape
  /// Ctrl-C: raw mode turns off the signal, so it arrives as a key.
  case interrupt
  /// Ctrl-D.
  case endOfInput
  /// Ctrl-U: erase the whole line.
  case eraseLine
  /// The arrow keys.
  case up
  case down
  case left
  case right
  /// Anything else: function keys, other control characters.
  case other
}

/// Decodes the bytes of one `read` from a raw terminal into keys.
///
/// An escape sequence arrives in one read: the arrows (`ESC [ A` to
/// `ESC [ D`: up, down, right, left) become ``Key/up``, ``Key/down``,
/// ``Key/right`` and ``Key/left``, any other sequence one ``Key/other``; a
/// lone `ESC` is ``Key/escape``. UTF-8 text is decoded into characters.
public func decodeKeys(_ bytes: [UInt8]) -> [Key] {
  var keys: [Key] = []
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    switch byte {
    case 0x1B:
      if index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O")
      {
        // CSI or SS3 sequence: parameters, then one final byte in 0x40...0x7E.
        let start = index + 2
        index = start
        while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        // An arrow has no parameters.
        let final = index < bytes.count && index == start ? bytes[index] : 0
        switch final {
        case UInt8(ascii: "A"): keys.append(.up)
        case UInt8(ascii: "B"): keys.append(.down)
        case UInt8(ascii: "C"): keys.append(.right)
        case UInt8(ascii: "D"): keys.append(.left)
        default: keys.append(.other)
        }
      } else {
        keys.append(.escape)
      }
    case 0x7F, 0x08: keys.append(.backspace)
    case 0x0D, 0x0A: keys.append(.enter)
    case 0x03: keys.append(.interrupt)
    case 0x04: keys.append(.endOfInput)
    case 0x15: keys.append(.eraseLine)
    case 0x00..<0x20: keys.append(.other)
    default:
      // A UTF-8 sequence: its length comes from the lead byte.
      let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
      let end = min(index + length, bytes.count)
      let text = String(decoding: bytes[index..<end], as: UTF8.self)
      if let character = text.first, text.count == 1, character != "\u{FFFD}" {
        keys.append(.character(character))
      } else {
        keys.append(.other)
      }
      index = end
      continue
    }
    index += 1
  }
  return keys
}

/// Puts the terminal behind standard input into raw mode (no echo, no line
/// buffering, no signals from Ctrl-C) for the duration of a closure, and
/// restores the previous settings however the closure ends.
public struct RawTerminal: ~Copyable {
  private var original = termios()

  /// Switches to raw mode; `nil` when standard input is not a terminal.
  public init?() {
    guard Terminal.standardInputIsTerminal, tcgetattr(STDIN_FILENO, &original) == 0 else {
      return nil
    }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    // Each read returns as soon as at least one byte is there.
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
  }

  deinit {
    var settings = original
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }
}

/// Blocks until keys arrive on standard input and returns them; an empty
/// array means standard input was closed.
public func readKeysFromStandardInput() -> [Key] {
  var buffer = [UInt8](repeating: 0, count: 64)
  let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
  guard count > 0 else { return [] }
  return decodeKeys(Array(buffer[..<count]))
}

/// Keys from standard input as they arrive, read on a thread of their own,
/// so that the main actor stays free to apply snapshots while the reader
/// waits. The stream ends when standard input is closed.
public func keysFromStandardInput() -> AsyncStream<Key> {
  AsyncStream { continuation in
    let reader = Thread {
      while true {
        let keys = readKeysFromStandardInput()
        if keys.isEmpty {
          continuation.finish()
          return
        }
        for key in keys { continuation.yield(key) }
      }
    }
    reader.start()
  }
}
