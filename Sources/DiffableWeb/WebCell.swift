import DiffableCore

/// What a browser list shows in one cell: a small typed value, never HTML.
///
/// Only ``text`` is required. The browser shows every string as text, so an
/// item named `<img src=x>` reads as those characters.
///
/// ```swift
/// let peak = WebCell(
///   "Kings Peak", secondaryText: "4,123 m", color: WebCell.Color(hex: "#3478f6"),
///   accessories: [.disclosure(expanded: false), .badge("3")])
/// peak.color?.hex  // "#3478f6"
/// ```
///
/// A cell codes as the JSON object of Documentation/Web.md, "Cells": absent
/// values, an empty accessory list and a zero indentation are left out.
public struct WebCell: Sendable, Hashable {
  /// The cell's main text.
  public var text: String
  /// A second line, or `nil`.
  public var secondaryText: String?
  /// A colour swatch, or `nil`.
  public var color: Color?
  /// The name of an image the page knows, or `nil`.
  public var image: String?
  /// The outline level: 0 for a root, 1 for its children, and so on.
  public var indentation: Int
  /// The marks at the cell's trailing edge, in order.
  public var accessories: [Accessory]
  /// The page's template the cell is drawn with, in place of the swatch,
  /// image and texts, or `nil` for those (see ``Template``).
  public var template: Template?
  /// Whether the page offers no drag for the cell's row in a reorderable
  /// list: set by ``WebListView`` on the cells it sends, for the items
  /// `reorderingHandlers.canReorderItem` does not allow (`"fixed": true`).
  var _fixed = false

  /// Creates a cell.
  ///
  /// - Precondition: `indentation` is not negative.
  public init(
    _ text: String, secondaryText: String? = nil, color: Color? = nil, image: String? = nil,
    indentation: Int = 0, accessories: [Accessory] = [], template: Template? = nil
  ) {
    if indentation < 0 {
      _diffableFailure(
        "WebCell.init(_:secondaryText:color:image:indentation:accessories:template:)",
        "indentation \(indentation) of cell \(String(reflecting: text)) is negative")
    }
    self.text = text
    self.secondaryText = secondaryText
    self.color = color
    self.image = image
    self.indentation = indentation
    self.accessories = accessories
    self.template = template
  }
}

extension WebCell {
  /// An opaque colour, written `#rrggbb`.
  public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0 to 255.
    public var red: UInt8
    /// The green component, 0 to 255.
    public var green: UInt8
    /// The blue component, 0 to 255.
    public var blue: UInt8

    /// A colour of the given components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    /// The colour written `#rrggbb` (either case), or `nil` for any other
    /// text.
    ///
    /// ```swift
    /// WebCell.Color(hex: "#3478F6")?.green  // 120
    /// WebCell.Color(hex: "blue")  // nil
    /// ```
    public init?(hex: String) {
      let digits = Array(hex.utf8)
      guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
      func component(_ i: Int) -> UInt8? {
        guard let high = Self._digit(digits[i]), let low = Self._digit(digits[i + 1]) else {
          return nil
        }
        return high << 4 | low
      }
      guard let red = component(1), let green = component(3), let blue = component(5) else {
        return nil
      }
      self.init(red: red, green: green, blue: blue)
    }

    /// The colour as `#rrggbb`, in lowercase.
    public var hex: String {
      let digits = Array("0123456789abcdef".utf8)
      var bytes: [UInt8] = [UInt8(ascii: "#")]
      for component in [red, green, blue] {
        bytes.append(digits[Int(component >> 4)])
        bytes.append(digits[Int(component & 15)])
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The colour as `#rrggbb`.
    public var description: String { hex }

    private static func _digit(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
  }

  /// A mark at a cell's trailing edge.
  public enum Accessory: Sendable, Hashable {
    /// An outline disclosure mark, turned down when `expanded`.
    case disclosure(expanded: Bool)
    /// A switch, on or off.
    case `switch`(isOn: Bool)
    /// A checkmark.
    case checkmark
    /// A badge showing a short text, such as a count.
    case badge(String)
  }
}
