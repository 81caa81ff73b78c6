import ArgumentParser
import CollectionLayout
import Foundation

// The arguments of `diffable layout` that describe the view a layout is
// shown in, beyond its size: what UIKit's environment gives a collection
// view (layout direction, display scale, safe area, margins), where it is
// scrolled, and the sizes its self-sizing cells report. Each option is read
// unconditionally, so a negative number arrives at its parser rather than
// being taken for an option.

/// Everything `diffable layout` needs to know about the view, besides its
/// size and its item counts. The defaults are a view at rest at the origin,
/// left to right, with unrounded frames, no safe area and UIKit's
/// compact-width margins.
struct LayoutViewOptions {
  /// The direction the layout runs in; right to left mirrors every frame.
  var layoutDirection: LayoutDirection = .leftToRight
  /// Pixels per point, to which frame edges are rounded; `nil` leaves them exact.
  var displayScale: CGFloat?
  /// The view's safe area insets.
  var safeAreaInsets: DirectionalEdgeInsets = .zero
  /// The view's layout margins.
  var layoutMargins: DirectionalEdgeInsets = LayoutContext.compactWidthLayoutMargins
  /// The view's readable content insets; `nil` follows the layout margins.
  var readableContentInsets: DirectionalEdgeInsets?
  /// Orthogonal scroll offsets by section, in the order given.
  var orthogonalOffsets: [OrthogonalOffset] = []
  /// The content offset: the visible rect's origin.
  var contentOffset: CGPoint = .zero
  /// The file of preferred sizes, if any.
  var preferredSizes: String?

  /// The context to solve in, for a container of `size`.
  func context(size: CGSize) -> LayoutContext {
    LayoutContext(
      containerSize: size, safeAreaInsets: safeAreaInsets, layoutMargins: layoutMargins,
      readableContentInsets: readableContentInsets, layoutDirection: layoutDirection,
      displayScale: displayScale)
  }
}

/// `--layout-direction`, spelt as the layout's own `LayoutDirection`.
enum LayoutDirectionArgument: String, ExpressibleByArgument, CaseIterable {
  /// Leading is on the left.
  case leftToRight
  /// Leading is on the right: every frame is mirrored.
  case rightToLeft

  /// The direction as the layout names it.
  var value: LayoutDirection { self == .leftToRight ? .leftToRight : .rightToLeft }
}

/// A number an option gives: finite, and within the largest length either
/// way (or from 0 when `negative` is false).
private func length(_ text: Substring, _ name: String, negative: Bool) throws(ValidationError)
  -> CGFloat
{
  let written = text.trimmingCharacters(in: .whitespaces)
  guard let value = Double(written) else {
    throw ValidationError("\(name) \(jsonQuoted(written)) is not a number")
  }
  guard value.isFinite else { throw ValidationError("\(name) \(written) is not a finite number") }
  let maximum = LayoutText.number(CompositionalLayout.maximumLength)
  if !negative, value < 0 {
    throw ValidationError("\(name) \(written) is negative; it is 0 or more")
  }
  guard abs(value) <= Double(CompositionalLayout.maximumLength) else {
    throw ValidationError("\(name) \(written) is larger than the largest length, \(maximum)")
  }
  return CGFloat(value)
}

/// `--safe-area`, `--layout-margins`, `--readable-content-insets`:
/// `TOP,LEADING,BOTTOM,TRAILING`, as `NSDirectionalEdgeInsets` orders them.
struct EdgeInsetsArgument {
  /// The insets given.
  var value: DirectionalEdgeInsets

  /// The insets `argument` writes, or an error that says what is wrong.
  init(parsing argument: String) throws(ValidationError) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4 else {
      throw ValidationError(
        "write insets as TOP,LEADING,BOTTOM,TRAILING, such as 0,16,0,16 (\(parts.count) numbers given)"
      )
    }
    var edges: [CGFloat] = []
    for (name, part) in zip(["top", "leading", "bottom", "trailing"], parts) {
      edges.append(try length(part, "the \(name) inset", negative: false))
    }
    value = DirectionalEdgeInsets(
      top: edges[0], leading: edges[1], bottom: edges[2], trailing: edges[3])
  }
}

/// `--display-scale`: pixels per point, as UIKit's `displayScale` (1, 2 or
/// 3 on Apple's screens).
struct DisplayScaleArgument {
  /// The largest scale taken.
  static let maximum: CGFloat = 100
  /// The scale given, greater than 0 and at most ``DisplayScaleArgument/maximum``.
  var value: CGFloat

