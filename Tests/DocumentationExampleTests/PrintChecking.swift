import Testing

/// Prints `items` as `print` does, and checks that the text, without its final
/// line breaks, is `expected`; an `expected` that ends in ` ...` need only
/// begin the text.
///
/// The generated example tests call this where a document shows what a
/// `print` prints.
func printChecking(
  _ items: Any..., separator: String = " ", terminator: String = "\n",
  expecting expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let text = items.map { "\($0)" }.joined(separator: separator) + terminator
  print(text, terminator: "")
  var printed = Substring(text)
  while printed.hasSuffix("\n") { printed = printed.dropLast() }
  if expected.hasSuffix(" ...") {
    let start = expected.dropLast(" ...".count)
    #expect(printed.hasPrefix(start), "printed \(printed)", sourceLocation: sourceLocation)
  } else {
    #expect(printed == expected, sourceLocation: sourceLocation)
  }
}
