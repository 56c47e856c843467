import ActorStore

/// `cancel(id:)` of one ID at a time, one send each, while `others` effects under other IDs stay
/// in flight, against removing the task from an `[Int: Task]` and cancelling it. Rows at several
/// `others` show that the cost does not grow with the work in flight.
enum CancelAmongInFlightBench {
  /// The target, the same for every row.
  static let maxRatio = 3.0

  /// - Parameters:
  ///   - others: Effects kept in flight while cancelling, one row each.
  ///   - cancels: IDs cancelled per round.
  static func run(others: [Int], cancels: Int, rounds: BenchRounds, log: inout InvariantLog) async -> [Figure] {
    var figures: [Figure] = []
    for count in others {
      figures.append(await row(others: count, cancels: cancels, rounds: rounds, log: &log))
    }
    if let first = figures.first {
      for index in figures.indices {
        figures[index].detail! += "; ×\(Format.short(figures[index].median / first.median)) the first row's cost"
      }
    }
    return figures
  }

  private static func row(others: Int, cancels: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    let targets = others..<(others + cancels)
    var late: [Int] = []
    var left: [Int] = []
    let times = await rounds.compare(
      subject: {
        let started = StartCounter()
        let store = Store(initialState: Sleepers.State(), reducer: Sleepers(started: started))
        await store.send(.start(0..<targets.upperBound))
        await StartCounter.wait { started.value == targets.upperBound }
        let elapsed = await BenchRounds.time {
          for id in targets { await store.send(.cancel(id)) }
        }
        await StartCounter.wait { store.inFlightEffectCount == others }
        left.append(store.cancellationIndexCount)
        await store.send(.cancelAll(others))
        await StartCounter.wait { store.inFlightEffectCount == 0 }
        late.append(await store.state.lateDeliveries)
        return elapsed
      },
      baseline: {
        let started = StartCounter()
        var tasks: [Int: Task<Void, Never>] = [:]
        for index in 0..<targets.upperBound { tasks[index] = bareSleeper(index, started: started) }
        await StartCounter.wait { started.value == targets.upperBound }
        let elapsed = await BenchRounds.time {
          for id in targets { tasks.removeValue(forKey: id)?.cancel() }
        }
        for task in tasks.values { task.cancel() }
        for task in tasks.values { await task.value }
        return elapsed
      })
    log.check(
      "no effect delivers after cancel(id:) among \(Format.count(others)) in flight", late.allSatisfy { $0 == 0 },
      "late deliveries per round \(late)")
    log.check(
      "cancel(id:) among \(Format.count(others)) in flight leaves exactly the others indexed",
      left.allSatisfy { $0 == others }, "keys left per round \(left), expected \(others)")
    var figure = Figure.comparison(
      "cancel(id:) of one ID, \(Format.count(others)) others in flight", operations: cancels, unit: "ns/ID",
      times: times, maxRatio: maxRatio, target: "≤ 3×, flat from 10 to 100 000 in flight")
    figure.detail =
      "\(Format.count(cancels)) IDs cancelled one send each; baseline: [Int: Task] removeValue + cancel()"
    return figure
  }
}
