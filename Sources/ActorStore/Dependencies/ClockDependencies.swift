extension DependencyValues {
  /// A clock that keeps counting while the system sleeps; a `ContinuousClock` live. In a
  /// `TestStore` (ActorStoreTesting), its executor's `TestClock` unless overridden, so that the
  /// test moves it; elsewhere in tests, unimplemented (see ``DependencyKey/testValue``).
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// A clock that stops while the system sleeps; a `SuspendingClock` live. In a `TestStore`, its
  /// executor's `TestClock` unless overridden, like ``continuousClock``.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

/// The key of ``DependencyValues/continuousClock``.
enum ContinuousClockKey: DependencyKey {
  // An empty struct fits an existential's inline buffer: reading the value boxes nothing.
  static let liveValue: any Clock<Duration> = ContinuousClock()
}

/// The key of ``DependencyValues/suspendingClock``.
enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
}
