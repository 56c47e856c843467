extension AsyncStream {
  /// A stream that is already finished: iterating it ends at once, with no element (as
  /// swift-concurrency-extras' `AsyncStream.finished`). A test endpoint for a stream that
  /// the test does not exercise.
  ///
  /// ```swift
  /// $0.location.updates = { .finished }
  /// ```
  public static var finished: Self {
    Self { $0.finish() }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that is already finished: iterating it ends at once, with no element, by
  /// returning `nil`, or by throwing `error` when one is given (as swift-concurrency-extras'
  /// `AsyncThrowingStream.finished(throwing:)`).
  ///
  /// ```swift
  /// $0.downloads.progress = { _ in .finished(throwing: URLError(.notConnectedToInternet)) }
  /// ```
  /// - Parameter error: The error the first iteration throws; `nil`, the default, to end
  ///   without one.
  /// - Returns: The finished stream.
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }
}
