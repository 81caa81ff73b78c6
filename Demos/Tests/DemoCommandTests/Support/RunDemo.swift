import Foundation
import Testing

/// What one run of the built `demo` executable did.
struct CommandRun {
  var status: Int32
  var standardOutput: String
  var standardError: String

  var outputLines: [Substring] {
    standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
      standardOutput.hasSuffix("\n") ? 1 : 0)
  }
}

/// Runs the `demo` executable (or another of the package's) built next to
/// the test bundle, with files for its standard streams (no pipe can fill up
/// and block).
func runDemo(
  _ arguments: [String], executable name: String = "demo", environment: [String: String] = [:],
  in workingDirectory: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> CommandRun {
  let executable = try #require(
    builtExecutable(named: name), "the \(name) executable was not built",
    sourceLocation: sourceLocation)
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "demo-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let inputURL = directory.appendingPathComponent("stdin")
  let outputURL = directory.appendingPathComponent("stdout")
  let errorURL = directory.appendingPathComponent("stderr")
  for url in [inputURL, outputURL, errorURL] {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
  }

  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let workingDirectory { process.currentDirectoryURL = workingDirectory }
  var processEnvironment = ProcessInfo.processInfo.environment
  processEnvironment.removeValue(forKey: "NO_COLOR")
  processEnvironment.merge(environment) { _, new in new }
  process.environment = processEnvironment
  process.standardInput = try FileHandle(forReadingFrom: inputURL)
  process.standardOutput = try FileHandle(forWritingTo: outputURL)
  process.standardError = try FileHandle(forWritingTo: errorURL)
  try process.run()
  process.waitUntilExit()
  return CommandRun(
    status: process.terminationStatus,
    standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
    standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// An executable of the current build: the test bundle and the products are
/// built into the same directory (on Darwin the bundle is a few folders
/// deeper).
func builtExecutable(named name: String) -> URL? {
  var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<5 {
    let candidate = directory.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    directory.deleteLastPathComponent()
  }
  return nil
}
