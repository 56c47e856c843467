/// The task that runs an effect. Typed as throwing although its body never throws: the runtime
/// takes a throwing body as it is, while a non-throwing one is converted through a thunk whose
/// two frames stay on the task's stack for the effect's whole life.
@usableFromInline typealias EffectTask = Task<Void, any Error>

/// The record of a `.run` effect, holding also what its task runs: the operation, its error
/// handler and the delivery of the actions it sends. It is the channel of the operation's
/// `Send`, so that record, task body and `Send` are one allocation.
///
/// The task's closure captures this one object, so the closure's frame holds a single pointer
/// across the operation, and the error path is a method of its own. Together with the
/// throwing task type and the one-word `Send`, this keeps a sleeping effect's frames inside the
/// task allocator's first slab (984 bytes on Linux): a frame of five captured values, or the
/// conversion thunk, tips it into a second slab, a kilobyte more per in-flight effect.
// `@unchecked` like its superclass: the inherited `var`s are guarded by the registry's mutex;
// no lock is needed for the `let`s below, which never change and are `Sendable` (the engine is);
// the `unowned(unsafe)` isolation and registry live as long as the engine this record holds.
@usableFromInline final class EffectTaskRecord<Action: Sendable>: EffectRecord, @unchecked Sendable {
  @usableFromInline let operation: @Sendable (Send<Action>) async throws -> Void
  @usableFromInline let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  /// What delivers an effect's action to its store: handed the effect's record, so that it
  /// captures nothing and has no context to allocate, and synchronous, isolated to the store
  /// tree's executor, so that the caller's hop onto it and back is all a delivery costs beyond
  /// the batch: an `async` delivery that hopped by itself made an async frame for every action.
  @usableFromInline typealias Delivery = @Sendable (Action, EffectTaskRecord<Action>, isolated StoreIsolation) -> Void

  /// Delivers an action to the store.
  @usableFromInline let deliver: Delivery
  /// The root store's engine, which the effect's actions go to: it, not the store, is kept alive
  /// by the effect, so that releasing the store still cancels the effect. Strong, because a weak
  /// reference to the store gave every store a side table and cost every effect atomic
  /// operations on it at its start, delivery and end.
  @usableFromInline let engine: AnyObject
  /// The store tree's executor, which the effect's actions are delivered on; the engine holds
  /// it, so it needs no hold of its own.
  @usableFromInline unowned(unsafe) let isolation: StoreIsolation
  /// The engine's registry; the engine holds it, so it needs no hold of its own.
  @usableFromInline unowned(unsafe) let registry: EffectRegistry

  /// Creates the record of one `.run` effect.
  /// - Parameters:
  ///   - origin: Where the effect was made.
  ///   - label: What kind of task it is, for diagnostics (`nil` for a `.run`).
  ///   - startedBy: The action whose reduce launched it.
  ///   - operation: The effect's operation.
  ///   - handler: Its error handler.
  ///   - deliver: Delivers the actions the operation sends; handed this record.
  ///   - engine: The root store's engine, which the actions go to.
  ///   - isolation: The engine's executor, which the actions are delivered on.
  ///   - registry: The engine's effect registry.
  // Inlinable, so that it is specialized where effects are launched: unspecialized, it looked
  // up its generic class's metadata on every effect.
  @inlinable init(
    origin: SourceLocation?, label: String? = nil, startedBy: Action?,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    handler: (@Sendable (any Error, Send<Action>) async -> Void)?,
    deliver: @escaping Delivery,
    engine: AnyObject, isolation: StoreIsolation, registry: EffectRegistry
  ) {
    self.operation = operation
    self.handler = handler
    self.deliver = deliver
    self.engine = engine
    self.isolation = isolation
    self.registry = registry
    super.init(origin: origin, label: label, startedBy: startedBy)
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
    registry.endActivity(of: self, isTask: true)
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
  @usableFromInline func dropped(_ action: Action) {
    if registry.isStoreReleased { return registry.droppedAfterRelease(action, by: self) }
    guard let tracer = registry.tracer else { return }
    tracer.actionDropped(action, because: .effectCancelled(registry.traceNumber(of: self)))
  }
}
