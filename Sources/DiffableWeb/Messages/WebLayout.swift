public import Foundation

/// A rectangle in a list's content coordinates, in CSS pixels: written
/// `[x, y, width, height]`.
public struct WebRect: Sendable, Hashable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle of a solved frame.
  public init(_ rect: CGRect) {
    self.init(
      x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width),
      height: Double(rect.height))
  }
}

/// A size in CSS pixels: written `[width, height]`.
public struct WebSize: Sendable, Hashable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// The part of a list's solved layout that a page shows: the frames of the
/// items in the list's *window* (its visible rect extended by one visible
/// length before and after along the scroll direction), the headers and
/// footers there, and the bands of orthogonal sections there.
///
/// ```json
/// {"size": [390, 12000],
///  "frames": {"apple": [0, 0, 195, 44], "pear": [195, 0, 195, 44]},
///  "supplementaries": [{"kind": "header", "section": "fruits", "index": 0,
///                       "frame": [0, 0, 390, 30], "pin": [0, 400],
///                       "cell": {"text": "Fruits"}}],
///  "bands": [{"section": "food", "frame": [0, 40, 390, 120],
///             "contentWidth": 780, "rests": [0, 195, 390]}]}
/// ```
///
/// A ``WebListView`` builds it from its `SolvedLayout`; it travels in
/// `reload`, `batch` and `layout` messages.
///
/// A section whose items have an estimated dimension (self-sizing cells)
/// is named in ``estimated``, with the axes the page measures: the page
/// sends the sizes of those cells back in a `measure` message, and the list
/// answers with a `layout` whose frames follow them.
///
/// ```json
/// {"size": [390, 900], "frames": {"news": [0, 0, 390, 44]},
///  "supplementaries": [], "bands": [], "estimated": {"feed": "height"}}
/// ```
public struct WebLayout: Sendable, Hashable {
  /// The size of the list's whole content.
  public var size: WebSize
  /// The frame of each item in the window, keyed by the item's
  /// ``WebIdentifier/text``. Items of orthogonal sections are at the band's
  /// offset 0.
  public var frames: [String: WebRect]
  /// The supplementary views (headers, footers, group supplementaries) in
  /// the window, and the pinned headers and footers of the sections there.
  public var supplementaries: [WebSupplementary]
  /// The bands of the orthogonal sections in the window.
  public var bands: [WebBand]
  /// The sections of the window whose items size themselves, keyed by the
  /// section's ``WebIdentifier/text``, with the axes that are estimated;
  /// written only when not empty.
  public var estimated: [String: WebEstimatedAxes]
  /// Items of the window that keep the frame the page holds for them from
  /// the list's last layout, by ``WebIdentifier/text``, in place of their
  /// entries in ``frames``: a `batch` names them so that it carries only
  /// the frames that changed or entered the window. Written only when not
  /// empty; always empty in a `reload`, which the page takes as it is.
  public var unmoved: [String]
  /// Groups of the window's items whose frames are those the page holds,
  /// each group moved by one offset (the items below an insert or a
  /// deletion in the window), in place of their entries in ``frames``.
  /// Written only when not empty; always empty in a `reload`.
  public var shifted: [WebShift]
  /// The frames of the groups and sections of the window's items, for a
  /// list that shows its geometry (``WebListView/showsGeometry``); `nil`,
  /// and not written, otherwise.
  public var geometry: WebGeometry?
  /// Where the window's rows are in the whole list, when the window is a
  /// grid (the page then gives its grid `aria-rowcount` and each row its
  /// `aria-rowindex`); `nil`, and not written, otherwise.
  public var rows: WebRows?
  /// Where the items of the sections that the window does not hold whole
  /// are, so that the page shows a placeholder at the frame of an item
  /// whose cell it does not have (a scroll faster than the server's
  /// answers, a jump). In a `reload`, `nil` (not written) when there are
  /// none. In a `batch` or `layout` message, `nil` when they are the ones
  /// the page holds, and empty when there are none any more.
  public var patterns: [WebItemPattern]?

