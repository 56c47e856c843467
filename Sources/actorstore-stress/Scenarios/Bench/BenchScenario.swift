/// `bench`: each figure of DESIGN.md's "Figures to reach", next to its baseline measured in the
/// same run, as the median and range of several rounds after a warm-up round. With `--runs N`
/// (3 by default), the whole bench runs N times in sequence and each time figure is judged on
/// the median of the runs' ratios (``BenchRuns``). Invariants: each benchmark's own correctness
/// checks (every action reduced once, no effect delivering after its cancel, the diff valid, …),
/// in every run.
struct BenchScenario: StressScenario {
  let sizes: ScenarioSizes
  /// `--only`: runs just the benchmarks whose name contains this; `nil` runs them all.
  var only: String? = nil

  /// Measured rounds per figure, after one warm-up round.
  static let rounds = 5
  /// The most `--runs`: a full run takes the better part of a minute.
  static let maximumRuns = 100
  /// The most items the diff and `IdentifiedArray` figures use (DESIGN.md's size).
  static let collectionSize = 100_000

  /// One benchmark: a name `--only` selects it by, and its figures.
  struct Benchmark {
    let name: String
    /// Measures; memory figures are returned apart, since the table lists them last.
    let run: (_ rounds: BenchRounds, _ log: inout InvariantLog) async -> (figures: [Figure], memory: [Figure])
  }

  /// The benchmarks' names, in the order they run; `--only` must match one of them.
  static var names: [String] { BenchScenario(sizes: ScenarioSizes()).benchmarks(seed: 0).map(\.name) }

  var name: ScenarioName { .bench }
  /// Full runs of the selected benchmarks (`--runs`; at least 1).
  var runs: Int { max(1, sizes.runs) }
  var unitsPerPass: Int { benchmarks(seed: 0).count * runs }
  var unit: String { "benchmarks" }

  var arguments: [String] {
    [
      "--actions", String(sizes.actions), "--effects", String(sizes.effects), "--elements", String(sizes.elements),
      "--hosts", String(sizes.hosts), "--runs", String(runs),
    ] + (only.map { ["--only", $0] } ?? [])
  }

  var summary: String {
    let rounds = "median of \(Self.rounds) rounds after a warm-up round"
    return runs == 1 ? "target figures, \(rounds)" : "target figures, median of \(runs) full runs, each the \(rounds)"
  }

  /// The benchmarks this run measures, in DESIGN.md's order of figures.
  func benchmarks(seed: UInt64) -> [Benchmark] {
    let sizes = self.sizes
    let collection = min(sizes.elements, Self.collectionSize)
    let effects = sizes.effects
    let all: [Benchmark] = [
      Benchmark(name: "send-chain") { rounds, log in
        ([await StoreThroughputBench.run(actions: sizes.actions, rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "awaited-send") { rounds, log in
        ([await AwaitedSendBench.run(sends: max(1, sizes.actions / 10), rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "round-trip") { rounds, log in
        ([await EffectRoundTripBench.run(roundTrips: max(1, sizes.actions / 40), rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "cancel-bulk") { rounds, log in
        let figures = await CancellationBench.run(effects: effects, rounds: rounds, log: &log)
        return ([figures[0]], [figures[1]])
      },
      Benchmark(name: "start-cancel") { rounds, log in
        ([await StartCancelBench.run(pairs: effects, rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "cancel-among") { rounds, log in
        let figures = await CancelAmongInFlightBench.run(
          others: [10, max(1, effects / 10), effects * 10], cancels: max(1, effects / 10), rounds: rounds, log: &log)
        return (figures, [])
      },
      Benchmark(name: "registry") { rounds, log in
        let figures = await RegistryBench.run(elements: sizes.elements, hosts: sizes.hosts, rounds: rounds, log: &log)
        return (figures.dropLast(), [figures.last!])
      },
      Benchmark(name: "diff") { rounds, log in
        var figures: [Figure] = []
        for items in Set([collection / 100, collection / 10, collection].filter { $0 > 0 }).sorted() {
          figures.append(await DiffBench.run(items: items, seed: seed, rounds: rounds, log: &log))
        }
        return (figures, [])
      },
      Benchmark(name: "remove") { rounds, log in
        ([await IdentifiedArrayRemovalBench.run(elements: collection, seed: seed, rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "declared") { rounds, log in
        let figures = await DeclarativeDiffBench.run(items: collection, seed: seed, rounds: rounds, log: &log)
        return ([figures[0]], [figures[1]])
      },
      Benchmark(name: "live-stores") { rounds, log in
        (await LiveElementStoresBench.run(sends: max(64, sizes.actions / 10), rounds: rounds, log: &log), [])
      },
      Benchmark(name: "main-actor") { rounds, log in
        (await MainActorDeliveryBench.run(changes: max(1, sizes.actions / 200), rounds: rounds, log: &log), [])
      },
      Benchmark(name: "tracing") { rounds, log in
        let figures = await TracingBench.run(
          actions: sizes.actions, sends: max(1, sizes.actions / 10), rounds: rounds, log: &log)
        return (figures, [])
      },
      Benchmark(name: "observable-send") { rounds, log in
        ([await ObservableStoreBench.run(sends: max(1, sizes.actions / 10), rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "observable-binding") { rounds, log in
        ([await ObservableStoreBench.runBinding(writes: max(1, sizes.actions / 10), rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "observable-rows") { rounds, log in
        let rows = min(sizes.elements, ObservableRowsBench.listSize)
        let operations = max(1, sizes.actions / 20_000)
        return ([await ObservableRowsBench.run(rows: rows, operations: operations, rounds: rounds, log: &log)], [])
      },
      Benchmark(name: "shared-fan-out") { rounds, log in
        let stores = min(1_000, max(1, sizes.elements))
        let changes = max(1, sizes.actions / 100_000)
        return ([await SharedFanOutBench.run(stores: stores, changes: changes, rounds: rounds, log: &log)], [])
      },
    ]
    return all.filter { benchmark in only.map { benchmark.name.contains($0) } ?? true }
  }

  /// Runs every selected benchmark ``runs`` times in sequence, each run with the same seed (the
  /// same diff edits and removals), and combines the runs' figures (``BenchRuns``).
  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    var log = InvariantLog(seed: seed)
    let rounds = BenchRounds(rounds: Self.rounds)
    var figuresByRun: [[Figure]] = []
    for _ in 0..<runs {
      var figures: [Figure] = []
      var memory: [Figure] = []
      for benchmark in benchmarks(seed: seed) {
        let measured = await benchmark.run(rounds, &log)
        figures += measured.figures
        // DESIGN.md's order: the memory figures (declared item, registry entry, then effect) come
        // last, the reverse of the order their benchmarks run in.
        memory.insert(contentsOf: measured.memory, at: 0)
        progress.advance(by: 1)
      }
      figuresByRun.append(figures + memory)
    }
    return PassOutcome(figures: BenchRuns.combine(figuresByRun), invariants: log)
  }
}
