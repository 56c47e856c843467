extension Clock {
  /// A sequence of instants `interval` apart, the first `interval` from now: a timer an effect
  /// iterates, as swift-clocks' `timer(interval:)`.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// …
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// }
  /// .cancellable(id: "timer", cancelInFlight: true)
  /// ```
  ///
  /// Each deadline is the previous one plus `interval`, so ticks do not drift; when time has
  /// moved past several deadlines (a slow consumer, or a test clock moved by several intervals),
  /// each of them is still produced, one per call. The sequence ends when the iterating task is
  /// cancelled. The timer's type does not name the clock's, so that it can be made from a clock
  /// known only as `any Clock<Duration>`, as the clock dependencies are.
  /// - Parameter interval: The time between ticks.
  /// - Returns: The timer.
  public func timer(interval: Duration) -> ClockTimer<Duration> {
    ClockTimer(clock: self, interval: interval)
  }
}

/// The ticks of `clock.timer(interval:)`: each tick is the instant it was due, as the clock's
/// own `Instant` behind `any InstantProtocol`.
public struct ClockTimer<Duration: DurationProtocol>: AsyncSequence, Sendable {
  /// A tick: the instant it was due.
  public typealias Element = any InstantProtocol<Duration>

  let clock: any Clock<Duration>
  let interval: Duration

  /// Produces the ticks; `nil` once the iterating task is cancelled.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var ticks: any Ticking<Duration>

    /// Waits for the next deadline and returns it, or `nil` when the task is cancelled.
    /// - Returns: The tick, or `nil`.
    public mutating func next() async -> Element? {
      await ticks.next()
    }
  }

  /// Starts the timer: its first deadline is `interval` from now.
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(ticks: Self.ticks(of: clock, every: interval))
  }

  private static func ticks<C: Clock<Duration>>(of clock: C, every interval: Duration) -> any Ticking<Duration> {
    Ticks(clock: clock, interval: interval, last: nil)
  }
}

/// A timer's state for one concrete clock, behind ``ClockTimer/AsyncIterator``.
protocol Ticking<Duration> {
  associatedtype Duration: DurationProtocol
  mutating func next() async -> (any InstantProtocol<Duration>)?
}

private struct Ticks<C: Clock>: Ticking {
  let clock: C
  let interval: C.Duration
  var last: C.Instant?

  mutating func next() async -> (any InstantProtocol<C.Duration>)? {
    let deadline = (last ?? clock.now).advanced(by: interval)
    do {
      try await clock.sleep(until: deadline, tolerance: nil)
    } catch {
      return nil
    }
    last = deadline
    return deadline
  }
}
