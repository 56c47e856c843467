import Glibc

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
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
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
}