  /// Creates a layout value.
  public init(
    size: WebSize, frames: [String: WebRect], supplementaries: [WebSupplementary] = [],
    bands: [WebBand] = [], estimated: [String: WebEstimatedAxes] = [:], unmoved: [String] = [],
    shifted: [WebShift] = [], geometry: WebGeometry? = nil, rows: WebRows? = nil,
    patterns: [WebItemPattern]? = nil
  ) {
    self.geometry = geometry
    self.rows = rows
    self.patterns = patterns
    self.size = size
    self.frames = frames
    self.supplementaries = supplementaries
    self.bands = bands
    self.estimated = estimated
    self.unmoved = unmoved
    self.shifted = shifted
  }

  /// The layout as a `batch` sends it to a page that holds `previous`:
  /// the items whose frame is the one `previous` has go to ``unmoved``,
  /// and those whose frame is `previous`'s moved by an offset two or more
  /// of them share go to ``shifted``; ``frames`` keeps the others.
  ///
  /// The items of ``unmoved`` and of each group of ``shifted`` are in
  /// ascending order of their text.
  ///
  /// - Complexity: O(*w* log *w*) for *w* frames.
  public func sendingOnlyChangedFrames(after previous: WebLayout) -> WebLayout {
    _sendingOnlyChangedFrames(
      after: previous, inOrder: frames.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    ).layout
  }

  /// The layout as ``sendingOnlyChangedFrames(after:)`` makes it, with the
  /// items of ``unmoved`` and of each group of ``shifted`` in the order of
  /// `window`, which lists every entry of ``frames`` once; and the
  /// positions in `window` of the items `previous` has no frame for, whose
  /// cells a page holding `previous` does not have.
  ///
  /// One look-up in `previous` per item: no sort, and an offset is hashed
  /// only when it differs from the one of the item before.
  ///
  /// - Complexity: O(*w*) for *w* frames.
  func _sendingOnlyChangedFrames(
    after previous: WebLayout, inOrder window: [(text: String, frame: WebRect)]
  ) -> (layout: WebLayout, entering: [Int]) {
    // The frames that stay are gathered apart, rather than the others
    // taken out of a copy of every frame.
    var changed: [String: WebRect] = [:]
    var unmoved: [String] = []
    var groups: [(offset: _FrameOffset, items: [(text: String, frame: WebRect)])] = []
    var groupOfOffset: [_FrameOffset: Int] = [:]
    var lastGroup = -1
    var entering: [Int] = []
    for (position, (text, frame)) in window.enumerated() {
      guard let old = previous.frames[text] else {
        entering.append(position)
        changed[text] = frame
        continue
      }
      let offset = _FrameOffset(dx: frame.x - old.x, dy: frame.y - old.y)
      // Only an offset that gives the frame back exactly, as the page adds
      // it, and the same size.
      guard old.width == frame.width, old.height == frame.height,
        old.x + offset.dx == frame.x, old.y + offset.dy == frame.y
      else {
        changed[text] = frame
        continue
      }
      if offset.dx == 0 && offset.dy == 0 {
        unmoved.append(text)
        continue
      }
      if lastGroup < 0 || groups[lastGroup].offset != offset {
        if let group = groupOfOffset[offset] {
          lastGroup = group
        } else {
          lastGroup = groups.count
          groupOfOffset[offset] = lastGroup
          groups.append((offset, []))
        }
      }
      groups[lastGroup].items.append((text, frame))
    }
    var result = self
    result.unmoved += unmoved
    for (offset, items) in groups {
      if items.count > 1 {
        result.shifted.append(WebShift(dx: offset.dx, dy: offset.dy, items: items.map(\.text)))
      } else {
        for (text, frame) in items { changed[text] = frame }
      }
    }
    result.frames = changed
    result.shifted.sort { ($0.dy, $0.dx) < ($1.dy, $1.dx) }
    return (result, entering)
  }

