import ActorStore
import Synchronization

/// Figure 1: actions processed inside the store, a `.send` chain with no observer, against the
/// same reducer called in a `Mutex`-guarded `inout` loop.
enum StoreThroughputBench {
  /// Counts actions; each one but the last of a chain sends the next.
  struct Chain: Reducer {
    struct State: Sendable { var count = 0 }
    enum Action: Sendable { case link(remaining: Int) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .link(let remaining):
        state.count &+= 1
        return remaining > 0 ? .send(.link(remaining: remaining - 1)) : .none
      }
    }
  }

  /// Actions per chain, i.e. per outside `send`: long enough that the hop into the store is
  /// noise, short enough that the store's queue stays small.
  static let chainLength = 10_000

  static func run(actions: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    let length = min(actions, chainLength)
    let chains = max(1, actions / length)
    let total = chains * length
    var counted: [Int] = []
    let times = await rounds.compare(
      subject: {
        let store = Store(initialState: Chain.State(), reducer: Chain())
        let elapsed = await BenchRounds.time {
          for _ in 0..<chains { await store.send(.link(remaining: length - 1)) }
        }
        counted.append(await store.state.count)
        return elapsed
      },
      baseline: {
        let state = Mutex(Chain.State())
        let reducer = Chain()
        let elapsed = await BenchRounds.time {
          for _ in 0..<chains {
            for link in 0..<length {
              let action = Chain.Action.link(remaining: length - 1 - link)
              blackhole(state.withLock { reducer.reduce(into: &$0, action: action) })
            }
          }
        }
        counted.append(state.withLock { $0.count })
        return elapsed
      })
    log.check(
      "every chained action reduced exactly once", counted.allSatisfy { $0 == total },
      "counts per round \(counted), expected \(total)")
    var figure = Figure.comparison(
      "actions in store (.send chain)", operations: total, unit: "ns/action", times: times, maxRatio: 3,
      maxNanoseconds: 50, target: "≤ 3×, ≥ 20 M actions/s")
    figure.detail =
      "\(Format.scaled(1e9 / figure.median, "actions/s")) in chains of \(Format.count(length)); "
      + "baseline \(Format.scaled(1e9 / figure.baseline!, "actions/s"))"
    return figure
  }
}
