@_spi(Testing) import ActorStore

/// The effects one ``TestStore/send(_:assert:fileID:filePath:line:column:)`` started, as TCA's
/// `TestStoreTask`: cancel them, as a view's `.task` would on disappearing, or wait for them to
/// finish.
///
/// ```swift
/// let task = await store.send(.onAppear)
/// await store.receive(.loaded(items)) { $0.items = items }
/// await task.cancel()  // the view went away
/// ```
///
/// Unlike ``StoreTask/finish()``, whose wait nothing on a ``TestExecutor`` would ever end (the
/// test that drives the executor is the one waiting), ``finish(timeout:fileID:filePath:line:column:)``
/// runs the executor itself and never hangs: once nothing more can run without moving the
/// clock, it returns, and fails if the effects are still in flight.
public struct TestStoreTask: Hashable, Sendable {
  /// The store's own task for the send, for APIs that take a ``StoreTask``. Do not await its
  /// `finish()` in a test: nothing would drive the executor meanwhile.
  public let storeTask: StoreTask
  let executor: TestExecutor
  /// The test store's ``TestStore/timeout`` when the task was made.
  let timeout: Duration

  init(storeTask: StoreTask, executor: TestExecutor, timeout: Duration) {
    self.storeTask = storeTask
    self.executor = executor
    self.timeout = timeout
  }

  /// Cancels every effect the send started, transitively, and runs the executor until idle, so
  /// that they have wound down when it returns (none delivers another action).
  /// - Parameters:
  ///   - fileID: The call site, for issues the executor reports.
  ///   - filePath: The call site, for issues the executor reports.
  ///   - line: The call site, for issues the executor reports.
  ///   - column: The call site, for issues the executor reports.
  public nonisolated(nonsending) func cancel(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await storeTask.cancel()
    await executor.settle(fileID: fileID, filePath: filePath, line: line, column: column) { !storeTask.hasFinished }
  }

  /// Runs the executor until idle and asserts that every effect the send started, transitively,
  /// has finished.
  ///
  /// It never moves the clock: once the executor is idle and the effects wait on its clock,
  /// nothing else can run until the test moves the clock, so it fails at once, naming each
  /// effect still in flight and where it started. Move the clock first
  /// (`store.clock.advance(by:)`, `run()`), or cancel the task. Effects that wait on something
  /// outside the executor (a real clock, real I/O: in flight, with nothing sleeping on the
  /// clock) are waited for in real time, up to `timeout`.
  /// - Parameters:
  ///   - timeout: How long to wait for effects waiting outside the executor; by default the test
  ///     store's ``TestStore/timeout`` when the task was made.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let executor = self.executor
    let waitsOutside = { !storeTask.hasFinished && executor.stats.pendingSleepers == 0 }
    let settle = {
      await executor.settleForgivingOutsideWork(
        fileID: fileID, filePath: filePath, line: line, column: column, waitsOutside: waitsOutside
      ) { !storeTask.hasFinished }
    }
    await settle()
    await executor.poll(for: timeout ?? self.timeout, while: waitsOutside, settling: settle)
    guard !storeTask.hasFinished else { return }
    // The executor is idle: whatever the effects wait for, no job left can bring it.
    let inFlight = storeTask.inFlightEffects
    let waitingOn =
      executor.stats.pendingSleepers > 0
      ? "nothing can run until the test moves the clock"
      : """
      nothing on the executor can run, and no sleeper waits on its clock (they wait for work \
      outside the executor, or for something the test has not done yet)
      """
    let subject = inFlight.count == 1 ? "1 effect it started is" : "\(inFlight.count) effects it started are"
    reportIssue(
      """
      Expected the task to finish, but \(subject) still in flight and \(waitingOn):
      \(inFlight.map { "  \($0.description)" }.joined(separator: "\n"))
      Advance the clock (`store.clock.advance(by:)`, `run()`) before awaiting `finish()`, or \
      cancel the task.
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether ``cancel(fileID:filePath:line:column:)`` was called (or the effects were cancelled
  /// with their store).
  public var isCancelled: Bool { storeTask.isCancelled }

  /// Whether every effect the send started has finished.
  public var hasFinished: Bool { storeTask.hasFinished }

  /// Tasks are equal when they track the same send.
  /// - Parameters:
  ///   - lhs: A task.
  ///   - rhs: Another task.
  /// - Returns: Whether both track the same send.
  public static func == (lhs: TestStoreTask, rhs: TestStoreTask) -> Bool { lhs.storeTask == rhs.storeTask }

  /// Hashes the identity of the tracked send.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(storeTask) }
}
