/// The HTML of a list's first window, as the browser client's renderer
/// builds it (Documentation/Web.md, "First paint"): the page shows it with
/// JavaScript off, and the renderer adopts its elements at the socket's
/// first reload.
///
/// Every text (the cells' texts, identifiers, kinds, colours) is written
/// escaped; numbers as JavaScript writes them.
struct _FirstPaintHTML {
  private var html = ""
  private let layout: WebLayout
  private let message: WebReloadMessage
  /// Whether the list scrolls sideways: the axis pinned elements stick on.
  private let horizontal: Bool
  /// Whether the list reads as a grid, as the renderer's `isGrid` decides:
  /// the first paint gives the roles of a list, and leaves a grid's rows to
  /// the renderer.
  private let grid: Bool
  /// The number of items in the whole list, each cell's `aria-setsize`.
  private let total: Int
  /// Whether the rows have levels (an outline, shown as a tree): a
  /// disclosure mark or an indentation in the window.
  private let leveled: Bool
  /// Whether a cell holds the list's one tab stop yet: the window's first does.
  private var tabStopWritten = false

  /// The list element of `message`, laid out for `viewport`.
  ///
  /// - Complexity: O(*k* log *k* + *t*), where *k* is the number of
  ///   elements in the window and *t* the length of their texts;
  ///   independent of the length of the list.
  static func list(_ message: WebReloadMessage, viewport: WebListViewport) -> String {
    var writer = _FirstPaintHTML(message: message, viewport: viewport)
    writer.writeList()
    return writer.html
  }

  private init(message: WebReloadMessage, viewport: WebListViewport) {
    self.message = message
    self.layout = message.layout ?? .empty
    // As the renderer's `scrollAxis`: sideways only when the content is
    // wider than the list and no taller.
    let horizontal =
      layout.size.width > viewport.width + 0.5 && !(layout.size.height > viewport.height + 0.5)
    self.horizontal = horizontal
    total = message.sections.reduce(0) { $0 + $1.count }
    leveled = message.cells.values.contains { cell in
      cell.indentation > 0
        || cell.accessories.contains { if case .disclosure = $0 { true } else { false } }
    }
    grid = !layout.bands.isEmpty || Self.hasCellsSideBySide(message, layout, horizontal: horizontal)
  }

  /// Whether two cells of a section that follow each other in the window
  /// stand side by side: the second starts before the first ends along the
  /// scroll axis, and at or after its end across it.
  private static func hasCellsSideBySide(
    _ message: WebReloadMessage, _ layout: WebLayout, horizontal: Bool
  ) -> Bool {
    // A frame's extent along the scroll axis, and across it.
    func along(_ frame: WebRect) -> (start: Double, end: Double) {
      horizontal ? (frame.x, frame.x + frame.width) : (frame.y, frame.y + frame.height)
    }
    func across(_ frame: WebRect) -> (start: Double, end: Double) {
      horizontal ? (frame.y, frame.y + frame.height) : (frame.x, frame.x + frame.width)
    }
    for section in message.sections {
      var previous: WebRect?
      for item in section._itemsWithFrames(in: layout.frames) {
        guard let frame = layout.frames[item.text] else { continue }
        if let previous, along(frame).start < along(previous).end - 0.5,
          across(frame).start >= across(previous).end - 0.5
        {
          return true
        }
        previous = frame
      }
    }
    return false
  }

  private mutating func writeList() {
    html += "<div data-diffable-list=\"\(escape(message.list))\" class=\"diffable-list\""
    if !grid {
      html +=
        leveled ? " role=\"tree\"" : message.selectable ? " role=\"listbox\"" : " role=\"list\""
    }
    html +=
      " data-seq=\"0\" data-first-paint><div class=\"diffable-content\" role=\"none\" style=\""
    html += "width: \(px(layout.size.width)); height: \(px(layout.size.height));\">"
    var supplementariesOf: [String: [WebSupplementary]] = [:]
    for supplementary in layout.supplementaries {
      supplementariesOf[supplementary.section, default: []].append(supplementary)
    }
    let bands = Dictionary(layout.bands.map { ($0.section, $0) }, uniquingKeysWith: { a, _ in a })
    var offset = 0
    for section in message.sections {
      let id = section.id.text
      let first = offset + 1
      offset += section.count
      let items = section._itemsWithFrames(in: layout.frames).map {
        (text: $0.text, position: first + $0.position)
      }
      let extras = (supplementariesOf[id] ?? []).sorted {
        (along($0.frame), $0.index) < (along($1.frame), $1.index)
      }
      let start = items.map { along(layout.frames[$0.text]!) }.min() ?? .infinity
      for supplementary in extras where along(supplementary.frame) <= start {
        writeSupplementary(supplementary)
      }
      if let band = bands[id] {
        writeBand(band, items: items)
      } else {
        for item in items {
          writeCell(item.text, position: item.position, section: id, origin: (0, 0))
        }
      }
      for supplementary in extras where !(along(supplementary.frame) <= start) {
        writeSupplementary(supplementary)
      }
    }
    html += "</div></div>\n"
  }

