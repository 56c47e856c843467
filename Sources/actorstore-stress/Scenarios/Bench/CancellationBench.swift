import ActorStore

/// Figure 4: `cancel(id:)` of in-flight effects under distinct IDs, one `.cancel` per ID, against
/// the same number of `Task.cancel()` calls on bare tasks suspended the same way. Also measures
/// figure 8b, the heap an in-flight effect takes.
enum CancellationBench {
  static func run(effects: Int, rounds: BenchRounds, log: inout InvariantLog) async -> [Figure] {
    var effectBytes: [Double] = []
    var taskBytes: [Double] = []
    var source = ""
    let times = await rounds.compare(
      subject: {
        let started = StartCounter()
        let store = Store(initialState: Sleepers.State(), reducer: Sleepers(started: started))
        let before = ProcessMemory.heapInUse
        await store.send(.start(0..<effects))
        let allStarted = await StartCounter.wait { started.value == effects }
        let after = ProcessMemory.heapInUse
        effectBytes.append(Double(after.bytes - before.bytes) / Double(effects))
        source = after.source
        let elapsed = await BenchRounds.time { await store.send(.cancelAll(effects)) }
        let drained = await StartCounter.wait { store.inFlightEffectCount == 0 }
        let late = await store.state.lateDeliveries
        log.check("every effect started before the cancel", allStarted, "only \(started.value) of \(effects) started")
        log.check(
          "no effect delivers after cancel(id:)", late == 0, "\(late) of \(effects) cancelled effects delivered")
        log.check(
          "registry empty after cancelling every ID", drained && store.cancellationIndexCount == 0,
          "\(store.inFlightEffectCount) effect tasks left, \(store.cancellationIndexCount) cancellation keys")
        return elapsed
      },
      baseline: {
        let started = StartCounter()
        let before = ProcessMemory.heapInUse
        let tasks = (0..<effects).map { bareSleeper($0, started: started) }
        await StartCounter.wait { started.value == effects }
        taskBytes.append(Double(ProcessMemory.heapInUse.bytes - before.bytes) / Double(effects))
        let elapsed = await BenchRounds.time {
          for task in tasks { task.cancel() }
        }
        for task in tasks { await task.value }
        return elapsed
      })
    var cancel = Figure.comparison(
      "cancel(id:) of in-flight effects, one by one", operations: effects, unit: "ns/ID", times: times,
      maxRatio: 3, target: "≤ 3×, none delivers after cancel")
    cancel.detail = "\(Format.count(effects)) effects under distinct IDs, each sleeping; baseline: Task.cancel()"
    // The task itself is Swift's, not the runtime's: the target applies to what an effect costs
    // beyond a bare task suspended the same way.
    var memory = Figure(scenario: "bench", name: "memory per in-flight effect", unit: "B", samples: effectBytes)
    let taskMedian = Figure.median(of: taskBytes)
    memory.baseline = taskMedian
    memory.ratio = memory.median / taskMedian
    memory.target = "≤ 1 KiB beyond its task"
    memory.met = memory.median - taskMedian <= 1_024
    memory.detail =
      "heap growth (\(source)) over \(Format.count(effects)) sleeping cancellable effects: "
      + "\(Format.short(memory.median - taskMedian)) B beyond the baseline, a bare Task sleeping the same way"
    return [cancel, memory]
  }
}
