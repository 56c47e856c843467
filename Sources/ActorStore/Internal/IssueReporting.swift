/// A problem ActorStore noticed at run time: bad input, a lost send, an unexpected error.
///
/// ActorStore never crashes on bad input and never drops it silently: it describes what
/// happened in a `RuntimeIssue` and hands it to the current ``IssueReporter``.
public struct RuntimeIssue: Sendable, CustomStringConvertible {
  /// How serious an issue is.
  public enum Severity: Sendable, Hashable {
    /// Probably a mistake, but the program's behaviour is well defined (e.g. cancelling an ID
    /// never used). Test integrations record it without failing the test.
    case warning
    /// Bad input or lost work: a test fails.
    case error
  }

  /// What went wrong, in a sentence a user can act on.
  public let message: String
  /// How serious it is.
  public let severity: Severity
  /// The file, as `#fileID`, of the call that raised the issue.
  public let fileID: StaticString
  /// The file, as `#filePath`, of the call that raised the issue.
  public let filePath: StaticString
  /// The line of the call that raised the issue.
  public let line: UInt
  /// The column of the call that raised the issue.
  public let column: UInt

  /// Creates an issue.
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - severity: How serious it is.
  ///   - fileID: The `#fileID` of the call site.
  ///   - filePath: The `#filePath` of the call site.
  ///   - line: The line of the call site.
  ///   - column: The column of the call site.
  public init(
    message: String, severity: Severity = .error,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.message = message
    self.severity = severity
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `fileID:line: [warning: ]message`.
  public var description: String {
    "\(fileID):\(line): \(severity == .warning ? "warning: " : "")\(message)"
  }
}

/// Receives the ``RuntimeIssue``s ActorStore raises.
public protocol IssueReporter: Sendable {
  /// Handles one issue. Called on whatever task raised it; must not block.
  /// - Parameter issue: The issue raised.
  func report(_ issue: RuntimeIssue)
}

/// Prints each issue to standard error, prefixed with `ActorStore:`.
public struct StandardErrorIssueReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Writes `ActorStore: <file>:<line>: <message>` to standard error.
  /// - Parameter issue: The issue raised.
  public func report(_ issue: RuntimeIssue) {
    StandardError.emit("ActorStore: \(issue)\n")
  }
}

/// Where ActorStore's diagnostics go.
///
/// A reporter set with ``withReporter(_:operation:)`` applies to the task that runs the
/// operation and every task it creates, effects included: parallel tests each capture their own
/// issues. Elsewhere ``fallback`` applies (standard error unless replaced; `ActorStoreTesting`
/// replaces it with one that fails the running test).
public enum IssueReporting {
  @TaskLocal static var scoped: (any IssueReporter)?

  private static let fallbackStorage = Locked<any IssueReporter>(StandardErrorIssueReporter())

  /// The reporter used when no task-scoped reporter is set.
  public static var fallback: any IssueReporter {
    get { fallbackStorage.withLock { $0 } }
    set { fallbackStorage.withLock { $0 = newValue } }
  }

  /// The reporter in effect for the current task.
  public static var current: any IssueReporter { scoped ?? fallback }

  /// Runs `operation` with `reporter` receiving every issue raised by it and by the tasks it
  /// creates.
  /// - Parameters:
  ///   - reporter: The reporter to use.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  public static func withReporter<R, E: Error>(
    _ reporter: any IssueReporter,
    operation: () throws(E) -> R
  ) throws(E) -> R {
    var result: Result<R, E>!
    $scoped.withValue(reporter) {
      do throws(E) { result = .success(try operation()) } catch { result = .failure(error) }
    }
    return try result.get()
  }

  /// Runs the async `operation` with `reporter` receiving every issue raised by it and by the
  /// tasks it creates.
  /// - Parameters:
  ///   - reporter: The reporter to use.
  ///   - isolation: The caller's isolation, inherited by `operation`.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  public static func withReporter<R>(
    _ reporter: any IssueReporter,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $scoped.withValue(reporter, operation: operation, isolation: isolation)
  }
}

/// Raises an issue through ``IssueReporting/current``.
/// - Parameters:
///   - message: What went wrong; built only when reported.
///   - severity: How serious it is.
///   - fileID: The call site's `#fileID`.
///   - filePath: The call site's `#filePath`.
///   - line: The call site's line.
///   - column: The call site's column.
public func reportIssue(
  _ message: @autoclosure () -> String,
  severity: RuntimeIssue.Severity = .error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueReporting.current.report(
    RuntimeIssue(message: message(), severity: severity, fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Where a public API was called, so that its diagnostics point at the caller's code rather
/// than at lines inside the package.
@usableFromInline struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `file:line`, as traces show it.
  var description: String { "\(fileID):\(line)" }

  /// Raises an issue located here.
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - severity: How serious it is.
  func report(_ message: String, severity: RuntimeIssue.Severity = .error) {
    reportIssue(message, severity: severity, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
