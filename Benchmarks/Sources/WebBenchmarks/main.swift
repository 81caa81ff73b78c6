// Benchmarks for the browser renderer's server side: an apply to a
// 10,000-item list shown by a page, with 1% of the items changed, through
// the data source and its `WebListView` (the diff, the layout's update for
// the new counts, the window, the batch message with its cells, its JSON
// text, the page's ack over an in-memory transport), against the bare diff,
// `BatchUpdate(from:to:)`, and against the same apply to a view that asks
// nothing.
//
// Twice: with a plain list's estimated (self-sizing) rows, whose section the
// layout solves again when its count changes, and with fixed rows, which it
// repeats by arithmetic. `SolvedLayout.updateItemCounts` alone shows that
// part of the apply, and the batch message built from the snapshots and
// written as JSON (with a cell for every item brought in, and no layout)
// the part of the message. The server's work for the batch, which the
// issue's target is about (the diff, the layout's update, the window, the
// message with the window's cells and only the changed frames, its text),
// is timed apart from the apply's hops between tasks and the page's
// acknowledgement, through `WebListView._batchText`, the code an apply
// runs. It is timed twice. Once after an untimed reload of the list (so
// that the view's layout is the old one again), which leaves the caches
// cold: the bare diff timed after the same reload shows how much that costs
// it. And once warm, as the bare diff is timed: after the untimed work for
// the batch back from the new list to the old one, which brings the layout
// back to the old counts and changes nothing else the view remembers; the
// bare diff timed after the same untimed work is its floor.
//
// Also the bytes a page receives per apply, against a full reload of the
// list: a batch carries the change and the window, not the list; and the
// same on a socket with permessage-deflate (compress-nio, as
// hummingbird-websocket compresses, with the 2 KiB window and memory level
// 4 DiffableWebHummingbird configures: the window kept from message to
// message, measured on the first reload and the messages after it, and
// against zlib's defaults and other settings), with the server's work for
// a batch timed with its text deflated too.
//
// And, on the first list's reload and batch, the session's own JSON writer,
// and its ack scanner against `JSONDecoder`: kept because it pays by that
// much.

import BenchmarkSupport
import CollectionLayout
@_spi(Testing) import DiffableCore
import DiffableEngine
@_spi(Benchmarks) import DiffableWeb
import Foundation
import WebBenchmarkSupport

refuseToMeasure(ifCheckingInvariants: DiffableDataSourceSnapshot<Int, Int>._isCheckingInvariants)

var harness = Harness(runs: 9)
var random = BenchmarkRandom()

typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

/// A view that takes each batch and asks for nothing: the engine's own cost.
@MainActor
final class TakingListView: @MainActor DiffableListView {
  typealias Cell = Int
  private var dataSource: (any DiffableListViewDataSource<Int, Never>)?
  func connect(to dataSource: any DiffableListViewDataSource<Int, Never>) {
    self.dataSource = dataSource
  }
  func reloadData() {}
  func performBatchUpdates(
    _ update: BatchUpdate, animatingDifferences: Bool, rowAnimation: DiffableRowAnimation,
    updatingData: @escaping () -> Void, completion: @escaping (Bool) -> Void
  ) {
    updatingData()
    completion(true)
  }
  func reconfigureItems(at indexPaths: [IndexPath]) {}
}

/// A list of rows of a fixed 44 points: a layout the solver repeats by
/// arithmetic, where a list's estimated rows are solved one by one.
let fixedRows: CompositionalLayout = {
  let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
  return CompositionalLayout(
    section: LayoutSection(
      group: .horizontal(layoutSize: row, subitems: [LayoutItem(layoutSize: row)])))
}()

