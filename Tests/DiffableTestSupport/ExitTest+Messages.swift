import Testing

/// Checks that a stopped process printed `message` on standard error.
public func expectMessage(
  _ result: ExitTest.Result?, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  #expect(text.contains(message), "standard error was: \(text)", sourceLocation: sourceLocation)
}
