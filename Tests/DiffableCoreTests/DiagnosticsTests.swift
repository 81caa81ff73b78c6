import DiffableCore
import Testing

@Suite("Diagnostics")
struct DiagnosticsTests {
  @Test("a bound handler receives what the code under it reports")
  func boundHandlerReceivesReports() {
    final class Box: @unchecked Sendable { var seen: [DiffableDiagnostic] = [] }
    let box = Box()
    DiffableDiagnostics.$handler.withValue({ box.seen.append($0) }) {
      DiffableDiagnostics.handler(DiffableDiagnostic(operation: "op", message: "hello"))
    }
    #expect(box.seen == [DiffableDiagnostic(operation: "op", message: "hello")])
    #expect(box.seen.first?.description == "op: hello")
  }
}
