import CollectionLayout
public import DiffableWeb

/// The layout playground: a page of your server where a compositional
/// layout's JSON (as `diffable layout` reads it) is solved as you type, for
/// a phone or a tablet, right to left, at a display scale, with a safe
/// area, and drawn with a cell per item; its errors show with their JSON
/// path while the last good drawing stays, hovering a cell outlines its
/// group and section, and the layout comes back as Swift code for
/// `CollectionLayout` and with UIKit's names.
///
/// Serve it as any page of lists, with its document and `fill`:
///
/// ```swift
/// let playground = LayoutPlayground()
/// router.addWebPage("/playground", document: playground.document(), registry: registry) {
///   page in await playground.fill(page)
/// }
/// ```
///
/// The page's hooks: `textarea[name=layout]`, `input[name=width]`,
/// `input[name=height]`, `input[name=items]` (item counts per section,
/// comma-separated), the list `data-diffable-list="playground"`,
/// `[data-error]`, `[data-export=swift]` and `[data-export=uikit]`.
public struct LayoutPlayground: Sendable {
  /// The name of the playground's list: `playground`.
  public static let listName = "playground"

  /// The presets of the page's menu; the page opens with the first.
  public var presets: [PlaygroundPreset]

  /// A playground whose menu offers `presets`, the standard ones unless
  /// given, opening with the first.
  ///
  /// - Precondition: `presets` is not empty, and their names differ.
  public init(presets: [PlaygroundPreset] = PlaygroundPreset.standard) {
    guard !presets.isEmpty, Set(presets.map(\.name)).count == presets.count else {
      preconditionFailure(
        "LayoutPlayground(presets:): the presets \(presets.map(\.name)) are none, or share a name")
    }
    self.presets = presets
  }

  /// The page's HTML: a heading, the ``controls``, the list, then the
  /// ``exports``, in the ``style``; the client loaded from `clientPath`.
  public func document(title: String = "Layout playground", clientPath: String = "/diffable")
    -> WebPageDocument
  {
    WebPageDocument(
      title: title, clientPath: clientPath, head: "<style>\(Self.style)</style>",
      header: "<header><h1>\(WebPageDocument.escaped(title))</h1></header>\n" + controls,
      footer: Self.exports)
  }

  /// Fills a playground's page: its list and screen, kept as the page's
  /// content. Call it from the page's `makePage`.
  public func fill(_ page: isolated WebPage) {
    let screen = PlaygroundScreen(session: page.session, listName: Self.listName, presets: presets)
    page.content = screen
  }

  /// The page's controls, above its list, as HTML written here: a preset
  /// menu, the editor of the layout's JSON (`textarea[name=layout]`), the
  /// item counts and the device (`input[name=items]`, `[name=width]`,
  /// `[name=height]`, a device menu, right to left, display scale, safe
  /// area), the error (`[data-error]`) and what a tapped cell is.
  ///
  /// The controls start at what ``PlaygroundScreen`` starts with: the
  /// values a page sends after it connects change nothing. Text fields
  /// send their value once the user pauses for 300 ms.
  public var controls: String {
    let preset = presets[0]
    let options = presets.map {
      "<option value=\"\(WebPageDocument.escaped($0.name))\">"
        + "\(WebPageDocument.escaped($0.title))</option>"
    }
    let phone = PlaygroundDevice.phonePortrait
    let devices =
      PlaygroundDevice.all.map {
        "<option value=\"\($0.name)\">\(WebPageDocument.escaped($0.title))</option>"
      } + ["<option value=\"free\">Free size</option>"]
    let debounce = "data-diffable-debounce=\"300\""
    return """
      <div class="playground-controls">
      <label>Preset <select name="preset" data-diffable-input="preset" \
      data-diffable-text="preset">\(options.joined())</select></label>
      <label>Device <select name="device" data-diffable-input="device" \
      data-diffable-text="device">\(devices.joined())</select></label>
      <label>Width <input name="width" type="text" inputmode="decimal" size="6" \
      value="\(LayoutText.number(phone.size.width))" autocomplete="off" \
      data-diffable-input="width" data-diffable-text="width" \(debounce)></label>
      <label>Height <input name="height" type="text" inputmode="decimal" size="6" \
      value="\(LayoutText.number(phone.size.height))" autocomplete="off" \
      data-diffable-input="height" data-diffable-text="height" \(debounce)></label>
      <label>Safe area <input name="safe-area" type="text" size="12" \
      value="\(phone.safeAreaText)" autocomplete="off" placeholder="top,leading,bottom,trailing" \
      data-diffable-input="safe-area" data-diffable-text="safe-area" \(debounce)></label>
      <label>Scale <select name="scale" data-diffable-input="scale"><option value="">exact\
      </option><option value="1">1×</option><option value="2">2×</option>\
      <option value="3">3×</option></select></label>
      <label><input name="direction" type="checkbox" data-diffable-input="direction"> \
      Right to left</label>
      <label>Items <input name="items" type="text" size="12" autocomplete="off" \
      value="\(PlaygroundSettings.itemCountsText(preset.itemCounts))" \
      data-diffable-input="items" data-diffable-text="items" \(debounce)></label>
      </div>
      <textarea name="layout" rows="14" spellcheck="false" autocomplete="off" \
      aria-label="The layout's JSON" data-diffable-input="layout" data-diffable-text="layout" \
      \(debounce)>\(WebPageDocument.escaped(preset.json))</textarea>
      <p class="playground-error" data-error data-diffable-text="error" role="status"></p>
      <p class="playground-selection" data-diffable-text="selection" aria-live="polite">\
      Tap a cell to see its frame and its section's.</p>
      """
  }

  /// The layout as Swift code, below the list.
  public static let exports = """
    <details class="playground-export" open><summary>Swift (CollectionLayout)</summary>\
    <pre data-export="swift" data-diffable-text="swift"></pre></details>
    <details class="playground-export"><summary>Swift (UIKit's names)</summary>\
    <pre data-export="uikit" data-diffable-text="uikit"></pre></details>
    """

  /// The playground's style: the list as tall as a phone at most, as wide
  /// as the device it solves for.
  public static let style = """
    .playground-controls { display: flex; flex-wrap: wrap; gap: 6px 14px; padding: 8px 12px; \
    align-items: center; }
    textarea[name=layout] { flex: none; margin: 0 12px; font: 12px/1.4 ui-monospace, monospace; \
    min-height: 8em; resize: vertical; }
    .playground-error { flex: none; margin: 4px 12px; min-height: 1.4em; color: #c0392b; \
    font: 13px/1.4 ui-monospace, monospace; white-space: pre-wrap; }
    [data-diffable-list=playground] { flex: none; height: min(844px, 70vh); width: fit-content; \
    min-width: 120px; max-width: calc(100% - 24px); margin: 0 12px; \
    outline: 1px dashed color-mix(in srgb, currentColor 40%, transparent); }
    [data-diffable-list=playground] .diffable-cell { justify-content: center; \
    box-shadow: inset 0 0 0 1px color-mix(in srgb, currentColor 25%, transparent); }
    .playground-selection { flex: none; margin: 4px 12px; font: 13px/1.4 ui-monospace, monospace; }
    .playground-export { margin: 8px 12px; }
    .playground-export pre { font: 12px/1.4 ui-monospace, monospace; overflow: auto; \
    max-height: 24em; }
    """
}
