import Diffable

/// `diffable demo mountains --interactive`: the list updates as you type.
///
/// The terminal is put in raw mode and the demo draws on the alternate
/// screen; both are restored however the demo ends.
struct InteractiveMountainSearch {
  let search: MountainSearch
  let styler: TextStyler

  func run() throws {
    guard Terminal.standardOutputIsTerminal else {
      throw InputError("--interactive needs standard input and output to be a terminal")
    }
    guard let terminal = RawTerminal() else {
      throw InputError("--interactive needs standard input and output to be a terminal")
    }
    Terminal.write(ScreenControl.enterAlternateScreen + ScreenControl.hideCursor)
    defer { Terminal.write(ScreenControl.showCursor + ScreenControl.leaveAlternateScreen) }

    var query = ""
    var previous = search.snapshot(matching: query)
    draw(query: query, from: previous, to: previous)
    loop: while true {
      let keys = terminal.readKeys()
      if keys.isEmpty { break }
      var changed = false
      for key in keys {
        switch key {
        case .character(let character):
          query.append(character)
          changed = true
        case .backspace:
          if !query.isEmpty {
            query.removeLast()
            changed = true
          }
        case .eraseLine:
          changed = !query.isEmpty
          query = ""
        case .enter, .escape, .interrupt, .endOfInput:
          break loop
        case .up, .down, .left, .right, .other:
          break
        }
      }
      guard changed else { continue }
      let current = search.snapshot(matching: query)
      draw(query: query, from: previous, to: current)
      previous = current
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
    // Room for the list: the screen less the header and the batch lines.
    let operations = 3
    let body = search.render(
      query: query, from: old, to: new, batch: batch, styler: styler,
      maximumRows: max(3, rows - lines.count - operations - 3), maximumOperations: operations)
    lines += body
    let screen = lines.joined(separator: "\r\n")
    Terminal.write(ScreenControl.home + ScreenControl.clearToEnd + screen)
  }
}
