import DiffableCore

extension WebCell {
  /// A cell drawn with markup of the app's own: a `<template>` that the
  /// page defines, filled with typed fields.
  ///
  /// The page holds `<template data-cell="NAME">`, whose elements with
  /// `data-field="FIELD"` are the slots. The browser clones the template
  /// for each cell and fills each slot from the field of its name, as text
  /// only: a text field becomes the slot's `textContent`, an image field an
  /// `<img>` slot's lazily loaded `src` and `alt`, a link field an `<a>`
  /// slot's `href` and text. An element with `data-action="NAME"` inside
  /// the template is a control: its tap reaches the list view's delegate,
  /// ``WebListViewDelegate/listView(named:didTapAction:inItemAt:isolation:)``.
  ///
  /// ```swift
  /// let card = WebCell(
  ///   "Pancakes, $6",
  ///   template: WebCell.Template(
  ///     "food", fields: ["name": "Pancakes", "price": "$6"]))
  /// card.template?.fields["price"]?.text  // "$6"
  /// ```
  ///
  /// The cell's ``WebCell/text`` stays its accessible name, and what a page
  /// without the template (or without JavaScript) shows beside the fields.
  public struct Template: Sendable, Hashable {
    /// The name of the page's template: its `data-cell` attribute.
    public var name: String
    /// The values of the template's slots, by their `data-field` names.
    public var fields: [String: Field]

    /// A cell template named `name` with `fields`.
    ///
    /// - Precondition: `name` is not empty.
    public init(_ name: String, fields: [String: Field] = [:]) {
      if name.isEmpty {
        _diffableFailure(
          "WebCell.Template.init(_:fields:)",
          "the template name is empty; name the page's <template data-cell=\"NAME\">")
      }
      self.name = name
      self.fields = fields
    }
  }

  /// The value of one slot of a ``Template``: a text, an image or a link,
  /// each shown by the browser as text and checked URLs, never as HTML.
  ///
  /// A field made from a string literal is a text:
  ///
  /// ```swift
  /// let price: WebCell.Field = "$6"
  /// price.kind  // .text
  /// let logo = try WebCell.Field.image("/images/pie.png", description: "A pie")
  /// logo.url  // "/images/pie.png"
  /// ```
  public struct Field: Sendable, Hashable, ExpressibleByStringLiteral {
    /// What a field holds.
    public enum Kind: Sendable, Hashable {
      /// A text, the slot's `textContent`.
      case text
      /// An image: an `<img>` slot's `src`, with ``Field/text`` as its
      /// `alt`.
      case image
      /// A link: an `<a>` slot's `href`, with ``Field/text`` as its text.
      case link
    }

    /// The field's value, by kind.
    enum _Value: Sendable, Hashable {
      case text(String)
      case image(url: String, description: String)
      case link(text: String, url: String)
    }

    let _value: _Value

    private init(_value: _Value) { self._value = _value }

    /// What the field holds.
    public var kind: Kind {
      switch _value {
      case .text: .text
      case .image: .image
      case .link: .link
      }
    }

    /// The text; an image's description; a link's text.
    public var text: String {
      switch _value {
      case .text(let text), .image(_, let text), .link(let text, _): text
      }
    }

    /// An image's or a link's URL, one that ``WebCell/checkURL(_:for:)``
    /// allows; `nil` for a text.
    public var url: String? {
      switch _value {
      case .text: nil
      case .image(let url, _), .link(_, let url): url
      }
    }

    /// A text field.
    public static func text(_ text: String) -> Field {
      Field(_value: .text(text))
    }

    /// A text field, written as a string literal.
    public init(stringLiteral value: String) {
      _value = .text(value)
    }

    /// An image loaded from `url`, described by `description` for those
    /// who cannot see it (its `alt`; empty for a decorative image).
    ///
    /// - Throws: ``RefusedURL`` when `url` is not an `https:` URL, a
    ///   `data:image/` URL of a raster or SVG image, or a path of the
    ///   page's own origin.
    public static func image(_ url: String, description: String) throws(RefusedURL) -> Field {
      try checkURL(url, for: .image)
      return Field(_value: .image(url: url, description: description))
    }

