import ActorStore

/// The cost of leaving a trace on: the `.send` chain and the awaited send with a
/// `StoreTraceBuffer` installed, against the same store untraced in the same run. (Tracing off
/// is the plain store of figures 1 and 2: one branch per action.)
enum TracingBench {
  /// Events each traced store keeps: small enough to stay in cache, large enough to wrap.
  static let bufferCapacity = 4_096

  static func run(actions: Int, sends: Int, rounds: BenchRounds, log: inout InvariantLog) async -> [Figure] {
    typealias Chain = StoreThroughputBench.Chain
    let length = min(actions, StoreThroughputBench.chainLength)
    let chains = max(1, actions / length)
    let total = chains * length
    var chainCounts: [Int] = []
    var traced: [UInt64] = []
    let chainTimes = await rounds.compare(
      subject: {
        let buffer = StoreTraceBuffer(capacity: bufferCapacity)
        let store = Store(initialState: Chain.State(), reducer: Chain(), trace: buffer)
        let elapsed = await BenchRounds.time {
          for _ in 0..<chains { await store.send(.link(remaining: length - 1)) }
        }
        chainCounts.append(await store.state.count)
        traced.append(store.traceStatistics.emitted)
        return elapsed
      },
      baseline: {
        let store = Store(initialState: Chain.State(), reducer: Chain())
        let elapsed = await BenchRounds.time {
          for _ in 0..<chains { await store.send(.link(remaining: length - 1)) }
        }
        chainCounts.append(await store.state.count)
        return elapsed
      })
    log.check(
      "traced and untraced chains reduce every action once", chainCounts.allSatisfy { $0 == total },
      "counts per round \(chainCounts), expected \(total)")
    log.check(
      "the traced chain traces every action", traced.allSatisfy { $0 == UInt64(total) },
      "events per round \(traced), expected \(total)")

    typealias Counter = AwaitedSendBench.Counter
    var sendCounts: [Int] = []
    let sendTimes = await rounds.compare(
      subject: {
        let store = Store(initialState: Counter.State(), reducer: Counter(), trace: StoreTraceBuffer(capacity: bufferCapacity))
        let elapsed = await BenchRounds.time {
          for _ in 0..<sends { await store.send(.increment) }
        }
        sendCounts.append(await store.state.count)
        return elapsed
      },
      baseline: {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let elapsed = await BenchRounds.time {
          for _ in 0..<sends { await store.send(.increment) }
        }
        sendCounts.append(await store.state.count)
        return elapsed
      })
    log.check(
      "traced and untraced awaited sends reduce every action once", sendCounts.allSatisfy { $0 == sends },
      "counts per round \(sendCounts), expected \(sends)")
    return [
      Figure.comparison(
        "trace buffer on vs off (.send chain)", operations: total, unit: "ns/action", times: chainTimes, maxRatio: 2,
        target: "≤ 2×"),
      Figure.comparison(
        "trace buffer on vs off (awaited send)", operations: sends, unit: "ns/send", times: sendTimes, maxRatio: 2,
        target: "≤ 2×"),
    ]
  }
}
