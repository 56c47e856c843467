import ActorStore
import Testing
import XCTest

/// Routes ActorStore's issues to the test framework that is running: Swift Testing's
/// `Issue.record` inside a Swift Testing test, `XCTFail` inside an XCTest test case, standard
/// error otherwise. Warnings are recorded as warnings in Swift Testing and printed elsewhere
/// (XCTest has no warnings).
///
/// Which framework runs is asked of the frameworks themselves, the same way on Linux and on
/// Apple platforms (`swift test`, Xcode, an iOS simulator's test host): Swift Testing's
/// `Test.current`, and XCTest's own test-case notifications (`XCTestObservationCenter`), which
/// the reporter starts observing when it is first installed or used (on Apple platforms XCTest
/// takes observers on the main thread only: from elsewhere, through the main queue). XCTest
/// does not say which test case is running to an observer added while it runs, so until the
/// first notification arrives an issue raised outside Swift Testing goes to `XCTFail` *and* to
/// standard error: it fails the XCTest test case if one is running and is never lost if none
/// is. To remove that gap, install the reporter before XCTest's first test case starts:
/// ```swift
/// final class FeatureTests: XCTestCase {
///   override class func setUp() {
///     super.setUp()
///     TestIssueReporter.install()
///   }
/// }
/// ```
///
/// ``TestStore`` and ``explore(seeds:fileID:filePath:line:column:_:)`` install it as
/// `IssueReporting.fallback`; call ``install()`` to route issues from plain stores too.
public struct TestIssueReporter: IssueReporter {
  private let deliver: @Sendable (IssueDestination, RuntimeIssue) -> Void
  private let tracker: XCTestCaseTracker

  /// Creates the reporter.
  public init() {
    self.init(tracker: .shared, deliver: Self.deliver)
  }

  /// A reporter that decides with `tracker` and hands each issue with its destination to
  /// `deliver`: the seam through which the tests check both paths.
  package init(
    tracker: XCTestCaseTracker, deliver: @escaping @Sendable (IssueDestination, RuntimeIssue) -> Void
  ) {
    self.tracker = tracker
    self.deliver = deliver
  }

  /// Makes this reporter the process-wide fallback, and starts following XCTest's test cases.
  public static func install() {
    XCTestCaseTracker.shared.startObserving()
    if !(IssueReporting.fallback is TestIssueReporter) { IssueReporting.fallback = TestIssueReporter() }
  }

  /// Records `issue` with the running test framework.
  /// - Parameter issue: The issue.
  public func report(_ issue: RuntimeIssue) {
    tracker.startObserving()
    deliver(destination(for: issue), issue)
  }

  /// Where `issue` goes, given what Swift Testing and XCTest say is running now.
  package func destination(for issue: RuntimeIssue) -> IssueDestination {
    IssueDestination(severity: issue.severity, inSwiftTestingTest: Test.current != nil, xctest: tracker.activity)
  }

  private static func deliver(_ destination: IssueDestination, _ issue: RuntimeIssue) {
    switch destination {
    case .swiftTesting:
      Issue.record(
        Comment(rawValue: issue.message), severity: issue.severity == .warning ? .warning : .error,
        sourceLocation: Testing.SourceLocation(
          fileID: String(describing: issue.fileID), filePath: String(describing: issue.filePath),
          line: Int(issue.line), column: Int(issue.column)))
    case .xctest:
      XCTFail(issue.message, file: issue.filePath, line: issue.line)
    case .xctestAndStandardError:
      XCTFail(issue.message, file: issue.filePath, line: issue.line)
      StandardErrorIssueReporter().report(issue)
    case .standardError:
      StandardErrorIssueReporter().report(issue)
    }
  }
}

/// Where ``TestIssueReporter`` sends an issue.
package enum IssueDestination: Equatable, Sendable {
  /// `Issue.record` (a Swift Testing test is running on this task).
  case swiftTesting
  /// `XCTFail` (an XCTest test case is running).
  case xctest
  /// `XCTFail`, and standard error too: whether an XCTest test case runs is not known yet.
  case xctestAndStandardError
  /// Standard error (no test is running, or a warning outside Swift Testing).
  case standardError

  /// The destination of an issue of `severity`.
  /// - Parameters:
  ///   - severity: The issue's severity; XCTest has no warnings.
  ///   - inSwiftTestingTest: Whether Swift Testing runs a test on this task (`Test.current`).
  ///   - xctest: What XCTest's notifications say about its test cases.
  package init(severity: RuntimeIssue.Severity, inSwiftTestingTest: Bool, xctest: XCTestActivity) {
    if inSwiftTestingTest {
      self = .swiftTesting
    } else if severity == .warning {
      self = .standardError
    } else {
      switch xctest {
      case .runningTestCase: self = .xctest
      case .unknownSinceObservingStarted: self = .xctestAndStandardError
      case .noTestCase: self = .standardError
      }
    }
  }
}
