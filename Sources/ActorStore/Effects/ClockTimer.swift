extension Clock where Self: Sendable {
  /// A sequence of instants `interval` apart, the first `interval` from now: a timer an effect
  /// iterates, as swift-clocks' `timer(interval:)`.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// }
  /// .cancellable(id: "timer", cancelInFlight: true)
  /// ```
  ///
  /// Each deadline is the previous one plus `interval`, so ticks do not drift; when time has
  /// moved past several deadlines (a slow consumer, or a test clock moved by several intervals),
  /// each of them is still produced, one per call. The sequence ends when the iterating task is
  /// cancelled.
  /// - Parameter interval: The time between ticks.
  /// - Returns: The timer.
  public func timer(interval: Duration) -> ClockTimer<Self> {
    ClockTimer(clock: self, interval: interval)
  }
}

/// The ticks of `Clock.timer(interval:)` (code voice, not a link: DocC makes no page for an
/// extension of the standard library's `Clock`).
public struct ClockTimer<C: Clock & Sendable>: AsyncSequence, Sendable {
  /// Each tick's deadline.
  public typealias Element = C.Instant

  let clock: C
  let interval: C.Duration

  /// Produces the ticks.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: C
    let interval: C.Duration
    var last: C.Instant?

    /// Sleeps until the next deadline and returns it; `nil` once the task is cancelled.
    /// - Returns: The deadline reached, or `nil`.
    public mutating func next() async -> C.Instant? {
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

  /// Starts the timer: its first deadline is one interval after the first call to `next()`.
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(clock: clock, interval: interval, last: nil)
  }
}
