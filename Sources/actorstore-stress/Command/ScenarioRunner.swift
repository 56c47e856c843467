import ActorStore

/// Runs a scenario's passes (one, or as many as fit in `--duration`), each under its own issue
/// collector, and measures the whole: wall time and peak memory.
enum ScenarioRunner {
  /// Runs `scenario`.
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - seed: The first pass's seed; each further pass uses the next one.
  ///   - duration: Seconds to keep starting passes; `nil` runs one pass.
  ///   - console: Where progress lines go, when `showsProgress`.
  ///   - showsProgress: Whether to print a progress line a second.
  ///   - stop: Ends the run early: no further pass starts, the one running is abandoned.
  /// - Returns: The report of the passes that completed. Passes stop at the first one that
  ///   breaks an invariant.
  static func run(
    _ scenario: some StressScenario, seed: UInt64, duration: Double?, console: some Console, showsProgress: Bool,
    stop: StopRequest
  ) async -> ScenarioReport {
    ProcessMemory.resetPeak()
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = duration.map { start + .seconds($0) }
    let progress = ProgressMeter(label: scenario.name.rawValue, unit: scenario.unit, deadline: deadline)
    let ticker = showsProgress ? progress.startTicking(on: console) : nil
    var invariants = InvariantLog(seed: seed)
    var figuresByPass: [[Figure]] = []
    var warnings: [String] = []
    var warningCount = 0
    var passSeed = seed
    var interrupted = false
    repeat {
      progress.expect(scenario.unitsPerPass)
      let issues = IssueCollector()
      let thisSeed = passSeed
      let finished = await stop.unlessStopped {
        await IssueReporting.withReporter(issues) { await scenario.runPass(seed: thisSeed, progress: progress) }
      }
      guard let outcome = finished else {
        interrupted = true
        break
      }
      var log = outcome.invariants
      let errors = issues.errors
      log.check(
        "no runtime issue reported", errors.count == 0,
        "\(errors.count) issue(s); first: \(errors.kept.first ?? "")")
      invariants.merge(log)
      figuresByPass.append(outcome.figures)
      let passWarnings = issues.warnings
      warningCount += passWarnings.count
      warnings += passWarnings.kept.prefix(IssueCollector.keptMessages - warnings.count)
      passSeed &+= 1
    } while invariants.holds && deadline.map { clock.now < $0 } == true
    ticker?.cancel()
    if warningCount > warnings.count { warnings.append("… \(warningCount - warnings.count) more warning(s)") }
    return ScenarioReport(
      scenario: scenario.name, seed: seed, passes: figuresByPass.count, summary: scenario.summary,
      figures: combine(figuresByPass), invariants: invariants, warnings: warnings,
      wallSeconds: (clock.now - start).seconds, peakMemoryBytes: ProcessMemory.peakResidentBytes,
      arguments: scenario.arguments, interrupted: interrupted)
  }

  /// One figure per name: a single pass's figures as they are; over several passes, the median
  /// and range of the passes' medians.
  private static func combine(_ figuresByPass: [[Figure]]) -> [Figure] {
    guard figuresByPass.count > 1, let first = figuresByPass.first else { return figuresByPass.first ?? [] }
    return first.map { template in
      let samples = figuresByPass.compactMap { pass in pass.first { $0.name == template.name }?.median }
      var figure = Figure(scenario: template.scenario, name: template.name, unit: template.unit, samples: samples)
      figure.detail = "over \(samples.count) passes"
      return figure
    }
  }
}
