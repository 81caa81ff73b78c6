import Foundation

/// One file of the browser client that ships with `DiffableWeb`: its name,
/// its bytes, the content type to serve it with and an entity tag.
///
/// A server serves each file of ``WebClientFile/all`` under a path of its
/// choice (the demo server uses `/client/NAME`), with
/// ``WebClientFile/contentType``, an `ETag` header of ``WebClientFile/etag``
/// and `Cache-Control: no-cache`, and answers a request whose
/// `If-None-Match` names the tag with `304 Not Modified`:
///
/// ```swift
/// if let file = WebClientFile.named("page.js") {
///   // 200, Content-Type: file.contentType, ETag: file.etag, body: file.contents
/// }
/// ```
public struct WebClientFile: Sendable, Hashable {
  /// The file's name, such as `page.js`: a name without a folder.
  public let name: String
  /// The file's bytes.
  public let contents: Data
  /// The `Content-Type` to serve the file with: JavaScript modules as
  /// `text/javascript; charset=utf-8`, style sheets as
  /// `text/css; charset=utf-8`.
  public let contentType: String
  /// A strong entity tag of the contents, quoted as the `ETag` header
  /// writes it: the same bytes always have the same tag.
  public let etag: String

  /// A client file with `name` and `contents`; its content type comes from
  /// the name's extension and its tag from the contents.
  ///
  /// Returns `nil` for a name whose extension the client does not serve
  /// (only `.js` and `.css` are served).
  init?(name: String, contents: Data) {
    guard let type = Self.contentType(ofName: name) else { return nil }
    self.name = name
    self.contents = contents
    self.contentType = type
    self.etag = Self.entityTag(of: contents)
  }

  /// The content type of a file named `name`, or `nil` for a kind of file
  /// the client does not serve.
  public static func contentType(ofName name: String) -> String? {
    if name.hasSuffix(".js") || name.hasSuffix(".mjs") { return "text/javascript; charset=utf-8" }
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    return nil
  }

  /// A quoted strong entity tag of `contents`: the 64-bit FNV-1a hash of
  /// the bytes and their count, in hexadecimal.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  public static func entityTag(of contents: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in contents {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    let padded = String(repeating: "0", count: 16 - digits.count) + digits
    return "\"\(padded)-\(String(contents.count, radix: 16))\""
  }

  /// Whether an `If-None-Match` header of `value` names this file's tag:
  /// `*`, or a list of tags one of which is ``etag`` (a weak `W/` form
  /// matches too, as the header's weak comparison says).
  public func matches(ifNoneMatch value: String) -> Bool {
    for candidate in value.split(separator: ",") {
      var tag = candidate.trimmingCharacters(in: .whitespaces)
      if tag == "*" { return true }
      if tag.hasPrefix("W/") { tag.removeFirst(2) }
      if tag == etag { return true }
    }
    return false
  }

  /// Every file of the client, by name.
  ///
  /// The files are read from the target's resources once, on first use.
  public static var all: [WebClientFile] { _WebClientFiles.shared.files }

  /// The client file named `name`, or `nil` when there is none.
  ///
  /// Only a plain name of a shipped file is found: a name with a folder, or
  /// `..`, never is.
  public static func named(_ name: String) -> WebClientFile? {
    _WebClientFiles.shared.byName[name]
  }
}

/// The client's files, read once from the resources.
final class _WebClientFiles: Sendable {
  static let shared = _WebClientFiles()

  let files: [WebClientFile]
  let byName: [String: WebClientFile]

  private init() {
    var files: [WebClientFile] = []
    if let folder = Bundle.module.url(
      forResource: "client", withExtension: nil, subdirectory: "Resources"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    {
      for name in names.sorted() {
        let url = folder.appendingPathComponent(name)
        guard let contents = try? Data(contentsOf: url),
          let file = WebClientFile(name: name, contents: contents)
        else { continue }
        files.append(file)
      }
    }
    self.files = files
    self.byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
