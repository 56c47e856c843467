/// Work a reducer asks the store to do after an action: send more actions, run async code,
/// cancel earlier work.
///
/// An effect is a value describing work; nothing runs until the store launches it. Build one
/// with ``none``, ``send(_:)``, ``run(priority:operation:catch:fileID:line:)``, compose with
/// ``merge(_:)-(...)`` and ``concatenate(_:)-(...)``, tag with
/// ``cancellable(id:cancelInFlight:)`` and stop with ``cancel(id:fileID:filePath:line:column:)``.
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline let operation: Operation

  @usableFromInline init(_ operation: Operation) { self.operation = operation }

  /// Every case but `none` and `send` is indirect: a payload of one pointer keeps the enum's
  /// layout simple enough to be copied and destroyed inline on the per-action path.
  @usableFromInline enum Operation: Sendable {
    case none
    case send(Action)
    indirect case run(EffectRun<Action>)
    indirect case merge([Effect])
    indirect case concatenate([Effect])
    indirect case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
    indirect case cancel(id: EffectID, site: CallSite)
    /// Work of one element of a collection: its IDs live under `component`, and removing the
    /// element cancels everything launched here.
    indirect case scoped(Effect, component: EffectID)
    /// Cancels everything launched under the scope `component`.
    indirect case cancelScope(component: EffectID)
    indirect case throttled(Effect, ThrottleRule)
  }

  /// Does nothing.
  public static var none: Self { Self(.none) }

  /// Delivers `action` to the store right after the current action, before any effect's output
  /// and before `send` returns.
  /// - Parameter action: The action to deliver.
  /// - Returns: The effect.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs async work that can send actions back to the store.
  ///
  /// The operation runs in a task that prefers the store's task executor. Throwing
  /// `CancellationError` is silent; any other error goes to `handler`, or is reported as an
  /// issue when there is none. The store keeps working either way.
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - operation: The work; `send` delivers actions and returns once the store processed them.
  ///   - handler: Receives errors thrown by `operation` and may still send actions.
  ///   - fileID: Where the effect was created, for diagnostics.
  ///   - line: The line where the effect was created, for diagnostics.
  /// - Returns: The effect.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    run(priorityRawValue: priority?.rawValue, operation, handler, SourceLocation(fileID: fileID, line: line))
  }

  /// Runs async work that can send actions back to the store, at the priority of the task that
  /// creates effect tasks (see ``run(priority:operation:catch:fileID:line:)``).
  ///
  /// The same as passing no priority; a separate function, so that the common call builds no
  /// `TaskPriority?` (a resilient type, copied and destroyed through runtime calls).
  /// - Parameters:
  ///   - operation: The work; `send` delivers actions and returns once the store processed them.
  ///   - handler: Receives errors thrown by `operation` and may still send actions.
  ///   - fileID: Where the effect was created, for diagnostics.
  ///   - line: The line where the effect was created, for diagnostics.
  /// - Returns: The effect.
  @inlinable
  public static func run(
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    run(priorityRawValue: nil, operation, handler, SourceLocation(fileID: fileID, line: line))
  }

  /// A `.run` effect whose priority is given by its raw value, `nil` for none.
  @inlinable
  static func run(
    priorityRawValue: UInt8?, _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    _ handler: (@Sendable (any Error, Send<Action>) async -> Void)?, _ origin: SourceLocation
  ) -> Self {
    Self(.run(EffectRun(priorityRawValue: priorityRawValue, operation: operation, handler: handler, origin: origin)))
  }

  // The builders reducers call on their hot path are inlinable, so that they are specialized in
  // the feature's module: unspecialized, `merge`'s filtering alone costs generic metadata
  // lookups on every call.

  /// Runs every effect at the same time.
  /// - Parameter effects: The effects.
  /// - Returns: One effect that finishes when all have finished.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs every effect at the same time.
  /// - Parameter effects: The effects.
  /// - Returns: One effect that finishes when all have finished.
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default:
      // An array with nothing to drop is kept as it is: filtering would copy it into a new buffer.
      guard effects.contains(where: \.isNone) else { return Self(.merge(effects)) }
      return merge(effects.lazy.filter { !$0.isNone })
    }
  }

  /// Runs every effect at the same time.
  /// - Parameter effects: The effects.
  /// - Returns: One effect that finishes when all have finished.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let work = effects.filter { !$0.isNone }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Self(.merge(work))
    }
  }

  /// Runs this effect and `other` at the same time.
  /// - Parameter other: The other effect.
  /// - Returns: The merged effect; no allocation when either side is ``none``.
  @inlinable
  public func merge(with other: Self) -> Self {
    if case .none = other.operation { return self }
    if case .none = operation { return other }
    return Self(.merge([self, other]))
  }

  /// Runs the effects one after another: each starts when the previous one has finished.
  ///
  /// Cancelling an ID also reaches the items that have not started yet.
  /// - Parameter effects: The effects, in order.
  /// - Returns: One effect that finishes after the last.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the effects one after another: each starts when the previous one has finished.
  ///
  /// Leading items that start no task (`.send`s and cancels) run at once, in the batch, as a
  /// `.send` does: `.concatenate(.send(a), .send(b))` delivers `a` then `b` before `send`
  /// returns and before any effect's output, as in TCA.
  /// - Parameter effects: The effects, in order.
  /// - Returns: One effect that finishes after the last.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let work = effects.filter { !$0.isNone }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Self(.concatenate(work))
    }
  }

  /// Runs `other` once this effect has finished, as TCA's `concatenate(with:)`.
  /// - Parameter other: The effect to run next.
  /// - Returns: The concatenated effect; this effect or `other` alone when the other is
  ///   ``none``.
  public func concatenate(with other: Self) -> Self { Self.concatenate(self, other) }

  /// Transforms the actions this effect sends, e.g. to embed a child feature's actions into its
  /// parent's.
  /// - Parameter transform: Maps each action.
  /// - Returns: The same work, sending transformed actions.
  public func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none: .none
    case .send(let action): .send(transform(action))
    case .run(let run): Effect<T>(.run(run.map(transform)))
    case .merge(let effects): Effect<T>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects): Effect<T>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      Effect<T>(.cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id, let site): Effect<T>(.cancel(id: id, site: site))
    case .scoped(let effect, let component): Effect<T>(.scoped(effect.map(transform), component: component))
    case .cancelScope(let component): Effect<T>(.cancelScope(component: component))
    case .throttled(let effect, let rule): Effect<T>(.throttled(effect.map(transform), rule))
    }
  }

  @usableFromInline var isNone: Bool {
    if case .none = operation { true } else { false }
  }

  /// Whether launching the effect does all of its work at once, in the batch: it is made only
  /// of `.send`s and cancels (merged, concatenated, tagged or scoped), and starts no task.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelScope: true
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(let inner, _, _), .scoped(let inner, _): inner.isSynchronous
    case .run, .throttled: false
    }
  }

  /// Tags this effect's work as belonging to the element scope `component`.
  func scoped(to component: EffectID) -> Self {
    isNone ? self : Self(.scoped(self, component: component))
  }

  /// Cancels everything launched under the element scope `component`.
  static func cancelScope(_ component: EffectID) -> Self { Self(.cancelScope(component: component)) }
}

