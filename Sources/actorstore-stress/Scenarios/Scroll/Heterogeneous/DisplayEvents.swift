import ActorStore

/// Rows whose title came on or went off screen, recorded by the items' `willDisplay` and
/// `didEndDisplaying` behaviours (which are `@Sendable`, hence the lock).
final class DisplayEvents: Sendable {
  private let events = Locked<[(row: Int, appeared: Bool)]>([])

  /// Records that `row`'s title appeared (`true`) or disappeared.
  func record(_ row: Int, appeared: Bool) { events.withLock { $0.append((row, appeared)) } }

  /// The events since the last call, in order.
  func drain() -> [(row: Int, appeared: Bool)] {
    events.withLock { events in
      defer { events.removeAll() }
      return events
    }
  }
}
