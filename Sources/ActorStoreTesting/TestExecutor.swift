#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import ActorStore

/// A deterministic executor for tests: every actor job and effect of the stores built on it
/// runs on one queue that the test drains, on the test's own thread, in a reproducible order.
///
/// Give each store its own ``makeStoreExecutor()``; start other tasks with
/// `Task(executorPreference: executor)`. Nothing runs until the test drives the executor with
/// ``runUntilIdle(limit:isolation:fileID:filePath:line:column:)``, ``advance(by:limit:isolation:fileID:filePath:line:column:)``,
/// ``advance(to:limit:isolation:fileID:filePath:line:column:)`` or
/// ``runToCompletion(limit:isolation:fileID:filePath:line:column:)``. Sleeps on ``clock`` wait for virtual
/// time, which only those calls move.
///
/// The same ``Ordering`` and the same build give the same order for everything that stays on
/// the executor. Work that escapes it (a bare `Task {}` or `Task.detached`, a real-clock sleep,
/// a callback from another thread) shows up in ``Stats/foreignEnqueues``; call
/// ``checkForeignEnqueues(fileID:filePath:line:column:)`` at the end of a test. That count
/// judges where a job comes from by executor, not by thread: the main actor and the jobs of the
/// test's executors are never foreign, whatever thread runs them.
///
/// It also stands in for the main actor of its stores: main-actor deliveries (to
/// `MainActorStoreConnection`s and `ObservableStore`s) are queued here like any job, as one
/// serial lane, and run when a test on the main actor drives the executor. A drive from
/// elsewhere sets them aside, in order, for the next drive on the main actor.
public final class TestExecutor: TaskExecutor, MainActorScheduler, Sendable {
  /// The order in which runnable jobs run.
  public enum Ordering: Sendable, Hashable {
    /// Every job in the order it was enqueued; sleepers with the same deadline in the order
    /// they started sleeping.
    case fifo
    /// A random pick among the runnable jobs (each store executor's jobs still in their
    /// enqueue order) and among sleepers sharing a deadline, drawn from a generator seeded
    /// with the value: different seeds explore different interleavings; one seed always
    /// replays the same one.
    case seeded(UInt64)
  }

  /// Counters describing what the executor has done and what it holds.
  public struct Stats: Sendable, Hashable {
    /// Jobs run since the executor was created.
    public var jobsRun: Int
    /// Sleepers woken by the clock reaching their deadline (cancelled ones not included).
    public var timersFired: Int
    /// Jobs enqueued from outside the test's schedule, so that their order is not
    /// deterministic (they still run).
    ///
    /// Never foreign, whatever thread runs them: work on the main actor (the test itself when
    /// it is `@MainActor`, main-actor hosts, deliveries), and work inside a drive of any
    /// `TestExecutor` (its jobs, and the sleepers it wakes). Anything else (a detached task, a
    /// bare `Task {}`, a Dispatch callback, a plain thread) is foreign when it enqueues while
    /// this executor is driven; between drives, unless it is the caller that drove last or
    /// starts the next drive (counted when that drive starts). A caller is its task, so a
    /// nonisolated async test stays itself when it resumes on another thread; outside any task
    /// it is its thread.
    public var foreignEnqueues: Int
    /// Jobs waiting to run.
    public var pendingJobs: Int
    /// Tasks sleeping on ``TestExecutor/clock``.
    public var pendingSleepers: Int
    /// Main-actor work a drive off the main actor set aside; the next drive on the main actor
    /// runs it first.
    public var strandedMainActorWork: Int
  }

  /// The ordering this executor was created with.
  public let ordering: Ordering
  let scheduler: Locked<TestExecutorScheduler>

  /// Whether the ``TestStore``s made on this executor run their store as a main-actor store runs
  /// in the app (``makeMainActorStoreExecutor()``) rather than on an actor of its own
  /// (``makeStoreExecutor()``).
  public let mainActorStores: Bool

