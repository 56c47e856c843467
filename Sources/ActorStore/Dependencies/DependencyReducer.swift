
extension Reducer {
  /// Overrides one dependency for this reducer and everything it contains: its reduce and the
  /// effects it returns see `value`; the rest of the tree does not.
  ///
  /// ```swift
  /// Scope(state: \.child, action: .child) {
  ///   Child().dependency(\.uuid, .incrementing)
  /// }
  /// ```
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - value: Its value for this subtree.
  /// - Returns: The reducer with the override.
  public func dependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyOverridingReducer<Self> {
    DependencyOverridingReducer(base: self) { $0.set(keyPath, to: value) }
  }

  /// Changes one dependency for this reducer and everything it contains, from the value in
  /// force around it (see ``dependency(_:_:)``).
  /// - Parameters:
  ///   - keyPath: The dependency.
  ///   - transform: Changes the value in force into this subtree's.
  /// - Returns: The reducer with the change.
  public func transformDependency<Value: Sendable>(
    _ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyOverridingReducer<Self> {
    DependencyOverridingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer whose subtree sees dependencies changed from those around it: made by
/// ``Reducer/dependency(_:_:)`` and ``Reducer/transformDependency(_:transform:)``.
///
/// The base's reduce runs with the changed values in force, and every `.run` of the effect it
/// returns runs its operation (and its `catch` handler) with them, whenever and wherever it
/// runs. Actions those effects send are reduced with the store's values, like any others.
public struct DependencyOverridingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: @Sendable (inout DependencyValues) -> Void
  /// The values last derived, and what they were derived from: the values in force around this
  /// reducer are the same batch after batch (the store's), so the change is computed, and its
  /// storage allocated, once rather than per action.
  let derived: DerivedDependencies

  init(base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
    derived = DerivedDependencies()
  }

  /// Reduces with the base, under the changed dependencies.
  /// - Parameters:
  ///   - state: The state.
  ///   - action: The action.
  /// - Returns: The base's effect, whose operations run under the changed dependencies.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let values = derived.values(from: DependencyValues.inForce, update)
    var effect = Effect<Base.Action>.none
    DependencyValues.$current.withValue(values) { effect = base.reduce(into: &state, action: action) }
    return effect.runningOperations(with: values)
  }
}

/// The cache of a ``DependencyOverridingReducer``: the values it last derived and their source.
/// A class holding a mutex, so that copies of the reducer share it and any thread may use it.
@usableFromInline final class DerivedDependencies: Sendable {
  private let last = Locked<(source: DependencyValues, derived: DependencyValues)?>(nil)

  init() {}

  /// `update` applied to `source`, reused while `source` is the same values (by identity).
  func values(
    from source: DependencyValues, _ update: @Sendable (inout DependencyValues) -> Void
  ) -> DependencyValues {
    if let cached = last.withLock({ $0 }), cached.source.isIdentical(to: source) { return cached.derived }
    var derived = source
    update(&derived)
    last.withLock { $0 = (source, derived) }
    return derived
  }
}

extension DependencyValues {
  /// Whether both hold the same storage object, hence the same values.
  func isIdentical(to other: DependencyValues) -> Bool { storage === other.storage }
}

extension Effect {
  /// The effect, with the operation and `catch` handler of every `.run` in it running with
  /// `values` in force.
  func runningOperations(with values: DependencyValues) -> Self {
    mapRuns { $0.withTaskLocal(DependencyValues.$current) { _ in values } }
  }

  /// The effect with `transform` applied to every `.run` in it, whatever wraps it.
  func mapRuns(_ transform: (EffectRun<Action>) -> EffectRun<Action>) -> Self {
    switch operation {
    case .none, .send, .cancel, .cancelScope:
      self
    case .run(let run): Self(.run(transform(run)))
    case .merge(let effects): Self(.merge(effects.map { $0.mapRuns(transform) }))
    case .concatenate(let effects): Self(.concatenate(effects.map { $0.mapRuns(transform) }))
    case .cancellable(let inner, let id, let cancelInFlight):
      Self(.cancellable(inner.mapRuns(transform), id: id, cancelInFlight: cancelInFlight))
    case .scoped(let inner, let component): Self(.scoped(inner.mapRuns(transform), component: component))
    case .throttled(let inner, let rule): Self(.throttled(inner.mapRuns(transform), rule))
    }
  }
}

extension EffectRun {
  /// The run, with its operation and handler running with `local` bound to `value(send)`,
  /// where `send` is the `Send` the run is given.
  func withTaskLocal<Value: Sendable>(
    _ local: TaskLocal<Value>, _ value: @escaping @Sendable (Send<Action>) -> Value
  ) -> Self {
    let operation = self.operation
    let handler = self.handler
    return EffectRun(
      priorityRawValue: priorityRawValue,
      operation: { send in
        try await local.withValue(value(send), operation: { try await operation(send) }, isolation: nil)
      },
      handler: handler.map { handler -> @Sendable (any Error, Send<Action>) async -> Void in
        { error, send in
          await local.withValue(value(send), operation: { await handler(error, send) }, isolation: nil)
        }
      },
      origin: origin)
  }
}

/// Runs `base` with the dependency values `current` gives at each reduce, for its reduce and
/// the operations of the effects it returns: what lets ActorStoreTesting's
/// `TestStore.dependencies` change between steps, as TCA's does. Package-only: an app's store
/// keeps the values it was made with.
package struct ChangingDependenciesReducer<Base: Reducer>: Reducer {
  let base: Base
  let current: @Sendable () -> DependencyValues

  package init(base: Base, current: @escaping @Sendable () -> DependencyValues) {
    self.base = base
    self.current = current
  }

  package func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let values = current()
    var effect = Effect<Base.Action>.none
    DependencyValues.$current.withValue(values) { effect = base.reduce(into: &state, action: action) }
    return effect.runningOperations(with: values)
  }
}
