import ActorStoreTesting

/// Effects sleeping 1, 2 and 3 seconds, run one after another or all at once.
struct Timing: Reducer {
  struct State: Equatable, Sendable {
    var ticks: [Int] = []
    var times: [Duration] = []
  }
  enum Action: Equatable, Sendable { case concatenate, merge, tick(Int) }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let clock = self.clock
    let sleepers = (1...3).map { seconds in
      Effect<Action>.run { send in
        try await clock.sleep(for: .seconds(seconds))
        await send(.tick(seconds))
      }
    }
    switch action {
    case .concatenate: return .concatenate(sleepers)
    case .merge: return .merge(sleepers)
    case .tick(let seconds):
      state.ticks.append(seconds)
      state.times.append(clock.now.offset)
      return .none
    }
  }
}

/// A list whose rows each run a one-second timer until removed.
struct TimerList: Reducer {
  struct Row: Equatable, Sendable, Identifiable {
    let id: Int
    var ticks = 0
  }
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = []
  }
  enum RowAction: Equatable, Sendable { case start, tick }
  enum Action: Equatable, Sendable {
    case add(Int)
    case remove(Int)
    case rows(IdentifiedAction<Int, RowAction>)
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    let clock = self.clock
    return Reduce<State, Action> { state, action in
      switch action {
      case .add(let id):
        state.rows.append(Row(id: id))
        return .send(.rows(.element(id: id, action: .start)))
      case .remove(let id):
        state.rows.remove(id: id)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: .rows) {
      Reduce<Row, RowAction> { row, action in
        switch action {
        case .start:
          return .run { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
          .cancellable(id: "timer")
        case .tick:
          row.ticks += 1
          return .none
        }
      }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension ActionPath where Root == TimerList.Action, Value == IdentifiedAction<Int, TimerList.RowAction> {
  static let rows = ActionPath(
    embed: TimerList.Action.rows,
    extract: { if case .rows(let action) = $0 { action } else { nil } })
}

/// A counter whose `.load` answers through an effect.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var title = "Counter"
  }
  enum Action: Equatable, Sendable { case increment, load, loaded(Int), startTimer }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .load:
      return .run { send in await send(.loaded(42)) }
    case .loaded(let value):
      state.count = value
      return .none
    case .startTimer:
      let clock = self.clock
      return .run { _ in try await clock.sleep(for: .seconds(60)) }
    }
  }
}