  /// Creates an executor with an empty queue and its clock at ``TestClock/Instant/zero``.
  /// - Parameters:
  ///   - ordering: How runnable jobs and tied sleepers are ordered.
  ///   - mainActorStores: Whether ``TestStore``s on this executor run their store on the main
  ///     actor's stand-in, as a feature built for `StoreExecutor.mainActor` runs in the app. By
  ///     default `false`, unless the environment variable `ACTORSTORE_MAIN_ACTOR_TEST_STORES` is
  ///     `1` (a way to run a whole suite both ways).
  public init(ordering: Ordering = .fifo, mainActorStores: Bool = TestExecutor.mainActorStoresByDefault) {
    self.ordering = ordering
    self.mainActorStores = mainActorStores
    scheduler = Locked(TestExecutorScheduler(ordering: ordering))
  }

  /// The default of ``init(ordering:mainActorStores:)``'s `mainActorStores`: whether the
  /// environment variable `ACTORSTORE_MAIN_ACTOR_TEST_STORES` is `1`.
  public static let mainActorStoresByDefault: Bool = {
    guard let value = getenv("ACTORSTORE_MAIN_ACTOR_TEST_STORES") else { return false }
    return String(cString: value) == "1"
  }()

  /// The store executor a ``TestStore`` gets, by ``mainActorStores``: ``makeMainActorStoreExecutor()``
  /// or ``makeStoreExecutor()``. For the stores a test builds itself that should run the way its
  /// test stores do (a suite run both ways).
  /// - Returns: The executor pair to pass to a store.
  public func makeTestStoreExecutor() -> StoreExecutor {
    mainActorStores ? makeMainActorStoreExecutor() : makeStoreExecutor()
  }

  /// The virtual clock driven by this executor. Every value returned shares this executor's
  /// time: advancing it is the same as advancing the executor.
  public var clock: TestClock { TestClock(executor: self) }

  /// A fresh store executor: a new serial executor of its own on this executor's queue, with
  /// this executor as the task executor its effects prefer and as its main-actor scheduler.
  ///
  /// Call it once per store (or per actor): actors sharing one serial executor object would
  /// call each other inline and defeat `assumeIsolated`.
  /// - Returns: The executor pair to pass to a store.
  public func makeStoreExecutor() -> StoreExecutor {
    StoreExecutor(serialExecutor: SerialExecutorFacet(executor: self), taskExecutor: self, mainActorScheduler: self)
  }

  /// A fresh store executor whose serial executor plays the main actor, for a store tree that
  /// runs on the main actor in production (``StoreExecutor/mainActor``): main-actor code (the
  /// test, when it is `@MainActor`) enters its stores synchronously, so an
  /// ``ObservableStore/send(_:)`` or a binding write is reduced before it returns, as in the
  /// app; its actor jobs (actions effects send) join the main actor's lane of this executor,
  /// in order with main-actor deliveries. A drive off the main actor runs them too, on its
  /// thread (setting the deliveries aside as usual): do not enter these stores from main-actor
  /// code while a nonisolated test drives. Effects prefer this executor, as with
  /// ``makeStoreExecutor()``.
  /// - Returns: The executor pair to pass to a store.
  public func makeMainActorStoreExecutor() -> StoreExecutor {
    StoreExecutor(
      serialExecutor: SerialExecutorFacet(executor: self, playsMainActor: true), taskExecutor: self,
      mainActorScheduler: self, runsOnMainActor: true)
  }

  /// Queues main-actor work with the other jobs, in the main actor's serial lane; it runs when
  /// a test on the main actor drives the executor.
  /// - Parameter work: The work.
  public func schedule(_ work: @escaping @MainActor @Sendable () -> Void) {
    let origin = TestExecutorScheduler.EnqueueOrigin.current
    scheduler.withLock { $0.enqueue(.mainActor(work), from: origin) }
  }

  /// Queues a job of a task that prefers this executor; it runs when the test drives.
  /// - Parameter job: The job.
  public func enqueue(_ job: consuming ExecutorJob) {
    enqueue(UnownedJob(job), isolatedTo: nil)
  }

