import ActorStore
import ActorStoreTesting

/// `explore`: the send and effects workloads at a small size, on a `TestExecutor`, once per
/// seed through `explore(seeds:)`: each seed is one reproducible interleaving of the stores'
/// jobs, effects and clock sleeps. Invariants, per seed: those of `send` and `effects`, no work
/// escapes the executor, the schedule runs to completion, and running the seed again replays
/// exactly the same schedule.
struct ExploreScenario: StressScenario {
  let seeds: Int
  let actions: Int
  let effects: Int
  /// Where every store of every schedule, first run and replay, traces to, if anywhere
  /// (`--trace`).
  var trace: (any StoreTraceSink)? = nil

  /// Workers starting effects in each schedule.
  static let effectWorkers = 3

  var name: ScenarioName { .explore }
  var unitsPerPass: Int { seeds }
  var unit: String { "seeds" }

  var arguments: [String] {
    ["--seeds", String(seeds), "--actions", String(actions), "--effects", String(effects)]
  }

  var summary: String {
    "\(Format.count(seeds)) seeds × (\(actions) actions + \(effects) effects), each run twice"
  }

  /// Jobs a schedule may run per action and effect before it counts as runaway. Measured
  /// schedules run about 2 per action and 9 per effect (`ExploreJobLimitTests` keeps a margin of
  /// two checked), so one that hits the limit is stuck, however large `--actions` is.
  static let jobsPerUnitOfWork = 32

  /// The most jobs one schedule of `actions` actions and `effects` effects may run.
  static func jobLimit(actions: Int, effects: Int) -> Int {
    max(1_000_000, jobsPerUnitOfWork * (actions + effects))
  }

  /// What one schedule produced: everything a replay must reproduce.
  struct Schedule: Equatable, CustomStringConvertible {
    var sendTrace: TraceHash
    var effectsTrace: TraceHash
    var jobsRun: Int

    var description: String {
      "\(jobsRun) jobs, send order #\(sendTrace.value), effects order #\(effectsTrace.value)"
    }
  }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    var log = InvariantLog(seed: seed)
    var schedules = 0
    var traced: [StoreTraceStatistics] = []
    // explore reports the failing seed itself; the per-seed logs below say which invariant
    // broke, so its report is collected here rather than counted as a second failure.
    let exploreReport = IssueCollector()
    let failingSeed = await IssueReporting.withReporter(exploreReport) {
      await explore(seeds: seed..<(seed &+ UInt64(seeds))) { executor in
        guard case .seeded(let scheduleSeed) = executor.ordering else { return }
        var seedLog = InvariantLog(seed: scheduleSeed)
        let first = await runSchedule(on: executor, log: &seedLog, traced: &traced)
        // The replay's own checks count too: work escaping the executor, or a broken ledger,
        // on the second run of a seed is as much a bug as on the first.
        var replayLog = InvariantLog(seed: scheduleSeed)
        let replay = await runSchedule(
          on: TestExecutor(ordering: executor.ordering), log: &replayLog, traced: &traced)
        seedLog.merge(replayLog)
        seedLog.check(
          "the same seed replays the same schedule", first == replay,
          "first run: \(first); replay: \(replay)")
        schedules += 2
        for violation in seedLog.violations { reportIssue("\(violation.invariant): \(violation.detail)") }
        log.merge(seedLog)
        progress.advance(by: 1)
      }
    }
    if let failingSeed, log.holds {
      let detail = exploreReport.errors.kept.first ?? "explore reported seed \(failingSeed)"
      var failure = InvariantLog(seed: failingSeed)
      failure.check("no runtime issue reported", false, detail)
      log.merge(failure)
    }
    var figures = [
      Figure(scenario: name.rawValue, name: "schedules explored", unit: "schedules", samples: [Double(schedules)])
    ]
    if trace != nil { figures.append(TraceFigure.make(scenario: name, statistics: traced)) }
    return PassOutcome(figures: figures, invariants: log)
  }

  /// Runs both workloads on `executor` to completion and checks them.
  /// - Parameters:
  ///   - executor: Runs the schedule.
  ///   - log: Where the checks go; its seed draws the plans.
  ///   - traced: Gets the trace statistics of the schedule's two stores, once their traces
  ///     reached the sink, when ``trace`` is set.
  /// - Returns: What a replay must reproduce.
  func runSchedule(on executor: TestExecutor, log: inout InvariantLog, traced: inout [StoreTraceStatistics]) async
    -> Schedule
  {
    let scheduleSeed = log.seed
    let clock = executor.clock
    let sends = SendWorkload(plan: SendPlan(actions: actions, seed: scheduleSeed))
    let effects = EffectsWorkload(
      plan: EffectsPlan(tokens: self.effects, seed: scheduleSeed), workers: Self.effectWorkers, clock: clock,
      pause: { token, step in try? await clock.sleep(for: .milliseconds((token &+ step) % 4)) })
    // Odd seeds run both trees as main-actor stores run in an app (on the executor's stand-in
    // for the main actor), even seeds on actors of their own: the exploration covers both.
    let onMainActor = scheduleSeed % 2 == 1
    func storeExecutor() -> StoreExecutor {
      onMainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor()
    }
    let sendStore = sends.makeStore(executor: storeExecutor(), trace: trace)
    let effectsStore = effects.makeStore(executor: storeExecutor(), trace: trace)
    let driver = Task(executorPreference: executor) {
      async let observation = sends.drive(sendStore, progress: nil)
      await effects.drive(effectsStore, progress: nil)
      return await observation
    }
    let completed = executor.runToCompletion(limit: Self.jobLimit(actions: actions, effects: self.effects))
    log.check(
      "the schedule runs to completion", completed,
      "work left after \(executor.stats.jobsRun) jobs: \(executor.stats)")
    // Awaiting the driver only once it has finished: an unfinished one waits for jobs that
    // nothing runs any more.
    let observation = completed ? await driver.value : SendWorkload.Observation()
    sends.verify(sendStore, observation: observation, into: &log)
    effects.verify(effectsStore, into: &log)
    if trace != nil {
      // Flushed from this task, never from the driver: the flush resumes from the trace's
      // delivery queue, which on the TestExecutor would be a foreign enqueue, arriving after
      // runToCompletion had already returned. Before the check below, so that it would catch one.
      await sendStore.flushTrace()
      await effectsStore.flushTrace()
      traced += [sendStore.traceStatistics, effectsStore.traceStatistics]
    }
    log.check(
      "no work escapes the TestExecutor", executor.stats.foreignEnqueues == 0,
      "\(executor.stats.foreignEnqueues) jobs arrived from other threads")
    return Schedule(
      sendTrace: sendStore.currentState.trace, effectsTrace: effectsStore.currentState.trace,
      jobsRun: executor.stats.jobsRun)
  }
}
