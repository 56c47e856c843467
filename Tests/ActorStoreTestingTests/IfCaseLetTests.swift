import ActorStoreTesting
import Testing

/// `ifCaseLet` runs a case's reducer while the state is in that case and cancels the case's
/// effects when the state leaves it, as TCA's does.
@MainActor @Suite struct IfCaseLetTests {
  struct Home: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case startTimer, tick }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  struct Root: Reducer {
    enum State: Equatable, Sendable { case loggedOut, loggedIn(Home.State) }
    enum Action: Equatable, Sendable { case logIn, logOut, home(Home.Action) }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .logIn: state = .loggedIn(Home.State())
        case .logOut: state = .loggedOut
        case .home: break
        }
        return .none
      }
      .ifCaseLet(.loggedIn, action: .home) { Home() }
    }
  }

  @Test func leavingTheCaseCancelsItsEffects() async {
    let store = TestStore(initialState: Root.State.loggedOut) { Root() }
    await store.send(.logIn) { $0 = .loggedIn(Home.State()) }
    await store.send(.home(.startTimer))
    await store.clock.advance(by: .seconds(2))
    await store.receive(.home(.tick)) { $0 = .loggedIn(Home.State(ticks: 1)) }
    await store.receive(.home(.tick)) { $0 = .loggedIn(Home.State(ticks: 2)) }
    await store.send(.logOut) { $0 = .loggedOut }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aCaseActionInAnotherCaseIsReported() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Root.State.loggedOut) { Root() }
      await store.send(.home(.tick))
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.allSatisfy { $0.contains("ifCaseLet received tick") })
  }
}

extension CasePath where Root == IfCaseLetTests.Root.State, Value == IfCaseLetTests.Home.State {
  static let loggedIn = CasePath(embed: Root.loggedIn, extract: { if case .loggedIn(let home) = $0 { home } else { nil } })
}

extension ActionPath where Root == IfCaseLetTests.Root.Action, Value == IfCaseLetTests.Home.Action {
  static let home = ActionPath(embed: Root.home, extract: { if case .home(let action) = $0 { action } else { nil } })
}