  /// The scale `argument` writes, or an error that says what is wrong.
  init(parsing argument: String) throws(ValidationError) {
    let written = argument.trimmingCharacters(in: .whitespaces)
    let range = "a display scale is greater than 0 and at most 100 pixels per point"
    guard let scale = Double(written) else {
      throw ValidationError("\(jsonQuoted(written)) is not a number; \(range)")
    }
    guard scale.isFinite, scale > 0, CGFloat(scale) <= Self.maximum else {
      throw ValidationError("\(written) is out of range; \(range)")
    }
    value = CGFloat(scale)
  }
}

/// `--content-offset X,Y`: where the view is scrolled to, the origin of the
/// visible rect in content coordinates.
struct ContentOffsetArgument {
  /// The offset given: the visible rect's origin.
  var value: CGPoint

  /// The offset `argument` writes, or an error that says what is wrong.
  init(parsing argument: String) throws(ValidationError) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw ValidationError("write the content offset as X,Y, such as 0,300")
    }
    value = CGPoint(
      x: try length(parts[0], "x", negative: true), y: try length(parts[1], "y", negative: true))
  }
}

/// `--orthogonal-offset SECTION:OFFSET`: how far an orthogonal section's
/// band is scrolled, from its start toward its end along the band's axis.
struct OrthogonalOffset: Equatable {
  /// The index of the orthogonal section.
  var section: Int
  /// How far its band is scrolled from its start, in points.
  var offset: CGFloat

  /// The offset `argument` writes, or an error that says what is wrong.
  init(parsing argument: String) throws(ValidationError) {
    let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw ValidationError("write an orthogonal offset as SECTION:OFFSET, such as 0:195")
    }
    let written = parts[0].trimmingCharacters(in: .whitespaces)
    guard let section = Int(written), section >= 0 else {
      throw ValidationError(
        "the section \(jsonQuoted(written)) is not a section index (a whole number, 0 or more)")
    }
    self.section = section
    offset = try length(parts[1], "the offset of section \(section)", negative: true)
  }

  /// The offset `offset` of section `section`'s band.
  init(section: Int, offset: CGFloat) {
    self.section = section
    self.offset = offset
  }
}

// MARK: - Applying them to a solved layout

extension LayoutViewOptions {
  /// Sets the orthogonal offsets on `solved`, or throws naming the option
  /// when a section does not exist, does not scroll orthogonally, or is
  /// given twice.
  func scroll(_ solved: inout SolvedLayout) throws(LayoutCommandError) {
    var seen: Set<Int> = []
    for o in orthogonalOffsets {
      let written = "--orthogonal-offset \(o.section):\(LayoutText.number(o.offset))"
      guard o.section < solved.numberOfSections else {
        let count = solved.numberOfSections
        throw LayoutCommandError(
          "\(written): there is no section \(o.section); the layout has \(count) section\(count == 1 ? "" : "s")"
        )
      }
      guard solved.orthogonalBand(forSection: o.section) != nil else {
        throw LayoutCommandError(
          "\(written): section \(o.section) does not scroll orthogonally (its orthogonalScrollingBehavior is none)"
        )
      }
      guard seen.insert(o.section).inserted else {
        throw LayoutCommandError("\(written): section \(o.section) is given more than one offset")
      }
      solved.orthogonalScrollOffsets[o.section] = o.offset
    }
  }
}

// MARK: - Preferred sizes

/// The sizes self-sizing elements report, read from a JSON file: an object
/// whose keys name elements as the pictures label them (`"0.3"` for item 3
/// of section 0, `"header 0.0"` for a supplementary of kind `header`) and
/// whose values are sizes `[width, height]`.
struct PreferredSizes {
  /// The sizes, by element name as the pictures label it (leading zeros
  /// dropped: `"0.01"` in the file names the element labelled `"0.1"`).
  var sizes: [String: CGSize]
  /// The key each name had in the file, for messages.
  var keys: [String: String]

