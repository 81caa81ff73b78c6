import ArgumentParser

/// The `--no-color` flag shared by every command that prints in colour.
struct ColorOptions: ParsableArguments {
  @Flag(
    name: .customLong("no-color"),
    help: "Never colour the output (colour is also off when standard output is not a terminal or NO_COLOR is set)."
  )
  var noColor = false

  /// The styler for standard output under these options.
  var styler: TextStyler {
    TextStyler(
      isEnabled: ColorChoice.isColorEnabled(
        noColorFlag: noColor,
        noColorEnvironment: Terminal.environment("NO_COLOR"),
        outputIsTerminal: Terminal.standardOutputIsTerminal))
  }
}

/// The rule that decides whether the command writes colour.
enum ColorChoice {
  /// Colour is on only when standard output is a terminal, `--no-color` was
  /// not given, and `NO_COLOR` is unset or empty (https://no-color.org).
  static func isColorEnabled(
    noColorFlag: Bool, noColorEnvironment: String?, outputIsTerminal: Bool
  ) -> Bool {
    if noColorFlag { return false }
    if let value = noColorEnvironment, !value.isEmpty { return false }
    return outputIsTerminal
  }
}
