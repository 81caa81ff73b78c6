public import DiffableWeb

/// The batch inspector: a page of your server where two snapshots go in
/// and the batch update between them comes out, step by step, with the
/// validator's message for a batch edited by hand and a Swift Testing test
/// to copy. It can take the last two applies of a page of yours open in
/// another tab of the same browser.
///
/// Serve it as any page of lists, with its document and `fill`:
///
/// ```swift
/// let inspector = BatchInspector(sources: [
///   .init(name: "fruits", title: "Fruits", path: "/fruits", list: "fruits")
/// ])
/// router.addWebPage("/inspector", document: inspector.document(), registry: registry) {
///   page in await inspector.fill(page, registry: registry)
/// }
/// ```
///
/// A source's pages keep their last change only when their sessions
/// record changes: set `page.session.recordsChanges = true` where you
/// make them. The inspector reads the pages of the same browser only
/// (`WebPageRegistry.pageIDs(sharingBrowserWith:)`).
///
/// The page's hooks: `textarea[name=old]`, `textarea[name=new]` (JSON
/// snapshots, as `diffable diff` reads them), `textarea[name=batch]` (the
/// batch, which can be edited), `input[type=range][name=step]` (from 0, the
/// old snapshot, to the number of steps, the new one), one `[data-step]`
/// line per operation, `[data-error]`, `[data-export=test]`, and the list
/// `data-diffable-list="inspector"`.
public struct BatchInspector: Sendable {
  /// A page whose list's last change the inspector can take.
  public struct Source: Sendable, Hashable {
    /// Its name in the page's `take` form.
    public var name: String
    /// What the form calls it.
    public var title: String
    /// The page's path.
    public var path: String
    /// The name of the page's list.
    public var list: String

    /// Creates a source.
    public init(name: String, title: String, path: String, list: String) {
      self.name = name
      self.title = title
      self.path = path
      self.list = list
    }
  }

  /// The name of the inspector's list: `inspector`.
  public static let listName = "inspector"

  /// The pages whose last change the inspector can take.
  public var sources: [Source]

  /// An inspector that can take the last change of `sources`.
  public init(sources: [Source] = []) {
    self.sources = sources
  }

  /// The page's HTML: a heading, the ``controls`` and the ``style``, the
  /// client loaded from `clientPath`.
  public func document(title: String = "Batch inspector", clientPath: String = "/diffable")
    -> WebPageDocument
  {
    WebPageDocument(
      title: title, clientPath: clientPath, head: "<style>\(Self.style)</style>",
      header: "<header><h1>\(WebPageDocument.escaped(title))</h1></header>\n" + controls)
  }

  /// The page's fields, its error line, its step range and lines, and its
  /// test, as HTML written here (the fields hold the example pair until the
  /// page connects); the `take` form when there are sources.
  public var controls: String {
    let (old, new, batch) = BatchInspectorScreen.exampleTexts
    func field(_ name: String, _ label: String, _ text: String) -> String {
      """
      <label class="inspector-field">\(label)<textarea name="\(name)" \
      data-diffable-input="\(name)" spellcheck="false" autocomplete="off" \
      rows="4">\(WebPageDocument.escaped(text))</textarea></label>
      """
    }
    let options = sources.map {
      "<option value=\"\(WebPageDocument.escaped($0.name))\">"
        + "\(WebPageDocument.escaped($0.title))</option>"
    }
    let take =
      sources.isEmpty
      ? ""
      : """
      <form class="inspector-take" data-diffable-submit="take">\
      <select name="take" aria-label="A page open in another tab">\
      <option value="">A page open in another tab…</option>\(options.joined())</select> \
      <button type="submit">Take its last two applies</button></form>

      """
    return """
      <div class="inspector-controls">
      \(take)\(field("old", "Old snapshot", old))
      \(field("new", "New snapshot", new))
      \(field("batch", "Batch update (edit it to check your own)", batch))
      <p data-error data-diffable-text="error" role="alert"></p>
      <label class="inspector-field">Step <input type="range" name="step" \
      data-diffable-input="step" min="0" max="0" value="0" step="1"></label>
      <ol class="inspector-steps" data-diffable-lines="step" aria-label="Steps"></ol>
      <details><summary>Copy as a test</summary>\
      <button type="button" data-diffable-copy="test">Copy</button>\
      <pre data-export="test" data-diffable-text="test"></pre></details>
      </div>
      """
  }

