import ActorStore

/// A clock whose sleeps return at once, for tests that do not care how long code waits.
///
/// Each sleep moves ``now`` to its deadline (so `now` advances by the slept duration) and
/// returns without suspending. Copies share one time.
public struct ImmediateClock: Clock {
  /// A point in the clock's time; the same type as ``TestClock/Instant``.
  public typealias Instant = TestClock.Instant

  private final class Storage: Sendable {
    let now: Locked<Instant>

    init(now: Instant) {
      self.now = Locked(now)
    }
  }

  private let storage: Storage

  /// Creates a clock.
  /// - Parameter now: The time it starts at.
  public init(now: Instant = .zero) {
    storage = Storage(now: now)
  }

  /// The current time: the start time moved by every sleep so far.
  public var now: Instant { storage.now.withLock { $0 } }

  /// Zero: time is exact.
  public var minimumResolution: Duration { .zero }

  /// Moves ``now`` to `deadline` (never backwards) and returns at once.
  /// - Parameters:
  ///   - deadline: The time to move to.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    storage.now.withLock { $0 = max($0, deadline) }
  }
}
