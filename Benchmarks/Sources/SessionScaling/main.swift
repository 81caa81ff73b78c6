// Many pages at once: whether the server's sessions use every core.
//
// `pages` pages each show a list of `items` items and apply `applies`
// snapshots one after the other (1% changed each, awaiting the page's
// acknowledgement of each batch), all pages at the same time, over
// in-memory connections whose page side acknowledges every batch off any
// actor. Timed twice, interleaved, best of `runs`:
//
// - on pages: each page of a `WebPageRegistry` is an actor of its own, and
//   its session, data source and applies run there, as `serve` runs them;
// - on one actor: every session, data source and apply on the main actor,
//   as they all were before pages had actors of their own.
//
// Run it on one core, then on two, and compare (Documentation/Serving.md,
// "How many sessions one process holds", has the figures):
//
//     taskset -c 0   Benchmarks/.build/release/SessionScaling
//     taskset -c 0-1 Benchmarks/.build/release/SessionScaling
//
// Arguments: pages, items, applies, runs (64 1000 40 3); BENCHMARK_SMOKE=1
// runs 4 pages of 200 items, 3 applies, once.

import BenchmarkSupport
import CollectionLayout
import DiffableCore
import DiffableEngine
import DiffableWeb
import Foundation
import WebBenchmarkSupport

let smoke = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] == "1"
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let pages = smoke ? 4 : arguments.first ?? 64
let items = smoke ? 200 : arguments.dropFirst().first ?? 1_000
let applies = smoke ? 3 : arguments.dropFirst(2).first ?? 40
let runs = smoke ? 1 : arguments.dropFirst(3).first ?? 3

typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>
typealias DataSource = DiffableDataSource<Int, Int>

/// Fixed rows of 44 points; each page makes its own.
func layout() -> CompositionalLayout {
  let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
  return CompositionalLayout(
    section: LayoutSection(
      group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)])))
}

/// The two snapshots a page applies in turn, after the first: each is the
/// other with 1% changed. Each page makes its own, as a server's pages do,
/// so that no two pages share storage (and its reference counts).
func snapshots() -> [Snapshot] {
  var random = BenchmarkRandom()
  var first = Snapshot()
  first.appendSections([0])
  first.appendItems(Array(0..<items))
  return [first, changedByOnePercent(first, using: &random)]
}