  /// The page's style: the fields beside the list when there is room.
  public static let style = """
    .inspector-controls { display: flex; flex-direction: column; gap: 8px; padding: 0 1rem; \
    overflow: auto; }
    .inspector-take { display: flex; gap: 8px; flex-wrap: wrap; }
    .inspector-take select, .inspector-take button { font: inherit; }
    .inspector-field { display: flex; flex-direction: column; gap: 4px; font-size: 0.9rem; }
    .inspector-field textarea { font: 13px/1.4 ui-monospace, monospace; resize: vertical; \
    padding: 6px; border-radius: 8px; border: 1px solid var(--diffable-separator); \
    background: var(--diffable-surface); color: inherit; }
    [data-error] { margin: 0; color: #c0392b; font-size: 0.9rem; overflow-wrap: anywhere; \
    white-space: pre-line; }
    [data-error]:empty { display: none; }
    .inspector-steps { margin: 0; padding-left: 1.5rem; font: 13px/1.5 ui-monospace, monospace; }
    .inspector-steps [aria-current] { font-weight: 700; color: var(--diffable-accent); }
    .inspector-steps [aria-invalid] { color: #c0392b; text-decoration: underline wavy; }
    [data-export=test] { font-size: 12px; overflow: auto; padding: 8px; \
    background: var(--diffable-surface); border-radius: 8px; }
    @media (min-width: 800px) {
      body { display: grid; grid-template: auto minmax(0, 1fr) / minmax(0, 1fr) minmax(0, 1fr); }
      body > header { grid-column: 1 / -1; }
    }
    @media (max-width: 799px) { .inspector-controls { max-height: 45vh; } }
    """

  /// Fills an inspector's page: its list and screen, kept as the page's
  /// content, its `take` form reading the pages of `registry` that the
  /// same browser opened. Call it from the page's `makePage`; it returns
  /// once the example pair is shown, so the page's HTML holds it.
  public func fill(_ page: isolated WebPage, registry: WebPageRegistry) async {
    let id = page.id
    let screen = BatchInspectorScreen(
      session: page.session, listName: Self.listName, sources: sources)
    screen.takeChange = { [weak registry] source in
      await registry?.lastChange(of: source, besides: id)
    }
    let owner = _InspectorPage(screen)
    page.content = owner
    page.delegate = owner
    await screen.settled()
  }
}

/// An inspector's page content: its screen, stopped when the page goes.
final class _InspectorPage: WebPageDelegate {
  let screen: BatchInspectorScreen
  init(_ screen: BatchInspectorScreen) { self.screen = screen }
  func pageDidChangeConnection(_ page: isolated WebPage, connected: Bool) {}
  func pageWillDrop(_ page: isolated WebPage) { screen.stop() }
}

extension WebPageRegistry {
  /// The latest change of the list of `source` on a page at its path that
  /// was issued to the same browser as the page `id` (another tab of it),
  /// if one of them recorded a change (`WebSession.recordsChanges`).
  public func lastChange(of source: BatchInspector.Source, besides id: String) async
    -> WebListChange?
  {
    var latest: WebListChange?
    for other in pageIDs(sharingBrowserWith: id) where other != id {
      guard let page = page(id: other),
        let change = await page.run({
          $0.path == source.path ? $0.session.lastChange(ofList: source.list) : nil
        })
      else { continue }
      if latest.map({ change.applied > $0.applied }) ?? true { latest = change }
    }
    return latest
  }
}
