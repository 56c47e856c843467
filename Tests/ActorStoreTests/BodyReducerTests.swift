import ActorStore
import Testing

/// A reducer may be only `var body`, as in TCA: its reducers are listed one per line (no
/// `CombineReducers`), run in order, and their effects merged.
@Suite struct BodyReducerTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case increment, incremented }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        guard action == .increment else { return .none }
        state.count += 1
        return .send(.incremented)
      }
    }
  }

  struct App: Reducer {
    struct State: Equatable, Sendable {
      var counter = Counter.State()
      var log: [String] = []
      var showsLog = true
    }
    enum Action: Equatable, Sendable {
      case counter(Counter.Action)
      case toggleLog
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: ActionPath(embed: Action.counter, extract: { if case .counter(let a) = $0 { a } else { nil } })) {
        Counter()
      }
      Reduce { state, action in
        if action == .toggleLog { state.showsLog.toggle() }
        return .none
      }
      if true {
        Reduce { state, action in
          if state.showsLog, case .counter(let child) = action { state.log.append("\(child == .increment ? "increment" : "incremented") at \(state.counter.count)") }
          return .none
        }
      }
    }
  }

  @Test func aBodyOnlyReducerRunsItsReducersInOrder() async {
    let store = Store(initialState: App.State(), reducer: App())
    await store.send(.counter(.increment))
    await store.send(.toggleLog)
    await store.send(.counter(.increment))
    let state = await store.state
    #expect(state.counter.count == 2)
    #expect(state.log == ["increment at 1", "incremented at 1"])
  }

  @Test func aReduceOnlyReducerStillConforms() {
    struct Plain: Reducer {
      func reduce(into state: inout Int, action: Int) -> Effect<Int> {
        state += action
        return .none
      }
    }
    var state = 1
    _ = Plain().reduce(into: &state, action: 2)
    #expect(state == 3)
  }
}
