#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import ActorStore

/// The state of a ``TestExecutor`` and its ``TestClock``, kept in the executor's lock.
///
/// Every method is a short, non-blocking transition. Methods that produce work return it (a
/// job to run, a continuation to resume) and the caller performs it after releasing the lock,
/// so a job may enqueue, sleep or cancel on this same executor without deadlocking.
struct TestExecutorScheduler {
  /// Work waiting to run: an actor job (on its facet), a task job (on the task executor), or
  /// main-actor work scheduled through ``TestExecutor/schedule(_:)``.
  enum PendingJob {
    case actor(UnownedJob, SerialExecutorFacet)
    case task(UnownedJob)
    case mainActor(@MainActor @Sendable () -> Void)

    /// The serial lane the work belongs to: a facet, the main actor, or none (task jobs are
    /// independent of each other).
    var lane: ObjectIdentifier? {
      switch self {
      case .actor(_, let facet): facet.playsMainActor ? PendingJob.mainActorLane : ObjectIdentifier(facet)
      case .task: nil
      case .mainActor: PendingJob.mainActorLane
      }
    }

    static var mainActorLane: ObjectIdentifier { ObjectIdentifier(MainActor.shared) }
  }

  /// How far a drive goes once no job is runnable.
  enum Goal {
    /// Wake no sleeper: as with swift-clocks' `TestClock`, a sleeper waits for the test to move
    /// the clock (`advance(by: .zero)` included), even one whose deadline is now.
    case idle
    /// Wake sleepers up to `deadline`, then leave the clock there.
    case advance(to: Duration)
    /// Wake every sleeper, moving the clock to each deadline in turn.
    case completion
  }

  /// What the driver does next, outside the lock.
  enum Step {
    case run(PendingJob)
    /// Resume a sleeper, then run its origin executor, if any, until idle.
    case wake(SleeperQueue.Sleeper)
    case limitReached
    case finished
  }

  /// Whether the calling thread may drive.
  enum DriveStart {
    case started
    case reentrant
    case drivenByAnotherThread
  }

  /// An OS thread: the one running a drive, to refuse a second driver and to tell when a
  /// facet's job is running. Valid for comparison only while the thread it names runs: an
  /// exited thread's identity can be reused.
  struct ThreadID: Hashable {
    private let raw: UInt

    static var current: ThreadID {
      #if canImport(Glibc)
        ThreadID(raw: UInt(pthread_self()))
      #else
        ThreadID(raw: UInt(bitPattern: pthread_self()))
      #endif
    }
  }

  /// Who enqueues or drives, outside the main actor and the drives: the current task, or the
  /// thread when no task runs (a Dispatch callback, a plain thread, an XCTest method).
  ///
  /// A task keeps its identity when it resumes on another thread, so a nonisolated async test
  /// that enqueues, awaits and then drives is the same caller throughout. Tasks are told apart by
  /// `UnsafeCurrentTask.hashValue`, a seeded 64-bit hash of the task's address: two tasks alive
  /// together collide only by a negligible chance, and the reference itself is never kept (its
  /// documentation forbids using it outside `withUnsafeCurrentTask`).
  enum Caller: Equatable {
    case task(Int)
    case thread(ThreadID)

    static func current(on thread: ThreadID) -> Caller {
      withUnsafeCurrentTask { $0.map { Caller.task($0.hashValue) } } ?? .thread(thread)
    }
  }

  /// Where an enqueue comes from, as foreign-enqueue accounting judges it: by executor, not by
  /// thread.
  struct EnqueueOrigin {
    /// Whether the caller is part of the test's schedule whatever thread runs it: it runs on the
    /// main actor (a `@MainActor` test, a main-actor host, a delivery), or inside a drive of a
    /// ``TestExecutor`` (a job of this or another test executor, or a drive resuming a sleeper).
    /// Such an enqueue is never foreign.
    let isOnTestSchedule: Bool
    /// The caller, judged when ``isOnTestSchedule`` is `false`.
    let caller: Caller

    static var current: EnqueueOrigin {
      let thread = ThreadID.current
      return EnqueueOrigin(
        isOnTestSchedule: DrivingThreads.contains(thread) || MainActorCheck.isOnMainActor,
        caller: .current(on: thread))
    }
  }

  /// In `.seeded` order, one choice the generator picks from: the oldest job of a serial lane (a
  /// facet, or the main actor: each stays first-in first-out) or a task-executor job
  /// (independent of each other).
  private enum Candidate {
    case facetLane(ObjectIdentifier)
    case taskJob(PendingJob)
  }

  private var generator: SeededGenerator?
  private var fifoJobs = FIFOQueue<PendingJob>()
  private var seededCandidates: [Candidate] = []
  private var facetLanes: [ObjectIdentifier: FIFOQueue<PendingJob>] = [:]
  private var pendingJobCount = 0
  /// Main-actor work met by a drive that was not on the main actor: it waits, in order, for the
  /// next drive on the main actor, which runs it before anything else.
  private var strandedMainActorWork = FIFOQueue<PendingJob>()

