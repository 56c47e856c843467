extension Effect {
  /// Delays this effect by `duration` and cancels the delayed one whenever another effect with
  /// the same `id` is debounced before it starts: only the last of a burst runs.
  ///
  /// The wait goes through `clock`: inject a test clock to control it in tests.
  /// - Parameters:
  ///   - id: The debounce's cancellation ID.
  ///   - duration: How long to wait for quiet.
  ///   - clock: The clock to wait on.
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(id: some Hashable & Sendable, for duration: C.Duration, clock: C) -> Self {
    if isNone { return self }
    return Self.concatenate(.run { _ in try await clock.sleep(for: duration) }, self)
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Lets this effect start at most once per `interval` for `id`.
  ///
  /// The first effect of a quiet period starts at once. Within the interval, one more is kept
  /// and started when the interval ends: the first one that arrived, or with `latest` the last
  /// one (each newer one replaces the one waiting). Every other is dropped. Throttled effects
  /// are tagged with `id`, so ``cancel(id:fileID:filePath:line:column:)`` stops them, waiting or
  /// running; a waiting one that is cancelled never started, and the interval still counts from
  /// the last start that did.
  /// - Parameters:
  ///   - id: The throttle's ID.
  ///   - interval: The shortest time between two starts.
  ///   - clock: The clock that measures the interval.
  ///   - latest: Keep the newest effect of an interval instead of the first.
  /// - Returns: The throttled effect.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable, for interval: C.Duration, clock: C, latest: Bool
  ) -> Self {
    if isNone { return self }
    let rule = ThrottleRule(id: EffectID(id)) { memory, hasPending in
      let now = clock.now
      // A start scheduled earlier and no longer waiting has either begun, which moved
      // `lastStart`, or was cancelled: then it never happened, and the interval still counts
      // from the last start that did. One still waiting is due at the interval's end.
      guard let window = memory as? ThrottleWindow<C>, hasPending || window.lastStart.duration(to: now) < interval
      else {
        memory = ThrottleWindow(clock: clock, lastStart: now, interval: interval)
        return .startNow
      }
      if hasPending && !latest { return .drop }
      let deadline = window.lastStart.advanced(by: interval)
      return .startLater(replacingPending: hasPending) { try await clock.sleep(until: deadline, tolerance: nil) }
    } started: { memory in
      memory = ThrottleWindow(clock: clock, lastStart: clock.now, interval: interval)
    }
    return Self(.throttled(self, rule))
  }
}

/// A throttle's decision procedure, run under the registry lock with the throttle's memory (its
/// current interval, `nil` once that has passed) and whether a delayed start is waiting.
@usableFromInline struct ThrottleRule: Sendable {
  let id: EffectID
  let decide: @Sendable (_ memory: inout (any ThrottleMemory)?, _ hasPending: Bool) -> ThrottleDecision
  /// Records in the memory that the delayed start begins now, under the registry lock.
  let started: @Sendable (_ memory: inout (any ThrottleMemory)?) -> Void
}

@usableFromInline enum ThrottleDecision {
  case startNow
  case drop
  case startLater(replacingPending: Bool, wait: @Sendable () async throws -> Void)
}
