/// An invariant that did not hold, with the seed whose pass broke it.
struct InvariantViolation: Equatable, Sendable {
  /// The invariant's name, as listed in the report.
  let invariant: String
  /// What was observed instead.
  let detail: String
  /// The seed of the pass that broke it: rerunning with `--seed` replays the same plan.
  let seed: UInt64
}

/// The invariants a scenario checked, in order, and the ones that broke.
struct InvariantLog: Sendable {
  /// The seed recorded with each violation.
  let seed: UInt64
  private(set) var checked: [String] = []
  private(set) var violations: [InvariantViolation] = []
  /// Violations beyond the ones kept (see ``keptViolations``).
  private(set) var droppedViolations = 0

  /// How many violations are kept with their detail; the rest are only counted, except the
  /// first of each invariant, which is always kept so that the report marks it broken.
  static let keptViolations = 20

  init(seed: UInt64) { self.seed = seed }

  /// Whether every invariant held.
  var holds: Bool { violations.isEmpty }

  /// Records that `invariant` was checked, and a violation when it did not hold.
  /// - Parameters:
  ///   - invariant: The invariant's name.
  ///   - holds: Whether it held.
  ///   - detail: What was observed instead; built only on a violation.
  mutating func check(_ invariant: String, _ holds: Bool, _ detail: @autoclosure () -> String) {
    if !checked.contains(invariant) { checked.append(invariant) }
    if !holds { record(InvariantViolation(invariant: invariant, detail: detail(), seed: seed)) }
  }

  /// Adds what `other` checked and found.
  /// - Parameter other: Another pass's log.
  mutating func merge(_ other: InvariantLog) {
    for invariant in other.checked where !checked.contains(invariant) { checked.append(invariant) }
    for violation in other.violations { record(violation) }
    droppedViolations += other.droppedViolations
  }

  private mutating func record(_ violation: InvariantViolation) {
    if violations.count < Self.keptViolations || !violations.contains(where: { $0.invariant == violation.invariant }) {
      violations.append(violation)
    } else {
      droppedViolations += 1
    }
  }
}
