/// A send made from synchronous code to a store on another executor (see
/// ``Store/sendOnMainActor(_:fileID:filePath:line:column:)``), until and after the store
/// processes it: the ``StoreTask`` handed out at once forwards here, so that it can be cancelled
/// or awaited before the send's own task exists.
///
/// A state machine behind the package lock; resuming waiters and cancelling the attached task
/// happen after the lock is released.
final class PendingSend: Sendable {
  private enum State {
    /// Not processed yet; `isCancelled` once ``cancel()`` was called meanwhile.
    case queued(isCancelled: Bool, waiters: [UnsafeContinuation<StoreTask, Never>])
    /// Processed: the send's own task, and whether it was cancelled through this handle.
    case processed(StoreTask, isCancelled: Bool)
  }

  private let state = Locked(State.queued(isCancelled: false, waiters: []))

  /// Records the task of the processed send: cancels it if the send was cancelled meanwhile,
  /// and resumes whoever waits in ``finish()``.
  func attach(_ task: StoreTask) {
    let (waiters, cancels) = state.withLock { state -> ([UnsafeContinuation<StoreTask, Never>], Bool) in
      guard case .queued(let isCancelled, let waiters) = state else { return ([], false) }
      state = .processed(task, isCancelled: isCancelled)
      return (waiters, isCancelled)
    }
    if cancels { task.cancel() }
    for waiter in waiters { waiter.resume(returning: task) }
  }

  /// Cancels the send's effects: now if it was processed, else as it is processed.
  func cancel() { markCancelled()?.cancel() }

  /// Cancels the send's effects like ``cancel()``, and returns once the cancel is final (see
  /// `StoreTask.cancel()`, awaited).
  nonisolated(nonsending) func cancelAwaitingDelivery() async { await markCancelled()?.cancel() }

  /// Records the cancel; returns the processed send's task, if it was processed, to cancel.
  private func markCancelled() -> StoreTask? {
    state.withLock { state -> StoreTask? in
      switch state {
      case .queued(_, let waiters):
        state = .queued(isCancelled: true, waiters: waiters)
        return nil
      case .processed(let task, _):
        state = .processed(task, isCancelled: true)
        return task
      }
    }
  }

  var isCancelled: Bool {
    state.withLock { state in
      switch state {
      case .queued(let isCancelled, _): isCancelled
      case .processed(let task, let isCancelled): isCancelled || task.isCancelled
      }
    }
  }

  var hasFinished: Bool {
    switch state.withLock({ $0 }) {
    case .queued: false
    case .processed(let task, _): task.hasFinished
    }
  }

  /// Waits for the send to be processed, then for its effects to finish; cancelling the
  /// waiting task cancels them.
  nonisolated(nonsending) func finish() async {
    await withTaskCancellationHandler {
      let task = await withUnsafeContinuation { continuation in
        let processed = state.withLock { state -> StoreTask? in
          switch state {
          case .queued(let isCancelled, var waiters):
            waiters.append(continuation)
            state = .queued(isCancelled: isCancelled, waiters: waiters)
            return nil
          case .processed(let task, _):
            return task
          }
        }
        if let processed { continuation.resume(returning: processed) }
      }
      await task.finish()
    } onCancel: {
      cancel()
    }
  }
}
