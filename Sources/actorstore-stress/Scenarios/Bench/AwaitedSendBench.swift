import ActorStore

/// Figure 2: an awaited `store.send` from an outside task, against an awaited call to a method
/// of a bare actor doing the same work.
enum AwaitedSendBench {
  struct Counter: Reducer {
    struct State: Sendable { var count = 0 }
    enum Action: Sendable { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count &+= 1
      return .none
    }
  }

  actor BareCounter {
    private(set) var count = 0
    func increment() { count &+= 1 }
  }

  static func run(sends: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var counted: [Int] = []
    let times = await rounds.compare(
      subject: {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let elapsed = await BenchRounds.time {
          for _ in 0..<sends { await store.send(.increment) }
        }
        counted.append(await store.state.count)
        return elapsed
      },
      baseline: {
        let counter = BareCounter()
        let elapsed = await BenchRounds.time {
          for _ in 0..<sends { await counter.increment() }
        }
        counted.append(await counter.count)
        return elapsed
      })
    log.check(
      "every awaited send reduced exactly once", counted.allSatisfy { $0 == sends },
      "counts per round \(counted), expected \(sends)")
    return Figure.comparison(
      "awaited store.send from a task", operations: sends, unit: "ns/send", times: times, maxRatio: 1.2,
      target: "≤ 1.2×")
  }
}
