import ActorStoreTesting
import Testing

/// `@MainActor`, as app test suites usually are: every `TestStore` call runs on the main actor.
@MainActor @Suite struct TestStoreTests {
  /// Written as TCA's tests are: reducers listed in a trailing closure that takes nothing, the
  /// store typed with TCA's `TestStoreOf`.
  @Test func reducersListedInATrailingClosureRunInOrder() async {
    let store: TestStoreOf<Pair> = TestStore(initialState: Pair.State()) {
      Pair()
      Reduce { state, action in
        // Runs after `Pair`, so it sees `a` already set.
        if case .setA = action { state.b = state.a * 10 }
        return .none
      }
    }
    await store.send(.setA(2)) {
      $0.a = 2
      $0.b = 20
    }
    await store.send(.incrementA) { $0.a = 3 }
    await store.finish()
  }

  @Test func concatenatedEffectsRunOneAfterAnother() async {
    let store = TestStore(initialState: Timing.State()) { Timing(clock: $0.clock) }
    await store.send(.concatenate)
    store.executor.advance(by: .seconds(1))
    await store.receive(.tick(1)) {
      $0.ticks = [1]
      $0.times = [.seconds(1)]
    }
    store.executor.advance(by: .seconds(2))
    await store.receive(.tick(2)) {
      $0.ticks = [1, 2]
      $0.times = [.seconds(1), .seconds(3)]
    }
    store.executor.advance(by: .seconds(3))
    await store.receive(.tick(3)) {
      $0.ticks = [1, 2, 3]
      $0.times = [.seconds(1), .seconds(3), .seconds(6)]
    }
    await store.finish()
  }

  @Test func mergedEffectsRunAtOnce() async {
    let store = TestStore(initialState: Timing.State()) { Timing(clock: $0.clock) }
    await store.send(.merge)
    store.executor.advance(by: .seconds(3))
    await store.receive(.tick(1)) {
      $0.ticks = [1]
      $0.times = [.seconds(1)]
    }
    await store.receive(.tick(2)) {
      $0.ticks = [1, 2]
      $0.times = [.seconds(1), .seconds(2)]
    }
    await store.receive(.tick(3)) {
      $0.ticks = [1, 2, 3]
      $0.times = [.seconds(1), .seconds(2), .seconds(3)]
    }
    await store.finish()
  }

