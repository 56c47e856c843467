/// What one scenario did: its figures, the invariants it checked and how it went, how long it
/// took and how much memory it used.
struct ScenarioReport: Sendable {
  let scenario: ScenarioName
  /// The seed of the first pass.
  let seed: UInt64
  /// How many passes ran (more than one with `--duration`).
  var passes: Int
  /// The work done, e.g. "1 000 000 actions from 16 senders".
  var summary: String
  var figures: [Figure]
  var invariants: InvariantLog
  /// Warnings ActorStore reported while the scenario ran (kept, not failures).
  var warnings: [String]
  var wallSeconds: Double
  /// The peak resident set size while the scenario ran (since the process started when the
  /// kernel refused to reset the peak).
  var peakMemoryBytes: Int?
  /// The options that rerun the scenario at the same sizes, tracing to the same file when this
  /// run traced (`--trace`), without `--seed`.
  var arguments: [String]
  /// Whether a stop request (Ctrl-C) abandoned a pass: the figures and invariants cover only
  /// the ``passes`` that completed.
  var interrupted = false

  /// Whether every invariant held; also `true` when none was checked (see ``judged``).
  var passed: Bool { invariants.holds }

  /// Whether any invariant was checked: `false` when a stop came before the first pass
  /// completed (every completed pass checks at least that no runtime issue was reported).
  var judged: Bool { !invariants.checked.isEmpty }

  /// The command line that replays the pass run with `seed`.
  /// - Parameter seed: A pass's seed, e.g. a violation's.
  /// - Returns: `actorstore-stress <scenario> <options> --seed <seed>`, each argument quoted for
  ///   a POSIX shell when it needs it (a `--trace` path with spaces).
  func reproduction(seed: UInt64) -> String {
    (["actorstore-stress", scenario.rawValue] + arguments + ["--seed", String(seed)]).map(Self.shellQuoted)
      .joined(separator: " ")
  }

  /// `argument` as a shell reads it back: as is when made of characters no shell treats
  /// specially, else in single quotes (a quote inside written `'\''`).
  static func shellQuoted(_ argument: String) -> String {
    if !argument.isEmpty && argument.allSatisfy(shellSafe.contains) { return argument }
    return "'" + argument.replacing("'", with: #"'\''"#) + "'"
  }

  private static let shellSafe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+%@")
}
