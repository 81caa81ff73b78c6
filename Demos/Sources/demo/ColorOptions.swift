import ArgumentParser
import TerminalRenderer

/// The `--no-color` flag shared by every command that prints in colour.
struct ColorOptions: ParsableArguments {
  @Flag(
    name: .customLong("no-color"),
    help:
      "Never colour the output (colour is also off when standard output is not a terminal or NO_COLOR is set)."
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
