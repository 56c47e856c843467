import ActorStore

/// One row of the `scroll` scenario's list. While it is on screen it runs a ticker effect that
/// sends a few ticks; leaving the screen cancels the ticker, deleting the row cancels it too
/// (through `forEach`).
struct RowFeature: Reducer {
  struct State: Identifiable, Sendable {
    let id: Int
    var ticks = 0
    var appearances = 0
  }

  enum Action: Sendable {
    case appeared
    case disappeared
    case tick
  }

  struct TickerID: Hashable, Sendable {}

  /// Ticks per appearance.
  let ticks: Int
  /// What the ticker does between ticks.
  let pause: @Sendable () async -> Void
  /// Counts running tickers.
  let running: RunningEffects

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .appeared:
      state.appearances += 1
      let (ticks, pause, running) = (self.ticks, self.pause, self.running)
      return .run { send in
        await running.track {
          for _ in 0..<ticks {
            await pause()
            await send(.tick)
          }
        }
      }
      .cancellable(id: TickerID(), cancelInFlight: true)
    case .disappeared:
      return .cancel(id: TickerID())
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}
