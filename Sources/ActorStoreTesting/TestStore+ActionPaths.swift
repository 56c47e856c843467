extension TestStore {
  /// Sends the action `path` builds from `value`, as TCA's `send(\.path, value)`:
  /// `store.send(.child, .tapped)`, `store.send(.rows, .element(id: 3, action: .delete))`.
  /// - Parameters:
  ///   - path: The case (or nested cases) to send.
  ///   - value: The case's payload.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  /// - Returns: The effects the action started.
  @discardableResult
  public nonisolated(nonsending) func send<Value>(
    _ path: ActionPath<Action, Value>,
    _ value: Value,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(path.embed(value), assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the payload-free case `path` leads to, as TCA's `send(\.path)`:
  /// `store.send(.view.appeared)`.
  /// - Parameters:
  ///   - path: The case (or nested cases) to send, with no payload.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  /// - Returns: The effects the action started.
  @discardableResult
  public nonisolated(nonsending) func send(
    _ path: ActionPath<Action, Void>,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(path.embed(()), assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that the next action an effect sent is in the case `path` leads to, whatever its
  /// payload, as TCA's `receive(\.path)`: `await store.receive(.factResponse) { $0.fact = "…" }`.
  /// - Parameters:
  ///   - path: The case (or nested cases) expected.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func receive<Value>(
    _ path: ActionPath<Action, Value>,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = (fileID, filePath, line, column)
    await settleForReceive(at: location)
    receive(
      description: "an action that \(type(of: path)) extracts", matching: { path.extract($0) != nil },
      update, at: location)
  }

  /// Asserts that the next action an effect sent is in the case `path` leads to, then in the
  /// case `then` leads to within it, whatever the payload, as TCA's `receive(\.child.response)`:
  /// `await store.receive(.child, .response)`, `await store.receive(.rows, .element(id: 3))`.
  /// - Parameters:
  ///   - path: The outer case expected.
  ///   - then: The case expected within it.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func receive<Child, Value>(
    _ path: ActionPath<Action, Child>,
    _ then: ActionPath<Child, Value>,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(path.appending(then), assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that the next action an effect sent is the case `path` leads to with the payload
  /// `value`, as TCA's `receive(\.path, value)`.
  /// - Parameters:
  ///   - path: The case (or nested cases) expected.
  ///   - value: The payload expected.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func receive<Value: Equatable>(
    _ path: ActionPath<Action, Value>,
    _ value: Value,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = (fileID, filePath, line, column)
    await settleForReceive(at: location)
    receive(
      description: "\(path.embed(value))", matching: { path.extract($0) == value }, update, at: location)
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it, even when
  /// it throws, as TCA's `withExhaustivity(_:operation:)`: a block of a strict test that checks
  /// only what it asserts.
  /// - Parameters:
  ///   - exhaustivity: How strictly the block's steps check.
  ///   - operation: The steps.
  /// - Returns: What `operation` returns.
  @discardableResult
  public nonisolated(nonsending) func withExhaustivity<R, E: Error>(
    _ exhaustivity: Exhaustivity, operation: () async throws(E) -> R
  ) async throws(E) -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Runs the synchronous `operation` with ``exhaustivity`` set to `exhaustivity`, then restores
  /// it, even when it throws.
  /// - Parameters:
  ///   - exhaustivity: How strictly the block's checks run.
  ///   - operation: The steps.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withExhaustivity<R, E: Error>(_ exhaustivity: Exhaustivity, operation: () throws(E) -> R) throws(E) -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }
}

