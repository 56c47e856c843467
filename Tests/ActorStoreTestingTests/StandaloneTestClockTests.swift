import ActorStoreTesting
import Testing

/// `TestClock()` on its own, as swift-clocks' `TestClock`, for code that does not run on a
/// `TestExecutor`. Each sleep here has an absolute deadline that the test moves past, so the
/// outcome is the same whether the sleeping task registers before the clock moves (and is woken)
/// or after (and finds its deadline passed).
@Suite struct StandaloneTestClockTests {
  @Test func startsAtZeroAndMovesOnlyWhenAdvanced() {
    let clock = TestClock()
    #expect(clock.now == .zero)
    clock.advance(by: .seconds(2))
    #expect(clock.now == .zero.advanced(by: .seconds(2)))
    clock.advance(to: .zero.advanced(by: .seconds(5)))
    #expect(clock.now == .zero.advanced(by: .seconds(5)))
  }

  @Test func wakesASleeperOnAnotherExecutorOnceTimePassesItsDeadline() async throws {
    let clock = TestClock()
    let deadline = TestClock.Instant.zero.advanced(by: .seconds(1))
    let sleeper = Task { try await clock.sleep(until: deadline) }
    clock.advance(by: .milliseconds(500))
    clock.advance(by: .milliseconds(600))
    try await sleeper.value
    #expect(clock.now == .zero.advanced(by: .milliseconds(1100)))
  }

  @Test func aCancelledSleeperThrowsAndLeavesTheClock() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(until: .zero.advanced(by: .seconds(1))) }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.run())
    #expect(clock.now == .zero)
  }
}
