import ActorStoreTesting
import Testing

/// `TestStore` and `TestClock` behave as TCA's do where TCA users' tests rely on it (issue 26):
/// each test restates a behaviour TCA documents or tests, in ActorStore's terms.
@MainActor @Suite struct TCATestSemanticsTests {
  // MARK: - `state` is the asserted state

  private enum Letter: Equatable, Sendable { case a, b, c, d }

  /// TCA's own example: between steps `state` is the state the last asserted step produced, and
  /// inside an assertion closure it is the state before the step.
  @Test func stateIsTheAssertedStateAndTheStateBeforeInsideAClosure() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Letter> { count, action in
        count += 1
        return action == .a ? .merge(.send(.b), .send(.c), .send(.d)) : .none
      }
    }
    await store.send(.a) {
      #expect(store.state == 0)
      $0 = 1
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      #expect(store.state == 1)
      $0 = 2
    }
    #expect(store.state == 2)
    await store.receive(.c) {
      #expect(store.state == 2)
      $0 = 3
    }
    #expect(store.state == 3)
    await store.receive(.d) {
      #expect(store.state == 3)
      $0 = 4
    }
    #expect(store.state == 4)
    await store.finish()
  }

  /// An action an effect sent is not in `state` until the test receives (or skips) it, though
  /// the store has processed it.
  @Test func stateDoesNotSeeActionsNotReceivedYet() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    await store.send(.load)
    #expect(store.state.count == 0)
    #expect(store.store.currentState.count == 42)
    await store.receive(.loaded(42)) { $0.count = 42 }
    #expect(store.state.count == 42)

    await store.send(.increment) { $0.count = 43 }
    await store.send(.load)
    await store.skipReceivedActions()
    #expect(store.state.count == 42)
    await store.finish()
  }

  /// As TCA's `assert`, which checks `state`: what effects sent and the test has not received is
  /// not asserted.
  @Test func assertChecksTheAssertedState() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      store.exhaustivity = .off
      await store.send(.load)
      store.assert { $0.count = 0 }
      await store.skipReceivedActions()
      store.assert { $0.count = 42 }
      await store.finish()
    }
    #expect(issues.messages.isEmpty)
  }

  // MARK: - `TestClock` sleeps due now wait for the clock

  /// A request held on `clock.sleep(for: .zero)`.
  private struct Request: Reducer {
    struct State: Equatable, Sendable {
      var isLoading = false
      var response: String?
    }
    enum Action: Equatable, Sendable { case requested, cancelTapped, responded(String) }

    let clock: TestClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .requested:
        state.isLoading = true
        let clock = self.clock
        return .run { send in
          try await clock.sleep(for: .zero)
          await send(.responded("done"))
        }
        .cancellable(id: "request")
      case .cancelTapped:
        state.isLoading = false
        return .cancel(id: "request")
      case .responded(let response):
        state.isLoading = false
        state.response = response
        return .none
      }
    }
  }

  /// TCA's idiom: a request held on a zero-length sleep of the test clock can be cancelled
  /// before it goes on, because the sleep waits for the test to move the clock.
  @Test func aRequestHeldOnAZeroLengthSleepCanBeCancelled() async {
    let store = TestStore(initialState: Request.State()) { Request(clock: $0.clock) }
    await store.send(.requested) { $0.isLoading = true }
    await store.send(.cancelTapped) { $0.isLoading = false }
    await store.clock.advance()
    await store.finish()
  }

  /// …and goes on when the test moves the clock, by zero.
  @Test func aZeroLengthSleepGoesOnWhenTheClockMovesByZero() async {
    let store = TestStore(initialState: Request.State()) { Request(clock: $0.clock) }
    await store.send(.requested) { $0.isLoading = true }
    #expect(store.store.inFlightEffectCount == 1)
    await store.clock.advance()
    await store.receive(.responded("done")) {
      $0.isLoading = false
      $0.response = "done"
    }
    #expect(store.clock.now == .zero)
    await store.finish()
  }

  // MARK: - `skipInFlightEffects()` stops tracking, skips are strict

  /// TCA's test: an effect skipped in flight still runs, and what it sends must be received.
  @Test func anEffectSkippedInFlightStillDeliversItsAction() async {
    let store = TestStore(initialState: 0) { executor in
      Reduce<Int, Bool> { state, isResponse in
        if isResponse {
          state = 42
          return .none
        }
        let clock = executor.clock
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(true)
        }
      }
    }
    await store.send(false)
    await store.skipInFlightEffects()
    await store.clock.advance(by: .seconds(1))
    await store.receive(true) { $0 = 42 }
    await store.finish()
  }

  /// Skipped effects no longer have to finish by the end of the test; effects started after the
  /// skip do.
  @Test func skippedEffectsNeedNotFinishButLaterOnesDo() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await store.send(.startTimer)
      await store.skipInFlightEffects()
      #expect(store.store.inFlightEffectCount == 1)
      await store.send(.startTimer)
      await store.finish()
    }
    #expect(
      issues.messages == [
        """
        1 effect is still in flight at the end of the test:
          effect started at ActorStoreTestingTests/Features.swift:116 by action startTimer
        Advance the clock until they finish, cancel them from the feature, or call \
        `skipInFlightEffects()`.
        """
      ])
  }

  /// As TCA's: a skip with nothing to skip fails unless `strict: false`, whatever the
  /// exhaustivity.
  @Test(arguments: [TestStore<Counter.State, Counter.Action>.Exhaustivity.on, .off])
  func skipsAreStrictByDefault(exhaustivity: TestStore<Counter.State, Counter.Action>.Exhaustivity) async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      store.exhaustivity = exhaustivity
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      await store.skipReceivedActions(strict: false)
      await store.skipInFlightEffects(strict: false)
      await store.send(.startTimer)
      await store.skipInFlightEffects()
      // Already skipped: nothing left to skip.
      await store.skipInFlightEffects()
      await store.finish()
    }
    #expect(
      issues.messages == [
        "There were no received actions to skip.", "There were no in-flight effects to skip.",
        "There were no in-flight effects to skip.",
      ])
  }

  /// Seeded orders: effects of random lengths skipped in flight all deliver when the clock
  /// reaches them, and the test ends clean once it has received them.
  @Test(arguments: UInt64(0)..<30) func skippedEffectsDeliverUnderEverySeed(seed: UInt64) async {
    var random = SeededGenerator(seed: seed)
    let lengths = (0..<Int.random(in: 1...5, using: &random)).map { _ in Int.random(in: 0...3, using: &random) }
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: [Int](), executor: TestExecutor(ordering: .seeded(seed))) { executor in
        Delays(clock: executor.clock)
      }
      await store.send(.start(lengths))
      await store.skipInFlightEffects()
      await store.clock.advance(by: .seconds(3))
      // Ties wake in the seed's order: the live state tells which, and each receive asserts
      // one more of it.
      let delivered = store.store.currentState
      #expect(delivered.sorted() == Array(lengths.indices))
      for _ in lengths {
        await store.receive({ if case .done = $0 { true } else { false } }) {
          $0 = Array(delivered.prefix($0.count + 1))
        }
      }
      await store.finish()
    }
    #expect(issues.messages.isEmpty, "seed \(seed)")
  }

  // MARK: - Unreceived actions stay queued after a "must handle" failure

  @Test func unreceivedActionsStayQueuedAfterAMustHandleFailure() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await store.send(.load)
      await store.send(.increment) { $0.count = 43 }
      await store.receive(.loaded(42)) { $0.count = 42 }
      await store.finish()
    }
    #expect(issues.messages == ["Must handle 1 received action before sending increment:\n  loaded(42)"])
  }

  /// Actions a clock move delivered between steps are received ones: a send after it must
  /// handle them first, and they stay queued for `receive`.
  @Test func actionsAClockMoveDeliveredMustBeHandledBeforeTheNextSend() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Timing.State()) { Timing(clock: $0.clock) }
      await store.send(.merge)
      await store.clock.advance(by: .seconds(1))
      // As in TCA, the send's state includes the unreceived tick: asserted here, so the receive
      // that follows asserts no further change.
      await store.send(.concatenate) {
        $0.ticks = [1]
        $0.times = [.seconds(1)]
      }
      await store.receive(.tick(1))
      await store.skipInFlightEffects()
      await store.finish()
    }
    #expect(issues.messages == ["Must handle 1 received action before sending concatenate:\n  tick(1)"])
  }

  // MARK: - A test store task's `finish()` never hangs

  @Test func aTaskWaitingOnTheClockFailsAtOnceNamingItsEffects() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      let task = await store.send(.startTimer)
      await task.finish()
      #expect(!task.hasFinished)
      await task.cancel()
      #expect(task.isCancelled && task.hasFinished)
      await store.finish()
    }
    #expect(
      issues.messages == [
        """
        Expected the task to finish, but 1 effect it started is still in flight and nothing can \
        run until the test moves the clock:
          effect started at ActorStoreTestingTests/Features.swift:116 by action startTimer
        Advance the clock (`store.clock.advance(by:)`, `run()`) before awaiting `finish()`, or \
        cancel the task.
        """
      ])
  }

  @Test func aTaskFinishesOnceTheClockHasMoved() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    let task = await store.send(.startTimer)
    await store.clock.advance(by: .seconds(60))
    await task.finish()
    #expect(task.hasFinished && !task.isCancelled)
    await store.finish()
  }

  /// Only the task's own effects count, transitively: another send's effects do not.
  @Test func aTaskWaitsOnlyForItsOwnEffects() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    await store.send(.startTimer)
    let load = await store.send(.load)
    await load.finish()
    await store.receive(.loaded(42)) { $0.count = 42 }
    await store.skipInFlightEffects()
    await store.finish()
  }

  /// Seeded orders: whatever the lengths and the clock move, `finish()` returns at once, and
  /// fails exactly when an effect of the task is due after the clock.
  @Test(arguments: UInt64(0)..<30) func aTaskFinishesOrFailsAsTheClockSaysUnderEverySeed(seed: UInt64) async {
    var random = SeededGenerator(seed: seed)
    let lengths = (0..<Int.random(in: 1...5, using: &random)).map { _ in Int.random(in: 0...3, using: &random) }
    let moved = Int.random(in: 0...3, using: &random)
    let pending = lengths.count { $0 > moved }
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: [Int](), executor: TestExecutor(ordering: .seeded(seed))) { executor in
        Delays(clock: executor.clock)
      }
      store.exhaustivity = .off
      let task = await store.send(.start(lengths))
      await store.clock.advance(by: .seconds(moved))
      await task.finish()
      #expect(task.hasFinished == (pending == 0), "seed \(seed)")
      await task.cancel()
      await store.finish()
    }
    if pending == 0 {
      #expect(issues.messages.isEmpty, "seed \(seed)")
    } else {
      #expect(issues.messages.count == 1, "seed \(seed)")
      #expect(
        issues.messages.first?.hasPrefix(
          "Expected the task to finish, but \(pending) effect\(pending == 1 ? " it started is" : "s it started are")")
          == true, "seed \(seed): \(issues.messages)")
    }
  }
}

/// Effects that sleep the given numbers of seconds, each then sending `.done` with its index.
private struct Delays: Reducer {
  enum Action: Equatable, Sendable {
    case start([Int])
    case done(Int)
  }

  let clock: TestClock

  func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
    switch action {
    case .start(let lengths):
      let clock = self.clock
      return .merge(
        lengths.enumerated().map { index, seconds in
          Effect<Action>.run { send in
            try await clock.sleep(for: .seconds(seconds))
            await send(.done(index))
          }
        })
    case .done(let index):
      state.append(index)
      return .none
    }
  }
}
