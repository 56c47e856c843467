/// The continuations waiting for a record to finish. Almost always there is at most one, a
/// `StoreTask.finish()`, so the first is kept inline: an array would allocate a buffer for it.
struct EffectWaiters {
  private var first: UnsafeContinuation<Void, Never>?
  /// `nil` rather than empty, so that making and dropping waiters touches no array storage.
  private var more: [UnsafeContinuation<Void, Never>]?

  /// Adds a waiter.
  /// - Parameter waiter: The continuation to resume when the record finishes.
  mutating func append(_ waiter: UnsafeContinuation<Void, Never>) {
    if first == nil {
      first = waiter
    } else if more == nil {
      more = [waiter]
    } else {
      more?.append(waiter)
    }
  }

  /// Moves every waiter of `other` here, leaving `other` empty.
  /// - Parameter other: The waiters to take.
  mutating func take(_ other: inout EffectWaiters) {
    guard let otherFirst = other.first else { return }
    if first == nil {
      swap(&self, &other)
      return
    }
    append(otherFirst)
    for waiter in other.more ?? [] { append(waiter) }
    other = EffectWaiters()
  }

  /// Resumes every waiter, in the order they were added.
  func resumeAll() {
    guard let first else { return }
    first.resume()
    for waiter in more ?? [] { waiter.resume() }
  }
}
