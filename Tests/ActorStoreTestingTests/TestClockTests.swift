import ActorStore
import ActorStoreTesting
import Dispatch
import Testing

@Suite struct TestClockTests {
  @Test func sleepInAnAlreadyCancelledTaskThrowsWithoutRegistering() {
    let executor = TestExecutor()
    let clock = executor.clock
    let outcome = SharedValue<String>()
    let task = Task(executorPreference: executor) {
      do {
        try await clock.sleep(for: .seconds(1))
        outcome.value = "woke"
      } catch {
        outcome.value = "\(type(of: error))"
      }
    }
    task.cancel()
    executor.runUntilIdle()
    #expect(outcome.value == "CancellationError")
    #expect(executor.stats.pendingSleepers == 0)
    #expect(!executor.hasPendingWork)
  }

  @Test func cancellingASleeperResumesItAtOnceWithoutMovingTime() {
    let executor = TestExecutor()
    let clock = executor.clock
    let outcome = SharedValue<String>()
    let task = Task(executorPreference: executor) {
      do {
        try await clock.sleep(for: .seconds(5))
        outcome.value = "woke"
      } catch {
        outcome.value = "\(type(of: error)) at \(clock.now)"
      }
    }
    executor.runUntilIdle()
    #expect(executor.stats.pendingSleepers == 1)
    task.cancel()
    executor.runUntilIdle()
    #expect(outcome.value == "CancellationError at 0.0 seconds")
    #expect(!executor.hasPendingWork)
    #expect(executor.stats.timersFired == 0)
  }

