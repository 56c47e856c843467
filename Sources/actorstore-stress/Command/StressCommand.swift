import ActorStore

/// The process exit status.
enum ExitStatus: Int32, Sendable {
  /// Every invariant held (or `--help`).
  case success = 0
  /// At least one invariant broke; standard error names it and the seed that replays it.
  case invariantBroken = 1
  /// The command line could not be parsed; standard error says why in one line.
  case usage = 2
  /// Stopped by Ctrl-C (128 + SIGINT, as shells report it); the report covers what completed.
  case interrupted = 130
  /// Stopped by SIGTERM (128 + SIGTERM); the report covers what completed.
  case terminated = 143
}

/// `actorstore-stress`: parses the command line, runs the scenarios, prints the report.
enum StressCommand {
  /// Runs the command.
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - console: Where output, errors and progress go.
  ///   - stop: Ends the run early, with the report of what completed.
  ///   - substitute: Runs this scenario in place of the one the command line names (the tests'
  ///     seam for scenarios that break an invariant or stop the run); `nil` runs the real ones.
  /// - Returns: The exit status.
  static func run(
    arguments: [String], console: some Console, stop: StopRequest = StopRequest(),
    substitute: ((ScenarioName) -> any StressScenario)? = nil
  ) async -> ExitStatus {
    let options: StressOptions
    switch StressOptions.parse(arguments) {
    case .failure(let error):
      console.writeError("actorstore-stress: \(error.message)\n")
      return .usage
    case .success(let parsed):
      options = parsed
    }
    if options.showsHelp {
      console.write(HelpText.text)
      return .success
    }
    // A fresh seed each run explores new plans; it is printed, and --seed replays it.
    let seed = options.seed ?? UInt64.random(in: 1...999_999_999)
    let showsProgress = options.progress || (console.errorIsTerminal && !options.quiet)
    var reports: [ScenarioReport] = []
    // One sink for the run: every store of every traced scenario writes to the same file.
    var trace: JSONLinesTraceSink?
    if let path = options.trace {
      let issues = IssueCollector()
      trace = IssueReporting.withReporter(issues) { JSONLinesTraceSink(path: path) }
      if let problem = issues.errors.kept.first {
        console.writeError("actorstore-stress: --trace: \(problem)\n")
        return .usage
      }
    }
    if options.counts {
      if let problem = CostCounters.install() {
        console.writeError("actorstore-stress: --counts: \(problem)\n")
        return .usage
      }
    }
    for name in options.scenario.map({ [$0] }) ?? ScenarioName.defaultMix {
      if stop.isRequested { break }
      let scenario =
        substitute?(name)
        ?? makeScenario(
          name, sizes: options.sizes(for: name, inMix: options.scenario == nil), heterogeneous: options.heterogeneous,
          trace: trace, only: options.only)
      var report = await ScenarioRunner.run(
        scenario, seed: seed, duration: options.duration, console: console, showsProgress: showsProgress, stop: stop)
      report.arguments += options.rerunArguments(for: name)
      reports.append(report)
    }
    console.write(
      options.json ? ReportJSON.render(reports) : ReportTable.render(reports, detailed: options.scenario != nil))
    let failed = reports.filter { !$0.passed }
    for line in ReportTable.failures(failed) { console.writeError(line + "\n") }
    if let signal = stop.requestedBy {
      console.writeError("actorstore-stress: \(signal.stopped); the report covers only what completed\n")
      return signal.exitStatus
    }
    return failed.isEmpty ? .success : .invariantBroken
  }

  /// The scenario `name` at `sizes`.
  /// - Parameters:
  ///   - name: The scenario.
  ///   - sizes: Its sizes.
  ///   - heterogeneous: Whether `scroll` runs in its declared-collection mode.
  ///   - trace: Where its stores trace to: every store a pass creates (all of `explore`'s
  ///     schedules, first runs and replays). Ignored by `bench`, whose figures tracing would
  ///     change; ``StressOptions/parse(_:)`` refuses `bench --trace`.
  ///   - only: Which benchmarks `bench` runs (see ``BenchScenario/only``).
  static func makeScenario(
    _ name: ScenarioName, sizes: ScenarioSizes, heterogeneous: Bool = false, trace: (any StoreTraceSink)? = nil,
    only: String? = nil
  ) -> any StressScenario {
    switch name {
    case .send: SendScenario(actions: sizes.actions, trace: trace)
    case .effects: EffectsScenario(effects: sizes.effects, trace: trace)
    case .scroll where heterogeneous:
      HeterogeneousScrollScenario(elements: sizes.elements, hosts: sizes.hosts, trace: trace)
    case .scroll: ScrollScenario(elements: sizes.elements, hosts: sizes.hosts, trace: trace)
    case .explore: ExploreScenario(seeds: sizes.seeds, actions: sizes.actions, effects: sizes.effects, trace: trace)
    case .bench: BenchScenario(sizes: sizes, only: only)
    }
  }
}
