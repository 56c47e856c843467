/// Sends made from synchronous code (a main-actor UI callback, a cell's tap handler) to a store
/// tree, processed in call order.
///
/// A store is an actor, so such code cannot await its send; one task per send would let two
/// quick taps reach the store in either order. Instead every send is queued here, and one task
/// at a time drains the queue in FIFO order, awaiting each send before starting the next: the
/// store reduces them in the order they were made, as TCA's main-actor store does. The task is
/// started when the queue becomes non-empty and ends when it is empty again, so a burst of
/// sends costs one task.
@usableFromInline final class OrderedSends: Sendable {
  /// A queued send: it sends its action to its store and returns once the store processed it.
  typealias Send = @Sendable () async -> Void

  private struct State {
    var pending: [Send] = []
    /// Whether a task is draining `pending`; it clears this once it finds `pending` empty.
    var isDraining = false
  }

  private let state = Locked(State())
  /// The task executor effects of the store tree prefer, which the draining task prefers too
  /// (deterministic under a `TestExecutor`).
  private let taskExecutor: (any TaskExecutor)?

  init(taskExecutor: (any TaskExecutor)?) {
    self.taskExecutor = taskExecutor
  }

  /// Queues `send` behind every send queued before it.
  func enqueue(_ send: @escaping Send) {
    let startsDrain = state.withLock { state -> Bool in
      state.pending.append(send)
      if state.isDraining { return false }
      state.isDraining = true
      return true
    }
    if startsDrain { Task(executorPreference: taskExecutor) { await self.drain() } }
  }

  /// Runs the queued sends in order until the queue is empty. Takes the whole queue at a time,
  /// so a burst is drained without shifting the array per send.
  private func drain() async {
    while true {
      let batch = state.withLock { state -> [Send] in
        if state.pending.isEmpty { state.isDraining = false }
        defer { state.pending = [] }
        return state.pending
      }
      if batch.isEmpty { return }
      for send in batch { await send() }
    }
  }
}
