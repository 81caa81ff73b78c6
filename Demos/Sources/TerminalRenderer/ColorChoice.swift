/// The rule that decides whether a demo writes colour.
public enum ColorChoice {
  /// Colour is on only when standard output is a terminal, `--no-color` was
  /// not given, and `NO_COLOR` is unset or empty (https://no-color.org).
  public static func isColorEnabled(
    noColorFlag: Bool, noColorEnvironment: String?, outputIsTerminal: Bool
  ) -> Bool {
    if noColorFlag { return false }
    if let value = noColorEnvironment, !value.isEmpty { return false }
    return outputIsTerminal
  }
}
