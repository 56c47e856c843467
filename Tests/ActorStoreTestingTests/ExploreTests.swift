import ActorStoreTesting
import Testing

/// Two effects race to write; the scenario wrongly assumes the second always wins.
private struct Race: Reducer {
  struct State: Equatable, Sendable { var lastWriter = "" }
  enum Action: Equatable, Sendable { case start, write(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .merge(
        .run { send in await send(.write("first")) },
        .run { send in await send(.write("second")) })
    case .write(let writer):
      state.lastWriter = writer
      return .none
    }
  }
}

private func racingScenario(_ executor: TestExecutor) async {
  let store = TestStore(initialState: Race.State(), reducer: Race(), executor: executor)
  store.exhaustivity = .off
  await store.send(.start)
  await store.skipReceivedActions()
  if store.state.lastWriter != "second" {
    reportIssue("the first writer won")
  }
  await store.finish()
}

@Suite struct ExploreTests {
  @Test func findsAPlantedOrderBugAndItsSeedReplaysIt() async throws {
    let issues = IssueCollector()
    let failingSeed = await IssueReporting.withReporter(issues) {
      await explore(seeds: 0..<1_000) { await racingScenario($0) }
    }
    let seed = try #require(failingSeed)
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("explore: seed \(seed) fails") == true)
    #expect(issues.messages.first?.contains("TestExecutor(ordering: .seeded(\(seed)))") == true)
    #expect(issues.messages.first?.contains("the first writer won") == true)

    for _ in 0..<3 {
      let replay = IssueCollector()
      await IssueReporting.withReporter(replay) { await racingScenario(TestExecutor(ordering: .seeded(seed))) }
      #expect(replay.messages == ["the first writer won"])
    }
  }

  @Test func fifoOrderingNeverShowsTheBug() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) { await racingScenario(TestExecutor()) }
    #expect(issues.messages.isEmpty)
  }

  @Test func passingScenarioReturnsNil() async {
    let failingSeed = await explore(seeds: 0..<50) { executor in
      let store = TestStore(initialState: Race.State(), reducer: Race(), executor: executor)
      store.exhaustivity = .off
      await store.send(.start)
      await store.skipReceivedActions()
      await store.finish()
    }
    #expect(failingSeed == nil)
  }
}
