import ActorStore

/// Main-actor observation delivery: a `MainActorStoreConnection` observing a store, against a
/// bare `await MainActor.run {}` hop per change from the actor that made it.
///
/// Two figures: latency (one change at a time, from the main actor's `send` to the host's
/// callback) and throughput (a burst of changes sent from another task, until the host has seen
/// the last one; the connection coalesces, the baseline hops once per change).
enum MainActorDeliveryBench {
  /// The same feature as figure 2's.
  typealias Counter = AwaitedSendBench.Counter

  /// The baseline's store: an actor that hands each new count to the main actor itself.
  actor BareCounter {
    private var count = 0
    private let sink: @MainActor @Sendable (Int) -> Void

    init(sink: @escaping @MainActor @Sendable (Int) -> Void) { self.sink = sink }

    func increment() async {
      count &+= 1
      let value = count
      await MainActor.run { sink(value) }
    }
  }

  /// What the host saw, and a waiter for a given count.
  @MainActor final class Sink {
    private(set) var last = 0
    private(set) var callbacks = 0
    private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func receive(_ count: Int) {
      last = count
      callbacks += 1
      if let waiter, count >= waiter.count {
        self.waiter = nil
        waiter.continuation.resume()
      }
    }

    func wait(for count: Int) async {
      guard last < count else { return }
      await withCheckedContinuation { waiter = (count, $0) }
    }
  }

  static func run(changes: Int, rounds: BenchRounds, log: inout InvariantLog) async -> [Figure] {
    var delivered: [Int] = []
    let latency = await rounds.compare(
      subject: {
        let (elapsed, last) = await subjectLatency(changes: changes)
        delivered.append(last)
        return elapsed
      },
      baseline: { await baselineLatency(changes: changes) })
    var callbacks: [Int] = []
    let throughput = await rounds.compare(
      subject: {
        let (elapsed, last, count) = await subjectBurst(changes: changes)
        delivered.append(last)
        callbacks.append(count)
        return elapsed
      },
      baseline: { await baselineBurst(changes: changes) })
    log.check(
      "main-actor hosts end on the newest value", delivered.allSatisfy { $0 == changes },
      "last values per round \(delivered), expected \(changes)")
    var burst = Figure.comparison(
      "main-actor delivery, burst of changes (coalesced)", operations: changes, unit: "ns/change",
      times: throughput, maxRatio: 2, target: "≤ 2×")
    let medianCallbacks = callbacks.sorted()[callbacks.count / 2]
    burst.detail =
      "\(Format.scaled(1e9 / burst.median, "changes/s")); "
      + "\(Format.count(medianCallbacks)) host callbacks for \(Format.count(changes)) changes"
    return [
      Figure.comparison(
        "main-actor delivery latency, send → host callback", operations: changes, unit: "ns/change",
        times: latency, maxRatio: 2, target: "≤ 2×"),
      burst,
    ]
  }

  @MainActor private static func subjectLatency(changes: Int) async -> (Duration, Int) {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let sink = Sink()
    let connection = MainActorStoreConnection<Counter.State, Counter.Action>()
    connection.configure(with: store)
    connection.observe(\.count) { sink.receive($0) }
    let clock = ContinuousClock()
    let start = clock.now
    for change in 1...max(1, changes) {
      await store.send(.increment)
      await sink.wait(for: change)
    }
    let elapsed = clock.now - start
    connection.prepareForReuse()
    return (elapsed, sink.last)
  }

  @MainActor private static func baselineLatency(changes: Int) async -> Duration {
    let sink = Sink()
    let counter = BareCounter { sink.receive($0) }
    let clock = ContinuousClock()
    let start = clock.now
    for change in 1...max(1, changes) {
      await counter.increment()
      await sink.wait(for: change)
    }
    return clock.now - start
  }

  @MainActor private static func subjectBurst(changes: Int) async -> (Duration, Int, Int) {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let sink = Sink()
    let connection = MainActorStoreConnection<Counter.State, Counter.Action>()
    connection.configure(with: store)
    connection.observe(\.count) { sink.receive($0) }
    let total = max(1, changes)
    let clock = ContinuousClock()
    let start = clock.now
    Task.detached { for _ in 0..<total { await store.send(.increment) } }
    await sink.wait(for: total)
    let elapsed = clock.now - start
    connection.prepareForReuse()
    return (elapsed, sink.last, sink.callbacks - 1)
  }

  @MainActor private static func baselineBurst(changes: Int) async -> Duration {
    let sink = Sink()
    let counter = BareCounter { sink.receive($0) }
    let total = max(1, changes)
    let clock = ContinuousClock()
    let start = clock.now
    Task.detached { for _ in 0..<total { await counter.increment() } }
    await sink.wait(for: total)
    return clock.now - start
  }
}
