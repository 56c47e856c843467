import ActorStore

/// Start a cancellable sleeping effect and `cancel(id:)` it, per pair: one send per pair that
/// cancels the previous effect (already running) and starts the next, against creating a bare
/// sleeping `Task {}` and cancelling the previous one.
enum StartCancelBench {
  static func run(pairs: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var late: [Int] = []
    var drained: [Bool] = []
    let times = await rounds.compare(
      subject: {
        let store = Store(initialState: Sleepers.State(), reducer: Sleepers(started: StartCounter()))
        let elapsed = await BenchRounds.time {
          for id in 0..<pairs { await store.send(.replace(id)) }
        }
        await store.send(.cancel(pairs - 1))
        drained.append(await StartCounter.wait { store.inFlightEffectCount == 0 && store.cancellationIndexCount == 0 })
        late.append(await store.state.lateDeliveries)
        return elapsed
      },
      baseline: {
        let started = StartCounter()
        var tasks: [Task<Void, Never>] = []
        tasks.reserveCapacity(pairs)
        let elapsed = await BenchRounds.time {
          for index in 0..<pairs {
            tasks.last?.cancel()
            tasks.append(bareSleeper(index, started: started))
          }
        }
        tasks.last?.cancel()
        for task in tasks { await task.value }
        return elapsed
      })
    log.check(
      "no replaced effect delivers after cancel(id:)", late.allSatisfy { $0 == 0 }, "late deliveries per round \(late)")
    log.check(
      "registry empty after start + cancel pairs", drained.allSatisfy { $0 }, "rounds drained: \(drained)")
    var figure = Figure.comparison(
      "start + cancel(id:) of a sleeping effect, per pair", operations: pairs, unit: "ns/pair", times: times,
      maxRatio: 3, target: "≤ 3×")
    figure.detail =
      "\(Format.count(pairs)) pairs, one send each (cancel the previous ID, start the next); "
      + "baseline: Task {} + cancel() of the previous"
    return figure
  }
}
