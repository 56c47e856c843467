/// A ready-made ``StoreHost``: keeps the store it shows and the observations it started, and
/// cancels them all in ``prepareForReuse()``.
///
/// Subclass it and override ``configureStateObservation(on:)`` to bind the element's state
/// to the host:
///
/// ```swift
/// final class CharacterRow: StoreHostBase<Character.State, Character.Action> {
///   override func configureStateObservation(on store: Store<Character.State, Character.Action>) {
///     observe(\.name) { name in print("row shows", name) }
///   }
/// }
/// ```
/// Its callbacks run on the store's task executor, off the main actor. For UI code, use
/// ``MainActorStoreHost`` or ``MainActorStoreConnection``, whose callbacks run on the main actor,
/// coalesced (see Docs/UIKit-and-SwiftUI.md).
open class StoreHostBase<State: Sendable, Action: Sendable>: StoreHost {
  /// The store shown, between ``configure(with:)`` and ``prepareForReuse()``.
  public private(set) var store: Store<State, Action>?
  private var observations: [Task<Void, Never>] = []

  /// Creates a host showing nothing.
  public init() {}

  deinit {
    for observation in observations { observation.cancel() }
  }

  /// Shows `store`: drops any previous one and its observations, then calls
  /// ``configureStateObservation(on:)``.
  /// - Parameter store: The element's store.
  open func configure(with store: Store<State, Action>) {
    if self.store != nil { prepareForReuse() }
    self.store = store
    configureStateObservation(on: store)
  }

  /// Override to start observations with ``observe(_:_:)``. Does nothing by default.
  /// - Parameter store: The store just configured.
  open func configureStateObservation(on store: Store<State, Action>) {}

  /// Cancels every observation (and the effects of every ``sendWhileShown(_:)``) this host
  /// started, and drops the store.
  open func prepareForReuse() {
    for observation in observations { observation.cancel() }
    observations.removeAll()
    store = nil
  }

  /// Calls `apply` with the current value of `keyPath` and then with every distinct change,
  /// until ``prepareForReuse()``. The observation runs on the store's task executor, so it is
  /// deterministic under `ActorStoreTesting`.
  /// - Parameters:
  ///   - keyPath: The value to observe.
  ///   - apply: Receives each value.
  public func observe<Value: Equatable & Sendable>(
    _ keyPath: any KeyPath<State, Value> & Sendable,
    _ apply: @escaping @Sendable (Value) -> Void
  ) {
    guard let store else { return }
    let values = store.observe(keyPath)
    observations.append(
      Task(executorPreference: store.executor.taskExecutor) {
        for await value in values { apply(value) }
      })
  }

  /// Sends `action` and keeps the effects it starts running only while this host shows the
  /// element: ``prepareForReuse()`` cancels them (like SwiftUI's
  /// `.task { await store.send(.onAppear).finish() }`).
  /// - Parameter action: The action, e.g. "start loading the image".
  public func sendWhileShown(_ action: Action) {
    guard let store else { return }
    observations.append(
      Task(executorPreference: store.executor.taskExecutor) {
        await store.send(action).finish()
      })
  }

  /// The number of observations and ``sendWhileShown(_:)`` tasks started since the last
  /// ``prepareForReuse()``.
  public var observationCount: Int { observations.count }
}
