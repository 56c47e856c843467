#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes each trace event as one line of JSON (see ``StoreTraceEvent/jsonLine``) to a file.
///
/// ```swift
/// let store = Store(
///   initialState: Counter.State(), reducer: Counter(), trace: JSONLinesTraceSink(path: "/tmp/counter.jsonl"))
/// ```
///
/// A file that cannot be opened or written is reported as an issue; the store keeps running
/// and the events are counted as failed in `Store.traceStatistics`.
public final class JSONLinesTraceSink: StoreTraceSink {
  /// The descriptor written to, or `nil` when the file could not be opened.
  private let descriptor: Int32?
  private let closesDescriptor: Bool
  private let name: String

  /// Writes to an open file descriptor, which stays open when the sink is released.
  /// - Parameter fileDescriptor: A descriptor open for writing, e.g. `1` for standard output.
  public init(fileDescriptor: Int32) {
    descriptor = fileDescriptor
    closesDescriptor = false
    name = "file descriptor \(fileDescriptor)"
  }

  /// Creates (or truncates) the file at `path` and writes to it.
  /// - Parameters:
  ///   - path: The file's path.
  ///   - fileID: The call site, for the issue raised when the file cannot be opened.
  ///   - filePath: The call site, for the issue raised when the file cannot be opened.
  ///   - line: The call site, for the issue raised when the file cannot be opened.
  ///   - column: The call site, for the issue raised when the file cannot be opened.
  public init(
    path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    name = path
    switch FileOutput.create(path, appending: true) {
    case .success(let opened):
      descriptor = opened
      closesDescriptor = true
    case .failure(let error):
      descriptor = nil
      closesDescriptor = false
      reportIssue(
        "JSONLinesTraceSink cannot open \(path) for writing (\(error)); no event will be traced.",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  deinit {
    if closesDescriptor, let descriptor { FileOutput.close(descriptor) }
  }

  /// Writes `event` as one line.
  /// - Parameter event: The event.
  /// - Throws: An error naming the file and the system's reason when the line cannot be written.
  public func receive(_ event: StoreTraceEvent) throws {
    guard let descriptor else { throw SystemError(code: EBADF, context: "\(name) is not open") }
    if let error = FileOutput.write(event.jsonLine + "\n", to: descriptor, name: name) { throw error }
  }
}
