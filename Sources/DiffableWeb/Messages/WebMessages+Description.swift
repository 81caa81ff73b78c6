import Foundation
import InternalJSONCoding

// The browser renderer's messages and the values in them print as their
// JSON form (Documentation/Web.md), on one line with sorted keys, so that a
// printed message reads as it travels:
//
//   print(WebSize(width: 390, height: 844))   // [390,844]

extension WebServerMessage: CustomStringConvertible {
  /// The message's JSON form.
  public var description: String { _writtenDescription }
}

extension WebClientMessage: CustomStringConvertible {
  /// The message's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebBatchMessage: CustomStringConvertible {
  /// The message's JSON form.
  public var description: String { WebServerMessage.batch(self)._writtenDescription }
}

extension WebReloadMessage: CustomStringConvertible {
  /// The message's JSON form.
  public var description: String { WebServerMessage.reload(self)._writtenDescription }
}

extension WebLayoutMessage: CustomStringConvertible {
  /// The message's JSON form.
  public var description: String { WebServerMessage.layout(self)._writtenDescription }
}

extension WebVisibleMessage: CustomStringConvertible {
  /// The message's JSON form.
  public var description: String { WebServerMessage.visible(self)._writtenDescription }
}

extension WebVisibleItem: CustomStringConvertible {
  /// The attributes' JSON form.
  public var description: String { _writtenDescription }
}

extension WebTransform: CustomStringConvertible {
  /// The transform's JSON form.
  public var description: String { _writtenDescription }
}

extension WebSection: CustomStringConvertible {
  /// The section's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebCell: CustomStringConvertible {
  /// The cell's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebCell.Accessory: CustomStringConvertible {
  /// The accessory's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebLayout: CustomStringConvertible {
  /// The layout's JSON form.
  public var description: String { _writtenDescription }
}

extension WebRect: CustomStringConvertible {
  /// The rectangle's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebSize: CustomStringConvertible {
  /// The size's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebSupplementary: CustomStringConvertible {
  /// The supplementary view's JSON form.
  public var description: String { _writtenDescription }
}

extension WebBand: CustomStringConvertible {
  /// The band's JSON form.
  public var description: String { _writtenDescription }
}

extension WebViewport: CustomStringConvertible {
  /// The viewport's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebListViewport: CustomStringConvertible {
  /// The list viewport's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebListState: CustomStringConvertible {
  /// The list state's JSON form.
  public var description: String { _jsonDescription(of: self) }
}

extension WebInput: CustomStringConvertible {
  /// The input event as the client sends it: `input "search" = "kings"`.
  public var description: String {
    "input \(String(reflecting: name)) = \(String(reflecting: value))"
  }
}

extension WebClientFile: CustomStringConvertible {
  /// The file's name, content type, size and tag:
  /// `page.js (text/javascript; charset=utf-8, 4210 bytes, ETag "…")`.
  public var description: String {
    "\(name) (\(contentType), \(contents.count) bytes, ETag \(etag))"
  }
}
