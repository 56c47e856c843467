import ActorStore
import ActorStoreTesting
import Testing

/// Stack-based navigation as TCA defines it: `forEach(\.path, action: .path)` over a
/// `StackState` runs each screen by its stable ID; pushes from the parent or `.push(id:state:)`,
/// `.popFrom(id:)` after the parent ran, and every popped screen's effects cancelled; `dismiss`
/// from a screen pops it; IDs count from 0 in each `TestStore`.
@Suite struct StackNavigationTests {
  struct Screen: Reducer {
    struct State: Equatable, Sendable {
      var number: Int
      var count = 0
    }
    enum Action: Equatable, Sendable {
      case increment
      case load
      case loaded(Int)
      case closeTapped
    }
    let clock: TestClock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .load:
        return .run { [clock, number = state.number] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(number))
        }
      case .loaded(let value):
        state.count = value
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }

  struct Root: Reducer {
    struct State: Equatable, Sendable {
      var path = StackState<Screen.State>()
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case push(Int)
      case popToRoot
      case path(StackActionOf<Screen>)
    }
    let clock: TestClock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .push(let number): state.path.append(Screen.State(number: number))
        case .popToRoot: state.path.removeAll()
        case .path(.popFrom(let id)): state.log.append("popping from \(id), depth \(state.path.count)")
        case .path: break
        }
        return .none
      }
      .forEach(\.path, action: .path) { Screen(clock: clock) }
    }
  }

  /// A store whose stack holds screens with these numbers. The stack is built inside
  /// `initialState`, which the test store evaluates with its dependencies: its IDs are 0, 1, …
  func makeStore(_ numbers: [Int] = []) -> TestStore<Root.State, Root.Action> {
    TestStore(initialState: Root.State(path: StackState(numbers.map { Screen.State(number: $0) }))) {
      Root(clock: $0.clock)
    }
  }

  @Test func pushedScreensGetIDsFromZeroAndRunByID() async {
    let store = makeStore()
    await store.send(.push(10)) { $0.path[id: 0] = Screen.State(number: 10) }
    await store.send(.push(20)) { $0.path[id: 1] = Screen.State(number: 20) }
    await store.send(.path(.element(id: 0, action: .increment))) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.element(id: 1, action: .increment))) { $0.path[id: 1]?.count = 1 }
    await store.finish()
  }

  @Test func eachTestStoreCountsFromZero() async {
    for _ in 0..<2 {
      let store = makeStore([1])
      #expect(store.state.path.ids == [0])
      await store.send(.push(2)) { $0.path[id: 1] = Screen.State(number: 2) }
    }
  }

  @Test func aPushActionUsesItsIDAndLaterAppendsGoPastIt() async {
    let store = makeStore()
    await store.send(.path(.push(id: 5, state: Screen.State(number: 50)))) { $0.path[id: 5] = Screen.State(number: 50) }
    await store.send(.push(60)) { $0.path[id: 6] = Screen.State(number: 60) }
    #expect(store.state.path.ids == [5, 6])
  }

  @Test func popFromRunsTheParentFirstThenPopsAndCancelsThePoppedScreensEffects() async {
    let store = makeStore([1, 2, 3])
    for id: StackElementID in [0, 1, 2] { await store.send(.path(.element(id: id, action: .load))) }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log = ["popping from #1, depth 3"]
    }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .loaded(1)))) { $0.path[id: 0]?.count = 1 }
    await store.finish()
  }

  @Test func emptyingTheStackFromTheParentCancelsEveryScreensEffects() async {
    let store = makeStore([1, 2])
    await store.send(.path(.element(id: 0, action: .load)))
    await store.send(.path(.element(id: 1, action: .load)))
    await store.send(.popToRoot) { $0.path = [] }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aScreenDismissesItselfByPoppingFromItsID() async {
    let store = makeStore([1, 2, 3])
    await store.send(.path(.element(id: 1, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
      $0.log = ["popping from #1, depth 3"]
    }
    await store.finish()
  }

  @Test func actionsForMissingIDsAndDuplicatePushesAreIssues() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = makeStore([1])
      await store.send(.path(.element(id: 7, action: .increment)))
      await store.send(.path(.popFrom(id: 7))) { $0.log = ["popping from #7, depth 1"] }
      await store.send(.path(.push(id: 0, state: Screen.State(number: 9))))
      await store.finish()
    }
    let messages = issues.messages
    #expect(messages.count == 3, "\(messages)")
    #expect(messages.first?.hasPrefix("forEach received increment for stack element #7") == true)
    #expect(messages.dropFirst().first?.hasPrefix("forEach received popFrom(id: #7)") == true)
    #expect(messages.last?.hasPrefix("forEach received push(id: #0)") == true)
  }
}

extension ActionPath
where
  Root == StackNavigationTests.Root.Action,
  Value == StackAction<StackNavigationTests.Screen.State, StackNavigationTests.Screen.Action>
{
  static let path = ActionPath(embed: Root.path, extract: { if case .path(let action) = $0 { action } else { nil } })
}
