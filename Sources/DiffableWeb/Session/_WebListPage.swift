import CollectionLayout
import DiffableCore

/// What a `WebListView` knows of the page that shows its list, as one
/// value: forgotten, all at once, when the connection ends.
struct _WebListPage<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  /// What the page shows once it has applied everything sent; `nil` while
  /// no page is ready.
  var shown: DiffableDataSourceSnapshot<Section, Item>?
  /// The list element's size and offset.
  var viewport: WebListViewport?
  /// The layout solved for `viewport`'s size and `shown`'s counts.
  var solved: SolvedLayout? {
    didSet {
      gridRows = nil
      patterns = [:]
    }
  }
  /// The pattern of each section of `solved` asked for, by section index;
  /// `nil` for a section that has none.
  var patterns: [Int: _SectionPattern?] = [:]
  /// The rows of `solved` as a grid, made when a window is a grid.
  var gridRows: _GridRows?
  /// The last layout sent, its frames kept as the window's entries (see
  /// ``sentLayout``).
  private var sent: _SentLayout?
  /// The sizes the page measured of items in self-sizing sections, kept
  /// while the items stay in the list.
  var measured: [Item: WebSize] = [:]
  /// The estimated axes of each self-sizing section of `solved`, by
  /// section index.
  var estimatedAxes: [Int: WebEstimatedAxes] = [:]
  /// The items of the window last sent to the page, and of the one sent
  /// before it (which a page that has not drawn the last one yet still
  /// shows): what a `tap` or a `measure` may name. Two windows at most,
  /// whatever the length of the list or the life of the connection.
  private var lastWindow = _SentWindow<Item>()
  private var windowBefore = _SentWindow<Item>()
  /// The scroll offset of each orthogonal band the page scrolled, by
  /// section, as its `band` messages reported it.
  var bandOffsets: [Section: Double] = [:]
  /// What the page holds of the visible attributes of cells, by item text:
  /// the entries of the `visible` messages sent since the last reload that
  /// are not at the defaults.
  var sentVisible: [String: WebVisibleItem] = [:]

  /// Records `layout` as the last one sent (`nil`: a reload sent without
  /// one), and the items of `window`, whose layout it is, as a `tap` or a
  /// `measure` may name them; those of the window before are kept too.
  ///
  /// - Complexity: O(*w*), where *w* is the number of items in the window,
  ///   with one lookup of each in `layout`'s frames: the texts are indexed
  ///   when a message first names one.
  mutating func rememberSent(
    _ layout: WebLayout?, window: _Window,
    of snapshot: DiffableDataSourceSnapshot<Section, Item>
  ) {
    sent = layout.map { _SentLayout($0, window: window) }
    windowBefore = lastWindow
    lastWindow = _SentWindow(window, of: snapshot)
  }

  /// The last layout sent. The page holds the cells of the items it has
  /// frames for, by their text on the wire.
  ///
  /// - Complexity: O(*w*): its frames are looked up by text rarely, and
  ///   only for a moment, so they are kept as the window's entries (which
  ///   the last window holds anyway) and hashed when asked for.
  var sentLayout: WebLayout? { sent?.layout }

  /// The number of frames of the last layout sent.
  var sentFrameCount: Int { sent?.frames.count ?? 0 }

  /// Whether `layout` is the last layout sent.
  ///
  /// - Complexity: O(*w*).
  func sentLayoutIs(_ layout: WebLayout) -> Bool {
    sent?.matches(layout) ?? false
  }

  /// The item of `text` in the last two windows sent, if any.
  ///
  /// - Complexity: O(1) amortized; O(*w*) the first time a window is asked.
  mutating func windowItem(_ text: String) -> Item? {
    lastWindow.item(text) ?? windowBefore.item(text)
  }
}

