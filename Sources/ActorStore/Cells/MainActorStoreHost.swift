/// A ready-made main-actor ``StoreHost``: `configure(with:)`, `prepareForReuse()` and every
/// observation callback run on the main actor, values coalesced per main-actor turn (see
/// ``MainActorStoreConnection``).
///
/// Subclass it and override ``configureStateObservation(on:)``:
///
/// ```swift
/// final class CounterRow: MainActorStoreHost<Counter.State, Counter.Action> {
///   private(set) var shown: [Int] = []
///   override func configureStateObservation(on store: Store<Counter.State, Counter.Action>) {
///     observe(\.count) { [unowned self] count in shown.append(count) }
///   }
/// }
/// ```
///
/// A `ChildStoreRegistry` binds it from the main actor like any other host. A `UIKit` cell,
/// which must subclass `UICollectionViewCell`, owns a ``MainActorStoreConnection`` instead.
@MainActor
open class MainActorStoreHost<State: Sendable, Action: Sendable>: @MainActor StoreHost {
  /// The connection doing the work; use it for what this class does not forward.
  public let connection = MainActorStoreConnection<State, Action>()

  /// Creates a host showing nothing.
  public init() {
    connection.onStateGone = { [unowned self] in stateDidEnd() }
  }

  /// The store shown, between ``configure(with:)`` and ``prepareForReuse()``.
  public var store: Store<State, Action>? { connection.store }

  /// Shows `store`: drops any previous one and its observations, then calls
  /// ``configureStateObservation(on:)``.
  /// - Parameter store: The store to show.
  open func configure(with store: Store<State, Action>) {
    connection.configure(with: store)
    if connection.store === store, connection.state != nil { configureStateObservation(on: store) }
  }

  /// Override to start observations with ``observe(_:_:)``. Does nothing by default.
  /// - Parameter store: The store just configured.
  open func configureStateObservation(on store: Store<State, Action>) {}

  /// Called when the shown store's state is gone (e.g. its element was removed while this host
  /// still showed it); no observation callback runs after it. Does nothing by default.
  open func stateDidEnd() {}

  /// Stops showing the store: cancels observations and ``sendWhileShown(_:)`` effects.
  open func prepareForReuse() { connection.prepareForReuse() }

  /// `true` on the main actor; off it, reports the call and answers `false`, so a registry
  /// called from nonisolated code leaves this host and its bindings as they were.
  /// - Returns: Whether the caller is on the main actor.
  nonisolated public func allowsBinding() -> Bool {
    MainActorStoreConnection<State, Action>.allowsBinding(of: self)
  }

  /// Calls `apply` now with the current value, then on the main actor with each distinct newer
  /// value, until ``prepareForReuse()``.
  /// - Parameters:
  ///   - keyPath: The value to observe.
  ///   - apply: Receives each value, on the main actor.
  public func observe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>, _ apply: @escaping (Value) -> Void
  ) {
    connection.observe(keyPath, apply)
  }

  /// Sends `action` to the shown store.
  /// - Parameter action: The action.
  public func send(_ action: Action) { connection.send(action) }

  /// Sends `action`; ``prepareForReuse()`` cancels the effects it starts.
  /// - Parameter action: The action.
  public func sendWhileShown(_ action: Action) { connection.sendWhileShown(action) }
}
