/// How `bench` measures a figure: one warm-up round, then `rounds` rounds alternating subject and
/// baseline, so that both see the same machine state; each closure does its own untimed setup
/// and returns the duration of its timed part.
struct BenchRounds: Sendable {
  /// Measured rounds (the warm-up round is extra and discarded).
  let rounds: Int

  /// Measures `subject` and `baseline` alternately.
  /// - Parameters:
  ///   - subject: One round of the subject; returns the timed part's duration.
  ///   - baseline: One round of the baseline; returns the timed part's duration.
  /// - Returns: The measured rounds' durations, warm-up excluded.
  func compare(
    subject: () async -> Duration, baseline: () async -> Duration
  ) async -> (subject: [Duration], baseline: [Duration]) {
    var subjectTimes: [Duration] = []
    var baselineTimes: [Duration] = []
    for round in 0...rounds {
      let subjectTime = await subject()
      let baselineTime = await baseline()
      guard round > 0 else { continue }
      subjectTimes.append(subjectTime)
      baselineTimes.append(baselineTime)
    }
    return (subjectTimes, baselineTimes)
  }

  /// The measured rounds of a side measurement a benchmark's closures recorded once per call
  /// (a second timing, a memory figure): `compare` calls them for the warm-up round first, and
  /// drops that round from its own results the same way.
  /// - Parameter samples: One sample per call, in call order.
  /// - Returns: The samples without the warm-up round's.
  static func measured<Sample>(_ samples: [Sample]) -> [Sample] { Array(samples.dropFirst()) }

  /// Times `operation`.
  static func time(_ operation: () async -> Void) async -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    await operation()
    return clock.now - start
  }
}

extension Figure {
  /// A `bench` figure comparing the subject with its baseline per operation.
  /// - Parameters:
  ///   - name: What was measured.
  ///   - operations: Operations per round, to turn durations into nanoseconds per operation.
  ///   - unit: The per-operation unit, e.g. "ns/action".
  ///   - times: The rounds from ``BenchRounds/compare(subject:baseline:)``.
  ///   - maxRatio: The target's largest ratio.
  ///   - maxNanoseconds: The target's largest absolute cost per operation, if it has one.
  ///   - target: The target as DESIGN.md writes it.
  /// - Returns: The figure; `met` holds when the median ratio and cost are within the target.
  static func comparison(
    _ name: String, operations: Int, unit: String, times: (subject: [Duration], baseline: [Duration]),
    maxRatio: Double, maxNanoseconds: Double? = nil, target: String
  ) -> Figure {
    let perOperation = { (times: [Duration]) in times.map { $0.nanoseconds / Double(Swift.max(1, operations)) } }
    var figure = Figure(scenario: "bench", name: name, unit: unit, samples: perOperation(times.subject))
    let baseline = Figure.median(of: perOperation(times.baseline))
    figure.baseline = baseline
    figure.ratio = figure.median / baseline
    figure.target = target
    figure.met = figure.ratio! <= maxRatio && figure.median <= (maxNanoseconds ?? .infinity)
    return figure
  }
}