/// Where an effect was created, shown in diagnostics.
@usableFromInline struct SourceLocation: Sendable, CustomStringConvertible {
  let fileID: StaticString
  let line: UInt

  @usableFromInline init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }
  @usableFromInline var description: String { "\(fileID):\(line)" }
}

/// The pieces of a ``Effect/run(priority:operation:catch:fileID:line:)`` effect.
@usableFromInline struct EffectRun<Action: Sendable>: Sendable {
  /// The priority's raw value: `TaskPriority` is resilient, so a struct holding one is copied
  /// and destroyed through runtime calls, where a `UInt8?` is plain bits.
  @usableFromInline let priorityRawValue: UInt8?
  @usableFromInline let operation: @Sendable (Send<Action>) async throws -> Void
  @usableFromInline let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  @usableFromInline let origin: SourceLocation

  @inlinable init(
    priorityRawValue: UInt8?, operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    handler: (@Sendable (any Error, Send<Action>) async -> Void)?, origin: SourceLocation
  ) {
    self.priorityRawValue = priorityRawValue
    self.operation = operation
    self.handler = handler
    self.origin = origin
  }

  func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> EffectRun<T> {
    let operation = self.operation
    let handler = self.handler
    return EffectRun<T>(
      priorityRawValue: priorityRawValue,
      operation: { send in try await operation(send.map(transform)) },
      handler: handler.map { handler -> @Sendable (any Error, Send<T>) async -> Void in
        { error, send in await handler(error, send.map(transform)) }
      },
      origin: origin
    )
  }
}
