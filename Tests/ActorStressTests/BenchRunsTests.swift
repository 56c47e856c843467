import Testing

@testable import actorstore_stress

/// How `bench --runs N` combines its runs (``BenchRuns``): pure functions over made-up figures, no
/// timing.
@Suite struct BenchRunsTests {
  /// A time comparison as one run would report it.
  static func comparison(
    _ name: String = "figure", median: Double, baseline: Double, maxRatio: Double = 3, maxMedian: Double? = nil,
    detail: String? = nil, allocations: Double = 1
  ) -> Figure {
    var figure = Figure(scenario: "bench", name: name, unit: "ns/op", samples: [median * 0.9, median, median * 1.2])
    figure.baseline = baseline
    figure.ratio = median / baseline
    figure.target = "≤ \(maxRatio)×"
    let target = TimeTarget(maxRatio: maxRatio, maxMedian: maxMedian)
    figure.timeTarget = target
    figure.met = target.isMet(median: median, ratio: median / baseline)
    figure.detail = detail
    figure.costs = CostsPerOperation(
      rounds: [CostCounts(allocations: Int(allocations), retains: 0, releases: 0, globalEnqueues: 0)],
      operations: 1)
    return figure
  }

  static func memory(_ bytes: Double) -> Figure {
    var figure = Figure(scenario: "bench", name: "memory per entry", unit: "B", samples: [bytes])
    figure.target = "≤ 256 B"
    figure.met = bytes <= 256
    return figure
  }

  @Test func medianRunIsTheMiddleOneOrTheLowerMiddleOne() {
    #expect(BenchRuns.medianRun([5]) == 0)
    #expect(BenchRuns.medianRun([3, 1, 2]) == 2)
    #expect(BenchRuns.medianRun([1, 3, 2]) == 2)
    #expect(BenchRuns.medianRun([2, 2, 1]) == 0)
    #expect(BenchRuns.medianRun([4, 1, 3, 2]) == 3)
  }

  @Test func oneRunIsReportedAsItIs() {
    let run = [Self.comparison(median: 400, baseline: 100), Self.memory(300)]
    #expect(BenchRuns.combine([run]) == run)
    #expect(BenchRuns.combine([]) == [])
  }

  /// One slow run misses the target, the other two meet it: the median ratio decides.
  @Test func metIsJudgedOnTheMedianRatio() throws {
    let runs = [
      [Self.comparison(median: 250, baseline: 100, detail: "run 1")],
      [Self.comparison(median: 450, baseline: 100, detail: "run 2")],
      [Self.comparison(median: 280, baseline: 140, detail: "run 3")],
    ]
    #expect(runs.map { $0[0].met } == [true, false, true])
    let figure = try #require(BenchRuns.combine(runs).first)
    #expect(figure.runRatios == [2.5, 4.5, 2])
    #expect(figure.ratio == 2.5)
    #expect(figure.met == true)
    #expect(figure.median == 280)
    #expect(figure.min == 250 && figure.max == 450)
    #expect(figure.baseline == 100)
    // The detail of the run whose median is the median, so that its rates agree with `median`.
    #expect(figure.detail == "run 3 (run 3 of 3, the median one)")
    #expect(figure.costs == runs[0][0].costs)
  }

  @Test func twoSlowRunsOfThreeMissTheTarget() throws {
    let runs = [310.0, 290, 320].map { [Self.comparison(median: $0, baseline: 100)] }
    let figure = try #require(BenchRuns.combine(runs).first)
    #expect(figure.ratio == 3.1)
    #expect(figure.met == false)
  }

  /// The median of an even count of ratios is the mean of the middle two.
  @Test func anEvenCountOfRunsTakesTheMeanOfTheMiddleRatios() throws {
    let runs = [200.0, 400, 250, 350].map { [Self.comparison(median: $0, baseline: 100)] }
    let figure = try #require(BenchRuns.combine(runs).first)
    #expect(figure.ratio == 3)
    #expect(figure.met == true)
    #expect(figure.median == 300)
  }

  @Test func anAbsoluteBoundIsJudgedOnTheMedianOfTheMedians() throws {
    let runs = [40.0, 60, 45].map { [Self.comparison(median: $0, baseline: 20, maxMedian: 50)] }
    #expect(runs.map { $0[0].met } == [true, false, true])
    #expect(try #require(BenchRuns.combine(runs).first).met == true)
    let slow = [55.0, 60, 45].map { [Self.comparison(median: $0, baseline: 20, maxMedian: 50)] }
    #expect(try #require(BenchRuns.combine(slow).first).met == false)
  }

  /// A part of the target that is not a time (the diff's minimal moves) must hold in every run.
  @Test func aPartThatIsNotATimeMustHoldInEveryRun() throws {
    var runs = [200.0, 210, 220].map { [Self.comparison(median: $0, baseline: 100)] }
    runs[1][0].requireAlso(false)
    #expect(runs[1][0].met == false && runs[1][0].timeTarget?.othersHeld == false)
    let figure = try #require(BenchRuns.combine(runs).first)
    #expect(figure.ratio == 2.1)
    #expect(figure.met == false)
  }

  /// Memory figures (and the costs of every figure) are exact, not times: the first run's.
  @Test func figuresThatAreNotTimesAreTheFirstRuns() {
    let runs = [
      [Self.comparison(median: 200, baseline: 100, allocations: 3), Self.memory(200)],
      [Self.comparison(median: 220, baseline: 100, allocations: 4), Self.memory(300)],
      [Self.comparison(median: 210, baseline: 100, allocations: 5), Self.memory(300)],
    ]
    let figures = BenchRuns.combine(runs)
    #expect(figures.map(\.name) == ["figure", "memory per entry"])
    #expect(figures[0].costs?.allocations == 3)
    #expect(figures[1] == runs[0][1])
    #expect(figures[1].runRatios == nil)
  }
}
