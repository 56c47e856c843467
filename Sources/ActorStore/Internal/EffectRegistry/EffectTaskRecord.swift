/// The task that runs an effect. Typed as throwing although its body never throws: the runtime
/// takes a throwing body as it is, while a non-throwing one is converted through a thunk whose
/// two frames stay on the task's stack for the effect's whole life.
@usableFromInline typealias EffectTask = Task<Void, any Error>

/// What receives the actions a `.run` effect sends: the root store's engine, behind a protocol
/// so that an effect's record, and its `Send`, are generic over the action alone.
@usableFromInline protocol EffectActionReceiver<Action>: AnyObject, Sendable {
  associatedtype Action: Sendable
  /// Processes `action`, sent by `record`'s effect, on the store tree's executor.
  func receive(_ action: Action, from record: EffectTaskRecord<Action>, on isolation: isolated StoreIsolation)
}

/// The record of a `.run` effect, holding also what its task runs: the operation, its error
/// handler and where its actions go. It is the channel of the operation's `Send`, so that
/// record, task body and `Send` are one allocation.
///
/// The task's closure captures this one object, so the closure's frame holds a single pointer
/// across the operation, and the error path is a method of its own: a sleeping effect's frames
/// then fit the task allocator's first slab (see Docs/Stress-and-Benchmarks.md).
// `@unchecked` like its superclass: every stored property is an immutable `let` of a `Sendable`
// type.
@usableFromInline final class EffectTaskRecord<Action: Sendable>: EffectRecord, @unchecked Sendable {
  @usableFromInline let operation: @Sendable (Send<Action>) async throws -> Void
  @usableFromInline let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  /// The root store's engine, which the effect's actions go to: it, not the store, is kept alive
  /// by the effect, so that releasing the store still cancels the effect.
  @usableFromInline let receiver: any EffectActionReceiver<Action>
  /// The store tree's executor, which the effect's actions are delivered on.
  @usableFromInline let isolation: StoreIsolation
  /// The store tree's effect registry.
  @usableFromInline let registry: EffectRegistry

  /// Creates the record of one `.run` effect.
  /// - Parameters:
  ///   - node: The effect's node.
  ///   - origin: Where the effect was made.
  ///   - label: What kind of task it is, for diagnostics (`nil` for a `.run`).
  ///   - startedBy: The action whose reduce launched it.
  ///   - operation: The effect's operation.
  ///   - handler: Its error handler.
  ///   - receiver: The root store's engine, which the actions go to.
  ///   - isolation: The engine's executor, which the actions are delivered on.
  ///   - registry: The engine's effect registry.
  // Inlinable, so that it is specialized where effects are launched.
  @inlinable init(
    node: EffectNodeID, origin: SourceLocation?, label: String? = nil, startedBy: Action?,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    handler: (@Sendable (any Error, Send<Action>) async -> Void)?,
    receiver: some EffectActionReceiver<Action>, isolation: StoreIsolation, registry: EffectRegistry
  ) {
    self.operation = operation
    self.handler = handler
    self.receiver = receiver
    self.isolation = isolation
    self.registry = registry
    super.init(node: node, origin: origin, label: label, startedBy: startedBy)
  }

  /// The `Send` the operation and the handler get.
  @usableFromInline var send: Send<Action> { Send(effect: self) }

  /// Runs the operation, then reports the effect's end to the registry. Inlined into the task's
  /// closure, so that it adds no frame of its own.
  @inlinable @inline(__always)
  func run() async throws {
    do {
      try await operation(send)
    } catch {
      await operationThrew(error)
    }
    registry.endActivity(of: node, isTask: true)
  }

  /// Handles an error the operation threw: a cancellation, or any error once the effect was
  /// cancelled, is dropped; otherwise the handler gets it, or it is reported.
  /// - Parameter error: The error the operation threw.
  @usableFromInline func operationThrew(_ error: any Error) async {
    if error is CancellationError || registry.isCancelled(self) { return }
    if let handler {
      await handler(error, send)
    } else {
      registry.effectThrew(error, by: self)
    }
  }

  /// Handles an action sent after the effect's task was cancelled: dropped, and reported if the
  /// cancellation came from releasing the store (as an action reaching a released store is),
  /// else only traced.
  /// - Parameter action: The dropped action.
  func dropped(_ action: Action) {
    if registry.isStoreReleased { return registry.droppedAfterRelease(action, by: self) }
    guard let tracer = registry.tracer else { return }
    tracer.actionDropped(action, because: .effectCancelled(node.serial))
  }
}
