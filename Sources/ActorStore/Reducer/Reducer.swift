/// A feature's logic: how an action changes its state and which effects it starts.
///
/// Conform by implementing either ``reduce(into:action:)`` or ``body``, as in TCA:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable, Sendable { var count = 0 }
///   enum Action: Sendable { case increment }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     state.count += 1
///     return .none
///   }
/// }
///
/// struct App: Reducer {
///   struct State: Equatable, Sendable { var counter = Counter.State(); var log: [String] = [] }
///   enum Action: Sendable { case counter(Counter.Action) }
///
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: ActionPath(embed: Action.counter, extract: { if case .counter(let a) = $0 { a } else { nil } })) {
///       Counter()
///     }
///     Reduce { state, _ in
///       state.log.append("counted")
///       return .none
///     }
///   }
/// }
/// ```
///
/// `reduce(into:action:)` runs on the store's executor, one action at a time, and must be
/// synchronous and fast: anything asynchronous belongs in the returned ``Effect``. A `body` is
/// built anew for each action, like a SwiftUI view's, so keep it to composing reducers.
public protocol Reducer<State, Action>: Sendable {
  /// The feature's state.
  associatedtype State: Sendable
  /// Everything that can happen in the feature.
  associatedtype Action: Sendable
  /// The type of ``body``: `Never` for a reducer that implements ``reduce(into:action:)``.
  associatedtype _Body
  /// The type of ``body``.
  typealias Body = _Body

  /// Applies `action` to `state` and returns the work to run afterwards. Implemented for you
  /// when the reducer has a ``body``: the body reduces.
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The effect to run; ``Effect/none`` when there is nothing to do.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order with their effects merged; listed one per
  /// line, no `CombineReducers` needed. Implement it instead of ``reduce(into:action:)``.
  @ReducerBuilder<State, Action> var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; it is never called.
  public var body: Body {
    fatalError("\(Self.self) implements reduce(into:action:) and has no body to call.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Reduces through ``body``.
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The merged effects of the body's reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}
