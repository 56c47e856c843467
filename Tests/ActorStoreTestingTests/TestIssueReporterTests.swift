import ActorStore
import ActorStoreTesting
import Testing
import XCTest

/// What a reporter under test delivered, in order.
private final class Deliveries: Sendable {
  private let recorded = Locked<[IssueDestination]>([])

  func record(_ destination: IssueDestination, _ issue: RuntimeIssue) {
    recorded.withLock { $0.append(destination) }
  }

  var destinations: [IssueDestination] { recorded.withLock { $0 } }
}

private func issue(_ severity: RuntimeIssue.Severity = .error) -> RuntimeIssue {
  RuntimeIssue(message: "boom", severity: severity, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
}

/// A tracker that XCTest never hears of: the tests send its notifications themselves.
private func detachedTracker() -> XCTestCaseTracker { XCTestCaseTracker { _ in } }

@Suite struct TestIssueReporterTests {
  @Test func theDestinationFollowsWhatEachFrameworkSaysIsRunning() {
    for xctest in [XCTestActivity.runningTestCase, .noTestCase, .unknownSinceObservingStarted] {
      #expect(IssueDestination(severity: .error, inSwiftTestingTest: true, xctest: xctest) == .swiftTesting)
      #expect(IssueDestination(severity: .warning, inSwiftTestingTest: true, xctest: xctest) == .swiftTesting)
      // XCTest has no warnings: they are printed.
      #expect(IssueDestination(severity: .warning, inSwiftTestingTest: false, xctest: xctest) == .standardError)
    }
    #expect(IssueDestination(severity: .error, inSwiftTestingTest: false, xctest: .runningTestCase) == .xctest)
    #expect(IssueDestination(severity: .error, inSwiftTestingTest: false, xctest: .noTestCase) == .standardError)
    #expect(
      IssueDestination(severity: .error, inSwiftTestingTest: false, xctest: .unknownSinceObservingStarted)
        == .xctestAndStandardError)
  }

  @Test func theLogKnowsATestCaseRunsOnlyFromXCTestsNotifications() {
    var log = XCTestActivityLog()
    #expect(log.activity == .noTestCase)
    let first = log.startObserving(inSwiftTestingTest: false)
    let second = log.startObserving(inSwiftTestingTest: true)
    #expect(first && !second, "only the first start counts")
    // Observing began outside Swift Testing, possibly inside an XCTest case it never saw start.
    #expect(log.activity == .unknownSinceObservingStarted)
    log.testCaseFinished()  // that case ends: from here on, every case is seen
    #expect(log.activity == .noTestCase)
    log.suiteBoundary()
    log.testCaseStarted()
    #expect(log.activity == .runningTestCase)
    log.testCaseFinished()
    #expect(log.activity == .noTestCase)
    log.testCaseFinished()  // unbalanced: never below zero
    log.testCaseStarted()
    #expect(log.activity == .runningTestCase)
  }

  @Test func observingThatStartsInsideSwiftTestingExcludesAnXCTestCase() {
    var log = XCTestActivityLog()
    _ = log.startObserving(inSwiftTestingTest: true)
    #expect(log.activity == .noTestCase)
    var early = XCTestActivityLog()
    _ = early.startObserving(inSwiftTestingTest: false)
    early.suiteBoundary()  // a suite boundary is between test cases
    #expect(early.activity == .noTestCase)
  }

  @Test func insideASwiftTestingTestIssuesGoToSwiftTesting() {
    let deliveries = Deliveries()
    let reporter = TestIssueReporter(tracker: detachedTracker(), deliver: deliveries.record)
    reporter.report(issue(.error))
    reporter.report(issue(.warning))
    #expect(deliveries.destinations == [.swiftTesting, .swiftTesting])
  }

  @Test func outsideAnyTestAnIssueIsPrintedOnceXCTestHasSpoken() async {
    let tracker = detachedTracker()
    tracker.startObserving()  // here, inside this Swift Testing test
    let deliveries = Deliveries()
    let reporter = TestIssueReporter(tracker: tracker, deliver: deliveries.record)
    // A detached task does not inherit `Test.current`: neither framework runs a test there.
    await Task.detached { reporter.report(issue()) }.value
    #expect(deliveries.destinations == [.standardError])
  }

  @Test func anXCTestCaseThatXCTestAnnouncedGetsTheFailure() async {
    let tracker = detachedTracker()
    tracker.startObserving()
    let deliveries = Deliveries()
    let reporter = TestIssueReporter(tracker: tracker, deliver: deliveries.record)
    tracker.suiteBoundary()
    await Task.detached {
      tracker.testCaseStarted()
      reporter.report(issue())
      tracker.testCaseFinished()
      reporter.report(issue())
    }.value
    #expect(deliveries.destinations == [.xctest, .standardError])
  }

  @Test func observingThatStartsOutsideBothFrameworksPrintsAndFailsUntilXCTestSpeaks() async {
    let tracker = detachedTracker()
    let deliveries = Deliveries()
    let reporter = TestIssueReporter(tracker: tracker, deliver: deliveries.record)
    await Task.detached {
      reporter.report(issue())  // starts observing here, where Test.current is nil
      tracker.testCaseFinished()
      reporter.report(issue())
    }.value
    #expect(deliveries.destinations == [.xctestAndStandardError, .standardError])
  }
}

/// The reporter under XCTest itself: installed before this class's test cases start, it hears
/// XCTest announce each of them, so its issues go to `XCTFail`.
final class TestIssueReporterXCTests: XCTestCase {
  override class func setUp() {
    super.setUp()
    TestIssueReporter.install()
  }

  func testXCTestAnnouncesTheRunningTestCase() {
    XCTAssertEqual(XCTestCaseTracker.shared.activity, .runningTestCase)
    let deliveries = Deliveries()
    TestIssueReporter(tracker: .shared, deliver: deliveries.record).report(issue())
    XCTAssertEqual(deliveries.destinations, [.xctest])
  }

  func testTheInstalledFallbackIsTheTestReporter() {
    XCTAssertTrue(IssueReporting.fallback is TestIssueReporter)
  }
}