  @Test func rowTimersStopWhenTheirRowIsRemoved() async {
    let store = TestStore(initialState: TimerList.State()) { TimerList(clock: $0.clock) }
    await store.send(.add(1)) { $0.rows = [TimerList.Row(id: 1)] }
    await store.receive(.rows(.element(id: 1, action: .start)))
    await store.send(.add(2)) { $0.rows.append(TimerList.Row(id: 2)) }
    await store.receive(.rows(.element(id: 2, action: .start)))
    store.executor.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    store.executor.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 2 }
    #expect(store.store.inFlightEffectCount == 1)
    await store.send(.remove(2)) { $0.rows = [] }
    await store.finish()
    #expect(store.store.inFlightEffectCount == 0)
  }

  @Test func receiveWithPredicateAndNonExhaustiveMode() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.load)
    await store.receive({ if case .loaded = $0 { true } else { false } }) { $0.count = 42 }
    await store.finish()
  }

  /// TCA's `.off(showSkippedAssertions: true)`: what `.on` would fail on is shown as warnings.
  @Test func nonExhaustiveModeCanShowTheSkippedAssertionsAsWarnings() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.increment)
      await store.send(.load)
      await store.send(.increment) { $0.count = 43 }
      await store.send(.startTimer)
      await store.finish()
    }
    let messages = issues.messages
    #expect(issues.severities == Array(repeating: .warning, count: 3), "\(messages)")
    #expect(messages.count == 3)
    #expect(messages.first?.hasPrefix("Skipped assertion: State changes not asserted after send(increment):") == true)
    #expect(
      messages.dropFirst().first
        == "Skipped assertion: Must handle 1 received action before sending increment:\n  loaded(42)")
    #expect(messages.last?.hasPrefix("Skipped assertion: 1 effect is still in flight at the end of the test:") == true)
  }

  @Test func nonExhaustiveReceiveShowsTheActionsItSkipped() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Timing.State()) { Timing(clock: $0.clock) }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.merge)
      store.executor.advance(by: .seconds(3))
      await store.receive(.tick(3)) {
        $0.ticks = [1, 2, 3]
        $0.times = [.seconds(1), .seconds(2), .seconds(3)]
      }
      await store.finish()
    }
    #expect(
      issues.messages == ["Skipped assertion: Actions received before tick(3), not asserted:\n  tick(1)\n  tick(2)"])
    #expect(issues.severities == [.warning])
  }

  @Test func nonExhaustiveModeShowsNothingByDefault() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      store.exhaustivity = .off
      #expect(store.exhaustivity == .off(showSkippedAssertions: false))
      await store.send(.increment)
      await store.send(.load)
      await store.send(.increment)
      await store.send(.startTimer)
      await store.finish()
    }
    #expect(issues.messages.isEmpty)
  }

  @Test func skipReceivedActionsAndInFlightEffects() async {
    let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
    await store.send(.load)
    await store.skipReceivedActions()
    #expect(store.state.count == 42)
    await store.send(.startTimer)
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func wrongStateAssertionShowsALineDiff() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await store.send(.increment) { $0.count = 2 }
      await store.finish()
    }
    #expect(
      issues.messages == [
        """
        State after send(increment) does not match the expectation: (− expected, + actual)
          Counter.State(
        −   count: 2
        +   count: 1
            title: "Counter"
          )
        """
      ])
  }

  @Test func unexpectedReceivedActionIsNamed() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await store.send(.load)
      await store.receive(.increment)
      await store.finish()
    }
    #expect(issues.messages == ["Received unexpected action:\n  loaded(42)\nExpected:\n  increment"])
  }

  @Test func unfinishedEffectIsNamedWithItsAction() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
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

  @Test func unreceivedActionsFailAtTheEnd() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await store.send(.load)
      await store.finish()
    }
    #expect(
      issues.messages == [
        """
        The store received 1 unexpected action:
          loaded(42)
        Receive them with `receive`, or call `skipReceivedActions()`.
        """
      ])
  }

  @Test func unassertedChangeFails() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await store.send(.increment)
    }
    #expect(issues.messages.first?.hasPrefix("State was not expected to change after send(increment), but it did:") == true)
  }

  /// As TCA's: a closure given for a step that changed nothing must have asserted something that
  /// did not happen, even when it only sets a value to what it already was.
  @Test func anAssertionClosureForAStepThatChangedNothingFails() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await store.send(.startTimer) { $0.count = 0 }
      await store.send(.startTimer)
      await store.skipInFlightEffects()
    }
    #expect(
      issues.messages == [
        """
        Expected state to change after send(startTimer), but no change occurred: the assertion \
        closure changed nothing. If no change is expected, omit the closure.
        """
      ])
  }

  /// TCA's `assert`: a non-exhaustive test checks the state between steps, only what it sets.
  @Test func assertChecksTheStateBetweenSteps() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      store.exhaustivity = .off
      await store.send(.increment)
      await store.send(.increment)
      store.assert { $0.count = 2 }
      store.assert { $0.count = 3 }
      // Exhaustive: against the last asserted state; restating it is no failure.
      let exhaustive = TestStore(initialState: Counter.State()) { Counter(clock: $0.clock) }
      await exhaustive.send(.increment) { $0.count = 1 }
      exhaustive.assert { $0.count = 1 }
      await exhaustive.finish()
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("State after assert does not match the expectation:") == true)
  }

  @Test(arguments: 0..<8) func parallelStoresDoNotInterfere(seed: UInt64) async {
    let executor = TestExecutor(ordering: seed.isMultiple(of: 2) ? .fifo : .seeded(seed))
    let store = TestStore(initialState: Timing.State(), executor: executor) { Timing(clock: $0.clock) }
    store.exhaustivity = .off
    await store.send(.merge)
    executor.advance(by: .seconds(3))
    await store.skipReceivedActions()
    #expect(store.state.times == [.seconds(1), .seconds(2), .seconds(3)])
    await store.finish()
  }
}
