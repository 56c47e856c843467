import ActorStoreTesting
import Foundation
import Testing

/// `send` and `receive` by `ActionPath`, `withExhaustivity`, and a `TestClock()` of the test's
/// own, as TCA's tests write them.
@MainActor @Suite struct CasePathTestStoreTests {
  struct FactError: Error {}

  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable { let id: Int; var taps = 0 }
    enum Action: Equatable, Sendable { case tapped, tapCounted(Int) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tapped:
        state.taps += 1
        return .send(.tapCounted(state.taps))
      case .tapCounted:
        return .none
      }
    }
  }

  /// Like TCA's NumberFact case study: a response whose payload is not `Equatable`.
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var fact: String?
      var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
    }
    enum Action: Sendable {
      case factButtonTapped
      case factResponse(Result<String, any Error>)
      case countChanged(Int)
      case rows(IdentifiedAction<Int, Row.Action>)
    }
    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .factButtonTapped:
          return .run { [count = state.count] send in
            try await clock.sleep(for: .seconds(1))
            await send(.factResponse(count < 0 ? .failure(FactError()) : .success("\(count) is a good number")))
            await send(.countChanged(count + 1))
          }
        case .factResponse(.success(let fact)):
          state.fact = fact
          return .none
        case .factResponse(.failure):
          state.fact = nil
          return .none
        case .countChanged(let count):
          state.count = count
          return .none
        case .rows:
          return .none
        }
      }
      .forEach(\.rows, action: .rows) { Row() }
    }
  }

  @Test func receiveByCasePathIsOneLineWhateverThePayload() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.factButtonTapped)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.factResponse) { $0.fact = "0 is a good number" }
    await store.receive(.countChanged, 1) { $0.count = 1 }
    await store.finish()
  }

  @Test func nestedPathsReachAnElementsActions() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.rows, .element(id: 2, action: .tapped)) { $0.rows[id: 2]?.taps = 1 }
    await store.receive(.rows, .element(id: 2, action: .tapCounted(1)))
    await store.send(.rows, .element(id: 1, action: .tapped)) { $0.rows[id: 1]?.taps = 1 }
    await store.receive(.rows, .element(id: 1))
  }

  @Test func aPathThatDoesNotMatchFailsNamingWhatWasExpected() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.send(.rows, .element(id: 2, action: .tapped)) { $0.rows[id: 2]?.taps = 1 }
      await store.receive(.rows, .element(id: 1))
    }
    #expect(issues.messages.count == 1)
    let message = issues.messages.first ?? ""
    #expect(message.contains("Received unexpected action"))
    #expect(message.contains("Row.Action"))
  }

  @Test func receivingAPayloadComparesIt() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.send(.rows, .element(id: 2, action: .tapped)) { $0.rows[id: 2]?.taps = 1 }
      await store.receive(.rows, .element(id: 2, action: .tapCounted(5)))
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.allSatisfy { $0.contains("tapCounted(5)") })
  }

  @Test func withExhaustivityScopesLeniencyToItsBlock() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.withExhaustivity(.off) {
        await store.send(.factButtonTapped)
        await store.clock.advance(by: .seconds(1))
        await store.skipReceivedActions()
      }
      #expect(store.exhaustivity == .on)
      await store.send(.countChanged(7)) { $0.count = 7 }
      await store.finish()
    }
    #expect(issues.messages.isEmpty)
    // Outside the block, an unasserted change fails again.
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.withExhaustivity(.off) { await store.send(.countChanged(1)) }
      await store.send(.countChanged(2))
    }
    #expect(issues.messages.count == 1)
  }

  /// TCA's tests keep a `TestClock()` in the suite and inject it.
  @Test func aTestClockOfTheTestsOwnDrivesTheStoresEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.factButtonTapped)
    await store.clock.advance(by: .seconds(5))  // the store's own clock is not the one the effect uses
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.factResponse) { $0.fact = "0 is a good number" }
    await store.receive(.countChanged, 1) { $0.count = 1 }
    await store.finish()
  }
}

extension ActionPath where Root == CasePathTestStoreTests.Feature.Action, Value == Result<String, any Error> {
  static let factResponse = ActionPath(embed: Root.factResponse, extract: { if case .factResponse(let r) = $0 { r } else { nil } })
}

extension ActionPath where Root == CasePathTestStoreTests.Feature.Action, Value == Int {
  static let countChanged = ActionPath(embed: Root.countChanged, extract: { if case .countChanged(let c) = $0 { c } else { nil } })
}

extension ActionPath where Root == CasePathTestStoreTests.Feature.Action, Value == IdentifiedAction<Int, CasePathTestStoreTests.Row.Action> {
  static let rows = ActionPath(embed: Root.rows, extract: { if case .rows(let a) = $0 { a } else { nil } })
}

/// `store.dependencies` changes what the next steps see, as TCA's does.
@MainActor @Suite struct TestStoreDependenciesTests {
  struct Stamp: Reducer {
    struct State: Equatable, Sendable { var reduced: [Double] = []; var fromEffect: [Double] = [] }
    enum Action: Equatable, Sendable { case stamp, stamped(Double) }
    @Dependency(\.date) var date
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .stamp:
        state.reduced.append(date.now.timeIntervalSince1970)
        return .run { send in await send(.stamped(date.now.timeIntervalSince1970)) }
      case .stamped(let time):
        state.fromEffect.append(time)
        return .none
      }
    }
  }

  @Test func changedDependenciesReachLaterReducesAndTheirEffects() async {
    let store = TestStore(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.stamp) { $0.reduced = [1] }
    await store.receive(.stamped(1)) { $0.fromEffect = [1] }
    #expect(store.dependencies.date.now == Date(timeIntervalSince1970: 1))
    store.dependencies.date = .constant(Date(timeIntervalSince1970: 2))
    await store.send(.stamp) { $0.reduced = [1, 2] }
    await store.receive(.stamped(2)) { $0.fromEffect = [1, 2] }
  }
}