  @Test func aSleeperCancelledFromAnotherThreadResumesWithCancellationError() {
    let executor = TestExecutor()
    let clock = executor.clock
    let outcome = SharedValue<String>()
    let task = Task(executorPreference: executor) {
      do {
        try await clock.sleep(for: .seconds(5))
        outcome.value = "woke"
      } catch {
        outcome.value = "\(type(of: error))"
      }
    }
    executor.runUntilIdle()
    let cancelled = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      task.cancel()
      cancelled.signal()
    }
    cancelled.wait()
    executor.runUntilIdle()
    #expect(outcome.value == "CancellationError")
    #expect(!executor.hasPendingWork)
    // The resumed task was enqueued by the cancelling Dispatch thread.
    #expect(executor.stats.foreignEnqueues == 1)
  }

  @Test func advanceWakesSleepersInDeadlineOrderWithTiesInRegistrationOrder() {
    let executor = TestExecutor()
    let trace = TraceRecorder(executor: executor)
    startSleepers(
      [("3s", .seconds(3)), ("1s", .seconds(1)), ("2s-a", .seconds(2)), ("2s-b", .seconds(2))],
      on: executor, trace: trace)
    executor.runUntilIdle()
    #expect(executor.value { await trace.lines } == [])

    executor.advance(by: .milliseconds(1_999))
    #expect(executor.value { await trace.lines } == ["1s"])
    executor.advance(by: .seconds(2))
    #expect(executor.value { await trace.lines } == ["1s", "2s-a", "2s-b", "3s"])
    #expect(executor.clock.now == .zero.advanced(by: .milliseconds(3_999)))
    #expect(executor.stats.timersFired == 4)
  }

  @Test func seededTiesWakeInAReproducibleOrderThatVariesWithTheSeed() {
    func tieOrder(seed: UInt64) -> [String] {
      let executor = TestExecutor(ordering: .seeded(seed))
      let trace = TraceRecorder(executor: executor)
      startSleepers((1...5).map { ("tie \($0)", .seconds(1)) }, on: executor, trace: trace)
      executor.runUntilIdle()
      executor.advance(by: .seconds(1))
      return executor.value { await trace.lines } ?? []
    }
    var orders: Set<[String]> = []
    for seed: UInt64 in 0..<20 {
      let order = tieOrder(seed: seed)
      #expect(order.sorted() == (1...5).map { "tie \($0)" })
      #expect(tieOrder(seed: seed) == order)
      orders.insert(order)
    }
    #expect(orders.count >= 2)
  }

  @Test func advanceToRunsChainedSleepsThatFallInsideTheWindow() {
    let executor = TestExecutor()
    let clock = executor.clock
    let trace = TraceRecorder(executor: executor)
    Task(executorPreference: executor) {
      for step in 1...3 {
        try await clock.sleep(for: .seconds(1))
        await trace.append("step \(step) at \(clock.now)")
      }
    }
    executor.runUntilIdle()
    executor.advance(to: .zero.advanced(by: .milliseconds(2_500)))
    #expect(
      executor.value { await trace.lines } == ["step 1 at 1.0 seconds", "step 2 at 2.0 seconds"])
    #expect(clock.now == .zero.advanced(by: .milliseconds(2_500)))

    // The clock and the executor move the same time.
    clock.advance(by: .milliseconds(500))
    #expect(executor.value { await trace.lines }?.last == "step 3 at 3.0 seconds")
    #expect(!executor.hasPendingWork)
  }

  /// As swift-clocks' `TestClock`: a sleep whose deadline is now, a zero-length one included,
  /// waits for the test to move the clock; running until idle leaves it asleep.
  @Test func aSleepToTheCurrentTimeWaitsForTheClockToMove() {
    let executor = TestExecutor()
    let clock = executor.clock
    let trace = TraceRecorder(executor: executor)
    Task(executorPreference: executor) {
      try await clock.sleep(until: clock.now)
      await trace.append("slept until now")
      try await clock.sleep(for: .zero)
      await trace.append("slept zero")
    }
    Task(executorPreference: executor) { await trace.append("queued job") }
    executor.runUntilIdle()
    #expect(executor.value { await trace.lines } == ["queued job"])
    #expect(executor.stats.pendingSleepers == 1)
    // `advance()` moves the clock by zero: the sleeper due now wakes, and so does the one it
    // starts, due now too.
    clock.advance()
    #expect(executor.value { await trace.lines } == ["queued job", "slept until now", "slept zero"])
    #expect(clock.now == .zero)
    #expect(!executor.hasPendingWork)
  }

  @Test func aZeroLengthSleepWakesOnRunAndOnAnAdvanceToNow() {
    let executor = TestExecutor()
    let clock = executor.clock
    let trace = TraceRecorder(executor: executor)
    clock.advance(by: .seconds(1))
    startSleepers([("first", .zero)], on: executor, trace: trace)
    executor.runUntilIdle()
    #expect(executor.value { await trace.lines } == [])
    #expect(clock.run())
    startSleepers([("second", .zero)], on: executor, trace: trace)
    executor.runUntilIdle()
    clock.advance(to: clock.now)
    #expect(executor.value { await trace.lines } == ["first", "second"])
    #expect(clock.now == .zero.advanced(by: .seconds(1)))
  }

  /// As swift-clocks' `TestClock`: a deadline already in the past returns at once, without
  /// waiting for the clock.
  @Test func aSleepToAPastDeadlineReturnsAtOnce() {
    let executor = TestExecutor()
    let clock = executor.clock
    let trace = TraceRecorder(executor: executor)
    clock.advance(by: .seconds(2))
    Task(executorPreference: executor) {
      try await clock.sleep(until: .zero.advanced(by: .seconds(1)))
      await trace.append("woke")
    }
    executor.runUntilIdle()
    #expect(executor.value { await trace.lines } == ["woke"])
    #expect(executor.stats.timersFired == 0)
  }

  /// Seeded orders: zero-length sleeps of many tasks all wait for the clock to move, then all
  /// wake in one `advance()`, in a tie order that depends on the seed only.
  @Test(arguments: UInt64(0)..<40) func zeroLengthSleepersWaitTogetherUnderEverySeed(seed: UInt64) {
    func wakeOrder() -> [String] {
      let executor = TestExecutor(ordering: .seeded(seed))
      let trace = TraceRecorder(executor: executor)
      startSleepers((0..<6).map { ("sleeper \($0)", .zero) }, on: executor, trace: trace)
      executor.runUntilIdle()
      #expect(executor.value { await trace.lines } == [])
      #expect(executor.stats.pendingSleepers == 6)
      executor.advance(by: .zero)
      #expect(executor.stats.pendingSleepers == 0)
      #expect(executor.clock.now == .zero)
      return executor.value { await trace.lines } ?? []
    }
    let order = wakeOrder()
    #expect(order.sorted() == (0..<6).map { "sleeper \($0)" })
    #expect(wakeOrder() == order)
  }

  @Test func movingTimeBackwardsIsReportedAndLeavesTheClock() {
    let executor = TestExecutor()
    let clock = executor.clock
    clock.advance(by: .seconds(2))
    let issues = IssueCollector()
    IssueReporting.withReporter(issues) {
      executor.advance(by: .seconds(-1))
      clock.advance(to: .zero.advanced(by: .seconds(1)))
    }
    #expect(clock.now == .zero.advanced(by: .seconds(2)))
    #expect(issues.messages.count == 2)
    #expect(issues.messages.first?.contains("advance(by: -1.0 seconds)") == true)
    #expect(issues.messages.last?.contains("advance(to: 1.0 seconds)") == true)
  }

  @Test func runOnTheClockRunsEverythingToCompletion() {
    let executor = TestExecutor()
    let clock = executor.clock
    let trace = TraceRecorder(executor: executor)
    startSleepers([("late", .seconds(60)), ("early", .seconds(1))], on: executor, trace: trace)
    #expect(clock.run())
    #expect(executor.value { await trace.lines } == ["early", "late"])
    #expect(clock.now == .zero.advanced(by: .seconds(60)))
  }

  @Test func immediateClockSleepsReturnAtOnceAndMoveItsTime() {
    let executor = TestExecutor()
    let clock = ImmediateClock()
    let outcome = SharedValue<String>()
    Task(executorPreference: executor) {
      do {
        try await clock.sleep(for: .seconds(3))
        try await clock.sleep(for: .milliseconds(500))
        outcome.value = "awake at \(clock.now)"
      } catch {
        outcome.value = "\(error)"
      }
    }
    executor.runUntilIdle()
    #expect(outcome.value == "awake at 3.5 seconds")
    #expect(clock.now == .zero.advanced(by: .milliseconds(3_500)))
  }

  @Test func immediateClockSleepThrowsInACancelledTask() {
    let executor = TestExecutor()
    let clock = ImmediateClock()
    let outcome = SharedValue<String>()
    let task = Task(executorPreference: executor) {
      do {
        try await clock.sleep(for: .seconds(3))
        outcome.value = "woke"
      } catch {
        outcome.value = "\(type(of: error))"
      }
    }
    task.cancel()
    executor.runUntilIdle()
    #expect(outcome.value == "CancellationError")
    #expect(clock.now == .zero)
  }
}

/// Starts one task per sleeper, in order; each sleeps its duration then appends its label.
private func startSleepers(
  _ sleepers: [(label: String, duration: Duration)], on executor: TestExecutor,
  trace: TraceRecorder
) {
  let clock = executor.clock
  for (label, duration) in sleepers {
    Task(executorPreference: executor) {
      try await clock.sleep(for: duration)
      await trace.append(label)
    }
  }
}
