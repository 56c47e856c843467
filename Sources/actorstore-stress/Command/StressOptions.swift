/// An option that takes a value.
enum ValueOption: String, CaseIterable, Sendable {
  case actions, effects, elements, hosts, seeds, seed, duration, trace, only, runs

  /// `--name`.
  var flag: String { "--\(rawValue)" }

  /// The largest value of a count option (`nil` for `--seed`, `--duration` and `--only`): beyond it a
  /// run would not fit in memory (effects in flight at once, child stores, hosts) or in any
  /// reasonable time.
  var maximumCount: Int? {
    switch self {
    case .effects: 1_000_000
    case .elements: 10_000_000
    case .hosts: 10_000
    case .runs: BenchScenario.maximumRuns
    case .actions, .seeds: 1_000_000_000
    case .seed, .duration, .trace, .only: nil
    }
  }
}

/// A command line that cannot be run: the message names the offending option or value.
struct UsageError: Error, Equatable, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// The parsed command line.
struct StressOptions: Equatable, Sendable {
  /// The scenario to run; `nil` runs ``ScenarioName/defaultMix``.
  var scenario: ScenarioName?
  var actions: Int?
  var effects: Int?
  var elements: Int?
  var hosts: Int?
  var seeds: Int?
  /// `bench --runs N`: full runs of the bench, judged on their median (see ``BenchRuns``).
  var runs: Int?
  var seed: UInt64?
  /// Seconds to keep repeating each scenario, with the next seed each pass.
  var duration: Double?
  /// `bench --only`: runs just the benchmarks whose name contains this.
  var only: String?
  /// The file the scenarios' stores trace to (JSON Lines), if any; `bench` refuses it.
  var trace: String?
  var json = false
  var quiet = false
  /// Progress lines even when standard error is not a terminal (a CI log of a long run).
  var progress = false
  /// `scroll --heterogeneous`: the list as a declared collection of several item kinds.
  var heterogeneous = false
  /// `bench --counts`: count each figure's exact costs (see ``CostCounters``).
  var counts = false
  var showsHelp = false

  /// The longest `--duration`: one week.
  static let maximumDuration = 604_800.0

