import ActorStore

/// The feature the cancellation figures drive: effects that sleep for an hour under their own
/// ID, started and cancelled in bulk or one at a time.
struct Sleepers: Reducer {
  struct State: Sendable { var lateDeliveries = 0 }
  enum Action: Sendable {
    /// Cancels the IDs `0..<count`, in one send.
    case cancelAll(Int)
    /// Starts the effects under `ids`, in one send.
    case start(Range<Int>)
    /// Cancels one ID.
    case cancel(Int)
    /// Cancels the ID before `id` (if `id > 0`) and starts one under `id`: one start + cancel
    /// pair per send, the cancelled effect already running.
    case replace(Int)
    case late(Int)
  }

  let started: StartCounter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelAll(let count):
      return .merge((0..<count).map { Effect<Action>.cancel(id: $0) })
    case .start(let ids):
      return .merge(ids.map(sleeper))
    case .cancel(let id):
      return .cancel(id: id)
    case .replace(let id):
      return id > 0 ? .merge(.cancel(id: id - 1), sleeper(id)) : sleeper(id)
    case .late:
      state.lateDeliveries += 1
      return .none
    }
  }

  private func sleeper(_ id: Int) -> Effect<Action> {
    let started = self.started
    return Effect<Action>.run { send in
      started.increment()
      try? await Task.sleep(for: .seconds(3_600))
      // Ignores its cancellation on purpose: the store must drop this.
      await send(.late(id))
    }
    .cancellable(id: id)
  }
}

/// A bare task suspended the way a ``Sleepers`` effect is: the figures' baseline.
func bareSleeper(_ index: Int, started: StartCounter) -> Task<Void, Never> {
  Task {
    started.increment()
    try? await Task.sleep(for: .seconds(3_600))
    blackhole(index)
  }
}