  /// The layout with the items of ``unmoved`` and ``shifted`` given the
  /// frames `previous` has for them (moved by their group's offset), and
  /// both empty: the window's every frame, as the page takes it. `nil` if
  /// `previous` has no frame for one of them, or ``frames`` has one too:
  /// the page holds another layout than the one the message was built
  /// against, and asks for a reload.
  ///
  /// - Complexity: O(*u*) for *u* items named, plus copying the frames.
  public func withHeldFrames(from previous: WebLayout) -> WebLayout? {
    var result = self
    result.unmoved = []
    result.shifted = []
    let groups = [WebShift(dx: 0, dy: 0, items: unmoved)] + shifted
    for group in groups {
      for text in group.items {
        guard let frame = previous.frames[text], result.frames[text] == nil else { return nil }
        result.frames[text] = WebRect(
          x: frame.x + group.dx, y: frame.y + group.dy, width: frame.width, height: frame.height)
      }
    }
    return result
  }

  /// A layout with nothing in it: what a list that cannot be laid out for
  /// its size shows.
  public static let empty = WebLayout(size: WebSize(width: 0, height: 0), frames: [:])
}

/// How far a frame moved.
private struct _FrameOffset: Hashable {
  var dx: Double
  var dy: Double
}

/// Items whose frames are the ones the page holds, moved by one offset:
/// written `{"by": [dx, dy], "items": [text, ...]}`.
public struct WebShift: Sendable, Hashable {
  /// How far the frames move to the right.
  public var dx: Double
  /// How far the frames move down.
  public var dy: Double
  /// The items, by ``WebIdentifier/text``.
  public var items: [String]

  /// Creates a group of shifted items.
  public init(dx: Double, dy: Double, items: [String]) {
    self.dx = dx
    self.dy = dy
    self.items = items
  }
}

/// A header, footer or other supplementary view of a list's layout.
public struct WebSupplementary: Sendable, Hashable {
  /// The element kind, as the layout names it.
  public var kind: String
  /// The ``WebIdentifier/text`` of the element's section.
  public var section: String
  /// The item of the element's index path in `LayoutAttributes`: for a
  /// boundary supplementary, how many of its kind come before it in its
  /// section; for a group supplementary, its item.
  public var index: Int
  /// The element's frame where it lies, not pinned.
  public var frame: WebRect
  /// For a header or footer that pins to the visible bounds: the range along
  /// the scroll direction it stays within (its section's extent); `nil`
  /// for one that does not pin.
  public var pin: ClosedRange<Double>?
  /// What the element shows, from the data source's supplementary view
  /// provider.
  public var cell: WebCell

  /// Creates a supplementary view's value.
  public init(
    kind: String, section: String, index: Int, frame: WebRect, pin: ClosedRange<Double>?,
    cell: WebCell
  ) {
    self.kind = kind
    self.section = section
    self.index = index
    self.frame = frame
    self.pin = pin
    self.cell = cell
  }
}

/// The band of an orthogonal section: a strip that scrolls sideways to the
/// list, and comes to rest where the section's behaviour says.
public struct WebBand: Sendable, Hashable {
  /// The ``WebIdentifier/text`` of the section.
  public var section: String
  /// The visible part of the band, in content coordinates.
  public var frame: WebRect
  /// The band's whole length along its own scroll axis.
  public var contentWidth: Double
  /// The offsets where scrolling comes to rest, ascending; empty when it
  /// rests anywhere.
  public var rests: [Double]

  /// Creates a band's value.
  public init(section: String, frame: WebRect, contentWidth: Double, rests: [Double]) {
    self.section = section
    self.frame = frame
    self.contentWidth = contentWidth
    self.rests = rests
  }
}

