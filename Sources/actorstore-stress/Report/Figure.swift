/// One measured figure: the subject's median and range over its samples, and, for a
/// benchmark, the baseline measured in the same run, their ratio and the target.
struct Figure: Equatable, Sendable {
  /// The scenario that measured it.
  var scenario: String
  /// What was measured.
  var name: String
  /// The unit of ``median``, ``min``, ``max`` and ``baseline``.
  var unit: String
  var median: Double
  var min: Double
  var max: Double
  /// The baseline's median, in the same unit.
  var baseline: Double?
  /// `median / baseline`: how many times the baseline's cost the subject takes. Over several
  /// `bench` runs (``runRatios``), the median of the runs' ratios instead.
  var ratio: Double?
  /// The target, as written in DESIGN.md.
  var target: String?
  /// Whether the target was met; for a time comparison over several `bench` runs, judged on the
  /// median of the runs' ratios (see ``BenchRuns``).
  var met: Bool?
  /// What a time comparison's target requires, kept so that a figure combined over several
  /// `bench` runs can be judged again on its median ratio; `nil` for other figures (memory,
  /// counts, throughputs), which are not judged on times.
  var timeTarget: TimeTarget?
  /// Each run's ratio, in run order, when `bench --runs N` combined N > 1 runs into this figure;
  /// `nil` for a figure of a single run, or one taken from the first run (not a time comparison).
  var runRatios: [Double]?
  /// Anything else worth reading next to the figure (rates, move counts, how it was measured).
  var detail: String?
  /// The subject's exact costs per operation (`bench --counts`).
  var costs: CostsPerOperation?
  /// The baseline's exact costs per operation (`bench --counts`).
  var baselineCosts: CostsPerOperation?

  /// A figure from samples; the median of an even count is the mean of the middle two.
  /// - Parameters:
  ///   - scenario: The scenario that measured it.
  ///   - name: What was measured.
  ///   - unit: The samples' unit.
  ///   - samples: At least one sample.
  init(scenario: String, name: String, unit: String, samples: [Double]) {
    self.scenario = scenario
    self.name = name
    self.unit = unit
    median = Self.median(of: samples)
    min = samples.min() ?? .nan
    max = samples.max() ?? .nan
  }

  /// The median of `samples`, or NaN when there are none.
  static func median(of samples: [Double]) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// What a time comparison's target requires: a largest ratio to its baseline, sometimes a
/// largest absolute cost per operation, and sometimes a condition that is not a time (the diff's
/// minimal moves).
struct TimeTarget: Equatable, Sendable {
  /// The largest subject ÷ baseline ratio.
  var maxRatio: Double
  /// The largest median cost per operation, in the figure's unit, when the target also has an
  /// absolute bound (figure 1's ≥ 20 M actions/s); `nil` when the ratio alone decides.
  var maxMedian: Double? = nil
  /// Whether the target's parts that are not times held (e.g. the diff's minimal moves).
  var othersHeld = true

  /// Whether a figure with this median and ratio meets the target.
  /// - Parameters:
  ///   - median: The subject's median cost per operation.
  ///   - ratio: The subject ÷ baseline ratio the figure is judged on.
  /// - Returns: `true` when the ratio, the absolute bound if any and the other parts all hold.
  func isMet(median: Double, ratio: Double) -> Bool {
    othersHeld && ratio <= maxRatio && median <= (maxMedian ?? .infinity)
  }
}

/// Exact costs per operation: for each counter, the median over the measured rounds of the
/// round's count divided by its operations.
struct CostsPerOperation: Equatable, Sendable {
  var allocations: Double
  var retains: Double
  var releases: Double
  var globalEnqueues: Double
  var accessChecks: Double
  var executorSwitches: Double
  var lockAcquisitions: Double
  var metadataLookups: Double

  /// Retains and releases together: what an extra reference-counted hop costs.
  var retainsAndReleases: Double { retains + releases }

  /// The costs per operation of `rounds`, `nil` when there are none.
  init?(rounds: [CostCounts], operations: Int) {
    guard !rounds.isEmpty else { return nil }
    let per = { (value: Int) in Double(value) / Double(Swift.max(1, operations)) }
    allocations = Figure.median(of: rounds.map { per($0.allocations) })
    retains = Figure.median(of: rounds.map { per($0.retains) })
    releases = Figure.median(of: rounds.map { per($0.releases) })
    globalEnqueues = Figure.median(of: rounds.map { per($0.globalEnqueues) })
    accessChecks = Figure.median(of: rounds.map { per($0.accessChecks) })
    executorSwitches = Figure.median(of: rounds.map { per($0.executorSwitches) })
    lockAcquisitions = Figure.median(of: rounds.map { per($0.lockAcquisitions) })
    metadataLookups = Figure.median(of: rounds.map { per($0.metadataLookups) })
  }

  /// `allocations 3.00, retains+releases 41.0, global enqueues 1.00, exclusivity checks 0.00,
  /// executor switches 2.00, lock acquisitions 5.00, metadata lookups 0.00`.
  var summary: String {
    "allocations \(Format.fixed(allocations, 2)), retains+releases \(Format.fixed(retainsAndReleases, 1)), global enqueues \(Format.fixed(globalEnqueues, 2)), exclusivity checks \(Format.fixed(accessChecks, 2)), executor switches \(Format.fixed(executorSwitches, 2)), lock acquisitions \(Format.fixed(lockAcquisitions, 2)), metadata lookups \(Format.fixed(metadataLookups, 2))"
  }
}
