import ActorStore
import Testing
import XCTest

/// Routes ActorStore's issues to the test framework that is running: Swift Testing's
/// `Issue.record` inside a Swift Testing test, `XCTFail` inside an XCTest, standard error
/// otherwise. Warnings are recorded as warnings in Swift Testing and printed elsewhere.
///
/// ``TestStore`` and ``explore(seeds:fileID:filePath:line:column:_:)`` install it as
/// `IssueReporting.fallback`; call ``install()`` to route issues from plain stores too.
public struct TestIssueReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}

  /// Makes this reporter the process-wide fallback.
  public static func install() {
    if !(IssueReporting.fallback is TestIssueReporter) { IssueReporting.fallback = TestIssueReporter() }
  }

  /// Records `issue` with the running test framework.
  /// - Parameter issue: The issue.
  public func report(_ issue: RuntimeIssue) {
    let location = Testing.SourceLocation(
      fileID: String(describing: issue.fileID), filePath: String(describing: issue.filePath),
      line: Int(issue.line), column: Int(issue.column))
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: issue.message), severity: issue.severity == .warning ? .warning : .error,
        sourceLocation: location)
    } else if issue.severity == .error, CommandLine.arguments.first?.hasSuffix(".xctest") == true {
      XCTFail(issue.message, file: issue.filePath, line: issue.line)
    } else {
      StandardErrorIssueReporter().report(issue)
    }
  }
}
