/// The measured rounds of a comparison, warm-up excluded: the timed parts' durations and, under
/// `bench --counts`, their exact costs (``CostCounters``), one per round.
struct ComparedRounds {
  var subject: [Duration]
  var baseline: [Duration]
  var subjectCosts: [CostCounts] = []
  var baselineCosts: [CostCounts] = []
}

/// How `bench` measures a figure: one warm-up round, then `rounds` rounds alternating subject and
/// baseline, so that both see the same machine state; each closure does its own untimed setup
/// and returns the duration of its timed part (timed with ``time(_:)``, which also counts its
/// costs under `--counts`; a closure that times several parts returns the first one's).
struct BenchRounds: Sendable {
  /// Measured rounds (the warm-up round is extra and discarded).
  let rounds: Int

  /// Measures `subject` and `baseline` alternately.
  /// - Parameters:
  ///   - subject: One round of the subject; returns the timed part's duration.
  ///   - baseline: One round of the baseline; returns the timed part's duration.
  /// - Returns: The measured rounds, warm-up excluded.
  func compare(subject: () async -> Duration, baseline: () async -> Duration) async -> ComparedRounds {
    var measured = ComparedRounds(subject: [], baseline: [])
    for round in 0...rounds {
      CostCounters.startRound()
      let subjectTime = await subject()
      let subjectCosts = CostCounters.roundCosts
      CostCounters.startRound()
      let baselineTime = await baseline()
      let baselineCosts = CostCounters.roundCosts
      guard round > 0 else { continue }
      measured.subject.append(subjectTime)
      measured.baseline.append(baselineTime)
      if let subjectCosts, let baselineCosts {
        measured.subjectCosts.append(subjectCosts)
        measured.baselineCosts.append(baselineCosts)
      }
    }
    return measured
  }

  /// The measured rounds of a side measurement a benchmark's closures recorded once per call
  /// (a second timing, a memory figure): `compare` calls them for the warm-up round first, and
  /// drops that round from its own results the same way.
  /// - Parameter samples: One sample per call, in call order.
  /// - Returns: The samples without the warm-up round's.
  static func measured<Sample>(_ samples: [Sample]) -> [Sample] { Array(samples.dropFirst()) }

  /// Times `operation`, and adds its costs to the round's (see ``CostCounters``).
  static func time(_ operation: () async -> Void) async -> Duration {
    let clock = ContinuousClock()
    let costs = CostCounters.now
    let start = clock.now
    await operation()
    let elapsed = clock.now - start
    CostCounters.record(since: costs)
    return elapsed
  }

  /// ``time(_:)`` for a synchronous part on the main actor (a main-actor store's sends, which
  /// return having reduced their action): no hop in or out of the timed part.
  @MainActor static func timeOnMainActor(_ operation: () -> Void) -> Duration {
    let clock = ContinuousClock()
    let costs = CostCounters.now
    let start = clock.now
    operation()
    let elapsed = clock.now - start
    CostCounters.record(since: costs)
    return elapsed
  }
}

extension Figure {
  /// A `bench` figure comparing the subject with its baseline per operation.
  /// - Parameters:
  ///   - name: What was measured.
  ///   - operations: Operations per round, to turn durations into nanoseconds per operation.
  ///   - unit: The per-operation unit, e.g. "ns/action".
  ///   - times: The rounds from ``BenchRounds/compare(subject:baseline:)``.
  ///   - costOperations: Operations per round to divide the costs by, when the durations are
  ///     already per operation (`operations` is then 1).
  ///   - maxRatio: The target's largest ratio.
  ///   - maxNanoseconds: The target's largest absolute cost per operation, if it has one.
  ///   - target: The target as DESIGN.md writes it.
  /// - Returns: The figure, with its ``timeTarget``; `met` holds when the median ratio and cost
  ///   are within the target.
  static func comparison(
    _ name: String, operations: Int, unit: String, times: ComparedRounds, costOperations: Int? = nil,
    maxRatio: Double, maxNanoseconds: Double? = nil, target: String
  ) -> Figure {
    let perOperation = { (times: [Duration]) in times.map { $0.nanoseconds / Double(Swift.max(1, operations)) } }
    var figure = Figure(scenario: "bench", name: name, unit: unit, samples: perOperation(times.subject))
    let baseline = Figure.median(of: perOperation(times.baseline))
    figure.baseline = baseline
    figure.ratio = figure.median / baseline
    figure.target = target
    let timeTarget = TimeTarget(maxRatio: maxRatio, maxMedian: maxNanoseconds)
    figure.timeTarget = timeTarget
    figure.met = timeTarget.isMet(median: figure.median, ratio: figure.ratio!)
    figure.costs = CostsPerOperation(rounds: times.subjectCosts, operations: costOperations ?? operations)
    figure.baselineCosts = CostsPerOperation(rounds: times.baselineCosts, operations: costOperations ?? operations)
    return figure
  }

  /// Adds a part of a time comparison's target that is not a time (the diff's minimal moves):
  /// `met` then also requires it, here and when the runs are combined (``BenchRuns``).
  /// - Parameter held: Whether that part held in this run.
  mutating func requireAlso(_ held: Bool) {
    guard var timeTarget, let ratio else { return }
    timeTarget.othersHeld = timeTarget.othersHeld && held
    self.timeTarget = timeTarget
    met = timeTarget.isMet(median: median, ratio: ratio)
  }
}
