extension Task where Success == Never, Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError` (as
  /// swift-concurrency-extras' `Task.never()`): an effect or a test endpoint that must stay
  /// in flight until something cancels it.
  ///
  /// ```swift
  /// $0.socket.messages = { try await Task.never() }
  /// ```
  ///
  /// Called in a task that is already cancelled, it throws at once. It holds no thread while
  /// suspended.
  /// - Throws: `CancellationError`, once the task is cancelled; it never returns.
  public static func never() async throws -> Never {
    // A stream nothing ever yields to or finishes (its continuation is kept alive until the
    // loop ends): its iterator suspends until the task is cancelled, when it returns `nil`.
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    for await _ in stream {}
    withExtendedLifetime(continuation) {}
    // Qualified: inside `Task`, the bare name is the removed `Task.CancellationError`.
    throw _Concurrency.CancellationError()
  }
}