    /// A link to `url`, showing `text`.
    ///
    /// - Throws: ``RefusedURL`` when `url` is not an `https:` URL or a
    ///   path of the page's own origin.
    public static func link(_ text: String, to url: String) throws(RefusedURL) -> Field {
      try checkURL(url, for: .link)
      return Field(_value: .link(text: text, url: url))
    }
  }

  /// A URL that a cell's image or link may not have, and why.
  public struct RefusedURL: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL as it was given.
    public let url: String
    /// Why it is refused.
    public let reason: String

    /// `image URL "javascript:x" refused: ...`, naming the URL and why.
    public var description: String {
      "URL \(String(reflecting: url.count > 80 ? String(url.prefix(80)) + "…" : url)) refused: "
        + reason
    }
  }

  /// The longest URL a field may hold, in UTF-8 bytes: 32,768 (room for a
  /// small `data:` image, which travels in every message that shows the
  /// cell).
  public static let maximumURLLength = 32_768

  /// The image types a `data:` URL may hold.
  static let _dataImageTypes = ["png", "jpeg", "gif", "webp", "avif", "svg+xml"]

  /// Checks that `url` may be a field of `kind` (`.image` or `.link`): an
  /// `https:` URL with a host; for an image, also a `data:image/` URL of
  /// PNG, JPEG, GIF, WebP, AVIF or SVG; or a path of the page's origin
  /// (starting with one `/`, not `//`). No whitespace or control
  /// character, at most ``maximumURLLength`` bytes. The browser client
  /// checks the same before it sets a `src` or an `href`.
  ///
  /// ```swift
  /// try WebCell.checkURL("https://example.com/a.png", for: .image)
  /// (try? WebCell.checkURL("javascript:alert(1)", for: .link)) == nil  // true
  /// ```
  ///
  /// - Throws: ``RefusedURL`` naming the URL and the rule it breaks.
  /// - Complexity: O(*n*), where *n* is the length of `url`.
  public static func checkURL(_ url: String, for kind: Field.Kind) throws(RefusedURL) {
    func refuse(_ reason: String) -> RefusedURL { RefusedURL(url: url, reason: reason) }
    let bytes = url.utf8
    guard kind != .text else { throw refuse("a text field has no URL") }
    guard !bytes.isEmpty else { throw refuse("it is empty") }
    guard bytes.count <= maximumURLLength else {
      throw refuse("it is longer than \(maximumURLLength) bytes")
    }
    guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
      throw refuse("it holds a space or a control character")
    }
    let lowercased = url.prefix(24).lowercased()
    if lowercased.hasPrefix("https://") {
      guard let first = url.utf8.dropFirst(8).first, first != UInt8(ascii: "/"),
        first != UInt8(ascii: "\\")
      else { throw refuse("it names no host") }
      return
    }
    if url.hasPrefix("/") {
      guard !url.hasPrefix("//"), !url.hasPrefix("/\\") else {
        throw refuse("a path starting with // or /\\ leaves the page's origin")
      }
      return
    }
    if kind == .image, lowercased.hasPrefix("data:image/") {
      let type = lowercased.dropFirst("data:image/".count).prefix { $0 != ";" && $0 != "," }
      guard _dataImageTypes.contains(String(type)),
        lowercased.dropFirst("data:image/".count + type.count).first.map({ $0 == ";" || $0 == "," })
          == true
      else {
        throw refuse(
          "a data: image is one of " + _dataImageTypes.map { "image/\($0)" }.joined(separator: ", ")
        )
      }
      return
    }
    throw refuse(
      kind == .image
        ? "an image loads from https:, data:image/ or a path of the page's own origin"
        : "a link goes to https: or a path of the page's own origin")
  }
}
