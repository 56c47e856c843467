import ActorStore

/// The virtual clock of a ``TestExecutor``: time stands still until the test moves it.
///
/// Get it from ``TestExecutor/clock`` and inject it wherever code sleeps (debounce, throttle,
/// timers). A sleep suspends until the test moves the executor's time to its deadline, as with
/// swift-clocks' `TestClock`: a deadline of now, zero-length sleeps included, waits for
/// `advance()` too, and only a deadline already past returns at once. Sleepers wake in
/// deadline order, ties in the order they started sleeping (or, with a `.seeded` executor, in
/// a random but reproducible order). Moving time through the clock or through the executor is
/// the same thing.
public final class TestClock: Clock, Sendable {
  /// A point in virtual time: how far the clock has moved since it started.
  public struct Instant: InstantProtocol, Sendable, Hashable, Comparable,
    CustomStringConvertible
  {
    /// The time since the clock started.
    public var offset: Duration

    /// Creates an instant.
    /// - Parameter offset: The time since the clock started.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant a clock starts at.
    public static var zero: Instant { Instant(offset: .zero) }

    /// The instant `duration` after this one.
    /// - Parameter duration: The distance to move (negative moves back).
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    /// - Parameter other: The later (or earlier) instant.
    /// - Returns: `other` minus `self`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, e.g. `1.5 seconds`.
    public var description: String { "\(offset)" }
  }

  private let executor: TestExecutor

  init(executor: TestExecutor) {
    self.executor = executor
  }

  /// A clock of its own, as swift-clocks' `TestClock()` is: for a test that keeps a clock in a
  /// property and injects it, as TCA's tests do (`$0.continuousClock = clock` in
  /// `TestStore(…, withDependencies:)`).
  ///
  /// Its time is that of a private ``TestExecutor`` that runs no job of the test's. Moving it
  /// wakes its sleepers in deadline order, and after each wake runs the ``TestExecutor`` whose
  /// job went to sleep (a `TestStore`'s, for its effects) until idle, before the clock moves on:
  /// as with swift-clocks, a timer ticks once per interval inside one `advance(by:)`. A task
  /// that slept outside any `TestExecutor` is only resumed. A `TestStore`'s own `store.clock`
  /// needs no injection: it is the clock of the executor that runs the store.
  public convenience init() {
    self.init(executor: TestExecutor())
  }

  /// The current virtual time.
  public var now: Instant { executor.now }

  /// Zero: virtual time is exact.
  public var minimumResolution: Duration { .zero }

  /// Suspends until the test moves the executor's virtual time to `deadline`.
  ///
  /// As with swift-clocks' `TestClock`, a deadline equal to ``now`` (a zero-length sleep
  /// included) suspends too: the sleeper waits for the next ``advance(by:isolation:fileID:filePath:line:column:)``
  /// (`advance()` is `advance(by: .zero)`), ``advance(to:isolation:fileID:filePath:line:column:)``
  /// or ``run(isolation:fileID:filePath:line:column:)``; running until idle never wakes it. So a
  /// feature holding a request on `sleep(for: .zero)` can be cancelled before it goes on. A
  /// deadline already in the past returns at once. For sleeps that never wait, inject an
  /// ``ImmediateClock``.
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored: virtual time is exact.
  /// - Throws: `CancellationError` when the task is cancelled before or during the sleep; the
  ///   sleeper then leaves the clock at once.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let executor = executor
    // Time never goes backwards, so a deadline seen passed stays passed: no sleeper is needed.
    if deadline < executor.now { return }
    // The executor running this task, when it is not the clock's: it runs the task once woken.
    let origin = DrivingThreads.innermost(on: .current).flatMap { $0 === executor ? nil : $0 }
    let registration = executor.scheduler.withLock { $0.makeSleeperRegistration() }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        let outcome = executor.scheduler.withLock {
          $0.registerSleeper(registration, until: deadline.offset, continuation: continuation, origin: origin)
        }
        switch outcome {
        case .suspended: break
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .alreadyPassed: continuation.resume()
        }
      }
    } onCancel: {
      executor.scheduler.withLock { $0.cancelSleeper(registration) }?
        .resume(throwing: CancellationError())
    }
  }

  /// Moves virtual time forward; see ``TestExecutor/advance(by:limit:isolation:fileID:filePath:line:column:)``.
  /// `advance()` moves it by zero: it wakes the sleepers whose deadline is now, such as
  /// zero-length sleeps, and what they start that is due now too.
  /// - Parameters:
  ///   - duration: How far to move; zero by default.
  ///   - isolation: The caller's isolation; on the main actor, main-actor work runs too.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when the executor reached the new time and went idle.
  @discardableResult
  public func advance(
    by duration: Duration = .zero, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Bool {
    executor.advance(by: duration, isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Moves virtual time forward by `duration`, as TCA tests write it (`await clock.advance(by:)`),
  /// one deadline at a time: after each deadline's sleepers run, the main actor runs what they
  /// sent it (a `@MainActor` closure, `MainActor.run`), so that a timer whose tick hops to the
  /// main actor ticks at every interval in the window. In synchronous code the synchronous
  /// ``advance(by:isolation:fileID:filePath:line:column:)`` is used.
  /// - Parameters:
  ///   - duration: How far to move; zero by default.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when the executor reached the new time and went idle.
  @discardableResult
  public nonisolated(nonsending) func advance(
    by duration: Duration = .zero, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> Bool {
    await executor.advance(
      toOffset: executor.now.offset + max(duration, .zero), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Moves virtual time forward to `deadline`; see
  /// ``TestExecutor/advance(to:limit:isolation:fileID:filePath:line:column:)``.
  /// - Parameters:
  ///   - deadline: The time to reach.
  ///   - isolation: The caller's isolation; on the main actor, main-actor work runs too.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when the executor reached `deadline` and went idle.
  @discardableResult
  public func advance(
    to deadline: Instant, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Bool {
    executor.advance(to: deadline, isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs jobs and moves time to each next deadline until nothing is left; see
  /// ``TestExecutor/runToCompletion(limit:isolation:fileID:filePath:line:column:)``.
  /// - Parameters:
  ///   - isolation: The caller's isolation; on the main actor, main-actor work runs too.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when all work finished.
  @discardableResult
  public func run(
    isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Bool {
    executor.runToCompletion(isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
