import ActorStore
import ActorStoreTesting
import Foundation
import Synchronization
import Testing

/// Behaviours TCA's effect test suites check (cancellation, `.run`, debounce, throttle,
/// composition, dependencies in effects), restated for ActorStore with a `TestStore`: each test
/// names the TCA behaviour it checks. TCA observes an effect's output directly; here the output
/// is what the store receives.
@MainActor @Suite struct TCAParityEffectsTests {
  // MARK: - Cancellation

  /// A source that hands every value to each of its listeners, as a Combine subject does: an
  /// `AsyncStream` has one consumer, and cancelling it ends the stream.
  private final class Subject: Sendable {
    private let listeners = Mutex<[AsyncStream<Int>.Continuation]>([])

    func values() -> AsyncStream<Int> {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      listeners.withLock { $0.append(continuation) }
      return stream
    }

    func yield(_ value: Int) {
      for listener in listeners.withLock({ $0 }) { listener.yield(value) }
    }

    func finish() {
      for listener in listeners.withLock({ $0 }) { listener.finish() }
    }
  }

  private struct Values: Reducer {
    struct State: Equatable, Sendable { var values: [Int] = [] }
    enum Action: Equatable, Sendable {
      case listen, listenTwiceTagged, listenLatest, stop, value(Int)
    }
    let subject: Subject

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .listen:
        return forward().cancellable(id: "values")
      case .listenTwiceTagged:
        return forward().cancellable(id: "values").cancellable(id: "values")
      case .listenLatest:
        return forward().cancellable(id: "values", cancelInFlight: true)
      case .stop:
        return .cancel(id: "values")
      case .value(let value):
        state.values.append(value)
        return .none
      }
    }

    private func forward() -> Effect<Action> {
      .run { [subject] send in
        for await value in subject.values() { await send(.value(value)) }
      }
    }
  }

  /// TCA: values an effect produces reach the store until its ID is cancelled, and none after.
  @Test func aCancelledEffectDeliversNothingProducedAfterTheCancel() async {
    let subject = Subject()
    let store = TestStore(initialState: Values.State()) { Values(subject: subject) }
    await store.send(.listen)
    subject.yield(1)
    await store.receive(.value(1)) { $0.values = [1] }
    subject.yield(2)
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.send(.stop)
    subject.yield(3)
    subject.finish()
    await store.finish()
  }

  /// TCA: an effect tagged twice with the same ID is still stopped by one cancel of that ID.
  @Test func anEffectTaggedTwiceWithTheSameIDIsCancelledByOneCancel() async {
    let subject = Subject()
    let store = TestStore(initialState: Values.State()) { Values(subject: subject) }
    await store.send(.listenTwiceTagged)
    subject.yield(1)
    await store.receive(.value(1)) { $0.values = [1] }
    await store.send(.stop)
    subject.yield(2)
    subject.finish()
    await store.finish()
  }

  /// TCA: cancelling an ID after its effect completed does nothing, and what it delivered stays.
  @Test func cancellingAnIDWhoseEffectCompletedIsHarmless() async {
    let subject = Subject()
    let store = TestStore(initialState: Values.State()) { Values(subject: subject) }
    await store.send(.listen)
    subject.yield(1)
    subject.finish()
    await store.receive(.value(1)) { $0.values = [1] }
    await store.send(.stop)
    await store.finish()
  }

  /// TCA: with `cancelInFlight`, a second effect under the ID replaces the first; values
  /// produced after that reach the store once, through the second.
  @Test func cancelInFlightHandsTheSourceOverToTheNewEffect() async {
    let subject = Subject()
    let store = TestStore(initialState: Values.State()) { Values(subject: subject) }
    await store.send(.listenLatest)
    subject.yield(1)
    await store.receive(.value(1)) { $0.values = [1] }
    await store.send(.listenLatest)
    subject.yield(2)
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.send(.stop)
    subject.finish()
    await store.finish()
  }

  private struct Delayed: Reducer {
    struct State: Equatable, Sendable { var values: [Int] = [] }
    enum Action: Equatable, Sendable { case start(Int, seconds: Int), startUntagged, cancel, value(Int) }
    let clock: TestClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let value, let seconds):
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.value(value))
        }
        .cancellable(id: "id")
      case .startUntagged:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.value(0))
        }
      case .cancel:
        return .cancel(id: "id")
      case .value(let value):
        state.values.append(value)
        return .none
      }
    }
  }

  /// TCA: an effect cancelled while it waits on the clock never delivers, however far the clock
  /// is then moved.
  @Test func anEffectCancelledDuringItsDelayNeverDelivers() async {
    let store = TestStore(initialState: Delayed.State()) { Delayed(clock: $0.clock) }
    await store.send(.start(1, seconds: 2))
    await store.clock.advance(by: .seconds(1))
    await store.send(.cancel)
    store.clock.run()
    await store.finish()
  }

  /// TCA: two effects sharing an ID without `cancelInFlight` both run to completion.
  @Test func effectsSharingAnIDWithoutCancelInFlightBothDeliver() async {
    let store = TestStore(initialState: Delayed.State()) { Delayed(clock: $0.clock) }
    await store.send(.start(1, seconds: 1))
    await store.send(.start(2, seconds: 2))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0.values = [1] }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.finish()
  }

  /// TCA: an effect whose consumer is cancelled before its delay ends delivers nothing, with no
  /// ID involved (here the task `send` returned).
  @Test func cancellingTheSendsTaskBeforeTheDelayEndsDeliversNothing() async {
    let store = TestStore(initialState: Delayed.State()) { Delayed(clock: $0.clock) }
    let task = await store.send(.startUntagged)
    await task.cancel()
    await store.clock.advance(by: .seconds(1))
    await store.finish()
  }

  private struct Nested: Reducer {
    enum Action: Equatable, Sendable { case start, value(Int) }
    func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return Effect.merge(
          Effect.merge(.send(.value(1)), .send(.value(2))).cancellable(id: 1)
        )
        .cancellable(id: 2)
      case .value(let value):
        state.append(value)
        return .none
      }
    }
  }

  /// TCA: output of an effect tagged inside a merge that is itself tagged is all delivered.
  @Test func nestedTaggedMergesDeliverEverything() async {
    let store = TestStore(initialState: [Int]()) { Nested() }
    await store.send(.start)
    await store.receive(.value(1)) { $0 = [1] }
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.finish()
  }

  private struct FirstID: Hashable, Sendable {}
  private struct SecondID: Hashable, Sendable {}

  private struct TwoIDs: Reducer {
    enum Action: Equatable, Sendable { case start, cancelFirst, fired(Int) }
    let clock: TestClock
    func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .merge(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.fired(1))
          }
          .cancellable(id: FirstID()),
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.fired(2))
          }
          .cancellable(id: SecondID())
        )
      case .cancelFirst:
        return .cancel(id: FirstID())
      case .fired(let value):
        state.append(value)
        return .none
      }
    }
  }

  /// TCA: two distinct empty ID types are distinct IDs, though all empty values hash alike.
  @Test func distinctEmptyIDTypesAreDistinctIDs() async {
    let store = TestStore(initialState: [Int]()) { TwoIDs(clock: $0.clock) }
    await store.send(.start)
    await store.send(.cancelFirst)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.fired(2)) { $0 = [2] }
    await store.finish()
  }

  // MARK: - Run

  private struct Runner: Reducer {
    enum Action: Equatable, Sendable { case tapped, throwing, throwingHandled, response }
    struct Failure: Error {}
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .tapped:
        return .run { send in await send(.response) }
      case .throwing:
        return .run { _ in throw Failure() }
      case .throwingHandled:
        return .run { _ in throw Failure() } catch: { _, send in await send(.response) }
      case .response:
        state += 1
        return .none
      }
    }
  }

  /// TCA: `.run` sends its action back to the store.
  @Test func runSendsItsActionBack() async {
    let store = TestStore(initialState: 0) { Runner() }
    await store.send(.tapped)
    await store.receive(.response) { $0 = 1 }
    await store.finish()
  }

  /// TCA: an error `.run` throws goes to its `catch` handler, which can send.
  @Test func runsCatchHandlerReceivesTheErrorAndCanSend() async {
    let store = TestStore(initialState: 0) { Runner() }
    await store.send(.throwingHandled)
    await store.receive(.response) { $0 = 1 }
    await store.finish()
  }

  /// TCA: an error `.run` throws with no `catch` is reported, naming where the effect was
  /// created and the error.
  @Test func anUnhandledErrorIsReportedWithTheEffectsOrigin() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: 0) { Runner() }
      await store.send(.throwing)
      await store.finish()
    }
    #expect(issues.messages.count == 1)
    let message = issues.messages.first ?? ""
    #expect(message.contains("TCAParityEffectsTests.swift"))
    #expect(message.contains("Failure"))
  }

  // MARK: - Debounce

  private struct Debounced: Reducer {
    enum Action: Equatable, Sendable { case type(Int), settled(Int) }
    struct State: Equatable, Sendable { var settled: [Int] = [] }
    let clock: TestClock
    let starts: SharedValue<Int>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .type(let value):
        return .run { [starts] send in
          starts.mutate { $0 = ($0 ?? 0) + 1 }
          await send(.settled(value))
        }
        .debounce(id: "typing", for: .seconds(1), clock: clock)
      case .settled(let value):
        state.settled.append(value)
        return .none
      }
    }
  }

  /// TCA: each debounced effect restarts the wait; only the last of a burst delivers, a full
  /// interval after it arrived, and nothing comes later.
  @Test func debounceDeliversTheLastOfABurstOneIntervalAfterIt() async {
    let starts = SharedValue<Int>()
    let store = TestStore(initialState: Debounced.State()) { Debounced(clock: $0.clock, starts: starts) }
    await store.send(.type(1))
    await store.clock.advance(by: .milliseconds(500))
    await store.send(.type(2))
    await store.clock.advance(by: .milliseconds(500))
    await store.send(.type(3))
    await store.clock.advance(by: .milliseconds(500))
    #expect(store.store.currentState.settled.isEmpty)
    await store.clock.advance(by: .milliseconds(500))
    await store.receive(.settled(3)) { $0.settled = [3] }
    store.clock.run()
    await store.finish()
    #expect(starts.value == 1)
  }

  /// TCA: a debounced effect's work does not start before the interval has passed.
  @Test func debounceIsLazy() async {
    let starts = SharedValue<Int>()
    let store = TestStore(initialState: Debounced.State()) { Debounced(clock: $0.clock, starts: starts) }
    await store.send(.type(1))
    #expect(starts.value == nil)
    await store.clock.advance(by: .milliseconds(500))
    #expect(starts.value == nil)
    await store.clock.advance(by: .milliseconds(500))
    await store.receive(.settled(1)) { $0.settled = [1] }
    #expect(starts.value == 1)
    await store.finish()
  }

  // MARK: - Throttle

  private struct Throttled: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case tap(Int), throttledResponse(Int) }
    let clock: TestClock
    let latest: Bool

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap(let value):
        return Effect.send(.throttledResponse(value))
          .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: latest)
      case .throttledResponse(let value):
        state.count = value
        return .none
      }
    }
  }

  /// TCA's throttle sequence: a first tap delivers at once, taps within the interval wait for
  /// its end, and the one kept is the last (`latest`) or the first of them.
  @Test(arguments: [(true, 5), (false, 2)])
  func throttleKeepsOneTapOfTheIntervalForItsEnd(latest: Bool, delivered: Int) async {
    let store = TestStore(initialState: Throttled.State()) { Throttled(clock: $0.clock, latest: latest) }
    await store.send(.tap(1))
    await store.clock.advance()
    await store.receive(.throttledResponse(1)) { $0.count = 1 }

    await store.send(.tap(2))
    await store.clock.advance()
    await store.skipReceivedActions(strict: false)
    #expect(store.state.count == 1)

    await store.clock.advance(by: .milliseconds(250))
    await store.skipReceivedActions(strict: false)
    #expect(store.state.count == 1)

    for tap in 3...4 {
      await store.send(.tap(tap))
      await store.clock.advance(by: .milliseconds(250))
      await store.skipReceivedActions(strict: false)
      #expect(store.state.count == 1)
    }

    await store.send(.tap(5))
    await store.clock.advance(by: .milliseconds(250))
    await store.receive(.throttledResponse(delivered)) { $0.count = delivered }
    await store.finish()
  }

  /// TCA: once the interval has passed, the next tap delivers at once (the first value of a
  /// quiet period is emitted once, not again at the interval's end).
  @Test func aTapAfterTheIntervalDeliversAtOnce() async {
    let store = TestStore(initialState: Throttled.State()) { Throttled(clock: $0.clock, latest: true) }
    await store.send(.tap(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await store.clock.advance(by: .seconds(1))
    await store.send(.tap(2))
    await store.receive(.throttledResponse(2)) { $0.count = 2 }
    store.clock.run()
    await store.finish()
  }

  // MARK: - Composition

  private struct Sleeps: Reducer {
    enum Action: Equatable, Sendable { case concatenate, merge, concatenateOne, woke(Int) }
    let clock: TestClock

    func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
      let sleeps = (1...3).map { seconds in
        Effect<Action>.run { [clock] send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.woke(seconds))
        }
      }
      switch action {
      case .concatenate: return .concatenate(sleeps)
      case .merge: return .merge(sleeps)
      case .concatenateOne: return .concatenate(sleeps[0])
      case .woke(let seconds):
        state.append(seconds)
        return .none
      }
    }
  }

  /// TCA: concatenated sleeps of 1, 2 and 3 seconds deliver at 1, 3 and 6 seconds.
  @Test func concatenatedSleepsDeliverAtTheSumsOfTheirDurations() async {
    let store = TestStore(initialState: [Int]()) { Sleeps(clock: $0.clock) }
    await store.send(.concatenate)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.woke(1)) { $0 = [1] }
    await store.clock.advance(by: .seconds(2))
    await store.receive(.woke(2)) { $0 = [1, 2] }
    await store.clock.advance(by: .seconds(3))
    await store.receive(.woke(3)) { $0 = [1, 2, 3] }
    store.clock.run()
    await store.finish()
  }

  /// TCA: a concatenation of one effect is that effect.
  @Test func aConcatenationOfOneEffectRunsIt() async {
    let store = TestStore(initialState: [Int]()) { Sleeps(clock: $0.clock) }
    await store.send(.concatenateOne)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.woke(1)) { $0 = [1] }
    await store.finish()
  }

  /// TCA: merged sleeps of 1, 2 and 3 seconds deliver one a second.
  @Test func mergedSleepsDeliverEachAfterItsOwnDuration() async {
    let store = TestStore(initialState: [Int]()) { Sleeps(clock: $0.clock) }
    await store.send(.merge)
    for second in 1...3 {
      await store.clock.advance(by: .seconds(1))
      await store.receive(.woke(second)) { $0.append(second) }
    }
    await store.finish()
  }

  private struct WithNone: Reducer {
    enum Action: Equatable, Sendable { case merged, mergedFirst, concatenated, concatenatedFirst, both, value(Int) }
    func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
      let run = Effect<Action>.run { send in await send(.value(42)) }
      switch action {
      case .merged: return run.merge(with: .none)
      case .mergedFirst: return Effect<Action>.none.merge(with: run)
      case .concatenated: return run.concatenate(with: .none)
      case .concatenatedFirst: return Effect<Action>.none.concatenate(with: run)
      case .both: return Effect<Action>.none.merge(with: .none).concatenate(with: .none)
      case .value(let value):
        state.append(value)
        return .none
      }
    }
  }

  /// TCA: merging or concatenating with `.none` leaves the other effect as it was, and `.none`
  /// with `.none` is `.none`.
  @Test func composingWithNoneKeepsTheOtherEffect() async {
    let store = TestStore(initialState: [Int]()) { WithNone() }
    for action in [WithNone.Action.merged, .mergedFirst, .concatenated, .concatenatedFirst] {
      await store.send(action)
      await store.receive(.value(42)) { $0.append(42) }
    }
    let task = await store.send(.both)
    #expect(task.hasFinished)
    await store.finish()
  }

  // MARK: - Dependencies in effects

  private struct DatedFeature: Reducer {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    @Dependency(\.date) var date
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        return .run { [date] send in await send(.response(Int(date.now.timeIntervalSinceReferenceDate))) }
      case .response(let value):
        state = value
        return .none
      }
    }
  }

  /// TCA: a dependency a reducer overrides with `dependency(_:_:)` reaches its effects.
  @Test func aReducersDependencyOverrideReachesItsEffects() async {
    let store = TestStore(initialState: 0) {
      DatedFeature().dependency(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890)))
    }
    await store.send(.tap)
    await store.receive(.response(1_234_567_890)) { $0 = 1_234_567_890 }
    await store.finish()
  }

  private struct Level: DependencyKey {
    var value: Int
    static let liveValue = Level(value: 0)
    static let testValue = Level(value: 0)
  }

  private struct Escalating: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case tap, response1(Int), response2(Int) }
    @Dependency(Level.self) var level

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        return withDependencies { $0[Level.self].value += 1 } operation: {
          .run { send in await send(.response1(level.value)) }
        }
      case .response1(let value):
        state.count = value
        return withDependencies { $0[Level.self].value += 1 } operation: {
          .run { send in await send(.response2(level.value)) }
        }
      case .response2(let value):
        state.count = value
        return .none
      }
    }
  }

  /// TCA: a `.run` built inside `withDependencies` runs with the values in force where it was
  /// built, and the actions it sends are reduced with the store's own.
  @Test func aRunBuiltInsideWithDependenciesKeepsThoseValues() async {
    let store = TestStore(initialState: Escalating.State()) { Escalating() }
    await store.send(.tap)
    await store.receive(.response1(1)) { $0.count = 1 }
    await store.receive(.response2(1))
    await store.finish()
  }

  private struct MappedDate: Reducer {
    enum Action: Equatable, Sendable { case tap, stamped(Date) }
    func reduce(into state: inout Date?, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        @Dependency(\.date) var date
        return withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890)) } operation: {
          Effect<Void>.run { send in await send(()) }.map { Action.stamped(date.now) }
        }
      case .stamped(let date):
        state = date
        return .none
      }
    }
  }

  /// TCA: `map`'s transform of a `.run` built inside `withDependencies` sees those values.
  @Test func mapOfARunBuiltInsideWithDependenciesSeesThoseValues() async {
    let store = TestStore(initialState: Date?.none) { MappedDate() }
    await store.send(.tap)
    await store.receive(.stamped(Date(timeIntervalSince1970: 1_234_567_890))) {
      $0 = Date(timeIntervalSince1970: 1_234_567_890)
    }
    await store.finish()
  }
}