  private(set) var now = Duration.zero
  private var sleepers = SleeperQueue()
  private var nextSleeperRegistration: UInt64 = 0
  /// Sleepers between taking a registration number and suspending, with whether their task
  /// was cancelled meanwhile.
  private var unregisteredSleepers: [UInt64: Bool] = [:]

  /// The thread running the current drive, `nil` between drives.
  private var driver: ThreadID?
  /// The caller that started the last drive: between drives, its enqueues are the test's own.
  private var lastDriver: Caller?
  private var runningFacet: ObjectIdentifier?
  /// Callers off the test's schedule that enqueued between drives and did not drive last:
  /// foreign unless the next drive is theirs.
  private var undecidedEnqueuers: [Caller] = []

  private var jobsRun = 0
  private var timersFired = 0
  private var foreignEnqueues = 0

  init(ordering: TestExecutor.Ordering) {
    switch ordering {
    case .fifo: generator = nil
    case .seeded(let seed): generator = SeededGenerator(seed: seed)
    }
  }

  var stats: TestExecutor.Stats {
    TestExecutor.Stats(
      jobsRun: jobsRun, timersFired: timersFired, foreignEnqueues: foreignEnqueues,
      pendingJobs: pendingJobCount, pendingSleepers: sleepers.count,
      strandedMainActorWork: strandedMainActorWork.count)
  }

  var hasPendingWork: Bool { pendingJobCount > 0 || sleepers.count > 0 || !strandedMainActorWork.isEmpty }

  // MARK: Jobs

  /// Queues `job`, counting it as foreign when it comes from off the test's schedule: during a
  /// drive always (the driving caller is inside the drive, so on the schedule); between drives
  /// unless the caller drove last or drives next.
  mutating func enqueue(_ job: PendingJob, from origin: EnqueueOrigin) {
    if !origin.isOnTestSchedule {
      if driver != nil {
        foreignEnqueues += 1
      } else if origin.caller != lastDriver {
        undecidedEnqueuers.append(origin.caller)
      }
    }
    pendingJobCount += 1
    guard generator != nil else { return fifoJobs.append(job) }
    guard let lane = job.lane else { return seededCandidates.append(.taskJob(job)) }
    if facetLanes[lane] == nil { seededCandidates.append(.facetLane(lane)) }
    facetLanes[lane, default: FIFOQueue()].append(job)
  }

  private mutating func popJob() -> PendingJob? {
    guard var generator else { return fifoJobs.popFirst() }
    defer { self.generator = generator }
    guard !seededCandidates.isEmpty else { return nil }
    let index = Int(generator.next(upperBound: UInt64(seededCandidates.count)))
    switch seededCandidates[index] {
    case .taskJob(let job):
      removeCandidate(at: index)
      return job
    case .facetLane(let lane):
      guard let laneIndex = facetLanes.index(forKey: lane) else { return nil }
      let job = facetLanes.values[laneIndex].popFirst()
      if facetLanes.values[laneIndex].isEmpty {
        facetLanes.remove(at: laneIndex)
        removeCandidate(at: index)
      }
      return job
    }
  }

  private mutating func removeCandidate(at index: Int) {
    seededCandidates.swapAt(index, seededCandidates.count - 1)
    seededCandidates.removeLast()
  }

  // MARK: Driving

  /// Starts a drive by `caller` on `thread`, unless one is running; settles the enqueues made
  /// between drives: those not by `caller` are foreign.
  mutating func beginDrive(on thread: ThreadID, by caller: Caller) -> DriveStart {
    if let driver { return driver == thread ? .reentrant : .drivenByAnotherThread }
    foreignEnqueues += undecidedEnqueuers.count { $0 != caller }
    undecidedEnqueuers.removeAll()
    driver = thread
    lastDriver = caller
    return .started
  }

  mutating func endDrive() {
    driver = nil
    runningFacet = nil
  }

