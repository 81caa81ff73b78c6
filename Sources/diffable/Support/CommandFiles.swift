import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the files the commands are given and writing the files they are
/// asked to write, with errors in plain words: the file does not exist, is a
/// directory, cannot be read or written and why; never a Cocoa error code.
enum CommandFiles {
  /// The contents of the file at `path`, or standard input for `-`.
  ///
  /// - Throws: ``InputError`` naming the file and the problem.
  static func read(_ path: String) throws(InputError) -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw InputError("\(path): \(problem(errno, reading: true))")
    }
    guard status.st_mode & S_IFMT != S_IFDIR else { throw InputError("\(path): is a directory") }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw InputError("\(path): \(problem(errno, reading: true))")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      return try handle.readToEnd() ?? Data()
    } catch {
      throw InputError("\(path): cannot be read")
    }
  }

  /// Writes `text` to the file at `path`, replacing it.
  ///
  /// - Throws: ``InputError`` naming the file and the problem.
  static func write(_ text: String, to path: String) throws(InputError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw InputError("cannot write \(path): \(problem(errno, reading: false, path: path))")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: Data(text.utf8))
    } catch {
      throw InputError("cannot write \(path): the write failed")
    }
  }

  /// What an `errno` from `stat` or `open` means for the user.
  private static func problem(_ code: Int32, reading: Bool, path: String = "") -> String {
    switch code {
    case ENOENT:
      guard !reading else { return "does not exist" }
      let folder = (path as NSString).deletingLastPathComponent
      return "folder \(folder.isEmpty ? "." : folder) does not exist"
    case EISDIR: return "is a directory"
    case ENOTDIR: return "a part of the path is a file, not a folder"
    case EACCES, EPERM: return reading ? "cannot be read (permission denied)" : "permission denied"
    case EROFS: return "the file system is read-only"
    default:
      let reason = String(cString: strerror(code)).lowercased()
      return reading ? "cannot be read (\(reason))" : reason
    }
  }
}
