import ActorStoreTesting

/// Two independent members, to check that observers track only what they read.
struct Pair: Reducer {
  struct State: Equatable, Sendable {
    var a = 0
    var b = 0
  }
  enum Action: Equatable, Sendable { case setA(Int), setB(Int), incrementA }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setA(let value): state.a = value
    case .setB(let value): state.b = value
    case .incrementA: state.a += 1
    }
    return .none
  }
}

/// A main-actor row showing a counter's count, recording every value it was given.
@MainActor final class CountRow: MainActorStoreHost<Counter.State, Counter.Action> {
  private(set) var shown: [Int] = []
  private(set) var endings = 0

  override func configureStateObservation(on store: Store<Counter.State, Counter.Action>) {
    observe(\.count) { [unowned self] count in shown.append(count) }
  }

  override func stateDidEnd() { endings += 1 }
}

/// A main-actor row showing a timer row's ticks.
@MainActor final class TickRow: MainActorStoreHost<TimerList.Row, TimerList.RowAction> {
  private(set) var shown: [String] = []
  private(set) var endings = 0

  override func configureStateObservation(on store: Store<TimerList.Row, TimerList.RowAction>) {
    observe(\.ticks) { [unowned self] ticks in shown.append("\(store.currentState.id):\(ticks)") }
  }

  override func stateDidEnd() { endings += 1 }
}

extension TestExecutor {
  /// Sends `action` from a task on this executor and drives until idle, in the caller's
  /// isolation (on the main actor, main-actor deliveries run too).
  func send<State, Action>(
    _ action: Action, to store: Store<State, Action>, isolation: isolated (any Actor)? = #isolation
  ) {
    Task(executorPreference: self) { await store.send(action) }
    runUntilIdle()
  }

  /// Starts `count` sends of `action`, each from its own task, without driving.
  func enqueueSends<State, Action>(_ action: Action, count: Int, to store: Store<State, Action>) {
    for _ in 0..<count { Task(executorPreference: self) { await store.send(action) } }
  }
}

/// Drives `executor` off the main actor (on the global executor), as a nonisolated test would.
@concurrent func driveOffTheMainActor(_ executor: TestExecutor) async {
  executor.runUntilIdle()
}
