/// `bench`: each figure of DESIGN.md's "Figures to reach", next to its baseline measured in the
/// same run, as the median and range of several rounds after a warm-up round. Invariants: each
/// benchmark's own correctness checks (every action reduced once, no effect delivering after
/// its cancel, the diff valid, …).
struct BenchScenario: StressScenario {
  let sizes: ScenarioSizes

  /// Measured rounds per figure, after one warm-up round.
  static let rounds = 5
  /// The most items the diff and `IdentifiedArray` figures use (DESIGN.md's size).
  static let collectionSize = 100_000

  var name: ScenarioName { .bench }
  var unitsPerPass: Int { 11 }
  var unit: String { "benchmarks" }

  var arguments: [String] {
    [
      "--actions", String(sizes.actions), "--effects", String(sizes.effects), "--elements", String(sizes.elements),
      "--hosts", String(sizes.hosts),
    ]
  }

  var summary: String { "target figures, median of \(Self.rounds) rounds after a warm-up round" }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    var log = InvariantLog(seed: seed)
    let rounds = BenchRounds(rounds: Self.rounds)
    let collection = min(sizes.elements, Self.collectionSize)
    let chain = await StoreThroughputBench.run(actions: sizes.actions, rounds: rounds, log: &log)
    progress.advance(by: 1)
    let send = await AwaitedSendBench.run(sends: max(1, sizes.actions / 10), rounds: rounds, log: &log)
    progress.advance(by: 1)
    let roundTrip = await EffectRoundTripBench.run(roundTrips: max(1, sizes.actions / 40), rounds: rounds, log: &log)
    progress.advance(by: 1)
    let cancellation = await CancellationBench.run(effects: sizes.effects, rounds: rounds, log: &log)
    progress.advance(by: 1)
    let registry = await RegistryBench.run(
      elements: sizes.elements, hosts: sizes.hosts, rounds: rounds, log: &log)
    progress.advance(by: 1)
    let diff = await DiffBench.run(items: collection, seed: seed, rounds: rounds, log: &log)
    progress.advance(by: 1)
    let removal = await IdentifiedArrayRemovalBench.run(elements: collection, seed: seed, rounds: rounds, log: &log)
    progress.advance(by: 1)
    let declared = await DeclarativeDiffBench.run(items: collection, seed: seed, rounds: rounds, log: &log)
    progress.advance(by: 1)
    let liveStores = await LiveElementStoresBench.run(sends: max(64, sizes.actions / 10), rounds: rounds, log: &log)
    progress.advance(by: 1)
    let mainActor = await MainActorDeliveryBench.run(changes: max(1, sizes.actions / 200), rounds: rounds, log: &log)
    progress.advance(by: 1)
    let tracing = await TracingBench.run(actions: sizes.actions, sends: max(1, sizes.actions / 10), rounds: rounds, log: &log)
    progress.advance(by: 1)
    // DESIGN.md's order: the memory figures (declared item, registry entry, then effect) come last.
    let figures =
      [chain, send, roundTrip, cancellation[0]] + registry.dropLast() + [diff, removal, declared[0]] + liveStores
      + mainActor + tracing + [declared[1], registry.last!, cancellation[1]]
    return PassOutcome(figures: figures, invariants: log)
  }
}
