import Foundation

/// Reads the lines a child process writes to a pipe, one at a time, as it
/// writes them.
///
/// Each read blocks a thread of its own, not a task: a test awaits the next
/// line without holding one of the few threads that run tasks. If the
/// awaiting task is cancelled (a test's time limit), the process is stopped,
/// which closes the pipe and ends the read.
final class LineReader: @unchecked Sendable {
  private let handle: FileHandle
  private let process: Process

  init(_ handle: FileHandle, stoppingOnCancel process: Process) {
    self.handle = handle
    self.process = process
  }

  /// The next line, without its newline, or `nil` when the pipe is closed
  /// before one ends.
  func next() async -> String? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
        Thread { continuation.resume(returning: self.readLine()) }.start()
      }
    } onCancel: {
      process.terminate()
    }
  }

  /// Reads byte by byte up to a newline, so that nothing after the line is
  /// taken from the pipe.
  private func readLine() -> String? {
    var bytes: [UInt8] = []
    while let byte = handle.readData(ofLength: 1).first {
      if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
    return nil
  }
}
