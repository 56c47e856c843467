import ActorStoreTesting
import Testing

/// A fact fetcher with a child counter: a non-`Equatable` response payload, nested child
/// actions with and without payload, and a dependency read in an effect.
private struct Facts: Reducer {
  struct State: Equatable, Sendable {
    var fact: String?
    var count = 0
  }
  enum Action: Sendable {
    case fetch
    case response(Result<String, any Error>)
    case counter(CounterAction)
  }
  enum CounterAction: Equatable, Sendable {
    case add(Int)
    case added(Int)
    case reset
  }
  @Dependency(\.greeter) var greeter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch:
      let greeting = greeter.greet()
      return .run { send in await send(.response(.success("\(greeting): \(greeter.greet())"))) }
    case .response(let result):
      state.fact = try? result.get()
      return .none
    case .counter(.add(let amount)):
      return .send(.counter(.added(amount)))
    case .counter(.added(let amount)):
      state.count += amount
      return .none
    case .counter(.reset):
      state.count = 0
      return .none
    }
  }
}

extension ActionPath where Root == Facts.Action, Value == Result<String, any Error> {
  fileprivate static let response = ActionPath(
    embed: Root.response, extract: { if case .response(let result) = $0 { result } else { nil } })
}
extension ActionPath where Root == Facts.Action, Value == Facts.CounterAction {
  fileprivate static let counter = ActionPath(
    embed: Root.counter, extract: { if case .counter(let action) = $0 { action } else { nil } })
}
extension ActionPath where Root == Facts.CounterAction, Value == Int {
  fileprivate static let add = ActionPath(embed: Root.add, extract: { if case .add(let n) = $0 { n } else { nil } })
  fileprivate static let added = ActionPath(
    embed: Root.added, extract: { if case .added(let n) = $0 { n } else { nil } })
}
extension ActionPath where Root == Facts.CounterAction, Value == Void {
  fileprivate static let reset = ActionPath(embed: { .reset }, extract: { if case .reset = $0 { () } else { nil } })
}

@MainActor @Suite struct TestStorePathTests {
  private func makeStore() -> TestStore<Facts.State, Facts.Action> {
    TestStore(initialState: Facts.State()) { Facts() } withDependencies: { $0.greeter = Greeter { "one" } }
  }

  @Test func receivesANonEquatablePayloadByItsPath() async {
    let store = makeStore()
    await store.send(.fetch)
    await store.receive(.response) { $0.fact = "one: one" }
    await store.finish()
  }

  @Test func sendsAndReceivesNestedPathsWithAndWithoutPayload() async {
    let store = makeStore()
    await store.send(.path(.counter, .add), 2)
    await store.receive(.path(.counter, .added), 2) { $0.count = 2 }
    await store.send(.path(.counter, .add), 3)
    await store.receive(.path(.counter, .added)) { $0.count = 5 }
    await store.send(.path(.counter, .reset)) { $0.count = 0 }
    await store.finish()
  }

  @Test func aPathReceiveFailsLikeAnActionReceive() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = makeStore()
      await store.receive(.response)
      await store.send(.path(.counter, .add), 2)
      await store.receive(.path(.counter, .added), 3) { $0.count = 2 }
      await store.send(.path(.counter, .add), 1)
      await store.receive(.response)
      await store.finish()
    }
    let messages = issues.messages
    #expect(messages.count == 3, "\(messages)")
    #expect(
      messages.first
        == "Expected to receive an action that ActionPath<Action, Result<String, Error>> extracts, but no action was received.")
    // Nested payloads print with their type's full name, as in every receive failure.
    #expect(messages.dropFirst().first?.hasPrefix("Received unexpected action:\n  counter(") == true)
    #expect(messages.dropFirst().first?.hasSuffix(".added(3))") == true)
    #expect(
      messages.last?.hasSuffix("Expected:\n  an action that ActionPath<Action, Result<String, Error>> extracts") == true)
  }

  @Test func dependenciesChangedBetweenStepsApplyToLaterActionsAndTheirEffects() async {
    let store = makeStore()
    #expect(store.dependencies.greeter.greet() == "one")
    await store.send(.fetch)
    store.dependencies.greeter = Greeter { "two" }
    // The effect started before the change keeps the values it started with.
    await store.receive(.response) { $0.fact = "one: one" }
    await store.send(.fetch)
    await store.receive(.response) { $0.fact = "two: two" }
    await store.finish()
  }

  @Test func withExhaustivityScopesAnAsyncBlockAndRestoresTheLevel() async {
    let store = makeStore()
    let inside = await store.withExhaustivity(.off) {
      await store.send(.path(.counter, .add), 2)
      await store.send(.fetch)
      await store.skipReceivedActions()
      return store.exhaustivity
    }
    #expect(inside == .off)
    #expect(store.exhaustivity == .on)
    #expect(store.state.count == 2)
    await store.finish()
  }

  @Test func withExhaustivityRestoresTheLevelWhenTheBlockThrows() {
    struct Stop: Error {}
    let store = makeStore()
    store.exhaustivity = .off(showSkippedAssertions: true)
    #expect(throws: Stop.self) {
      try store.withExhaustivity(.on) {
        #expect(store.exhaustivity == .on)
        throw Stop()
      }
    }
    #expect(store.exhaustivity == .off(showSkippedAssertions: true))
  }

  @Test func unassertedChangesInsideANonExhaustiveBlockPass() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = makeStore()
      await store.withExhaustivity(.off) {
        await store.send(.path(.counter, .add), 2)
        await store.receive(.path(.counter, .added))
      }
      await store.send(.path(.counter, .add), 1)
      await store.receive(.path(.counter, .added), 1)
      await store.finish()
    }
    // Only the exhaustive receive after the block fails: it asserted no change.
    #expect(issues.messages.count == 1, "\(issues.messages)")
    #expect(issues.messages.first?.hasPrefix("State was not expected to change after receive(counter(") == true)
  }
}
