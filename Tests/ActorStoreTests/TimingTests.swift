import ActorStore
import Testing

/// Time-based composition on a ``ManualClock``: `concatenate` vs `merge` timing, `debounce`,
/// `throttle`.
@Suite(.timeLimit(.minutes(10)))
struct TimingTests {
  struct Delivery: Equatable, Sendable {
    let step: Int
    let at: Duration
  }

  struct State: Equatable, Sendable {
    var deliveries: [Delivery] = []
    var results: [String] = []
    var fired: [Int] = []
  }

  enum Action: Equatable, Sendable {
    /// Three effects sleeping 1, 2 and 3 seconds, each then sending `.done(step)`.
    case concatenateSleeps
    case mergeSleeps
    case done(Int)
    case search(String)
    case results(String)
    case tap(Int, latest: Bool)
    case fired(Int)
    case stopThrottle
    case stopSearch
  }

  static func makeStore(clock: ManualClock) -> Store<State, Action> {
    Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        let sleeps = [1, 2, 3].map { step in
          Effect<Action>.run { send in
            try await clock.sleep(for: .seconds(step))
            await send(.done(step))
          }
        }
        switch action {
        case .concatenateSleeps:
          return .concatenate(sleeps)
        case .mergeSleeps:
          return .merge(sleeps)
        case .done(let step):
          state.deliveries.append(Delivery(step: step, at: clock.now.offset))
        case .search(let query):
          return .run { send in await send(.results(query)) }
            .debounce(id: "search", for: .seconds(1), clock: clock)
        case .results(let query):
          state.results.append(query)
        case .tap(let value, let latest):
          return .run { send in await send(.fired(value)) }
            .throttle(id: "tap", for: .seconds(1), clock: clock, latest: latest)
        case .fired(let value):
          state.fired.append(value)
        case .stopThrottle:
          return .cancel(id: "tap")
        case .stopSearch:
          return .cancel(id: "search")
        }
        return .none
      })
  }

  /// Advances the clock one second at a time up to `lastSecond`, waiting before each step for a
  /// sleeper to be registered, and after each second in `deliverySeconds` for the delivery.
  static func drive(
    _ store: Store<State, Action>, clock: ManualClock, deliverySeconds: Set<Int>, lastSecond: Int
  ) async {
    var deliveries = store.observe(\.deliveries).makeAsyncIterator()
    _ = await deliveries.next()
    for second in 1...lastSecond {
      await clock.waitForSleepers(1)
      clock.advance(by: .seconds(1))
      if deliverySeconds.contains(second) { _ = await deliveries.next() }
    }
  }

  @Test func concatenateDeliversAfterTheSumOfThePrecedingDurations() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    let task = await store.send(.concatenateSleeps)
    await Self.drive(store, clock: clock, deliverySeconds: [1, 3, 6], lastSecond: 6)
    await task.finish()
    #expect(
      await store.state.deliveries == [
        Delivery(step: 1, at: .seconds(1)), Delivery(step: 2, at: .seconds(3)), Delivery(step: 3, at: .seconds(6)),
      ])
  }

  @Test func mergeDeliversEachAfterItsOwnDuration() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    let task = await store.send(.mergeSleeps)
    await clock.waitForSleepers(3)
    await Self.drive(store, clock: clock, deliverySeconds: [1, 2, 3], lastSecond: 3)
    await task.finish()
    #expect(
      await store.state.deliveries == [
        Delivery(step: 1, at: .seconds(1)), Delivery(step: 2, at: .seconds(2)), Delivery(step: 3, at: .seconds(3)),
      ])
  }

  @Test func debounceDeliversOnlyTheLastOfABurstAfterTheInterval() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    var results = store.observe(\.results).makeAsyncIterator()
    #expect(await results.next() == [])

    let first = await store.send(.search("a"))
    let second = await store.send(.search("ab"))
    await clock.waitForSleepers(1)
    #expect(store.currentState.results.isEmpty)
    clock.advance(by: .seconds(1))
    #expect(await results.next() == ["ab"])
    await first.finish()
    await second.finish()
    #expect(await store.state.results == ["ab"])
    #expect(clock.now.offset == .seconds(1))

    // After the interval, a new search is debounced on its own.
    let third = await store.send(.search("abc"))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    #expect(await results.next() == ["ab", "abc"])
    await third.finish()
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  @Test func cancelStopsAPendingDebounce() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    let search = await store.send(.search("a"))
    await clock.waitForSleepers(1)
    let issues = await capturingIssues { await store.send(.stopSearch) }
    clock.advance(by: .seconds(1))
    await search.finish()
    #expect(issues.all.isEmpty)
    #expect(await store.state.results.isEmpty)
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }

  /// Taps 1, 2, 3 at t=0, then 4, 5 at t=1, then 6 after a quiet period.
  static func throttleScenario(latest: Bool) async -> [Int] {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    var fired = store.observe(\.fired).makeAsyncIterator()
    _ = await fired.next()

    // The first tap of a quiet period fires at once, without the clock moving.
    await store.send(.tap(1, latest: latest)).finish()
    #expect(store.currentState.fired == [1])
    _ = await fired.next()

    var tasks = [await store.send(.tap(2, latest: latest)), await store.send(.tap(3, latest: latest))]
    await clock.waitForSleepers(1)
    #expect(store.currentState.fired == [1])
    clock.advance(by: .seconds(1))
    _ = await fired.next()
    for task in tasks { await task.finish() }

    tasks = [await store.send(.tap(4, latest: latest)), await store.send(.tap(5, latest: latest))]
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    _ = await fired.next()
    for task in tasks { await task.finish() }

    clock.advance(by: .seconds(5))
    await store.send(.tap(6, latest: latest)).finish()
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
    return await store.state.fired
  }

  @Test func throttleKeepsTheFirstOfEachInterval() async {
    #expect(await Self.throttleScenario(latest: false) == [1, 2, 4, 6])
  }

  @Test func throttleLatestKeepsTheLastOfEachInterval() async {
    #expect(await Self.throttleScenario(latest: true) == [1, 3, 5, 6])
  }

  @Test func cancelStopsAThrottledEffectWaitingForItsInterval() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    await store.send(.tap(1, latest: true)).finish()
    let waiting = await store.send(.tap(2, latest: true))
    await clock.waitForSleepers(1)
    await store.send(.stopThrottle)
    clock.advance(by: .seconds(1))
    await waiting.finish()
    #expect(await store.state.fired == [1])
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
  }
}
