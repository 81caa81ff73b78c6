import DemoScreens
import Diffable
import TerminalRenderer

/// `demo mountains --interactive`: the list updates as you type.
///
/// The terminal is put in raw mode and the demo draws on the alternate
/// screen; both are restored however the demo ends.
struct InteractiveMountainSearch {
  let search: MountainSearch
  let styler: TextStyler

  @MainActor
  func run() async throws {
    try await withInteractiveTerminal { keys in
      var query = ""
      var previous = search.snapshot(matching: query)
      draw(query: query, from: previous, to: previous)
      for await key in keys {
        switch key {
        case .character(let character):
          query.append(character)
        case .backspace:
          guard !query.isEmpty else { continue }
          query.removeLast()
        case .eraseLine:
          guard !query.isEmpty else { continue }
          query = ""
        case .enter, .escape, .interrupt, .endOfInput:
          return
        case .up, .down, .left, .right, .other:
          continue
        }
        let current = search.snapshot(matching: query)
        draw(query: query, from: previous, to: current)
        previous = current
      }
    }
  }

  private func draw(
    query: String,
    from old: DiffableDataSourceSnapshot<String, String>,
    to new: DiffableDataSourceSnapshot<String, String>
  ) {
    let rows = Terminal.size?.rows ?? 24
    let batch = BatchUpdate(from: old, to: new)
    var lines = [
      styler("Search mountains: ", .bold) + query + styler("▏", .dim),
      styler(
        "type to search · Backspace erases · Ctrl-U clears · Enter, Esc or Ctrl-C quits", .dim),
      "",
    ]
    // The step gets the screen less the lines above it.
    let body = MountainRows(search: search, styler: styler).render(
      query: query, from: old, to: new, batch: batch,
      maximumLines: rows - lines.count, maximumOperations: 3)
    lines += body
    let screen = lines.joined(separator: "\r\n")
    Terminal.write(ScreenControl.home + ScreenControl.clearToEnd + screen)
  }
}
