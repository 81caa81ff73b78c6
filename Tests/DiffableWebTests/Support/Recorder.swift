import DiffableWeb
import Foundation

/// What a page's user did, as a list view's and a session's delegate hear
/// it: the index paths tapped (shifted by `shift` items) and the inputs,
/// which also go to `inputStream` when it is set.
final class Recorder: WebListViewDelegate, WebSessionDelegate {
  var selected: [IndexPath] = []
  var inputs: [WebInput] = []
  var shift = 0
  var inputStream: AsyncStream<WebInput>.Continuation?

  init(inputStream: AsyncStream<WebInput>.Continuation? = nil) {
    self.inputStream = inputStream
  }

  func listView(
    named name: String, didSelectItemAt indexPath: IndexPath, isolation: isolated any Actor
  ) {
    selected.append(IndexPath(item: indexPath.item + shift, section: indexPath.section))
  }

  func session(_ session: WebSession, didReceive input: WebInput, isolation: isolated any Actor) {
    inputs.append(input)
    inputStream?.yield(input)
  }
}
