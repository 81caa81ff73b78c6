import Testing

@testable import DiffableWeb

/// The last layout sent, as a list view keeps it: its frames as the
/// window's entries, hashed only when asked for.
@Suite("Web list view: the last layout sent")
struct WebSentLayoutTests {
  static func window(_ texts: [String]) -> _Window {
    var window = _Window(capacity: texts.count)
    for (k, text) in texts.enumerated() {
      window.placed.append((text, WebRect(x: 0, y: Double(44 * k), width: 390, height: 44)))
      window.positions.append((0, k))
    }
    return window
  }

  static func layout(of window: _Window) -> WebLayout {
    WebLayout(
      size: WebSize(width: 390, height: 44 * Double(window.placed.count)),
      frames: Dictionary(uniqueKeysWithValues: window.placed.map { ($0.text, $0.frame) }))
  }

  @Test("kept as the window's entries, it gives back the layout and tells it from others")
  func keptAsTheWindowsEntries() {
    let window = Self.window(["apple", "pear", "plum"])
    let layout = Self.layout(of: window)
    let sent = _SentLayout(layout, window: window)
    #expect(sent.frames.map(\.text) == ["apple", "pear", "plum"])
    #expect(sent.layout == layout)
    #expect(sent.matches(layout))
    var moved = layout
    moved.frames["pear"] = WebRect(x: 0, y: 45, width: 390, height: 44)
    #expect(!sent.matches(moved))
    var taller = layout
    taller.size = WebSize(width: 390, height: 200)
    #expect(!sent.matches(taller))
    var fewer = layout
    fewer.frames["plum"] = nil
    #expect(!sent.matches(fewer))
  }

  @Test("a window item the layout left out is left out of the frames")
  func leftOutItems() {
    let window = Self.window(["apple", "pear", "plum"])
    var layout = Self.layout(of: window)
    layout.frames["pear"] = nil
    let sent = _SentLayout(layout, window: window)
    #expect(sent.frames.map(\.text) == ["apple", "plum"])
    #expect(sent.layout == layout)
    #expect(sent.matches(layout))
  }

  @Test("a grid's rows are kept by position and given back")
  func rows() {
    let window = Self.window(["apple", "pear", "plum"])
    var layout = Self.layout(of: window)
    layout.rows = WebRows(count: 2, items: ["apple": 0, "pear": 0, "plum": 1], supplementaries: [])
    let sent = _SentLayout(layout, window: window)
    #expect(sent.layout == layout)
    #expect(sent.matches(layout))
    var other = layout
    other.rows?.items["plum"] = 0
    #expect(!sent.matches(other))
    other.rows = nil
    #expect(!sent.matches(other))
    // Rows naming an item without a frame are kept as they are.
    var odd = layout
    odd.rows?.items["fig"] = 3
    let oddSent = _SentLayout(odd, window: window)
    #expect(oddSent.layout == odd)
    #expect(oddSent.matches(odd))
    #expect(!oddSent.matches(layout))
  }
}
