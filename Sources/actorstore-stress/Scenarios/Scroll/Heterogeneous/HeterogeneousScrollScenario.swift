import ActorStore
import ActorStoreTesting

/// `scroll --heterogeneous`: the `scroll` list declared as a heterogeneous collection, each row
/// shown as several items of different kinds (a title and, for some rows, a badge, both bound to
/// the row's one store, and an unbound spacer; a header above them) through a viewport with one
/// reuse pool per kind.
/// Edit batches also change items' content and kind. Invariants: those of `scroll`, plus no host
/// left showing stale content or a wrong kind, and items of one row sharing its store; and the
/// memory checks of ``ScrollMemory``.
struct HeterogeneousScrollScenario: StressScenario {
  let elements: Int
  let hosts: Int
  /// Where the list's store tree traces to, if anywhere (`--trace`).
  var trace: (any StoreTraceSink)? = nil

  var name: ScenarioName { .scroll }
  var unitsPerPass: Int { elements }
  var unit: String { "rows" }
  var arguments: [String] { ["--elements", String(elements), "--hosts", String(hosts), "--heterogeneous"] }

  var summary: String {
    "\(Format.count(elements)) rows as ~\(Format.count(elements * 2 + elements / HeterogeneousScrollSession.badgeEvery)) "
      + "items of 4 kinds through \(hosts) hosts, \(ScrollScenario.editBatches) edit batches"
  }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    let session = HeterogeneousScrollSession(elements: elements, hosts: hosts, seed: seed, trace: trace)
    let clock = ContinuousClock()
    let start = clock.now
    await session.run(edits: ScrollScenario.editBatches, progress: progress)
    let elapsed = (clock.now - start).seconds
    var figure = Figure(
      scenario: name.rawValue, name: "rows scrolled (heterogeneous)", unit: "rows/s",
      samples: [Double(elements) / elapsed])
    figure.detail =
      "\(Format.count(session.simulator.configureCount)) configures, "
      + "\(Format.count(session.simulator.reconfigureCount)) reconfigures, "
      + "\(Format.count(session.simulator.reuseCount)) reuses, \(session.validatedUpdates) validated updates"
    var figures = [figure]
    var log = session.log
    if let registry = session.registryAfterScroll,
      let memory = ScrollMemory.figure(scenario: name, elements: elements, registry: registry, log: &log)
    {
      figures.append(memory)
    }
    if trace != nil { figures.append(await TraceFigure.make(scenario: name, store: session.store)) }
    return PassOutcome(figures: figures, invariants: log)
  }
}
