/// Why a demo cannot run interactively: standard input or output is not a
/// terminal. Its description is one sentence.
public struct TerminalError: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

/// Runs `body` with the terminal in raw mode on the alternate screen, handing
/// it the keys as they arrive; restores the terminal however `body` ends.
///
/// - Throws: ``TerminalError`` when standard input or output is not a
///   terminal, at once, rather than waiting for keys that never come.
@MainActor
public func withInteractiveTerminal(_ body: (AsyncStream<Key>) async throws -> Void) async throws {
  guard Terminal.standardOutputIsTerminal, let terminal = RawTerminal() else {
    throw TerminalError("--interactive needs standard input and output to be a terminal")
  }
  Terminal.write(ScreenControl.enterAlternateScreen + ScreenControl.hideCursor)
  defer { Terminal.write(ScreenControl.showCursor + ScreenControl.leaveAlternateScreen) }
  try await body(keysFromStandardInput())
  withExtendedLifetime(terminal) {}
}

extension Key {
  /// Whether the key ends an interactive demo: `q`, Esc, Ctrl-C or Ctrl-D.
  public var quits: Bool {
    switch self {
    case .escape, .interrupt, .endOfInput, .character("q"): true
    default: false
    }
  }
}