@MainActor
func webScenario(items: Int, layout: CompositionalLayout, rows: String) async {
  var old = Snapshot()
  old.appendSections([0])
  old.appendItems(Array(0..<items))
  let new = changedByOnePercent(old, using: &random)

  let session = WebSession()
  let view: WebListView<Int, Int> = session.listView(named: "main", layout: layout)
  let context = LayoutContext(containerSize: CGSize(width: 390, height: 844))
  let oldCounts = [old.numberOfItems]
  let newCounts = [new.numberOfItems]
  let solvedOld = try! layout.solve(context, itemCounts: oldCounts)
  let web = DiffableDataSource<Int, Int>(view: view) { _, _, item in
    WebCell("Item \(item)", secondaryText: "\(item % 97) m")
  }
  let taking = DiffableDataSource<Int, Int>(view: TakingListView()) { _, _, item in item }
  await web.applySnapshotUsingReloadData(old)

  let (frames, outgoing) = AsyncStream<String>.makeStream()
  let (incoming, replies) = AsyncStream<String>.makeStream()
  let received = Received()
  let serving = Task {
    await session.serve(MemoryTransport(incoming: incoming, outgoing: outgoing))
  }
  let reading = page(frames: frames, replies: replies, into: received)
  while !session.isConnected { await Task.yield() }

  /// Whether the page shows `old`, read from a reload, and holds its
  /// window: what every timed batch starts from.
  var pageShowsOld = false
  /// Shows `old` again by a reload, once the page has read it.
  func reloadOld() async {
    let reloads = received.reloads.count
    await web.applySnapshotUsingReloadData(old)
    while received.reloads.count == reloads { await Task.yield() }
    pageShowsOld = true
  }

  let deflater = MessageDeflater()
  var local = harness
  let medians = await local.scenario(
    "Apply 1% changes to a list of \(items) items (\(rows)) shown by a page (390 × 844)",
    [
      AsyncContestant("bare BatchUpdate(from:to:)") { BatchUpdate(from: old, to: new).count },
      AsyncContestant("the same, after the untimed reload the next one does") {
        await reloadOld()
      } _: {
        BatchUpdate(from: old, to: new).count
      },
      AsyncContestant("SolvedLayout.updateItemCounts alone") {
        var solved = solvedOld
        try! solved.updateItemCounts(newCounts)
        return solved.numberOfSections
      },
      AsyncContestant("WebBatchMessage built and encoded alone") {
        let message = try! WebBatchMessage(
          list: "main", seq: 2, update: BatchUpdate(from: old, to: new), from: old, to: new
        ) { item, _ in WebCell("Item \(item)", secondaryText: "\(item % 97) m") }
        return try! WebServerMessage.batch(message).jsonData().count
      },
      AsyncContestant("the server's work: diff, layout, window, message, text") {
        // Untimed: a reload, so that the view's layout, and the frames it
        // knows the page holds, are those of `old` again.
        await reloadOld()
      } _: {
        view._batchText(BatchUpdate(from: old, to: new), from: old, to: new)!.utf8.count
      },
      AsyncContestant("the same, warm: after the batch back, untimed") {
        // Untimed: the same work for the batch from `new` back to `old`,
        // which brings the layout back to `old`'s counts and leaves the
        // caches as warm as the bare diff's, which repeats itself. A batch
        // text changes nothing else of what the view remembers of the page.
        if !pageShowsOld { await reloadOld() }
        _ = view._batchText(BatchUpdate(from: new, to: old), from: new, to: old)
      } _: {
        view._batchText(BatchUpdate(from: old, to: new), from: old, to: new)!.utf8.count
      },
      AsyncContestant("the same, warm, and the text deflated for the socket") {
        if !pageShowsOld { await reloadOld() }
        _ = view._batchText(BatchUpdate(from: new, to: old), from: new, to: old)
      } _: {
        deflater.deflatedSize(
          view._batchText(BatchUpdate(from: old, to: new), from: old, to: new)!)
      },
      AsyncContestant("the bare diff after the same untimed batch back") {
        if !pageShowsOld { await reloadOld() }
        _ = view._batchText(BatchUpdate(from: new, to: old), from: new, to: old)
      } _: {
        BatchUpdate(from: old, to: new).count
      },
      AsyncContestant("apply through the engine to a view that asks nothing") {
        await taking.applySnapshotUsingReloadData(old)
      } _: {
        await taking.apply(new)
        return taking.numberOfSections
      },
      AsyncContestant("apply through WebSession (diff, layout, message, ack)") {
        // Untimed: the reload, and the page's reading of it, which would
        // otherwise run on the other core during the timed apply.
        await reloadOld()
      } _: {
        await web.apply(new)
        pageShowsOld = false
        return web.numberOfSections
      },
    ])
  let batch = BatchUpdate(from: old, to: new)
  local.emit(
    "  server's work / bare diff \(format(medians[4] / medians[0], 2))× "
      + "(/ the diff after a reload \(format(medians[4] / medians[1], 2))×; "
      + "warm \(format(medians[5] / medians[0], 2))×, "
      + "/ the diff after the same work \(format(medians[5] / medians[7], 2))×), "
      + "deflated / not \(format(medians[6] / medians[5], 2))×, "
      + "web apply / bare diff \(format(medians[9] / medians[0], 2))×, "
      + "web apply / engine apply \(format(medians[9] / medians[8], 2))×; "
      + "the batch: \(batch.count) operations")
  if !received.reloads.isEmpty, !received.batches.isEmpty {
    let reload = median(received.reloads.map(Double.init))
    let perApply = median(received.batches.map(Double.init))
    local.emit(
      "  bytes per apply \(Int(perApply)) against \(Int(reload)) for a reload of the list: "
        + "\(format(perApply / reload * 100, 2))%")
  }
  // The sample: the first reload, then what followed it on the socket.
  if let first = received.sample.first,
    received.sample.contains(where: { $0.contains(#""type":"batch""#) })
  {
    let socket = MessageDeflater()
    let reload = (plain: first.utf8.count, deflated: socket.deflatedSize(first))
    var batches: [(plain: Int, deflated: Int)] = []
    for text in received.sample.dropFirst() {
      let sizes = (plain: text.utf8.count, deflated: socket.deflatedSize(text))
      if text.contains(#""type":"batch""#) { batches.append(sizes) }
    }
    let batch = median(batches.map { Double($0.deflated) })
    let plainBatch = median(batches.map { Double($0.plain) })
    local.emit(
      "  permessage-deflate: a reload \(reload.plain) → \(reload.deflated) bytes "
        + "(\(format(Double(reload.deflated) / Double(reload.plain) * 100, 1))%), "
        + "a batch \(Int(plainBatch)) → \(Int(batch)) bytes at the median of \(batches.count) "
        + "(\(format(batch / max(plainBatch, 1) * 100, 1))%)")
    // Other windows and memory levels, zlib's defaults first: what a
    // socket's deflate state costs against the bytes it sends, and the
    // time to deflate the messages after the first reload, each apply's
    // (median of 9, against this setting's).
    func deflateTime(_ windowBits: Int, _ memoryLevel: Int, keepingWindow: Bool = true) -> Double {
      median(
        (0..<9).map { _ in
          let deflater = MessageDeflater(
            windowBits: windowBits, memoryLevel: memoryLevel, contextTakeover: keepingWindow)
          _ = deflater.deflatedSize(first)
          let start = ContinuousClock.now
          var bytes = 0
          for text in received.sample.dropFirst() { bytes += deflater.deflatedSize(text) }
          precondition(bytes > 0)
          let elapsed = (ContinuousClock.now - start).components
          return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        })
    }
    let ownTime = deflateTime(15, 6, keepingWindow: false)
    // Windows kept from message to message cost each socket its state;
    // fresh ones (each message on its own, as DiffableWebHummingbird's
    // sockets deflate) let the sockets share a few streams.
    for (windowBits, memoryLevel, keepingWindow) in [
      (15, 8, true), (11, 4, true), (10, 4, true), (15, 8, false), (13, 6, false), (11, 4, false),
    ] {
      let other = MessageDeflater(
        windowBits: windowBits, memoryLevel: memoryLevel, contextTakeover: keepingWindow)
      let reloadBytes = other.checkedDeflatedSize(first)
      var batchBytes: [Double] = []
      for text in received.sample.dropFirst() {
        let size = other.checkedDeflatedSize(text)
        if text.contains(#""type":"batch""#) { batchBytes.append(Double(size)) }
      }
      let state = MessageDeflater.stateBytes(windowBits: windowBits, memoryLevel: memoryLevel)
      let time = deflateTime(windowBits, memoryLevel, keepingWindow: keepingWindow)
      local.emit(
        "    window \(windowBits) bits, memory level \(memoryLevel), "
          + (keepingWindow
            ? "kept (\(state >> 10) KiB of state per socket): "
            : "fresh each message (\(state >> 10) KiB per shared stream): ")
          + "reload \(reloadBytes) bytes (\(format(Double(reloadBytes) / Double(reload.deflated), 2))×), "
          + "batch \(Int(median(batchBytes))) (\(format(median(batchBytes) / max(batch, 1), 2))×), "
          + "time \(format(time / ownTime, 2))×")
    }
  }
  if encodingFigures, let reload = received.sample.first,
    let batch = received.sample.first(where: { $0.contains(#""type":"batch""#) })
  {
    encodingFigures = false
    codingScenario(reload: reload, batch: batch, harness: &local)
  }
  harness = local
  replies.finish()
  await serving.value
  await reading.value
}

/// Whether the next scenario times the encoders on its messages.
var encodingFigures = true

/// The session's own JSON writer on the reload and a batch a page
/// received, and its ack scanner against `JSONDecoder`, on an ack as a page
/// writes it.
///
/// The writer is the only encoder of server messages. Against `JSONEncoder`
/// on the messages' former `Encodable` conformances (same text, sorted
/// keys), measured here on 2026-12-06 at b7d658f before those were removed,
/// `JSONEncoder` took 24.0× the writer's time on the reload and 44.0× on the
/// batch (Benchmarks/README.md).
func codingScenario(reload: String, batch: String, harness: inout Harness) {
  let reloadMessage = try! WebServerMessage(jsonData: Data(reload.utf8))
  let batchMessage = try! WebServerMessage(jsonData: Data(batch.utf8))
  precondition(try! batchMessage.jsonData() == Data(batch.utf8))
  let ack = #"{"v":1,"type":"ack","list":"main","seq":12345}"#
  let decoder = JSONDecoder()
  let medians = harness.scenario(
    "The wire's JSON: a reload of \(reload.utf8.count) bytes, a batch of \(batch.utf8.count), an ack",
    [
      Contestant("reload: the session's writer") { try! reloadMessage.jsonData().count },
      Contestant("batch: the session's writer") { try! batchMessage.jsonData().count },
      Contestant("ack: the session's scanner") {
        guard case .ack(_, let seq) = WebClientMessage._scanAck(ack) else { return 0 }
        return seq
      },
      Contestant("ack: JSONDecoder") {
        guard
          case .ack(_, let seq) = try! decoder.decode(WebClientMessage.self, from: Data(ack.utf8))
        else { return 0 }
        return seq
      },
    ])
  harness.emit("  JSONDecoder / scanner, ack \(format(medians[3] / medians[2], 2))×")
}

let estimatedRows = CompositionalLayout.list(using: ListConfiguration(appearance: .plain))
await webScenario(items: sized(10_000), layout: estimatedRows, rows: "estimated rows")
await webScenario(items: sized(10_000), layout: fixedRows, rows: "fixed rows")
await webScenario(items: sized(100_000), layout: estimatedRows, rows: "estimated rows")
await webScenario(items: sized(100_000), layout: fixedRows, rows: "fixed rows")
harness.finish()