  func enqueue(_ job: UnownedJob, isolatedTo facet: SerialExecutorFacet?) {
    // Judged before taking the lock: the origin depends only on the calling context.
    let origin = TestExecutorScheduler.EnqueueOrigin.current
    scheduler.withLock {
      $0.enqueue(facet.map { .actor(job, $0) } ?? .task(job), from: origin)
    }
  }

  func isRunningJob(of facet: SerialExecutorFacet) -> Bool {
    let thread = TestExecutorScheduler.ThreadID.current
    return scheduler.withLock { $0.isRunningJob(of: ObjectIdentifier(facet), on: thread) }
  }

  /// Stops counting `count` enqueues as foreign: work from outside the test's schedule that a
  /// `TestStore` waited for (a real clock's wake-up).
  func forgiveForeignEnqueues(_ count: Int) {
    guard count > 0 else { return }
    scheduler.withLock { $0.forgiveForeignEnqueues(count) }
  }

  /// What the executor has done and holds now.
  public var stats: Stats { scheduler.withLock { $0.stats } }

  /// Whether any job is runnable or any task sleeps on the clock.
  public var hasPendingWork: Bool { scheduler.withLock { $0.hasPendingWork } }

  var now: TestClock.Instant { TestClock.Instant(offset: scheduler.withLock { $0.now }) }

