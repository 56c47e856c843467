#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the command writes: results to standard output, errors and progress to standard
/// error. The tests pass a console that captures both.
protocol Console: Sendable {
  /// Writes `text` to standard output as is.
  func write(_ text: String)
  /// Writes `text` to standard error as is.
  func writeError(_ text: String)
  /// Whether standard error is a terminal: progress lines are shown only there.
  var errorIsTerminal: Bool { get }
}

/// The process's standard output and standard error.
struct StandardConsole: Console {
  func write(_ text: String) { Self.write(text, to: STDOUT_FILENO) }

  func writeError(_ text: String) { Self.write(text, to: STDERR_FILENO) }

  var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  /// Writes every byte, retrying short writes and interrupted calls.
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  /// The C library's `write(2)`, which the method of the same name hides.
  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }
}
