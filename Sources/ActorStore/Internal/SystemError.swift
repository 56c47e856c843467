#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: its `errno` and what was being done.
struct SystemError: Error, CustomStringConvertible, Sendable {
  /// The `errno` value.
  let code: Int32
  /// What was being done, e.g. "writing /tmp/trace.jsonl".
  let context: String?

  /// Creates an error.
  /// - Parameters:
  ///   - code: The `errno` value.
  ///   - context: What was being done.
  init(code: Int32, context: String? = nil) {
    self.code = code
    self.context = context
  }

  /// `context: strerror(code) (errno code)`.
  var description: String {
    let reason = String(cString: strerror(code))
    return (context.map { "\($0): " } ?? "") + "\(reason) (errno \(code))"
  }
}