  /// The next thing to do: run a job while any is runnable, else wake the earliest sleeper the
  /// goal reaches (moving the clock to its deadline), else finish.
  /// - Parameters:
  ///   - mayRunJob: `false` once the drive has used its job limit.
  ///   - onMainActor: Whether the drive runs on the main actor, so main-actor work may run;
  ///     otherwise that work is set aside until such a drive.
  mutating func nextStep(toward goal: Goal, mayRunJob: Bool, onMainActor: Bool) -> Step {
    runningFacet = nil
    let hasWork =
      pendingJobCount > 0 || (onMainActor && !strandedMainActorWork.isEmpty)
      || reaches(goal, sleepers.earliestDeadline())
    guard hasWork else {
      if case .advance(let target) = goal { now = max(now, target) }
      return .finished
    }
    guard mayRunJob else { return .limitReached }
    if onMainActor, let stranded = strandedMainActorWork.popFirst() {
      jobsRun += 1
      if case .actor(_, let facet) = stranded { runningFacet = ObjectIdentifier(facet) }
      return .run(stranded)
    }
    while let job = popJob() {
      pendingJobCount -= 1
      if case .mainActor = job, !onMainActor {
        strandedMainActorWork.append(job)
        continue
      }
      jobsRun += 1
      if case .actor(_, let facet) = job { runningFacet = ObjectIdentifier(facet) }
      return .run(job)
    }
    guard reaches(goal, sleepers.earliestDeadline()), let woken = sleepers.popEarliest() else {
      if case .advance(let target) = goal { now = max(now, target) }
      return .finished
    }
    now = max(now, woken.deadline)
    timersFired += 1
    return .wake(woken.sleeper)
  }

  private func reaches(_ goal: Goal, _ deadline: Duration?) -> Bool {
    guard let deadline else { return false }
    switch goal {
    case .idle: return false
    case .advance(let target): return deadline <= target
    case .completion: return true
    }
  }

  /// Stops counting `count` enqueues as foreign (see `TestExecutor.forgiveForeignEnqueues`).
  mutating func forgiveForeignEnqueues(_ count: Int) { foreignEnqueues = max(0, foreignEnqueues - count) }

  /// The deadline of the earliest sleeper, if any sleeps.
  var earliestSleeperDeadline: Duration? { mutating get { sleepers.earliestDeadline() } }

  func isRunningJob(of facet: ObjectIdentifier, on thread: ThreadID) -> Bool {
    driver == thread && runningFacet == facet
  }

  // MARK: Sleepers

  mutating func makeSleeperRegistration() -> UInt64 {
    let registration = nextSleeperRegistration
    nextSleeperRegistration += 1
    unregisteredSleepers[registration] = false
    return registration
  }

  /// What became of a sleeper that asked to suspend.
  enum SleeperRegistration {
    /// It waits in the queue for a drive that moves the clock to its deadline.
    case suspended
    /// Its task was cancelled before it could suspend.
    case cancelled
    /// Its deadline had already passed (the clock moved on meanwhile): it returns at once.
    case alreadyPassed
  }

  /// Suspends a sleeper until a drive moves the clock to `deadline` (a deadline equal to now
  /// still waits for such a drive).
  /// - Parameter origin: The executor running the sleeping task, when it is another one.
  mutating func registerSleeper(
    _ registration: UInt64, until deadline: Duration, continuation: SleeperQueue.Continuation,
    origin: TestExecutor?
  ) -> SleeperRegistration {
    let cancelled = unregisteredSleepers.removeValue(forKey: registration) ?? false
    guard !cancelled else { return .cancelled }
    guard deadline >= now else { return .alreadyPassed }
    let tieBreak = generator?.next() ?? 0
    sleepers.insert(
      registration: registration, deadline: deadline, tieBreak: tieBreak,
      sleeper: SleeperQueue.Sleeper(continuation: continuation, origin: origin))
    return .suspended
  }

  /// Withdraws a sleeper whose task was cancelled.
  /// - Returns: Its continuation to resume with `CancellationError`, or `nil` when it has not
  ///   suspended yet (it will see the cancellation when it does) or already woke.
  mutating func cancelSleeper(_ registration: UInt64) -> SleeperQueue.Continuation? {
    if unregisteredSleepers[registration] != nil {
      unregisteredSleepers[registration] = true
      return nil
    }
    return sleepers.remove(registration: registration)
  }
}

/// The threads now inside a drive of some ``TestExecutor``, each with the executors it drives,
/// innermost last (a job of one executor may drive another).
///
/// A thread is listed exactly while it runs a drive's loop, so everything it enqueues meanwhile
/// (a job's work, a sleeper the drive resumes) is part of the test's schedule, for every test
/// executor: a job of one executor that enqueues on another is not foreign there.
enum DrivingThreads {
  private static let drives = Locked<[TestExecutorScheduler.ThreadID: [TestExecutor]]>([:])

  static func enter(_ thread: TestExecutorScheduler.ThreadID, driving executor: TestExecutor) {
    drives.withLock { $0[thread, default: []].append(executor) }
  }

  static func leave(_ thread: TestExecutorScheduler.ThreadID) {
    drives.withLock { drives in
      guard var stack = drives[thread] else { return }
      stack.removeLast()
      drives[thread] = stack.isEmpty ? nil : stack
    }
  }

  static func contains(_ thread: TestExecutorScheduler.ThreadID) -> Bool {
    drives.withLock { $0[thread] != nil }
  }

  /// The executor whose drive `thread` is innermost in: the one running the current job.
  static func innermost(on thread: TestExecutorScheduler.ThreadID) -> TestExecutor? {
    drives.withLock { $0[thread]?.last }
  }
}
