import ActorStore

/// A clock that moves only when the test says so; sleepers wake in deadline order.
final class ManualClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Sleeper] = []
    var cancelledBeforeRegistering: Set<Int> = []
    var countWaiters: [(count: Int, continuation: UnsafeContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        enum Outcome { case wait([UnsafeContinuation<Void, Never>]), resume, cancel }
        let outcome = state.withLock { state -> Outcome in
          if state.cancelledBeforeRegistering.remove(id) != nil { return .cancel }
          if deadline <= state.now { return .resume }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          let ready = state.countWaiters.filter { $0.count <= state.sleepers.count }
          state.countWaiters.removeAll { $0.count <= state.sleepers.count }
          return .wait(ready.map(\.continuation))
        }
        switch outcome {
        case .wait(let ready): for waiter in ready { waiter.resume() }
        case .resume: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelledBeforeRegistering.insert(id)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has come, earliest first.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Suspends until at least `count` sleepers are waiting.
  func waitForSleepers(_ count: Int) async {
    await withUnsafeContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.countWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
