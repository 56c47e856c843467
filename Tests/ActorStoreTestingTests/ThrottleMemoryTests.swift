@testable import ActorStore
import ActorStoreTesting
import Testing

/// Throttles a batch of IDs per action, one second each; counts the starts.
private struct Throttler: Reducer {
  struct State: Equatable, Sendable { var started = 0 }
  enum Action: Equatable, Sendable {
    case tap([Int])
    case started
  }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap(let ids):
      return .merge(
        ids.map { id in
          Effect.send(.started).throttle(id: id, for: Throttler.interval, clock: clock, latest: false)
        })
    case .started:
      state.started += 1
      return .none
    }
  }

  static let interval = Duration.seconds(1)
}

/// The reference model of a `latest: false` throttle: per ID, the instant its interval counts
/// from and whether a start waits for it.
private struct ThrottleModel {
  var anchors: [Int: Duration] = [:]
  var pending: Set<Int> = []
  var started = 0
  var peakLive = 0

  mutating func tap(_ id: Int, at now: Duration) {
    guard let anchor = anchors[id], now - anchor < Throttler.interval else {
      anchors[id] = now
      started += 1
      return
    }
    guard !pending.contains(id) else { return }
    anchors[id] = anchor + Throttler.interval
    pending.insert(id)
  }

  /// Fires every waiting start whose time has come.
  mutating func advance(to now: Duration) {
    for id in pending where anchors[id]! <= now {
      pending.remove(id)
      started += 1
    }
  }

  func live(at now: Duration) -> Int {
    anchors.values.count { now - $0 < Throttler.interval }
  }
}

@Suite struct ThrottleMemoryTests {
  @Test func aHundredThousandDistinctIDsLeaveLessThanAMegabyte() async {
    let store = TestStore(initialState: Throttler.State()) { Throttler(clock: $0.clock) }
    store.exhaustivity = .off
    for batch in 0..<1_000 {
      await store.send(.tap(Array(batch * 100..<(batch + 1) * 100)))
      store.executor.advance(by: Throttler.interval)
    }
    // `state` is the asserted state: the last batch's starts count once skipped.
    await store.skipReceivedActions()
    await store.finish()
    let registry = store.store.registry
    #expect(store.state.started == 100_000)
    #expect(registry.throttleMemoryCount < EffectRegistryState.throttleSweepMinimum)
    #expect(registry.retainedKeyByteEstimate <= 1_000_000)
    #expect(store.store.cancellationIndexCount == 0)
  }

  /// Seeded runs of taps (fresh and repeated IDs) and clock moves: the starts match the
  /// reference model, so pruning never forgets a live interval or a waiting start, and the
  /// memory stays within twice the peak of live intervals.
  @Test func pruningKeepsEveryLiveIntervalAndStaysBounded() async {
    for seed in UInt64(0)..<40 {
      var random = SeededGenerator(seed: seed)
      var model = ThrottleModel()
      let store = TestStore(initialState: Throttler.State()) { Throttler(clock: $0.clock) }
      store.exhaustivity = .off
      var nextID = 0
      for step in 0..<150 {
        let now = store.executor.clock.now.offset
        if Bool.random(using: &random) {
          let ids = (0..<Int.random(in: 1...30, using: &random)).map { _ in
            if nextID > 0, Int.random(in: 0..<3, using: &random) == 0 {
              return Int.random(in: max(0, nextID - 200)..<nextID, using: &random)
            }
            nextID += 1
            return nextID - 1
          }
          for id in ids { model.tap(id, at: now) }
          await store.send(.tap(ids))
          await store.skipReceivedActions(strict: false)
        } else {
          let later = now + .milliseconds(Int.random(in: 0...1_500, using: &random))
          store.executor.advance(to: TestClock.Instant(offset: later))
          model.advance(to: later)
          await store.skipReceivedActions(strict: false)
        }
        let at = store.executor.clock.now.offset
        let live = model.live(at: at)
        model.peakLive = max(model.peakLive, live)
        let count = store.store.registry.throttleMemoryCount
        let bound = max(EffectRegistryState.throttleSweepMinimum, 2 * model.peakLive)
        guard store.state.started == model.started, live <= count, count <= bound else {
          let detail = "\(count) remembered, \(live) live, bound \(bound)"
          Issue.record(
            "seed \(seed) step \(step): started \(store.state.started), model \(model.started); \(detail)")
          return
        }
      }
      store.executor.runToCompletion()
      await store.finish()
    }
  }
}
