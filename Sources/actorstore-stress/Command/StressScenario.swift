/// A scenario the runner can repeat: each pass gets its own seed and checks its own invariants.
protocol StressScenario: Sendable {
  var name: ScenarioName { get }
  /// The work one pass does, in ``unit``s, for progress lines.
  var unitsPerPass: Int { get }
  /// What ``unitsPerPass`` counts, e.g. "actions".
  var unit: String { get }
  /// The work of one pass, e.g. "1 000 000 actions from 16 senders".
  var summary: String { get }
  /// The options and values that rerun this scenario at the same size (without `--seed`).
  var arguments: [String] { get }

  /// Runs one pass.
  /// - Parameters:
  ///   - seed: Draws the pass's plan; the same seed replays the same plan.
  ///   - progress: Counts work done.
  /// - Returns: The pass's figures and checks.
  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome
}

/// What one pass measured and checked.
struct PassOutcome: Sendable {
  var figures: [Figure]
  var invariants: InvariantLog
}
