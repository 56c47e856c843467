import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations `fileStorage` needs, as a seam: the live file system, or a test's.
struct SharedFileSystem: Sendable {
  /// The file's bytes; `nil` when there is no file.
  var read: @Sendable (_ path: String) throws -> [UInt8]?
  /// Replaces the file's contents atomically: a reader sees the old file or the new one, never
  /// part of one.
  var write: @Sendable (_ bytes: [UInt8], _ path: String) throws -> Void
  /// Moves the file to a free name beside it; returns that name.
  var moveAside: @Sendable (_ path: String) throws -> String

  /// The process's file system. A write goes to a temporary file in the same directory, which
  /// is then renamed over the file (`rename(2)` replaces atomically).
  static let live = SharedFileSystem(
    read: { path in
      guard FileManager.default.fileExists(atPath: path) else { return nil }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw SystemError(code: EACCES, context: "reading \(path)")
      }
      return Array(data)
    },
    write: { bytes, path in
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: nil)
      let temporary = "\(directory)/.\(URL(fileURLWithPath: path).lastPathComponent).\(UUID()).tmp"
      guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes), attributes: nil) else {
        throw SystemError(code: EACCES, context: "writing \(temporary)")
      }
      guard rename(temporary, path) == 0 else {
        let code = errno
        try? FileManager.default.removeItem(atPath: temporary)
        throw SystemError(code: code, context: "renaming \(temporary) to \(path)")
      }
    },
    moveAside: { path in
      var aside = "\(path).undecodable"
      var number = 2
      while FileManager.default.fileExists(atPath: aside) {
        aside = "\(path).undecodable-\(number)"
        number += 1
      }
      guard rename(path, aside) == 0 else { throw SystemError(code: errno, context: "renaming \(path) to \(aside)") }
      return aside
    })
}