  /// Runs, on the calling thread, every job that can run without moving the clock, including
  /// the jobs they enqueue. It wakes no sleeper, not even one whose deadline is now (a
  /// zero-length sleep): sleepers wait for ``advance(by:limit:isolation:fileID:filePath:line:column:)``
  /// (`advance(by: .zero)` wakes those due now), ``advance(to:limit:isolation:fileID:filePath:line:column:)``
  /// or ``runToCompletion(limit:isolation:fileID:filePath:line:column:)``.
  /// - Parameters:
  ///   - limit: The most jobs this call runs; reaching it with work left reports an issue.
  ///   - isolation: The caller's isolation. Main-actor work (see ``schedule(_:)``) runs only
  ///     when it is the main actor; otherwise it waits for a drive that is.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when the executor went idle; `false` when the limit was hit or the call
  ///   was refused (both reported as issues).
  @discardableResult
  public func runUntilIdle(
    limit: Int = 1_000_000, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Bool {
    drive(
      toward: .idle, limit: limit, operation: "runUntilIdle",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
  }

  /// Runs at most `count` runnable jobs on the calling thread, without moving the clock, as a
  /// few turns of a run loop would: for tests that interleave UI events with partial progress of
  /// the store's work. Stopping with work left is not an issue.
  /// - Parameters:
  ///   - count: The most jobs to run; zero or less runs none.
  ///   - isolation: The caller's isolation (see ``runUntilIdle(limit:isolation:fileID:filePath:line:column:)``).
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: Whether the executor went idle.
  @discardableResult
  public func runJobs(
    _ count: Int, isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Bool {
    guard count > 0 else { return !hasPendingWork }
    return drive(
      toward: .idle, limit: count, operation: "runJobs",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation,
      reportsLimit: false)
  }

  /// Moves virtual time forward by `duration`, waking sleepers in deadline order and running
  /// until idle after each wake (this executor, and the one that runs the woken task if it is
  /// another ``TestExecutor``), so sleeps started along the way that fall inside the window
  /// fire too. A `duration` of zero wakes the sleepers whose deadline is now.
  /// - Parameters:
  ///   - duration: How far to move; a negative value is reported and treated as zero.
  ///   - limit: The most jobs this call runs; reaching it with work left reports an issue.
  ///   - isolation: The caller's isolation. Main-actor work (see ``schedule(_:)``) runs only
  ///     when it is the main actor; otherwise it waits for a drive that is.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when the executor reached the new time and went idle.
  @discardableResult
  public func advance(
    by duration: Duration, limit: Int = 1_000_000, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Bool {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if duration < .zero {
      callSite.report(
        "TestExecutor.advance(by: \(duration)) cannot move virtual time backwards; the clock "
          + "stays at \(now) and only work already due runs.")
    }
    return drive(
      toward: .advance(to: now.offset + max(duration, .zero)), limit: limit,
      operation: "advance(by:)", at: callSite, isolation: isolation)
  }

  /// Moves virtual time forward to `deadline`, waking sleepers in deadline order and running
  /// until idle after each wake (this executor, and the one that runs the woken task if it is
  /// another ``TestExecutor``), so sleeps started along the way that fall inside the window
  /// fire too.
  /// - Parameters:
  ///   - deadline: The time to reach; one earlier than ``TestClock/now`` is reported and leaves the clock
  ///     where it is.
  ///   - limit: The most jobs this call runs; reaching it with work left reports an issue.
  ///   - isolation: The caller's isolation. Main-actor work (see ``schedule(_:)``) runs only
  ///     when it is the main actor; otherwise it waits for a drive that is.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when the executor reached `deadline` and went idle.
  @discardableResult
  public func advance(
    to deadline: TestClock.Instant, limit: Int = 1_000_000, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Bool {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let current = now
    if deadline < current {
      callSite.report(
        "TestExecutor.advance(to: \(deadline)) is before the clock's current time \(current); "
          + "virtual time never goes backwards, so the clock stays and only work already due runs.")
    }
    return drive(
      toward: .advance(to: max(deadline, current).offset), limit: limit,
      operation: "advance(to:)", at: callSite, isolation: isolation)
  }

  /// Runs jobs and moves virtual time to each next deadline until no job is runnable and no
  /// task sleeps.
  /// - Parameters:
  ///   - limit: The most jobs this call runs. Reaching it with work left (an endless timer
  ///     loop, actors messaging each other forever) reports an issue and stops.
  ///   - isolation: The caller's isolation. Main-actor work (see ``schedule(_:)``) runs only
  ///     when it is the main actor; otherwise it waits for a drive that is.
  ///   - fileID: The call site's `#fileID`, for issues.
  ///   - filePath: The call site's `#filePath`, for issues.
  ///   - line: The call site's line, for issues.
  ///   - column: The call site's column, for issues.
  /// - Returns: `true` when all work finished; `false` when the limit was hit or the call was
  ///   refused.
  @discardableResult
  public func runToCompletion(
    limit: Int = 1_000_000, isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Bool {
    drive(
      toward: .completion, limit: limit, operation: "runToCompletion",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
  }

  /// Reports an issue when any job reached the executor from outside the test's schedule (see
  /// ``Stats/foreignEnqueues``), naming the usual causes and their fixes, and
  /// when main-actor work is still set aside (see ``Stats/strandedMainActorWork``).
  /// - Parameters:
  ///   - fileID: The call site's `#fileID`.
  ///   - filePath: The call site's `#filePath`.
  ///   - line: The call site's line.
  ///   - column: The call site's column.
  public func checkForeignEnqueues(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let stats = self.stats
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if stats.strandedMainActorWork > 0 {
      callSite.report(
        "TestExecutor: \(stats.strandedMainActorWork) main-actor deliveries never ran because "
          + "the executor was driven off the main actor, so main-actor hosts and ObservableStores "
          + "did not see the latest state. Make the test (or suite) `@MainActor`, or drive the "
          + "executor inside `await MainActor.run { … }`.")
    }
    let count = stats.foreignEnqueues
    guard count > 0 else { return }
    callSite.report(
      "TestExecutor: \(count) job(s) were enqueued from outside the test's schedule (not from "
        + "the main actor, a job of a TestExecutor, or the task driving this one), so their order "
        + "is not deterministic. Likely causes and fixes: a bare `Task {}` or `Task.detached` "
        + "(start the work as an effect, or with `Task(executorPreference: executor)`); work on "
        + "another actor or the global executor, such as `@concurrent` code (keep it on the "
        + "executor, or reach UI code through `MainActorStoreConnection`, `MainActorStoreHost` "
        + "or `ObservableStore` and drive from a `@MainActor` test); a real-clock `Task.sleep` or "
        + "`ContinuousClock` (inject the executor's `TestClock`, `executor.clock`); a Dispatch "
        + "queue or other callback thread (deliver its result through an effect on the executor).")
  }

  private struct CallSite {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    func report(_ message: String) {
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  private func drive(
    toward goal: TestExecutorScheduler.Goal, limit: Int, operation: String, at callSite: CallSite,
    isolation: isolated (any Actor)?, reportsLimit: Bool = true
  ) -> Bool {
    guard limit >= 0 else {
      callSite.report(
        "TestExecutor.\(operation) got limit \(limit); a job limit cannot be negative, so "
          + "nothing ran.")
      return false
    }
    let thread = TestExecutorScheduler.ThreadID.current
    let caller = TestExecutorScheduler.Caller.current(on: thread)
    switch scheduler.withLock({ $0.beginDrive(on: thread, by: caller) }) {
    case .started:
      break
    case .reentrant:
      callSite.report(
        "TestExecutor.\(operation) was called from inside a job the executor is running; "
          + "driving it there would break each actor's one-job-at-a-time order, so the call was "
          + "ignored. Drive the executor from the test, outside its jobs.")
      return false
    case .drivenByAnotherThread:
      callSite.report(
        "TestExecutor.\(operation) was called while another thread is driving the executor; "
          + "two drivers would run jobs in parallel, so the call was ignored. Drive each "
          + "TestExecutor from one thread at a time.")
      return false
    }
    // Listed before the first job runs and until the last one has returned: whatever this
    // thread enqueues meanwhile is part of the test's schedule.
    DrivingThreads.enter(thread, driving: self)
    defer {
      DrivingThreads.leave(thread)
      scheduler.withLock { $0.endDrive() }
    }
    let taskExecutor = asUnownedTaskExecutor()
    let onMainActor = isolation.map { ObjectIdentifier($0) == ObjectIdentifier(MainActor.shared) } ?? false
    var jobsRun = 0
    // Whether every executor driven for a woken sleeper went idle (each reports its own issue).
    var originsWentIdle = true
    while true {
      switch scheduler.withLock({ $0.nextStep(toward: goal, mayRunJob: jobsRun < limit, onMainActor: onMainActor) }) {
      case .run(.actor(let job, let facet)):
        jobsRun += 1
        job.runSynchronously(isolatedTo: facet.asUnownedSerialExecutor(), taskExecutor: taskExecutor)
      case .run(.task(let job)):
        jobsRun += 1
        job.runSynchronously(on: taskExecutor)
      case .run(.mainActor(let work)):
        // The drive runs between jobs in its caller's context, which `isolation` says is the
        // main actor: no job of another executor is running here.
        jobsRun += 1
        MainActor.assumeIsolated { work() }
      case .wake(let sleeper):
        sleeper.continuation.resume()
        // As swift-clocks' `advance`: the woken task runs before the clock moves on, so that a
        // sleep it starts inside the window fires in this drive too. A task of this executor
        // runs in this loop; one of another executor (a store's effect sleeping on a clock the
        // test made) runs there, driven from here.
        if let origin = sleeper.origin,
          !origin.drive(toward: .idle, limit: limit, operation: operation, at: callSite, isolation: isolation)
        {
          originsWentIdle = false
        }
      case .limitReached:
        guard reportsLimit else { return false }
        let left = stats
        callSite.report(
          "TestExecutor.\(operation) stopped after running its limit of \(limit) jobs with work "
            + "left (\(left.pendingJobs) runnable jobs, \(left.pendingSleepers) sleepers, clock "
            + "at \(now)): likely an endless loop, such as a timer that re-arms forever or actors "
            + "messaging each other without end. Cancel the looping task, or drive it step by "
            + "step with advance(by:).")
        return false
      case .finished:
        return originsWentIdle
      }
    }
  }
}
