/// A scenario the command can run.
enum ScenarioName: String, CaseIterable, Sendable {
  case send, effects, scroll, explore, bench

  /// The scenarios a run without a scenario argument performs, in order.
  static let defaultMix: [ScenarioName] = [.send, .effects, .scroll, .explore]

  /// One line for `--help`.
  var summary: String {
    switch self {
    case .send: "many tasks send concurrently; no action lost or reduced twice, order kept per sender"
    case .effects: "effects started, finished, cancelled by ID, in flight, with cancelInFlight, throttled, debounced"
    case .scroll: "rows scrolled through reused hosts while rows change and row effects run"
    case .explore: "send + effects mini-scenarios under TestExecutor, one seeded schedule per seed"
    case .bench: "every target figure next to its baseline measured in the same run"
    }
  }

  /// The value options this scenario reads when it is named on the command line.
  var options: [ValueOption] {
    switch self {
    case .send: [.actions, .seed, .duration, .trace]
    case .effects: [.effects, .seed, .duration, .trace]
    case .scroll: [.elements, .hosts, .seed, .duration, .trace]
    case .explore: [.seeds, .actions, .effects, .seed, .duration, .trace]
    case .bench: [.actions, .effects, .elements, .hosts, .seed, .only, .runs]
    }
  }

  /// The value options this scenario reads in the default mix: explore keeps its small per-seed
  /// sizes there, since `--actions` and `--effects` size the send and effects scenarios.
  var mixOptions: [ValueOption] {
    self == .explore ? [.seeds, .seed, .duration, .trace] : options
  }

  /// Why this scenario refuses `option` on purpose, when not reading it is more than an
  /// oversight: the usage error then says so.
  /// - Parameter option: An option this scenario does not read.
  /// - Returns: The reason, as a clause, or `nil`.
  func reasonForRefusing(_ option: ValueOption) -> String? {
    switch (self, option) {
    case (.bench, .trace): "tracing would change every figure it measures"
    default: nil
    }
  }

  /// The sizes used when no option sets them.
  var defaultSizes: ScenarioSizes {
    switch self {
    case .send: ScenarioSizes(actions: 500_000)
    case .effects: ScenarioSizes(effects: 100_000)
    case .scroll: ScenarioSizes(elements: 100_000, hosts: 20)
    case .explore: ScenarioSizes(actions: 60, effects: 24, seeds: 1_000)
    case .bench: ScenarioSizes(actions: 2_000_000, effects: 10_000, elements: 1_000_000, hosts: 20, runs: 3)
    }
  }

  /// The sizes used in the default mix when no option sets them: the defaults, except a
  /// shorter list for `scroll`, so that the mix takes `HelpText.defaultRunTime`. (Each row action
  /// currently copies the whole row array, so a scroll's cost grows with the list's length
  /// squared; see Docs/Stress-and-Benchmarks.md.)
  var mixDefaultSizes: ScenarioSizes {
    var sizes = defaultSizes
    if self == .scroll { sizes.elements = 25_000 }
    return sizes
  }
}

/// How big a scenario runs; each field is read only by the scenarios that use it.
struct ScenarioSizes: Equatable, Sendable {
  var actions = 0
  var effects = 0
  var elements = 0
  var hosts = 0
  var seeds = 0
  /// `bench`: full runs of every selected figure, in sequence, whose time figures are judged on
  /// their median (see ``BenchRuns``).
  var runs = 1
}
