#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the command knows about the terminal it runs in.
public enum Terminal {
  /// Whether a file descriptor is a terminal (not a pipe or a file).
  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) != 0
  }

  /// Whether standard output is a terminal.
  public static var standardOutputIsTerminal: Bool { isTerminal(STDOUT_FILENO) }

  /// Whether standard input is a terminal.
  public static var standardInputIsTerminal: Bool { isTerminal(STDIN_FILENO) }

  /// The size of the terminal behind standard output, or `nil` when it is
  /// not a terminal.
  public static var size: (rows: Int, columns: Int)? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
      return nil
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// The value of an environment variable, if it is set.
  public static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// Writes text to standard output now: the text goes through the same
  /// buffer as `print`, which is then flushed.
  public static func write(_ text: String) {
    print(text, terminator: "")
    fflush(nil)
  }
}
