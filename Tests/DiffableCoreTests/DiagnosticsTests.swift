import DiffableCore
import Testing

@Suite("Diagnostics")
struct DiagnosticsTests {
  final class Box: @unchecked Sendable { var seen: [DiffableDiagnostic] = [] }

  @Test("a bound handler receives what the code under it reports")
  func boundHandlerReceivesReports() {
    let box = Box()
    let value = DiffableDiagnostics.withHandler({ box.seen.append($0) }) {
      DiffableDiagnostics.report(DiffableDiagnostic(operation: "op", message: "hello"))
      return 7
    }
    #expect(value == 7)
    #expect(box.seen == [DiffableDiagnostic(operation: "op", message: "hello")])
    #expect(box.seen.first?.description == "op: hello")
  }

  @Test("the binding ends with the operation, and an error passes through it")
  func bindingEnds() {
    struct Oops: Error {}
    let box = Box()
    #expect(throws: Oops.self) {
      try DiffableDiagnostics.withHandler({ box.seen.append($0) }) { () throws(Oops) in
        DiffableDiagnostics.report(DiffableDiagnostic(operation: "inside", message: ""))
        throw Oops()
      }
    }
    let outer = Box()
    DiffableDiagnostics.withHandler({ outer.seen.append($0) }) {
      DiffableDiagnostics.report(DiffableDiagnostic(operation: "after", message: ""))
    }
    #expect(box.seen.map(\.operation) == ["inside"])
    #expect(outer.seen.map(\.operation) == ["after"])
  }

  @Test("the asynchronous form covers the tasks started inside it")
  func asyncHandlerCoversChildren() async {
    let box = Box()
    await DiffableDiagnostics.withHandler({ box.seen.append($0) }) {
      await Task { @Sendable in
        // An unstructured task inherits task-locals too.
        DiffableDiagnostics.report(DiffableDiagnostic(operation: "child", message: ""))
      }.value
    }
    #expect(box.seen.map(\.operation) == ["child"])
  }
}
