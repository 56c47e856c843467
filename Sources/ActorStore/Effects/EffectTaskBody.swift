/// The task that runs an effect. Typed as throwing although its body never throws: the runtime
/// takes a throwing body as it is, while a non-throwing one is converted through a thunk whose
/// two frames stay on the task's stack for the effect's whole life.
@usableFromInline typealias EffectTask = Task<Void, any Error>

/// What a `.run` effect's task runs: the operation, its error handler, and the record whose
/// end the task reports. It is also the channel of the `Send` the operation gets.
///
/// The task's closure captures this one object, so the closure's frame holds a single pointer
/// across the operation, and the error path is a method of its own. Together with the
/// throwing task type and the one-word `Send`, this keeps a sleeping effect's frames inside the
/// task allocator's first slab (984 bytes on Linux): a frame of five captured values, or the
/// conversion thunk, tips it into a second slab, a kilobyte more per in-flight effect.
@usableFromInline final class EffectTaskBody<Action: Sendable>: SendChannel<Action>, @unchecked Sendable {
  @usableFromInline let operation: @Sendable (Send<Action>) async throws -> Void
  let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  @usableFromInline let registry: EffectRegistry
  @usableFromInline let record: EffectRecord
  /// The store the effect's actions go to; not kept alive by its effects.
  @usableFromInline weak let store: AnyObject?

  /// Creates the body of one effect's task.
  /// - Parameters:
  ///   - operation: The effect's operation.
  ///   - handler: Its error handler.
  ///   - deliver: Delivers the actions the operation sends; handed this body as its channel.
  ///   - dropped: Told of actions dropped after cancellation, when the store is traced.
  ///   - registry: The store's effect registry.
  ///   - record: The effect's record.
  ///   - store: The store the actions go to.
  @usableFromInline init(
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    handler: (@Sendable (any Error, Send<Action>) async -> Void)?,
    deliver: @escaping @Sendable (Action, SendChannel<Action>) async -> Void, dropped: (@Sendable (Action) -> Void)?,
    registry: EffectRegistry, record: EffectRecord, store: AnyObject
  ) {
    self.operation = operation
    self.handler = handler
    self.registry = registry
    self.record = record
    self.store = store
    super.init(deliver: deliver, dropped: dropped)
  }

  /// The `Send` the operation and the handler get.
  @usableFromInline var send: Send<Action> { Send(self) }

  /// Runs the operation, then reports the effect's end to the registry. Inlined into the task's
  /// closure, so that it adds no frame of its own.
  @inlinable @inline(__always)
  func run() async throws {
    do {
      try await operation(send)
    } catch {
      await operationThrew(error)
    }
    registry.endActivity(of: record, isTask: true)
  }

  /// Handles an error the operation threw: a cancellation, or any error once the effect was
  /// cancelled, is dropped; otherwise the handler gets it, or it is reported.
  /// - Parameter error: The error the operation threw.
  @usableFromInline func operationThrew(_ error: any Error) async {
    if error is CancellationError || registry.isCancelled(record) { return }
    if let handler {
      await handler(error, send)
    } else {
      registry.effectThrew(error, by: record)
    }
  }
}
