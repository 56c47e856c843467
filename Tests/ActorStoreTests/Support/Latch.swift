import ActorStore

/// A one-shot signal: `wait()` suspends until `open()`.
final class Latch: Sendable {
  private let state = Locked<(isOpen: Bool, waiters: [UnsafeContinuation<Void, Never>])>((false, []))

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withUnsafeContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }
}

/// Suspends until the current task is cancelled.
func suspendUntilCancelled() async {
  let slot = Locked<(continuation: UnsafeContinuation<Void, Never>?, isCancelled: Bool)>((nil, false))
  await withTaskCancellationHandler {
    await withUnsafeContinuation { continuation in
      let cancelled = slot.withLock { slot in
        if !slot.isCancelled { slot.continuation = continuation }
        return slot.isCancelled
      }
      if cancelled { continuation.resume() }
    }
  } onCancel: {
    let continuation = slot.withLock { slot in
      slot.isCancelled = true
      defer { slot.continuation = nil }
      return slot.continuation
    }
    continuation?.resume()
  }
}
