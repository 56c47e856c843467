import ActorStore
import ActorStoreTesting

/// `scroll`: a list of `--elements` rows scrolled top to bottom through `--hosts` reused hosts
/// (a headless collection view), with seeded inserts, deletes and moves on the way, while each
/// row on screen runs a ticker effect. With each edit batch comes undo churn: on-screen rows
/// removed and re-inserted under the same ID while their hosts stay bound, and a host released
/// without unbind. Invariants: every batch update passes the validator, each host shows the row
/// it is bound to and never stale state, registry counts are never negative, no row effect
/// outlives its row, and the registry and the effect registry are empty at the end. Memory
/// (``ScrollMemory``): after the scroll the registry keeps at most its unbound-store limit plus
/// the bound hosts' stores, and from 500 000 rows the peak resident memory is at most 512 B per
/// row.
struct ScrollScenario: StressScenario {
  let elements: Int
  let hosts: Int
  /// Where the list's store tree traces to, if anywhere (`--trace`).
  var trace: (any StoreTraceSink)? = nil

  /// Edit batches spread over one scroll.
  static let editBatches = 40

  var name: ScenarioName { .scroll }
  var unitsPerPass: Int { elements }
  var unit: String { "rows" }
  var arguments: [String] { ["--elements", String(elements), "--hosts", String(hosts)] }

  var summary: String {
    "\(Format.count(elements)) rows through \(hosts) hosts, \(Self.editBatches) edit batches with undo churn"
  }

  func runPass(seed: UInt64, progress: ProgressMeter) async -> PassOutcome {
    let session = ScrollSession(elements: elements, hosts: hosts, seed: seed, trace: trace)
    let clock = ContinuousClock()
    let start = clock.now
    await session.run(edits: Self.editBatches, progress: progress)
    let elapsed = (clock.now - start).seconds
    var figure = Figure(
      scenario: name.rawValue, name: "rows scrolled", unit: "rows/s", samples: [Double(elements) / elapsed])
    figure.detail =
      "\(Format.count(session.simulator.bindCount)) binds, \(session.validatedUpdates) validated updates, "
      + "\(session.editsApplied) edit batches, \(session.rowsUndone) rows undone on screen, "
      + "\(session.hostsReleasedBound) hosts released while bound, \(Format.count(session.ticksSeen.count)) ticks observed"
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