/// The page's side of a connection: says `ready`, acknowledges every
/// batch, and ends with the connection. Runs on no actor.
func acknowledgingPage(
  frames: AsyncStream<String>, replies: AsyncStream<String>.Continuation
) -> Task<Void, Never> {
  replies.yield(
    #"{"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844}, "#
      + #""lists": {"main": {"width": 390, "height": 844, "x": 0, "y": 0}}}"#)
  return Task.detached {
    for await frame in frames {
      guard let seq = batchSeq(frame) else { continue }
      replies.yield(#"{"v": 1, "type": "ack", "list": "main", "seq": \#(seq)}"#)
    }
  }
}

/// The sequence number of a batch message, or `nil` for another message.
func batchSeq(_ frame: String) -> Substring? {
  guard frame.contains(#""type":"batch""#), let key = frame.range(of: #""seq":"#) else {
    return nil
  }
  return frame[key.upperBound...].prefix { $0.isASCII && $0.isNumber }
}

/// A connection in memory, and its page.
func connection() -> (MemoryTransport, page: Task<Void, Never>, close: () -> Void) {
  let (frames, outgoing) = AsyncStream<String>.makeStream()
  let (incoming, replies) = AsyncStream<String>.makeStream()
  return (
    MemoryTransport(incoming: incoming, outgoing: outgoing),
    acknowledgingPage(frames: frames, replies: replies), { replies.finish() }
  )
}

/// Applies the two snapshots of `snapshots()` in turn, `applies` times in
/// all, waiting for each.
func applyAll(_ dataSource: DataSource, isolation: isolated (any Actor)? = #isolation) async {
  let snapshots = snapshots()
  for number in 1...applies { await dataSource.apply(snapshots[number % 2]) }
}

/// The seconds it takes every page, each an actor of its own, to apply
/// its snapshots.
func onPages() async -> Double {
  let registry = WebPageRegistry { page in
    let dataSource = page.session.list(named: "main", layout: layout()) {
      (_: WebListView<Int, Int>, _, item: Int) in WebCell("Item \(item)")
    }
    await dataSource.apply(snapshots()[0], animatingDifferences: false)
    page.content = dataSource
  }
  var opened: [(WebPage, WebRequest, MemoryTransport, Task<Void, Never>, () -> Void)] = []
  for number in 0..<pages {
    let request = WebRequest(
      path: "/list", headers: [("Host", "example.com")], clientAddress: "10.0.0.\(number % 250)")
    guard case .success(let issued) = await registry.issue(request),
      let page = await registry.page(id: issued.id)
    else { fatalError("SessionScaling: the registry refused a page") }
    let socket = WebRequest(
      path: issued.socketPath, query: ["page": issued.id, "v": "1"],
      headers: [
        ("Host", "example.com"), ("Cookie", String(issued.setCookie!.prefix { $0 != ";" })),
      ],
      clientAddress: request.clientAddress)
    let (transport, client, close) = connection()
    opened.append((page, socket, transport, client, close))
  }
  var serving: [Task<Void, Never>] = []
  for (page, socket, transport, _, _) in opened {
    serving.append(Task { await registry.serve(transport, request: socket) })
    while await !page.run({ $0.session.isConnected }) { await Task.yield() }
  }
  let start = ContinuousClock.now
  await withTaskGroup(of: Void.self) { group in
    for (page, _, _, _, _) in opened {
      group.addTask {
        await page.run { page in
          guard let dataSource = page.content as? DataSource else { return }
          await applyAll(dataSource)
        }
      }
    }
  }
  let seconds = seconds(since: start)
  for (_, _, _, client, close) in opened {
    close()
    await client.value
  }
  for task in serving { await task.value }
  return seconds
}

/// The seconds it takes every page, all on the main actor, to apply its
/// snapshots.
@MainActor
func onOneActor() async -> Double {
  var lists: [(WebSession, DataSource, Task<Void, Never>, Task<Void, Never>, () -> Void)] = []
  for _ in 0..<pages {
    let session = WebSession()
    let dataSource = session.list(named: "main", layout: layout()) {
      (_: WebListView<Int, Int>, _, item: Int) in WebCell("Item \(item)")
    }
    await dataSource.apply(snapshots()[0], animatingDifferences: false)
    let (transport, client, close) = connection()
    let serving = Task { await session.serve(transport) }
    while !session.isConnected { await Task.yield() }
    lists.append((session, dataSource, serving, client, close))
  }
  let start = ContinuousClock.now
  let applying = lists.map { list in Task { await applyAll(list.1) } }
  for task in applying { await task.value }
  let seconds = seconds(since: start)
  for (_, _, serving, client, close) in lists {
    close()
    await client.value
    await serving.value
  }
  return seconds
}

func seconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = start.duration(to: .now).components
  return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}

print(
  "\(pages) pages × \(applies) applies of 1% to \(items) items, all pages at once, "
    + "best of \(runs), on \(ProcessInfo.processInfo.activeProcessorCount) cores "
    + "(the process's affinity may allow fewer):")
var pagesBest = Double.infinity
var oneActorBest = Double.infinity
for _ in 0..<runs {
  pagesBest = min(pagesBest, await onPages())
  oneActorBest = min(oneActorBest, await onOneActor())
}
let total = Double(pages * applies)
print(
  "  each page on its own actor: \(format(pagesBest, 3)) s, "
    + "\(Int(total / pagesBest)) applies/s")
print(
  "  every page on the main actor: \(format(oneActorBest, 3)) s, "
    + "\(Int(total / oneActorBest)) applies/s")
print("  one actor / pages: \(format(oneActorBest / pagesBest, 2))×")
