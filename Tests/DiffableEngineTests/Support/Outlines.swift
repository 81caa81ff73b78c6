import DiffableCore
import DiffableEngine
import Testing

typealias Outline = DiffableDataSourceSectionSnapshot<String>

/// A section snapshot written as an indented list, two spaces a level; an
/// item followed by `+` is expanded:
///
///     outline("""
///       Fruit+
///         Apple
///       Veg
///         Leek
///       """)
func outline(_ text: String) -> Outline {
  var result = Outline()
  var path: [String] = []
  for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
    let indent = line.prefix { $0 == " " }.count
    let level = indent / 2
    var name = String(line.dropFirst(indent))
    let isExpanded = name.hasSuffix("+")
    if isExpanded { name.removeLast() }
    path.removeSubrange(level...)
    result.append([name], to: path.last)
    if isExpanded { result.expand([name]) }
    path.append(name)
  }
  return result
}

/// What the handlers of a data source were asked, in order.
@MainActor
final class HandlerLog {
  var calls: [String] = []

  /// Installs logging handlers on `dataSource`: the should-handlers refuse
  /// the items in `refusing`, and `snapshotForExpandingParent` (if
  /// `loading` is not `nil`) returns the current children when there are
  /// some, or `loading(parent)`.
  init(
    _ dataSource: DiffableDataSource<String, String>, refusing: Set<String> = [],
    loading: ((String) -> Outline)? = nil
  ) {
    var handlers = DiffableDataSource<String, String>.SectionSnapshotHandlers()
    handlers.shouldExpandItem = { [unowned self] item in
      calls.append("shouldExpand \(item)")
      return !refusing.contains(item)
    }
    handlers.willExpandItem = { [unowned self] item in calls.append("willExpand \(item)") }
    handlers.shouldCollapseItem = { [unowned self] item in
      calls.append("shouldCollapse \(item)")
      return !refusing.contains(item)
    }
    handlers.willCollapseItem = { [unowned self] item in calls.append("willCollapse \(item)") }
    if let loading {
      handlers.snapshotForExpandingParent = { [unowned self] parent, children in
        calls.append("load \(parent) \(children.items)")
        return children.items.isEmpty ? loading(parent) : children
      }
    }
    dataSource.sectionSnapshotHandlers = handlers
  }
}
