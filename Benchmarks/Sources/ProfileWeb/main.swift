// Applies to a list a page shows, in a loop, for profilers (valgrind
// --tool=callgrind, perf): a list of `count` items (10,000 by default), 1%
// of them changed per apply, shown by a page of 390 × 844 over an in-memory
// connection that acknowledges every batch. Each round applies the new
// snapshot, then the old one again: compare the inclusive cost of
// `WebListView.performBatchUpdates` (and of the session's handling of the
// ack) with that of `BatchUpdate.init(from:to:)`.
//
// With a third argument, `message`, each round only builds the batch
// message from the two snapshots and writes it as JSON, as the benchmark's
// "built and encoded alone" contestant does; with `server`, each round does
// a reload of the old snapshot, then the server's work for the batch (the
// diff, the layout, the window, the message and its text), without sending
// it, as the benchmark's "server's work" contestant does; with `hot`, the
// same work for the same batch again and again, with no reload between;
// with `warm`, the same work for the batch and for the batch back, in
// turn, as the benchmark's warm "server's work" contestant does.
import BenchmarkSupport
import CollectionLayout
import DiffableCore
import DiffableEngine
@_spi(Benchmarks) import DiffableWeb
import WebBenchmarkSupport

typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 10_000
let rounds = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 50
let mode = CommandLine.arguments.dropFirst(3).first

// A fixed seed, so that every run profiles the same work.
var random = BenchmarkRandom()

@MainActor
func profile() async {
  var old = Snapshot()
  old.appendSections([0])
  old.appendItems(Array(0..<count))
  let new = changedByOnePercent(old, using: &random)
  if mode == "message" {
    var bytes = 0
    for _ in 0..<rounds {
      let message = try! WebBatchMessage(
        list: "main", seq: 2, update: BatchUpdate(from: old, to: new), from: old, to: new
      ) { item, _ in WebCell("Item \(item)", secondaryText: "\(item % 97) m") }
      bytes &+= try! WebServerMessage.batch(message).jsonData().count
    }
    print(bytes)
    return
  }
  let session = WebSession()
  let view: WebListView<Int, Int> = session.listView(
    named: "main", layout: .list(using: ListConfiguration(appearance: .plain)))
  let web = DiffableDataSource<Int, Int>(view: view) { _, _, item in
    WebCell("Item \(item)", secondaryText: "\(item % 97) m")
  }
  await web.applySnapshotUsingReloadData(old)
  let (frames, outgoing) = AsyncStream<String>.makeStream()
  let (incoming, replies) = AsyncStream<String>.makeStream()
  let serving = Task {
    await session.serve(MemoryTransport(incoming: incoming, outgoing: outgoing))
  }
  let received = Received()
  let reading = page(frames: frames, replies: replies, into: received)
  while !session.isConnected { await Task.yield() }
  var total = 0
  if mode == "hot" || mode == "server" || mode == "warm" {
    // The page has been sent the list once it is ready.
    while view._batchText(BatchUpdate(), from: old, to: old) == nil { await Task.yield() }
  }
  if mode == "hot" {
    let update = BatchUpdate(from: old, to: new)
    for _ in 0..<rounds { total &+= view._batchText(update, from: old, to: new)!.utf8.count }
  }
  if mode == "warm" {
    let update = BatchUpdate(from: old, to: new)
    let back = BatchUpdate(from: new, to: old)
    for _ in 0..<rounds {
      total &+= view._batchText(update, from: old, to: new)!.utf8.count
      total &+= view._batchText(back, from: new, to: old)!.utf8.count
    }
  }
  if mode == "server" {
    for _ in 0..<rounds {
      let reloads = received.reloads.count
      await web.applySnapshotUsingReloadData(old)
      while received.reloads.count == reloads { await Task.yield() }
      total &+= view._batchText(BatchUpdate(from: old, to: new), from: old, to: new)!.utf8.count
    }
  }
  for _ in 0..<(mode == nil ? rounds : 0) {
    await web.apply(new)
    await web.apply(old)
    total &+= web.numberOfSections
  }
  replies.finish()
  await serving.value
  await reading.value
  print(total)
}

await profile()