/// The axes of a self-sizing cell whose length is estimated: the ones the
/// page measures. Written `"width"`, `"height"` or `"both"`.
public enum WebEstimatedAxes: String, Sendable, Hashable, Codable {
  /// The width is estimated; the height is the layout's.
  case width
  /// The height is estimated; the width is the layout's.
  case height
  /// Both lengths are estimated.
  case both

  /// The axes of an element whose width and height are estimated or not;
  /// `nil` when neither is.
  public init?(width: Bool, height: Bool) {
    switch (width, height) {
    case (true, true): self = .both
    case (true, false): self = .width
    case (false, true): self = .height
    case (false, false): return nil
    }
  }

  /// Whether the width is estimated.
  public var width: Bool { self != .height }
  /// Whether the height is estimated.
  public var height: Bool { self != .width }
}

/// Where a layout puts the groups and sections of the window's items, for
/// a tool that shows a layout's geometry (the layout playground): the page
/// outlines an item's group and section, and says its frame, while the
/// item is hovered or focused.
///
/// ```json
/// {"groups": {"3": [0, 88, 390, 44]}, "sections": {"0": [0, 0, 390, 900]}}
/// ```
public struct WebGeometry: Sendable, Hashable {
  /// The frame of the group each item of the window is in, by the item's
  /// ``WebIdentifier/text``; items of orthogonal sections at the band's
  /// offset 0, as their frames.
  public var groups: [String: WebRect]
  /// The frame of each section with an item in the window, by the
  /// section's ``WebIdentifier/text``.
  public var sections: [String: WebRect]

  /// Creates a geometry value.
  public init(groups: [String: WebRect], sections: [String: WebRect]) {
    self.groups = groups
    self.sections = sections
  }
}

/// Where a grid's window is in its whole list: how many rows the list has,
/// and the row of each item and supplementary of the window, counted from
/// 0, as the page counts rows (Documentation/Web.md, "Accessibility").
///
/// ```json
/// {"count": 92, "items": {"k2": 40, "everest": 40}, "supplementaries": [39]}
/// ```
public struct WebRows: Sendable, Hashable {
  /// How many rows the whole list has.
  public var count: Int
  /// The row of each item of the window, by its ``WebIdentifier/text``.
  public var items: [String: Int]
  /// The row of each of the layout's ``WebLayout/supplementaries``, in
  /// their order; -1 for one no row holds.
  public var supplementaries: [Int]

  /// Creates a rows value.
  public init(count: Int, items: [String: Int], supplementaries: [Int]) {
    self.count = count
    self.items = items
    self.supplementaries = supplementaries
  }
}

/// A point, or the offset between two: written `[x, y]`.
public struct WebPoint: Sendable, Hashable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// Where every item of a section is, as a group of slots repeated at a
/// step: item *k* is in group *g* = *k* / `slots.count`, at slot
/// *j* = *k* mod `slots.count`, and its frame is the slot's moved by
/// `origin + g × step`. Exact for a section of fixed-size items; for one
/// whose items size themselves, the step is the average of the groups'
/// and each slot fills it. The page shows a placeholder at the frame of
/// an item whose cell it does not hold.
///
/// ```json
/// {"section": "photos", "count": 1000000, "origin": [0, 0], "step": [0, 64],
///  "slots": [[0, 0, 64, 64], [64, 0, 64, 64], [128, 0, 64, 64]]}
/// ```
public struct WebItemPattern: Sendable, Hashable {
  /// The ``WebIdentifier/text`` of the section.
  public var section: String
  /// The number of items in the section.
  public var count: Int
  /// Where the section's first group is.
  public var origin: WebPoint
  /// The offset from one group to the next.
  public var step: WebPoint
  /// The frames of a group's items, relative to the group's origin; at
  /// least one.
  public var slots: [WebRect]

  /// Creates a pattern.
  public init(section: String, count: Int, origin: WebPoint, step: WebPoint, slots: [WebRect]) {
    self.section = section
    self.count = count
    self.origin = origin
    self.step = step
    self.slots = slots
  }
}
