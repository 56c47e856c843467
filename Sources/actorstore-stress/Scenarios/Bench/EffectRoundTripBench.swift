import ActorStore

/// Figure 3: a `.run` effect's start to its action being received (awaited through the send's
/// `finish()`), against creating a bare `Task {}` and awaiting its value.
enum EffectRoundTripBench {
  struct Echo: Reducer {
    struct State: Sendable { var echoes = 0 }
    enum Action: Sendable { case start, echo }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in await send(.echo) }
      case .echo:
        state.echoes &+= 1
        return .none
      }
    }
  }

  static func run(roundTrips: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var counted: [Int] = []
    var parks: (subject: [Double], baseline: [Double]) = ([], [])
    let times = await rounds.compare(
      subject: {
        let store = Store(initialState: Echo.State(), reducer: Echo())
        let elapsed = await time(roundTrips, countingParksIn: &parks.subject) {
          for _ in 0..<roundTrips { await store.send(.start).finish() }
        }
        counted.append(await store.state.echoes)
        return elapsed
      },
      baseline: {
        await time(roundTrips, countingParksIn: &parks.baseline) {
          for trip in 0..<roundTrips { await Task { blackhole(trip) }.value }
        }
      })
    log.check(
      "every effect's action received exactly once", counted.allSatisfy { $0 == roundTrips },
      "counts per round \(counted), expected \(roundTrips)")
    var figure = Figure.comparison(
      ".run effect start → action received", operations: roundTrips, unit: "ns/effect", times: times,
      maxRatio: 2, target: "≤ 2× (1.5× next)")
    let subjectParks = Figure.median(of: BenchRounds.measured(parks.subject))
    let baselineParks = Figure.median(of: BenchRounds.measured(parks.baseline))
    figure.detail =
      "threads parked per trip (voluntary context switches): \(Format.fixed(subjectParks, 2)), "
      + "baseline \(Format.fixed(baselineParks, 2)); each park costs a wake-up of microseconds"
    return figure
  }

  /// Times `trips` round trips, like ``BenchRounds/time(_:)``, and appends the threads parked per
  /// trip meanwhile to `parks`.
  private static func time(
    _ trips: Int, countingParksIn parks: inout [Double], _ operation: () async -> Void
  ) async -> Duration {
    let parked = ContextSwitches.voluntary
    let elapsed = await BenchRounds.time(operation)
    parks.append(Double(ContextSwitches.voluntary - parked) / Double(trips))
    return elapsed
  }
}
