import ActorStoreTesting
import Testing

/// The five-effect scenario on real stores: a timer loop, a debounced search cancelled by a
/// second search, a task group whose two children tie on the clock, an `AsyncStream` consumer
/// fed by a sibling task, and an effect cancelled by ID.
private struct FiveEffects: Reducer {
  struct State: Equatable, Sendable { var trace: [String] = [] }
  enum Action: Equatable, Sendable {
    case start, search(String), cancelSlow
    case tick(Int), results(String), child(Int), streamed(Int), slowFinished
  }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let clock = self.clock
    switch action {
    case .start:
      state.trace.append("start")
      return .merge(
        .run { send in
          for tick in 1...3 {
            try await clock.sleep(for: .seconds(1))
            await send(.tick(tick))
          }
        },
        .run { send in
          await withTaskGroup(of: Void.self) { group in
            for child in 1...2 {
              group.addTask {
                try? await clock.sleep(for: .seconds(2))
                await send(.child(child))
              }
            }
          }
        },
        .run { send in
          let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
          await withTaskGroup(of: Void.self) { group in
            group.addTask {
              for value in 1...3 {
                continuation.yield(value)
                try? await clock.sleep(for: .milliseconds(700))
              }
              continuation.finish()
            }
            for await value in stream { await send(.streamed(value)) }
          }
        },
        .run { send in
          try await clock.sleep(for: .seconds(10))
          await send(.slowFinished)
        }
        .cancellable(id: "slow")
      )
    case .search(let query):
      state.trace.append("search \(query)")
      return .run { send in await send(.results(query)) }
        .debounce(id: "search", for: .milliseconds(300), clock: clock)
    case .cancelSlow:
      state.trace.append("cancel slow")
      return .cancel(id: "slow")
    case .tick(let tick): state.trace.append("tick \(tick) at \(clock.now)")
    case .results(let query): state.trace.append("results \(query) at \(clock.now)")
    case .child(let child): state.trace.append("child \(child) at \(clock.now)")
    case .streamed(let value): state.trace.append("streamed \(value) at \(clock.now)")
    case .slowFinished: state.trace.append("slow finished")
    }
    return .none
  }
}

private func runFiveEffects(_ ordering: TestExecutor.Ordering) async -> [String] {
  let store = TestStore(initialState: FiveEffects.State(), executor: TestExecutor(ordering: ordering)) {
    FiveEffects(clock: $0.clock)
  }
  store.exhaustivity = .off
  await store.send(.start)
  await store.send(.search("a"))
  store.executor.advance(by: .milliseconds(100))
  await store.send(.search("ab"))
  store.executor.advance(by: .milliseconds(1_400))
  await store.send(.cancelSlow)
  store.executor.runToCompletion()
  await store.skipReceivedActions()
  await store.finish()
  return store.state.trace
}

@Suite struct StoreDeterminismTests {
  @Test func fifoGivesOneTraceOverAThousandRuns() async {
    var traces: Set<[String]> = []
    for _ in 0..<1_000 { traces.insert(await runFiveEffects(.fifo)) }
    #expect(traces.count == 1)
    let trace = traces.first ?? []
    #expect(trace.contains("results ab at 0.4 seconds"))
    #expect(!trace.contains { $0.hasPrefix("results a at") })
    #expect(!trace.contains("slow finished"))
    #expect(trace.filter { $0.hasPrefix("child") }.count == 2)
    #expect(trace.filter { $0.hasPrefix("tick") }.count == 3)
    #expect(trace.filter { $0.hasPrefix("streamed") }.count == 3)
  }

  @Test func eachSeedGivesAStableTrace() async {
    var distinct: Set<[String]> = []
    for seed in UInt64(0)..<20 {
      let first = await runFiveEffects(.seeded(seed))
      for _ in 0..<5 { #expect(await runFiveEffects(.seeded(seed)) == first) }
      distinct.insert(first)
    }
    #expect(distinct.count > 1)
  }
}