/// The items of a window sent to the page, in the window's order beside
/// its texts.
///
/// Recording one shares the window's texts (no copy) and hashes nothing,
/// because most windows are never named by a message: the index by text is
/// built when a `tap` or a `measure` first names an item of the window.
struct _SentWindow<Item: Hashable> {
  /// The window's cells, shared with the window that was sent.
  private var placed: [(text: String, frame: WebRect)] = []
  /// The item of each of `placed`, or `nil` where the snapshot has none.
  private var items: [Item?] = []
  private var index: [String: Int]?

  init() {}

  /// The items of `window`, found in `snapshot`, the snapshot it was laid
  /// out from.
  ///
  /// - Complexity: O(*w*), where *w* is the number of items in the window.
  init<Section>(_ window: _Window, of snapshot: DiffableDataSourceSnapshot<Section, Item>) {
    placed = window.placed
    items = window.positions.map {
      snapshot._itemIdentifierIfPresent(section: $0.section, item: $0.item)
    }
  }

  /// The item whose text is `text`, if the window holds it.
  ///
  /// - Complexity: O(1) amortized; O(*w*) to build the index on the first
  ///   call.
  mutating func item(_ text: String) -> Item? {
    if index == nil {
      var built: [String: Int] = [:]
      built.reserveCapacity(placed.count)
      for k in placed.indices where items[k] != nil && built[placed[k].text] == nil {
        built[placed[k].text] = k
      }
      index = built
    }
    return index?[text].flatMap { items[$0] }
  }
}

/// A layout sent to a page, its frames apart: the entries of its window,
/// in the window's order, shared with the window rather than hashed into a
/// dictionary that a connection would hold for its whole life (about 3 KiB
/// for a window of 50 items); a grid's rows of those items, as numbers in
/// the same order.
struct _SentLayout {
  /// The layout without its frames, nor its rows' items when they are in
  /// ``rowOfFrame``.
  private var rest: WebLayout
  /// Its frames: the window's entries when the layout has a frame for each
  /// (the array is shared, not copied), else those it has.
  let frames: [(text: String, frame: WebRect)]
  /// The row of each of `frames` (-1: none), when the layout has rows and
  /// each of their items has a frame.
  private let rowOfFrame: [Int]?

  /// `layout`, kept against `window`, the window it was made of: each of
  /// its frames is one of the window's entries, and those the window has
  /// more are items left out (their data is gone).
  init(_ layout: WebLayout, window: _Window) {
    rest = layout
    rest.frames = [:]
    let placed = window.placed
    frames =
      placed.count == layout.frames.count
      ? placed : placed.filter { layout.frames[$0.text] != nil }
    assert(
      frames.count == layout.frames.count
        && frames.allSatisfy { layout.frames[$0.text] == $0.frame },
      "_SentLayout: a layout sent has frames its window does not")
    if let rows = layout.rows {
      let numbers = frames.map { rows.items[$0.text] ?? -1 }
      if numbers.count(where: { $0 >= 0 }) == rows.items.count {
        rowOfFrame = numbers
        rest.rows?.items = [:]
      } else {
        rowOfFrame = nil
      }
    } else {
      rowOfFrame = nil
    }
  }

  /// The layout, its frames (and rows) hashed again.
  var layout: WebLayout {
    var layout = rest
    layout.frames = Dictionary(uniqueKeysWithValues: frames.lazy.map { ($0.text, $0.frame) })
    if let rowOfFrame {
      var items: [String: Int] = [:]
      for (k, row) in rowOfFrame.enumerated() where row >= 0 { items[frames[k].text] = row }
      layout.rows?.items = items
    }
    return layout
  }

  /// Whether `layout` is this one.
  func matches(_ layout: WebLayout) -> Bool {
    guard layout.frames.count == frames.count,
      frames.allSatisfy({ layout.frames[$0.text] == $0.frame })
    else { return false }
    var other = layout
    other.frames = [:]
    if let rowOfFrame {
      guard let rows = layout.rows,
        rows.items.count == rowOfFrame.count(where: { $0 >= 0 }),
        frames.indices.allSatisfy({ (rows.items[frames[$0].text] ?? -1) == rowOfFrame[$0] })
      else { return false }
      other.rows?.items = [:]
    }
    return other == rest
  }
}
