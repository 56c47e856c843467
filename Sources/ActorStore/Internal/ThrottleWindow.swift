/// What a throttle remembers about one ID between calls, type-erased over its clock.
protocol ThrottleMemory: Sendable {
  /// Whether the interval has passed, so that forgetting this memory changes no decision.
  var intervalHasPassed: Bool { get }
}

/// A throttle's current interval: it counts from the last start that happened and lasts
/// `interval` on `clock`.
struct ThrottleWindow<C: Clock>: ThrottleMemory {
  let clock: C
  let lastStart: C.Instant
  let interval: C.Duration

  // A start waiting for the interval's end is due at `lastStart` + `interval`, and keeps the
  // memory however old `lastStart` is: the registry sweeps only memories with no start waiting.
  var intervalHasPassed: Bool { lastStart.duration(to: clock.now) >= interval }
}

/// Where a throttle's memory is kept: its ID in the element scope it was launched for.
struct ThrottleKey: Hashable, Sendable {
  let id: EffectID
  let path: ScopePath?

  /// The cancellation-index key under which the throttle's waiting start is registered.
  var pendingKey: EffectKey { EffectKey(kind: .id(EffectID(ThrottlePendingID(throttleID: id))), path: path) }
}

/// The ID under which a throttle's waiting start is registered.
struct ThrottlePendingID: Hashable, Sendable {
  let throttleID: EffectID
}
