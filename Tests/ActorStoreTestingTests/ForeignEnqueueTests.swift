import ActorStore
import ActorStoreTesting
import Dispatch
import Testing

/// Foreign enqueues are judged by executor, not by thread: work done on the main actor or inside
/// a drive of a `TestExecutor` is part of the test's schedule whatever thread ran it; work from a
/// detached task, a Dispatch callback or any other context the test does not drive is foreign.
///
/// The deterministic cases pin the threads apart by blocking: while one side waits on a
/// semaphore, the work it waits for necessarily runs on another thread. That is the situation
/// which, under Swift Testing on Linux (where the main actor moves between worker threads),
/// only some runs met by chance.
@MainActor @Suite struct ForeignEnqueueMainActorTests {
  private func counterStore(on executor: TestExecutor) -> Store<Counter.State, Counter.Action> {
    Store(initialState: Counter.State(), reducer: Counter(clock: executor.clock), executor: executor.makeStoreExecutor())
  }

  /// The issue's scenario: a host sends on the main actor, the test leaves the main actor and
  /// comes back (possibly on another thread), then drives. Repeated so that runs where the main
  /// actor changes thread occur.
  @Test func hostSendsDrivenAfterAHopAreNeverForeign() async {
    let executor = TestExecutor()
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    for _ in 0..<500 {
      row.send(.increment)
      await hopOffTheMainActor()
      executor.runUntilIdle()
    }
    #expect(row.shown == Array(0...500))
    #expect(executor.stats.foreignEnqueues == 0)
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) { executor.checkForeignEnqueues() }
    #expect(issues.messages.isEmpty)
  }

  /// A host's send before a drive that another thread makes: the main actor is blocked while a
  /// Dispatch thread drives, so the sending thread and the driving one always differ.
  @Test func aHostSendDrivenFromAnotherThreadIsNotForeign() {
    let executor = TestExecutor()
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    row.send(.increment)
    let drove = DispatchSemaphore(value: 0)
    DispatchQueue(label: "ForeignEnqueueTests.driver").async {
      executor.runUntilIdle()
      drove.signal()
    }
    drove.wait()
    // That drive was off the main actor: the delivery waits for one on it.
    #expect(executor.stats.strandedMainActorWork == 1)
    executor.runUntilIdle()
    #expect(row.shown == [0, 1])
    #expect(executor.stats.foreignEnqueues == 0)
  }

  /// A host's send while another thread drives: the running job blocks that thread until the
  /// main actor has sent.
  @Test func aHostSendWhileAnotherThreadDrivesIsNotForeign() async {
    let executor = TestExecutor()
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    Task(executorPreference: executor) {
      let sent = DispatchSemaphore(value: 0)
      Task { @MainActor in
        row.send(.increment)
        sent.signal()
      }
      sent.wait()
    }
    await driveOffTheMainActor(executor)
    executor.runUntilIdle()
    #expect(row.shown == [0, 1])
    #expect(executor.stats.foreignEnqueues == 0)
  }

  /// A job a detached task enqueues between drives is foreign, and reported.
  @Test func aJobFromADetachedTaskBetweenDrivesIsForeign() async {
    let executor = TestExecutor()
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    await Task.detached {
      _ = Task(executorPreference: executor) { await store.send(.increment) }
    }.value
    executor.runUntilIdle()
    #expect(row.shown == [0, 1])
    #expect(executor.stats.foreignEnqueues == 1)
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) { executor.checkForeignEnqueues() }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("TestExecutor: 1 job(s) were enqueued from") == true)
  }

  /// A job a detached task enqueues while the main actor drives is foreign: the running job
  /// blocks the drive until the detached task has enqueued.
  @Test func aJobFromADetachedTaskDuringADriveIsForeign() {
    let executor = TestExecutor()
    let store = counterStore(on: executor)
    let row = CountRow()
    row.configure(with: store)
    Task(executorPreference: executor) {
      let enqueued = DispatchSemaphore(value: 0)
      Task.detached {
        Task(executorPreference: executor) { await store.send(.increment) }
        enqueued.signal()
      }
      enqueued.wait()
    }
    executor.runUntilIdle()
    #expect(row.shown == [0, 1])
    #expect(executor.stats.foreignEnqueues == 1)
  }
}

@Suite struct ForeignEnqueueTests {
  /// A job of one test executor that enqueues on another is part of the test's schedule, even
  /// when a thread other than the second executor's driver ran it.
  @Test func aJobOfAnotherTestExecutorIsNotForeign() {
    let first = TestExecutor()
    let second = TestExecutor()
    let trace = TraceRecorder(executor: second)
    Task(executorPreference: first) {
      Task(executorPreference: second) { await trace.append("from the first executor") }
    }
    // The test's thread waits while a Dispatch thread drives `first`: the enqueue on `second`
    // comes from a thread that never drives `second`.
    let drove = DispatchSemaphore(value: 0)
    DispatchQueue(label: "ForeignEnqueueTests.first").async {
      first.runUntilIdle()
      drove.signal()
    }
    drove.wait()
    #expect(second.value { await trace.lines } == ["from the first executor"])
    #expect(second.stats.foreignEnqueues == 0)
  }

  /// A nonisolated async test keeps its own enqueues deterministic across a hop, whatever thread
  /// it resumes on: the enqueuing task is the driving one.
  @Test func theDrivingTasksOwnEnqueuesAreNotForeignAcrossHops() async {
    let executor = TestExecutor()
    let trace = TraceRecorder(executor: executor)
    for round in 0..<200 {
      Task(executorPreference: executor) { await trace.append("round \(round)") }
      await hopOffTheMainActor()
      executor.runUntilIdle()
    }
    #expect(executor.value { await trace.lines.count } == 200)
    #expect(executor.stats.foreignEnqueues == 0)
  }
}

/// Leaves the caller's actor for the global executor and returns: a suspension point after which
/// the caller may resume on another thread.
@concurrent private func hopOffTheMainActor() async {}
