import Synchronization

/// Counts effect operations that are running, so a scenario can check none outlives what it
/// belongs to.
final class RunningEffects: Sendable {
  private let count = Atomic<Int>(0)

  /// Runs `operation`, counted while it runs.
  func track(_ operation: () async -> Void) async {
    count.add(1, ordering: .relaxed)
    await operation()
    count.subtract(1, ordering: .relaxed)
  }

  /// Operations running now.
  var running: Int { count.load(ordering: .relaxed) }
}
