import ActorStore
import Testing
import XCTest

#if canImport(Darwin)
  import Darwin
  import Dispatch
#endif

#if canImport(ObjectiveC)
  import ObjectiveC

  /// The tracker's superclass: `XCTestObservation` is an Objective-C protocol on Apple
  /// platforms, so its conformers are `NSObject`s.
  package typealias XCTestObserverBase = NSObject
#else
  /// The tracker's superclass: swift-corelibs-xctest's `XCTestObservation` is a plain class
  /// protocol, so no root class is needed.
  package class XCTestObserverBase {
    init() {}
  }
#endif

/// What XCTest's notifications say about its test cases, as far as an observer can know.
package enum XCTestActivity: Equatable, Sendable {
  /// A test case has started and not finished.
  case runningTestCase
  /// Between test cases, or XCTest is not running tests at all.
  case noTestCase
  /// Observing started outside a Swift Testing test and XCTest has sent nothing since: it may be
  /// in the middle of a test case that started before (XCTest does not replay it).
  case unknownSinceObservingStarted
}

/// The test-case notifications seen so far, reduced to what they say (``activity``). Pure, so
/// that the tests drive it through every sequence.
package struct XCTestActivityLog: Equatable, Sendable {
  private var observing = false
  private var startedInSwiftTesting = false
  private var heardFromXCTest = false
  private var runningTestCases = 0

  /// A log that has not started observing.
  package init() {}

  /// Observing starts; the first call only counts.
  /// - Parameter inSwiftTestingTest: Whether it starts inside a Swift Testing test: then no
  ///   XCTest test case can be running around it.
  /// - Returns: Whether this call started it (so the caller registers the observer once).
  package mutating func startObserving(inSwiftTestingTest: Bool) -> Bool {
    guard !observing else { return false }
    observing = true
    startedInSwiftTesting = inSwiftTestingTest
    return true
  }

  /// XCTest started a test case.
  package mutating func testCaseStarted() {
    heardFromXCTest = true
    runningTestCases += 1
  }

  /// XCTest finished a test case (possibly one that started before observing did).
  package mutating func testCaseFinished() {
    heardFromXCTest = true
    runningTestCases = max(0, runningTestCases - 1)
  }

  /// XCTest started or finished a suite or the bundle: no test case is running then.
  package mutating func suiteBoundary() {
    heardFromXCTest = true
  }

  /// What the notifications say.
  package var activity: XCTestActivity {
    if runningTestCases > 0 { return .runningTestCase }
    if observing, !heardFromXCTest, !startedInSwiftTesting { return .unknownSinceObservingStarted }
    return .noTestCase
  }
}

/// Follows XCTest's test cases through `XCTestObservationCenter`, on Linux (swift-corelibs-xctest)
/// and on Apple platforms alike: what XCTest itself says is running, whatever the process or its
/// arguments are (`xctest`, a `.xctest` bundle, an iOS simulator's test host).
package final class XCTestCaseTracker: XCTestObserverBase, XCTestObservation, @unchecked Sendable {
  // @unchecked: the only state is `log`, behind its lock; XCTest may notify from any thread.
  private let log = Locked(XCTestActivityLog())
  private let register: @Sendable (XCTestCaseTracker) -> Void

  /// The process's tracker, registered with XCTest's shared observation center.
  package static let shared = XCTestCaseTracker { tracker in
    #if canImport(Darwin)
      // Apple's XCTest accepts observers on the main thread only (it raises otherwise). Until
      // the main queue runs the registration, the log says it has not heard from XCTest, which
      // is the cautious answer.
      if pthread_main_np() != 0 {
        XCTestObservationCenter.shared.addTestObserver(tracker)
      } else {
        DispatchQueue.main.async { XCTestObservationCenter.shared.addTestObserver(tracker) }
      }
    #else
      XCTestObservationCenter.shared.addTestObserver(tracker)
    #endif
  }

  /// A tracker that `register` hands to XCTest when it starts observing; the tests pass one
  /// that registers nothing and call the notifications themselves.
  package init(register: @escaping @Sendable (XCTestCaseTracker) -> Void) {
    self.register = register
    super.init()
  }

  /// Starts following XCTest's notifications (once; later calls do nothing).
  package func startObserving() {
    let inSwiftTestingTest = Test.current != nil
    if log.withLock({ $0.startObserving(inSwiftTestingTest: inSwiftTestingTest) }) { register(self) }
  }

  /// What XCTest's notifications say now.
  package var activity: XCTestActivity { log.withLock { $0.activity } }

  /// XCTest: a test case is about to run.
  package func testCaseWillStart(_ testCase: XCTestCase) { testCaseStarted() }

  /// XCTest: a test case has finished.
  package func testCaseDidFinish(_ testCase: XCTestCase) { testCaseFinished() }

  /// XCTest: a suite is about to run.
  package func testSuiteWillStart(_ testSuite: XCTestSuite) { suiteBoundary() }

  /// XCTest: a suite has finished.
  package func testSuiteDidFinish(_ testSuite: XCTestSuite) { suiteBoundary() }

  // What the notifications record, callable without XCTest objects (which Linux and Apple
  // platforms construct differently), for the tests.

  /// Records that a test case started.
  package func testCaseStarted() { log.withLock { $0.testCaseStarted() } }

  /// Records that a test case finished.
  package func testCaseFinished() { log.withLock { $0.testCaseFinished() } }

  /// Records a suite starting or finishing.
  package func suiteBoundary() { log.withLock { $0.suiteBoundary() } }
}