  /// Parses the arguments after the program name.
  /// - Parameter arguments: The arguments, e.g. `["send", "--actions", "1000"]`.
  /// - Returns: The options, or the first problem found. `--help` anywhere wins.
  static func parse(_ arguments: [String]) -> Result<StressOptions, UsageError> {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      var options = StressOptions()
      options.showsHelp = true
      return .success(options)
    }
    var options = StressOptions()
    var given: [ValueOption] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if !argument.hasPrefix("-") {
        if let earlier = options.scenario, ScenarioName(rawValue: argument) == nil {
          return .failure(
            UsageError(
              message: "unexpected argument '\(argument)' after the scenario '\(earlier.rawValue)' "
                + "(options start with --; see --help)"))
        }
        guard let scenario = ScenarioName(rawValue: argument) else {
          let names = ScenarioName.allCases.map(\.rawValue).joined(separator: ", ")
          return .failure(UsageError(message: "unknown scenario '\(argument)' (expected one of: \(names))"))
        }
        if let earlier = options.scenario {
          return .failure(
            UsageError(message: "give one scenario at most (got '\(earlier.rawValue)' and '\(argument)')"))
        }
        options.scenario = scenario
        continue
      }
      let (name, inlineValue) = split(argument)
      switch name {
      case "--json", "--quiet", "--progress", "--heterogeneous", "--counts":
        if inlineValue != nil { return .failure(UsageError(message: "\(name) takes no value (got '\(argument)')")) }
        switch name {
        case "--json": options.json = true
        case "--quiet": options.quiet = true
        case "--progress": options.progress = true
        case "--counts": options.counts = true
        default: options.heterogeneous = true
        }
        continue
      default:
        break
      }
      guard let option = ValueOption.allCases.first(where: { $0.flag == name }) else {
        return .failure(UsageError(message: "unknown option '\(argument)' (see --help)"))
      }
      guard let value = inlineValue ?? remaining.popFirst() else {
        return .failure(UsageError(message: "\(option.flag) needs a value"))
      }
      if given.contains(option) {
        return .failure(UsageError(message: "\(option.flag) is given twice"))
      }
      given.append(option)
      if let problem = options.assign(value, to: option) { return .failure(problem) }
    }
    // Named, a scenario reads its own options; the default mix reads what its scenarios read there.
    let applicable = options.scenario?.options ?? ScenarioName.defaultMix.flatMap(\.mixOptions)
    if let stray = given.first(where: { !applicable.contains($0) }) {
      let users = ScenarioName.allCases.filter { $0.options.contains(stray) }.map(\.rawValue).joined(separator: ", ")
      let refusal =
        if let scenario = options.scenario {
          "the \(scenario.rawValue) scenario\(scenario.reasonForRefusing(stray).map { ": \($0)" } ?? "") (it applies to: "
        } else {
          "the default mix (name a scenario it applies to: "
        }
      return .failure(UsageError(message: "\(stray.flag) does not apply to \(refusal)\(users))"))
    }
    if options.heterogeneous, options.scenario != .scroll {
      return .failure(UsageError(message: "--heterogeneous applies to the scroll scenario only"))
    }
    if options.counts, options.scenario != .bench {
      return .failure(UsageError(message: "--counts applies to the bench scenario only"))
    }
    if options.progress, options.quiet {
      return .failure(UsageError(message: "--progress and --quiet contradict each other; give one"))
    }
    return .success(options)
  }

  /// What a rerun of `scenario` needs besides its sizes and seed (which the scenario and the
  /// report give): `--trace FILE` when this run traced it, so the replay traces too.
  /// - Parameter scenario: A scenario of this run.
  /// - Returns: The arguments, empty when none.
  func rerunArguments(for scenario: ScenarioName) -> [String] {
    let reads = self.scenario == nil ? scenario.mixOptions : scenario.options
    let counting = counts && scenario == .bench ? ["--counts"] : []
    guard let trace, reads.contains(.trace) else { return counting }
    return counting + ["--trace", trace]
  }

  /// The sizes `scenario` runs with: its defaults, overridden by the options it reads.
  /// - Parameters:
  ///   - scenario: The scenario.
  ///   - inMix: Whether it runs as part of the default mix (see ``ScenarioName/mixOptions``).
  /// - Returns: The sizes.
  func sizes(for scenario: ScenarioName, inMix: Bool) -> ScenarioSizes {
    let reads = inMix ? scenario.mixOptions : scenario.options
    var sizes = inMix ? scenario.mixDefaultSizes : scenario.defaultSizes
    if reads.contains(.actions), let actions { sizes.actions = actions }
    if reads.contains(.effects), let effects { sizes.effects = effects }
    if reads.contains(.elements), let elements { sizes.elements = elements }
    if reads.contains(.hosts), let hosts { sizes.hosts = hosts }
    if reads.contains(.seeds), let seeds { sizes.seeds = seeds }
    if reads.contains(.runs), let runs { sizes.runs = runs }
    return sizes
  }

  /// `--name=value` → (`--name`, `value`); `--name` → (`--name`, `nil`).
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// Stores `text` as the value of `option`, or describes why it is not a valid value.
  private mutating func assign(_ text: String, to option: ValueOption) -> UsageError? {
    switch option {
    case .actions, .effects, .elements, .hosts, .seeds, .runs:
      let maximum = option.maximumCount ?? Int.max
      guard let count = Self.digits(text).flatMap({ Int($0) }), (1...maximum).contains(count) else {
        return UsageError(message: "\(option.flag) expects a whole number from 1 to \(maximum) (got '\(text)')")
      }
      switch option {
      case .actions: actions = count
      case .effects: effects = count
      case .elements: elements = count
      case .hosts: hosts = count
      case .runs: runs = count
      default: seeds = count
      }
    case .seed:
      guard let seed = Self.seed(text) else {
        return UsageError(message: "--seed expects a whole number from 0 to \(UInt64.max) (got '\(text)')")
      }
      self.seed = seed
    case .duration:
      guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= Self.maximumDuration else {
        return UsageError(
          message: "--duration expects seconds, more than 0 and at most \(Int(Self.maximumDuration)) (got '\(text)')")
      }
      duration = seconds
    case .only:
      let names = BenchScenario.names
      guard names.contains(where: { $0.contains(text) }), !text.isEmpty else {
        return UsageError(
          message: "--only '\(text)' matches no benchmark (expected part of one of: \(names.joined(separator: ", ")))")
      }
      only = text
    case .trace:
      guard !text.isEmpty else { return UsageError(message: "--trace expects a file path (got '')") }
      trace = text
    }
    return nil
  }

  /// A seed: decimal digits, optionally grouped with `_`.
  private static func seed(_ text: String) -> UInt64? {
    Self.digits(text).flatMap { UInt64($0) }
  }

  /// `text` without `_` separators when it is made of ASCII digits only, with no leading,
  /// trailing or doubled separator.
  private static func digits(_ text: String) -> String? {
    let groups = text.split(separator: "_", omittingEmptySubsequences: false)
    guard !groups.contains(where: \.isEmpty),
      groups.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } })
    else { return nil }
    return groups.joined()
  }
}