  /// The sizes in `data`, read from the file at `path`, or an error naming
  /// the file, the key and what is wrong.
  init(data: Data, path: String) throws(InputError) {
    if let problem = LayoutText.jsonSyntaxProblem(in: data) {
      throw InputError("\(path): \(problem)")
    }
    let entries: [String: _JSONValueShape]
    do {
      entries = try JSONDecoder().decode([String: _JSONValueShape].self, from: data)
    } catch {
      let found =
        (try? JSONDecoder().decode(_JSONValueShape.self, from: data))?.kind ?? "another value"
      throw InputError(
        "\(path): expected an object of sizes such as {\"0.3\": [390, 120]}, found \(found)")
    }
    var sizes: [String: CGSize] = [:]
    var keys: [String: String] = [:]
    for key in entries.keys.sorted() {
      let at = "\(path): \(jsonQuoted(key))"
      guard let name = Self.elementName(key) else {
        throw InputError(
          "\(at): name an element as SECTION.ITEM for a cell (0.3) or KIND SECTION.ITEM for a supplementary (header 0.0)"
        )
      }
      if let other = keys[name] {
        throw InputError("\(at): names the same element as \(jsonQuoted(other))")
      }
      let entry = entries[key]!
      guard let size = entry.size else {
        throw InputError("\(at): expected a size [width, height], found \(entry.kind)")
      }
      if let problem = LayoutContext.containerSizeProblem(size) {
        throw InputError("\(at): \(problem)")
      }
      sizes[name] = size
      keys[name] = key
    }
    self.sizes = sizes
    self.keys = keys
  }

  /// The element `key` names, as the pictures label it, if `key` is `S.I`
  /// or `KIND S.I`, with whole numbers S and I (leading zeros allowed) and a
  /// kind that is not empty.
  static func elementName(_ key: String) -> String? {
    let path = key.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
    let kind = key.dropLast(path.count)
    if path.count != key.count, kind.dropLast().isEmpty { return nil }
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    // Whole numbers of any length: the digits after the leading zeros.
    let numbers = parts.map { part -> Substring in
      let digits = part.drop { $0 == "0" }
      return digits.isEmpty ? "0" : digits
    }
    return "\(kind)\(numbers[0]).\(numbers[1])"
  }

  /// The name of the element a request is for: its picture label.
  static func name(of request: LayoutSizingRequest) -> String {
    LayoutText.indexPathLabel(
      LayoutAttributes(
        category: request.category, elementKind: request.elementKind, section: request.section,
        item: request.item, frame: .zero))
  }
}

/// What a JSON value is, in words, and the size it writes if it is a pair
/// of numbers.
private struct _JSONValueShape: Decodable {
  var kind: String
  var size: CGSize?

  init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      kind = "null"
    } else if let number = try? value.decode(Double.self) {
      kind = "the number \(LayoutText.number(CGFloat(number)))"
    } else if (try? value.decode(Bool.self)) != nil {
      kind = "a boolean"
    } else if (try? value.decode(String.self)) != nil {
      kind = "a string"
    } else if let numbers = try? value.decode([Double].self) {
      kind = "an array of \(numbers.count) number\(numbers.count == 1 ? "" : "s")"
      if numbers.count == 2 { size = CGSize(width: numbers[0], height: numbers[1]) }
    } else if (try? value.decode([_JSONValueShape].self)) != nil {
      kind = "an array of other values than numbers"
    } else {
      kind = "an object"
    }
  }
}

/// The preferred-size callback for a solve: answers from the file, and
/// notes which elements asked.
final class PreferredSizeAnswers {
  /// The sizes the file gives, by element name.
  let sizes: PreferredSizes
  /// The names of the elements that asked for a size.
  var asked: Set<String> = []

  /// Answers from `sizes`, with nothing asked yet.
  init(_ sizes: PreferredSizes) { self.sizes = sizes }

  /// The size the file gives the element `request` names, if any, noting that it asked.
  func answer(_ request: LayoutSizingRequest) -> CGSize? {
    let name = PreferredSizes.name(of: request)
    asked.insert(name)
    return sizes.sizes[name]
  }

  /// Throws naming the first entry of the file no element asked for: a
  /// misspelt kind, an item that is not there, or an element without an
  /// estimated dimension.
  func checkAllUsed(path: String) throws(InputError) {
    for name in sizes.sizes.keys.sorted() where !asked.contains(name) {
      throw InputError(
        "\(path): \(jsonQuoted(sizes.keys[name] ?? name)): no element of that name has an estimated dimension to size; only cells and supplementaries with one ask for a preferred size"
      )
    }
  }
}
