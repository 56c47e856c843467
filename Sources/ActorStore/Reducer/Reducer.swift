/// A feature's logic: how an action changes its state and which effects it starts.
///
/// `reduce(into:action:)` runs on the store's executor, one action at a time, and must be
/// synchronous and fast: anything asynchronous belongs in the returned ``Effect``.
public protocol Reducer<State, Action>: Sendable {
  /// The feature's state.
  associatedtype State: Sendable
  /// Everything that can happen in the feature.
  associatedtype Action: Sendable

  /// Applies `action` to `state` and returns the work to run afterwards.
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The effect to run; ``Effect/none`` when there is nothing to do.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}
