/// How `bench --runs N` turns N full runs of the bench into one report: a time figure's ratio to
/// its baseline moves with the machine's phase from one run to the next, so each time comparison
/// is judged on the median of the runs' ratios, not on one run's.
///
/// For each time comparison (a figure with a ``Figure/timeTarget``), over the runs:
/// - `median` is the median of the runs' medians, `min` and `max` the smallest and largest of
///   them (the spread between runs, not between rounds);
/// - `baseline` is the median of the runs' baselines;
/// - `ratio` is the median of the runs' ratios, and ``Figure/runRatios`` lists them in run order
///   (so `ratio` is not `median / baseline` in general);
/// - `met` is the target judged on that median ratio and median cost, and on the target's parts
///   that are not times (the diff's minimal moves) holding in every run;
/// - `detail` is the one of the run whose median is the median (the lower middle one for an even
///   count), so that the rates it states agree with `median`, and says which run that is (its
///   baseline rates are that run's, not the median of the baselines);
/// - `costs` and `baselineCosts` (`--counts`) are the first run's: they are exact counts.
///
/// Every other figure (memory, whose heap growth is no time) is the first run's as it is.
enum BenchRuns {
  /// One report's figures from the figures of every run.
  /// - Parameter runs: Each run's figures, in run order; every run measures the same figures.
  /// - Returns: The first run's figures in its order, each time comparison combined over the
  ///   runs; a single run's figures unchanged.
  static func combine(_ runs: [[Figure]]) -> [Figure] {
    guard runs.count > 1, let first = runs.first else { return runs.first ?? [] }
    return first.map { figure in
      guard figure.timeTarget != nil else { return figure }
      return combine(runs.compactMap { run in run.first { $0.name == figure.name } })
    }
  }

  /// One time comparison from its figure in every run.
  /// - Parameter runs: The figure as each run measured it, in run order; at least one, each with
  ///   a ``Figure/timeTarget``.
  /// - Returns: The combined figure (see ``BenchRuns``).
  static func combine(_ runs: [Figure]) -> Figure {
    guard runs.count > 1, var combined = runs.first, var target = combined.timeTarget else {
      return runs.first ?? Figure(scenario: "bench", name: "", unit: "", samples: [])
    }
    let medians = runs.map(\.median)
    let ratios = runs.compactMap(\.ratio)
    combined.median = Figure.median(of: medians)
    combined.min = medians.min() ?? .nan
    combined.max = medians.max() ?? .nan
    combined.baseline = Figure.median(of: runs.compactMap(\.baseline))
    combined.ratio = Figure.median(of: ratios)
    combined.runRatios = ratios
    target.othersHeld = runs.allSatisfy { $0.timeTarget?.othersHeld ?? true }
    combined.timeTarget = target
    combined.met = target.isMet(median: combined.median, ratio: combined.ratio!)
    let middle = medianRun(medians)
    combined.detail = runs[middle].detail.map { "\($0) (run \(middle + 1) of \(runs.count), the median one)" }
    return combined
  }

  /// The index of the run whose value is the median: the middle one of the sorted values, the
  /// lower middle one for an even count (ties keep run order).
  /// - Parameter values: One value per run, at least one.
  /// - Returns: An index into `values`.
  static func medianRun(_ values: [Double]) -> Int {
    let order = values.indices.sorted { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
    return order[(order.count - 1) / 2]
  }
}