  /// A frame's start along the scroll axis.
  private func along(_ frame: WebRect) -> Double { horizontal ? frame.x : frame.y }

  private mutating func writeCell(
    _ item: String, position: Int, section: String, origin: (Double, Double)
  ) {
    guard let frame = layout.frames[item], let cell = message.cells[item] else { return }
    var attributes = " data-item=\"\(escape(item))\""
    attributes += tabStopWritten ? " tabindex=\"-1\"" : " tabindex=\"0\""
    tabStopWritten = true
    if !grid { attributes += listItemAttributes(of: cell, position: position) }
    attributes += " data-section=\"\(escape(section))\""
    if let axes = layout.estimated[section] {
      attributes += " data-self-sizing=\"\(axes.rawValue)\""
    }
    writeElement(
      "diffable-cell", of: cell, attributes: attributes,
      style: box(frame.x - origin.0, frame.y - origin.1, frame.width, frame.height))
  }

  /// A list's cell's role, its place in the whole list (a tree's items
  /// have their level instead), whether it is selected, and its name, as
  /// the renderer's `describe` gives them.
  private func listItemAttributes(of cell: WebCell, position: Int) -> String {
    var attributes: String
    if leveled {
      attributes = " role=\"treeitem\" aria-level=\"\(cell.indentation + 1)\""
    } else {
      attributes = message.selectable ? " role=\"option\"" : " role=\"listitem\""
      attributes += " aria-setsize=\"\(total)\" aria-posinset=\"\(position)\""
    }
    if message.selectable {
      let selected = cell.accessories.contains { if case .checkmark = $0 { true } else { false } }
      attributes += " aria-selected=\"\(selected)\""
    }
    return attributes + " aria-label=\"\(escape(accessibleName(of: cell)))\""
  }

  /// A cell's accessible name, as the renderer's `nameOf`: its text, then
  /// its secondary text.
  private func accessibleName(of cell: WebCell) -> String {
    cell.secondaryText.map { "\(cell.text), \($0)" } ?? cell.text
  }

  /// An element that shows `cell`: a cell or a supplementary view, with
  /// its class, `attributes`, `aria-expanded` where the cell has a
  /// disclosure mark, its indentation and `style`, and its content.
  private mutating func writeElement(
    _ className: StaticString, of cell: WebCell, attributes: String, style: String
  ) {
    html += "<div class=\"\(className)\"\(attributes)\(expandedAttribute(of: cell))"
    html += " style=\"--diffable-indentation: \(cell.indentation); \(style)\">"
    writeContent(of: cell)
    html += "</div>"
  }

  private mutating func writeBand(_ band: WebBand, items: [(text: String, position: Int)]) {
    let frame = band.frame
    let across = horizontal ? "y" : "x"
    html += "<div class=\"diffable-band\" data-band=\"\(escape(band.section))\""
    html += " data-band-axis=\"\(across)\" style=\""
    html += box(frame.x, frame.y, frame.width, frame.height)
    html += "\"><div class=\"diffable-band-content\" style=\""
    if across == "x" {
      html += "width: \(px(band.contentWidth)); height: \(px(frame.height));\">"
    } else {
      html += "width: \(px(frame.width)); height: \(px(band.contentWidth));\">"
    }
    for item in items {
      writeCell(
        item.text, position: item.position, section: band.section, origin: (frame.x, frame.y))
    }
    html += "</div></div>"
  }

  private mutating func writeSupplementary(_ supplementary: WebSupplementary) {
    let frame = supplementary.frame
    var attributes =
      " data-kind=\"\(escape(supplementary.kind))\""
      + " data-section=\"\(escape(supplementary.section))\" data-index=\"\(supplementary.index)\""
    if !grid, supplementary.kind.lowercased().contains("header") {
      attributes += " role=\"heading\" aria-level=\"2\""
      attributes += " aria-label=\"\(escape(accessibleName(of: supplementary.cell)))\""
    }
    guard let pin = supplementary.pin else {
      writeElement(
        "diffable-supplementary", of: supplementary.cell, attributes: attributes,
        style: box(frame.x, frame.y, frame.width, frame.height))
      return
    }
    // As the renderer's `pinPlacement`: a range the element sticks in.
    let natural = along(frame)
    let length = horizontal ? frame.width : frame.height
    let trailing = natural + length >= pin.upperBound - 0.5 && natural > pin.lowerBound + 0.5
    let start = min(pin.lowerBound, natural)
    let end = max(pin.upperBound, natural + length)
    html += "<div class=\"diffable-pin-range\" aria-hidden=\"false\""
    html += " data-axis=\"\(horizontal ? "x" : "y")\" style=\""
    html +=
      horizontal
      ? box(start, frame.y, end - start, frame.height)
      : box(frame.x, start, frame.width, end - start)
    html += "\">"
    let side = horizontal ? (trailing ? "right" : "left") : (trailing ? "bottom" : "top")
    writeElement(
      "diffable-supplementary", of: supplementary.cell,
      attributes: attributes + " data-pinned=\"\(side)\"",
      style: "width: \(px(frame.width)); height: \(px(frame.height)); "
        + "margin-\(horizontal ? "left" : "top"): \(px(natural - start)); \(side): 0px;")
    html += "</div>"
  }

