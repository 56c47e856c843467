import ActorStore
import Testing

/// `Scope(state:action:)` over one case of an enum state: a destination reducer, as TCA's
/// `@Reducer enum` writes with case paths.
@Suite struct EnumCaseScopeTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case increment, incremented }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard action == .increment else { return .none }
      state.count += 1
      return .send(.incremented)
    }
  }

  struct Destination: Reducer {
    enum State: Equatable, Sendable { case first(Counter.State), second(Counter.State) }
    enum Action: Equatable, Sendable { case first(Counter.Action), second(Counter.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: .first, action: .firstAction) { Counter() }
      Scope(state: .second, action: .secondAction) { Counter() }
    }
  }

  @Test func theChildRunsOnItsCaseAndOnlyThere() async {
    let store = Store(initialState: Destination.State.first(Counter.State())) { Destination() }
    await store.send(.first(.increment))
    #expect(await store.state == .first(Counter.State(count: 1)))
    let issues = await capturingIssues {
      await store.send(.second(.increment))
    }
    #expect(await store.state == .first(Counter.State(count: 1)))
    #expect(issues.messages.count == 1)
    #expect(issues.messages.allSatisfy { $0.contains("another case") && $0.contains("increment") })
  }

  @Test func overSeededSequencesTheEnumMatchesAModel() {
    // Each action increments the counter of its case when the state is in that case, and
    // leaves the state alone otherwise; switching cases is done by assigning the state.
    for seed in 0..<300 {
      var random = SplitMix64(state: UInt64(seed))
      var state = Destination.State.first(Counter.State())
      var model: (case: Int, count: Int) = (0, 0)
      for _ in 0..<30 {
        switch random.next() % 3 {
        case 0:
          let target = Int(random.next() % 2)
          state = target == 0 ? .first(Counter.State()) : .second(Counter.State())
          model = (target, 0)
        default:
          let target = Int(random.next() % 2)
          _ = IssueReporting.withReporter(IgnoreIssues()) {
            Destination().reduce(into: &state, action: target == 0 ? .first(.increment) : .second(.increment))
          }
          if target == model.case { model.count += 1 }
        }
        let expected: Destination.State =
          model.case == 0 ? .first(Counter.State(count: model.count)) : .second(Counter.State(count: model.count))
        #expect(state == expected, "seed \(seed)")
      }
    }
  }
}

private struct IgnoreIssues: IssueReporter {
  func report(_ issue: RuntimeIssue) {}
}

extension CasePath where Root == EnumCaseScopeTests.Destination.State, Value == EnumCaseScopeTests.Counter.State {
  static let first = CasePath(embed: Root.first, extract: { if case .first(let state) = $0 { state } else { nil } })
  static let second = CasePath(embed: Root.second, extract: { if case .second(let state) = $0 { state } else { nil } })
}

extension ActionPath where Root == EnumCaseScopeTests.Destination.Action, Value == EnumCaseScopeTests.Counter.Action {
  static let firstAction = ActionPath(embed: Root.first, extract: { if case .first(let action) = $0 { action } else { nil } })
  static let secondAction = ActionPath(embed: Root.second, extract: { if case .second(let action) = $0 { action } else { nil } })
}
