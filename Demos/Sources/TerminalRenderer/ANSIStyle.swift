/// A Select Graphic Rendition attribute of ANSI terminals.
public enum ANSIStyle: String, Sendable, CaseIterable {
  case bold = "1"
  case dim = "2"
  case italic = "3"
  case underline = "4"
  case strikethrough = "9"
  case red = "31"
  case green = "32"
  case yellow = "33"
  case blue = "34"
  case magenta = "35"
  case cyan = "36"
  case gray = "90"
}

/// Applies ANSI styles to text, or leaves text alone when colour is off.
///
/// Build one from ``ColorChoice`` so that every demo follows the same rule:
/// colour only when standard output is a terminal, `--no-color` was not
/// given and `NO_COLOR` is not set.
public struct TextStyler: Sendable {
  /// Whether escape sequences are written at all.
  public var isEnabled: Bool

  /// A styler that writes escape sequences when `isEnabled` is true.
  public init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// A styler that never writes escape sequences.
  public static let plain = TextStyler(isEnabled: false)

  /// Wraps `text` in the escape sequences for `styles`, or returns it
  /// unchanged when colour is off or no style is given.
  public func callAsFunction(_ text: String, _ styles: ANSIStyle...) -> String {
    apply(styles, to: text)
  }

  /// Wraps `text` in the escape sequences for `styles`.
  public func apply(_ styles: [ANSIStyle], to text: String) -> String {
    guard isEnabled, !styles.isEmpty, !text.isEmpty else { return text }
    let codes = styles.map(\.rawValue).joined(separator: ";")
    return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
  }
}

/// Screen-control sequences, used only when standard output is a terminal.
public enum ScreenControl {
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"
  public static let clearToEnd = "\u{1B}[J"
  public static let home = "\u{1B}[H"
  public static let hideCursor = "\u{1B}[?25l"
  public static let showCursor = "\u{1B}[?25h"
  public static let enterAlternateScreen = "\u{1B}[?1049h"
  public static let leaveAlternateScreen = "\u{1B}[?1049l"
}

/// Calls `body` with each character of `text` outside ANSI escape
/// sequences.
private func forEachVisibleCharacter(in text: some StringProtocol, _ body: (Character) -> Void) {
  var inEscape = false
  for character in text {
    if inEscape {
      if character.isLetter { inEscape = false }
    } else if character == "\u{1B}" {
      inEscape = true
    } else {
      body(character)
    }
  }
}

/// `text` without its ANSI escape sequences.
public func plainText(_ text: some StringProtocol) -> String {
  var plain = ""
  forEachVisibleCharacter(in: text) { plain.append($0) }
  return plain
}

/// The number of columns `text` takes, ignoring ANSI escape sequences and
/// counting each character as one column.
public func visibleWidth(_ text: String) -> Int {
  var width = 0
  forEachVisibleCharacter(in: text) { _ in width += 1 }
  return width
}

/// Pads `text` with spaces to `width` visible columns.
public func padded(_ text: String, to width: Int) -> String {
  let missing = width - visibleWidth(text)
  return missing > 0 ? text + String(repeating: " ", count: missing) : text
}
