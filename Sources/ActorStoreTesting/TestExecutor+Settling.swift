@_spi(Testing) import ActorStore

extension TestExecutor {
  /// Runs until idle in the caller's isolation; main-actor work that could not run there (the
  /// caller is not on the main actor) runs in one hop to the main actor, which drives the
  /// executor until idle again.
  ///
  /// Then, while `isPending()` (effects are still in flight), lets the real main actor run what
  /// effects sent it meanwhile (a `@MainActor` closure, `MainActor.run`, a main-actor
  /// dependency): that work waits in the main actor's queue behind the drive, which a
  /// `@MainActor` test runs on the main actor itself. A yield (on the main actor) or a hop to it
  /// (off it) lets the work queued there before run, in the order the drive queued it; what it
  /// sends back to this executor runs in the next drive. It stops once a round brings no work.
  nonisolated(nonsending) func settle(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    whilePending isPending: () -> Bool = { false }
  ) async {
    await drainOnSchedule(fileID: fileID, filePath: filePath, line: line, column: column)
    while isPending() {
      guard await mainActorRanWork() else { return }
      await drainOnSchedule(fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Moves the clock to `target` one deadline at a time, letting the main actor run what the
  /// woken tasks sent it after each (see ``TestClock/advance(by:fileID:filePath:line:column:)``).
  nonisolated(nonsending) func advance(
    toOffset target: Duration, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async -> Bool {
    while let next = scheduler.withLock({ $0.earliestSleeperDeadline }), next < target {
      guard
        advance(
          to: TestClock.Instant(offset: next), fileID: fileID, filePath: filePath, line: line, column: column)
      else { return false }
      await runMainActorWork(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let wentIdle = advance(
      to: TestClock.Instant(offset: max(target, now.offset)), fileID: fileID, filePath: filePath, line: line,
      column: column)
    await runMainActorWork(fileID: fileID, filePath: filePath, line: line, column: column)
    return wentIdle
  }

  /// Lets the main actor run what this executor's tasks sent it, and drives what that sends
  /// back, until a round brings nothing.
  private nonisolated(nonsending) func runMainActorWork(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    while await mainActorRanWork() {
      await drainOnSchedule(fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Lets the main actor run the work queued on it before this call (a yield on the main
  /// actor, a hop to it from elsewhere: its queue is first in, first out); returns whether that
  /// left work for this executor.
  private nonisolated(nonsending) func mainActorRanWork() async -> Bool {
    if MainActorCheck.isOnMainActor {
      await Task.yield()
    } else {
      await MainActor.run {}
    }
    let left = stats
    return left.pendingJobs > 0 || left.strandedMainActorWork > 0
  }

  /// Runs until idle here, then, if main-actor work was set aside, on the main actor.
  private nonisolated(nonsending) func drainOnSchedule(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async {
    runUntilIdle(fileID: fileID, filePath: filePath, line: line, column: column)
    guard stats.strandedMainActorWork > 0 else { return }
    await MainActor.run {
      _ = self.runUntilIdle(fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Polls in real time, for up to `timeout`, while `isWaiting()`: sleeps a millisecond, then
  /// runs `settle`. For work that happens outside the executor (a real clock, real I/O).
  nonisolated(nonsending) func poll(
    for timeout: Duration, while isWaiting: () -> Bool, settling settle: () async -> Void
  ) async {
    guard isWaiting() else { return }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while isWaiting(), clock.now < deadline {
      try? await clock.sleep(for: .milliseconds(1))
      await settle()
    }
  }

  /// ``settle(fileID:filePath:line:column:whilePending:)``, not counting as foreign the enqueues
  /// from outside the test's schedule that arrive while `waitsOutside()` holds (sampled as it
  /// begins, at each round and as it ends): the wake-ups of effects that wait on a real clock or
  /// real I/O, which the test waits for.
  nonisolated(nonsending) func settleForgivingOutsideWork(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    waitsOutside: () -> Bool, whilePending isPending: () -> Bool
  ) async {
    var waitedOutside = waitsOutside()
    let foreignBefore = stats.foreignEnqueues
    await settle(fileID: fileID, filePath: filePath, line: line, column: column) {
      // Sampled at each round too: a whole real-clock effect can run within one settle.
      if waitsOutside() { waitedOutside = true }
      return isPending()
    }
    if waitedOutside || waitsOutside() { forgiveForeignEnqueues(stats.foreignEnqueues - foreignBefore) }
  }
}