  /// `aria-expanded` for a cell with a disclosure mark that says whether
  /// it is expanded.
  private func expandedAttribute(of cell: WebCell) -> String {
    for case .disclosure(let expanded) in cell.accessories {
      return " aria-expanded=\"\(expanded)\""
    }
    return ""
  }

  /// A cell's content, as the renderer's `fillCell` makes it; a cell of
  /// a template gets its fields instead (the page's template needs the
  /// client, which fills it in place at the first reload).
  private mutating func writeContent(of cell: WebCell) {
    if let template = cell.template {
      writeFields(of: template)
    } else {
      writeBuiltInContent(of: cell)
    }
    writeAccessories(of: cell)
  }

  /// A template's fields in order of their names, each a slot of its
  /// name: a text in a `span`, an image in a lazy `img`, a link in an `a`.
  private mutating func writeFields(of template: WebCell.Template) {
    html += "<div class=\"diffable-template diffable-fields\" "
    html += "data-template=\"\(escape(template.name))\">"
    for (name, field) in template.fields.sorted(by: { $0.key < $1.key }) {
      let slot = "data-field=\"\(escape(name))\""
      switch field._value {
      case .text(let text):
        html += "<span \(slot)>\(escape(text))</span>"
      case .image(let url, let description):
        html += "<img \(slot) src=\"\(escape(url))\" alt=\"\(escape(description))\""
        html += " loading=\"lazy\" decoding=\"async\">"
      case .link(let text, let url):
        html += "<a \(slot) href=\"\(escape(url))\">\(escape(text))</a>"
      }
    }
    html += "</div>"
  }

  /// The swatch, the image's mark and the texts.
  private mutating func writeBuiltInContent(of cell: WebCell) {
    if let color = cell.color {
      html += "<span class=\"diffable-swatch\" style=\"background-color: \(color.hex);\""
      html += " aria-hidden=\"true\"></span>"
    }
    if let image = cell.image {
      let mark = image.first.map { String($0).uppercased() } ?? ""
      html += "<span class=\"diffable-image\" title=\"\(escape(image))\""
      html += " data-image=\"\(escape(image))\" aria-hidden=\"true\">\(escape(mark))</span>"
    }
    html += "<span class=\"diffable-texts\"><span class=\"diffable-text\">"
    html += escape(cell.text) + "</span>"
    if let secondary = cell.secondaryText {
      html += "<span class=\"diffable-secondary-text\">\(escape(secondary))</span>"
    }
    html += "</span>"
  }

  /// The accessories, after the content.
  private mutating func writeAccessories(of cell: WebCell) {
    guard !cell.accessories.isEmpty else { return }
    html += "<span class=\"diffable-accessories\">"
    for accessory in cell.accessories {
      switch accessory {
      case .disclosure(let expanded):
        html += "<span class=\"diffable-disclosure\" aria-hidden=\"true\""
        html += " data-expanded=\"\(expanded)\"></span>"
      case .switch(let isOn):
        html += "<span class=\"diffable-switch\" role=\"switch\" aria-checked=\"\(isOn)\""
        html += " aria-label=\"\(escape(cell.text))\""
        html += " data-on=\"\(isOn)\"></span>"
      case .checkmark:
        html += "<span class=\"diffable-checkmark\" aria-label=\"selected\">✓</span>"
      case .badge(let text):
        html += "<span class=\"diffable-badge\">\(escape(text))</span>"
      }
    }
    html += "</span>"
  }

  private func escape(_ text: String) -> String { WebPageDocument.escaped(text) }

  private func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
    "left: \(px(x)); top: \(px(y)); width: \(px(width)); height: \(px(height));"
  }

  /// A length in pixels as JavaScript writes the number: no `.0` on a
  /// whole number.
  private func px(_ value: Double) -> String {
    guard value.isFinite else { return "0px" }
    if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))px" }
    return "\(value)px"
  }
}
