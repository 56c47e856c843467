#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing text to a file descriptor without Foundation: standard error, trace files and
/// recordings share it.
enum FileOutput {
  /// Opens (creating or truncating) `path` for writing.
  /// - Returns: The descriptor, or the failure.
  static func create(_ path: String, appending: Bool = false) -> Result<Int32, SystemError> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | (appending ? O_APPEND : 0), 0o644)
    return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(code: errno, context: "opening \(path)"))
  }

  /// Writes all of `text`, retrying short and interrupted writes.
  /// - Returns: The failure, if the text could not be written in full.
  @discardableResult
  static func write(_ text: String, to descriptor: Int32, name: String) -> SystemError? {
    var text = text
    return text.withUTF8 { bytes -> SystemError? in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return SystemError(code: errno, context: "writing \(name)")
        }
        if written == 0 { return SystemError(code: EIO, context: "writing \(name)") }
        offset += written
      }
      return nil
    }
  }

  /// Closes a descriptor `create` opened.
  static func close(_ descriptor: Int32) { systemClose(descriptor) }
}

// At file scope, where the C functions are not shadowed by `FileOutput`'s own.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) { _ = close(descriptor) }
