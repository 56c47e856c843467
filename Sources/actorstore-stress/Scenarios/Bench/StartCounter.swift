import Synchronization

/// Counts tasks that reached their suspension point, so a bench starts timing only once every
/// effect or task it launched is really in flight.
final class StartCounter: Sendable {
  private let count = Atomic<Int>(0)

  func increment() { count.add(1, ordering: .relaxed) }

  var value: Int { count.load(ordering: .relaxed) }

  /// Sleeps in 1 ms steps until `condition` holds or 60 s have passed.
  /// - Returns: Whether `condition` held in time.
  @discardableResult
  static func wait(until condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    while !condition() {
      guard clock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }
}
