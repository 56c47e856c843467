extension Result {
  /// Runs the async `body` and captures what it returns as a success, or what it throws as a
  /// failure (as swift-concurrency-extras' async `Result(catching:)`).
  ///
  /// ```swift
  /// let response = await Result { try await client.fetch(id) }
  /// await send(.fetched(response))
  /// ```
  ///
  /// A synchronous body still picks the standard library's synchronous initializer, so
  /// `Result { try decode(data) }` needs no `await`, in synchronous and async code alike.
  /// `body` runs where the caller runs (the initializer is `nonisolated(nonsending)`), so it
  /// may touch the caller's actor state.
  /// - Parameter body: The work whose outcome to capture.
  nonisolated(nonsending) public init(catching body: () async throws(Failure) -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
