import ActorStore

/// One shared change seen by 1 000 stores: every store's state holds one `@Shared` key, and
/// each store has one observer (an `observe(_:)` stream); a change made with `withLock` outside
/// the stores is timed until every observer has seen it. The baseline, in the same run: 1 000
/// plain stores, each with the same observer, each sent an action assigning the value into its
/// state (one task per store, as the shared change schedules one republication per store).
/// Per receiving store and change; target ≤ 3×.
enum SharedFanOutBench {
  /// The stores holding the key.
  struct Holder: Reducer {
    struct State: Equatable, Sendable {
      @Shared(.inMemory("bench.fan-out")) var value = 0
    }

    func reduce(into state: inout State, action: Void) -> Effect<Void> { .none }
  }

  /// The baseline's stores: the value assigned by an action.
  struct Plain: Reducer {
    struct State: Equatable, Sendable { var value = 0 }

    func reduce(into state: inout State, action: Int) -> Effect<Int> {
      state.value = action
      return .none
    }
  }

  /// Counts the values the observers saw, and wakes the bench once they reach a count.
  final class Arrivals: Sendable {
    private struct State {
      var count = 0
      var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Locked(State())

    func arrive() {
      let woken = state.withLock { state -> CheckedContinuation<Void, Never>? in
        state.count += 1
        guard let waiter = state.waiter, state.count >= waiter.count else { return nil }
        state.waiter = nil
        return waiter.continuation
      }
      woken?.resume()
    }

    func wait(for count: Int) async {
      await withCheckedContinuation { continuation in
        let isReached = state.withLock { state -> Bool in
          guard state.count < count else { return true }
          state.waiter = (count, continuation)
          return false
        }
        if isReached { continuation.resume() }
      }
    }
  }

  static func run(stores: Int, changes: Int, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var seen: [Int] = []
    let times = await rounds.compare(
      subject: {
        let (elapsed, last) = await subject(stores: stores, changes: changes)
        seen.append(last)
        return elapsed
      },
      baseline: { await baseline(stores: stores, changes: changes) })
    log.check(
      "every store holding a shared key sees its last change", seen.allSatisfy { $0 == changes },
      "last values seen per round \(seen), expected \(changes)")
    return Figure.comparison(
      "one shared change seen by \(Format.count(stores)) stores", operations: stores * changes,
      unit: "ns/store", times: times, maxRatio: 3, target: "≤ 3×")
  }

  /// Starts an observer of `store`'s value that counts each value after the first.
  private static func observe<State, Action>(
    _ store: Store<State, Action>, _ value: any KeyPath<State, Int> & Sendable, into arrivals: Arrivals
  ) -> Task<Void, Never> {
    let stream = store.observe(value)
    return Task {
      var isFirst = true
      for await _ in stream {
        if isFirst { isFirst = false } else { arrivals.arrive() }
      }
    }
  }

  private static func subject(stores count: Int, changes: Int) async -> (Duration, Int) {
    let stores = withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (0..<count).map { _ in Store(initialState: Holder.State(), reducer: Holder()) }
    }
    let arrivals = Arrivals()
    let observers = stores.map { observe($0, \.value, into: arrivals) }
    let shared = stores[0].currentState.$value
    let elapsed = await BenchRounds.time {
      for change in 1...changes {
        shared.withLock { $0 = change }
        await arrivals.wait(for: count * change)
      }
    }
    let last = stores[count - 1].currentState.value
    for observer in observers { observer.cancel() }
    return (elapsed, last)
  }

  private static func baseline(stores count: Int, changes: Int) async -> Duration {
    let stores = (0..<count).map { _ in Store(initialState: Plain.State(), reducer: Plain()) }
    let arrivals = Arrivals()
    let observers = stores.map { observe($0, \.value, into: arrivals) }
    let elapsed = await BenchRounds.time {
      for change in 1...changes {
        for store in stores { Task { await store.send(change) } }
        await arrivals.wait(for: count * change)
      }
    }
    for observer in observers { observer.cancel() }
    return elapsed
  }
}
