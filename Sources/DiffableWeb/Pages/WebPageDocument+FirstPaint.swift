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
    horizontal =
      layout.size.width > viewport.width + 0.5 && !(layout.size.height > viewport.height + 0.5)
  }

  private mutating func writeList() {
    html += "<div data-diffable-list=\"\(escape(message.list))\" class=\"diffable-list\""
    html += " data-seq=\"0\" data-first-paint><div class=\"diffable-content\" style=\""
    html += "width: \(px(layout.size.width)); height: \(px(layout.size.height));\">"
    var supplementariesOf: [String: [WebSupplementary]] = [:]
    for supplementary in layout.supplementaries {
      supplementariesOf[supplementary.section, default: []].append(supplementary)
    }
    let bands = Dictionary(layout.bands.map { ($0.section, $0) }, uniquingKeysWith: { a, _ in a })
    for section in message.sections {
      let id = section.id.text
      let items = section.items.map(\.text).filter { layout.frames[$0] != nil }
      let extras = (supplementariesOf[id] ?? []).sorted {
        (along($0.frame), $0.index) < (along($1.frame), $1.index)
      }
      let start = items.map { along(layout.frames[$0]!) }.min() ?? .infinity
      for supplementary in extras where along(supplementary.frame) <= start {
        writeSupplementary(supplementary)
      }
      if let band = bands[id] {
        writeBand(band, items: items)
      } else {
        for item in items { writeCell(item, section: id, origin: (0, 0)) }
      }
      for supplementary in extras where !(along(supplementary.frame) <= start) {
        writeSupplementary(supplementary)
      }
    }
    html += "</div></div>\n"
  }

  /// A frame's start along the scroll axis.
  private func along(_ frame: WebRect) -> Double { horizontal ? frame.x : frame.y }

  private mutating func writeCell(_ item: String, section: String, origin: (Double, Double)) {
    guard let frame = layout.frames[item], let cell = message.cells[item] else { return }
    var attributes = " data-item=\"\(escape(item))\""
    if message.selectable { attributes += " tabindex=\"0\" role=\"button\"" }
    attributes += " data-section=\"\(escape(section))\""
    if let axes = layout.estimated[section] {
      attributes += " data-self-sizing=\"\(axes.rawValue)\""
    }
    writeElement(
      "diffable-cell", of: cell, attributes: attributes,
      style: box(frame.x - origin.0, frame.y - origin.1, frame.width, frame.height))
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

  private mutating func writeBand(_ band: WebBand, items: [String]) {
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
    for item in items { writeCell(item, section: band.section, origin: (frame.x, frame.y)) }
    html += "</div></div>"
  }

  private mutating func writeSupplementary(_ supplementary: WebSupplementary) {
    let frame = supplementary.frame
    let attributes =
      " data-kind=\"\(escape(supplementary.kind))\""
      + " data-section=\"\(escape(supplementary.section))\" data-index=\"\(supplementary.index)\""
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

  /// A cell's content, as the renderer's `fillCell` makes it.
  private mutating func writeContent(of cell: WebCell) {
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
    guard !cell.accessories.isEmpty else { return }
    html += "<span class=\"diffable-accessories\">"
    for accessory in cell.accessories {
      switch accessory {
      case .disclosure(let expanded):
        html += "<span class=\"diffable-disclosure\" aria-hidden=\"true\""
        html += " data-expanded=\"\(expanded)\"></span>"
      case .switch(let isOn):
        html += "<span class=\"diffable-switch\" role=\"switch\" aria-checked=\"\(isOn)\""
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
