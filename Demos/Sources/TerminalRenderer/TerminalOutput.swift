/// Where the demos' lines go: standard output, one `print` a line, unless
/// a test captures them.
///
/// Every line a demo prints outside the interactive screen goes through
/// ``line(_:)``, so that a test can run a demo in its own process and read
/// what it printed.
@MainActor
public enum TerminalOutput {
  /// Writes one line; by default, prints it.
  public static var writeLine: (String) -> Void = { print($0) }

  /// Writes one line (an empty one by default).
  public static func line(_ text: String = "") {
    writeLine(text)
  }
}
