/// A way into and out of one case of an action enum: `embed` wraps a child action into the
/// parent's, `extract` unwraps it (or returns `nil` for any other case).
///
/// Written by hand, without macros:
/// ```swift
/// extension ActionPath where Root == AppAction, Value == CounterAction {
///   static let counter = ActionPath(
///     embed: AppAction.counter,
///     extract: { if case .counter(let action) = $0 { action } else { nil } }
///   )
/// }
/// ```
///
/// The same two directions lead into a case of an enum *state*, such as a destination that is
/// one of several screens; ``CasePath`` names that use.
public struct ActionPath<Root, Value>: Sendable {
  /// Wraps a child value into the root.
  public let embed: @Sendable (Value) -> Root
  /// Unwraps the child value, or `nil` when the root is another case.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a path from its two directions.
  /// - Parameters:
  ///   - embed: Wraps a child value into the root.
  ///   - extract: Unwraps the child value, `nil` for other cases.
  public init(embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
    self.embed = embed
    self.extract = extract
  }

  /// Chains this path with one into `Value`'s own cases.
  /// - Parameter next: A path from `Value` into one of its cases.
  /// - Returns: A path from `Root` straight to `next`'s value.
  public func appending<Next>(_ next: ActionPath<Value, Next>) -> ActionPath<Root, Next> {
    ActionPath<Root, Next>(
      embed: { self.embed(next.embed($0)) },
      extract: { self.extract($0).flatMap(next.extract) }
    )
  }

  /// `first` chained with `next`, spelled so that it reads with leading dots where an
  /// `ActionPath` is expected: `.path(.counter, .increment)` is
  /// `ActionPath.counter.appending(.increment)`, TCA's `\.counter.increment`. (Swift checks a
  /// leading-dot chain such as `.counter.appending(.increment)` against the type of its first
  /// member, so that form does not compile there.) Deeper paths list every step, left to right:
  /// `.path(.app, .counter, .increment)` (up to six steps).
  /// - Parameters:
  ///   - first: A path from `Root` into a child's actions.
  ///   - next: A path from the child's actions into one of its cases.
  /// - Returns: A path from `Root` straight to `next`'s value.
  public static func path<Middle>(_ first: ActionPath<Root, Middle>, _ next: ActionPath<Middle, Value>) -> Self {
    first.appending(next)
  }

  /// Three steps chained left to right, TCA's `\.a.b.c`: `.path(.destination, .presented, .delegate)`.
  /// - Parameters:
  ///   - first: The first step, from `Root`.
  ///   - second: The second step.
  ///   - third: The last step, into `Value`.
  /// - Returns: A path from `Root` straight to `Value`.
  public static func path<A, B>(
    _ first: ActionPath<Root, A>, _ second: ActionPath<A, B>, _ third: ActionPath<B, Value>
  ) -> Self {
    first.appending(second).appending(third)
  }

  /// Four steps chained left to right (see ``path(_:_:_:)``).
  /// - Parameters:
  ///   - first: The first step, from `Root`.
  ///   - second: The second step.
  ///   - third: The third step.
  ///   - fourth: The last step, into `Value`.
  /// - Returns: A path from `Root` straight to `Value`.
  public static func path<A, B, C>(
    _ first: ActionPath<Root, A>, _ second: ActionPath<A, B>, _ third: ActionPath<B, C>,
    _ fourth: ActionPath<C, Value>
  ) -> Self {
    first.appending(second).appending(third).appending(fourth)
  }

  /// Five steps chained left to right (see ``path(_:_:_:)``).
  /// - Parameters:
  ///   - first: The first step, from `Root`.
  ///   - second: The second step.
  ///   - third: The third step.
  ///   - fourth: The fourth step.
  ///   - fifth: The last step, into `Value`.
  /// - Returns: A path from `Root` straight to `Value`.
  public static func path<A, B, C, D>(
    _ first: ActionPath<Root, A>, _ second: ActionPath<A, B>, _ third: ActionPath<B, C>,
    _ fourth: ActionPath<C, D>, _ fifth: ActionPath<D, Value>
  ) -> Self {
    first.appending(second).appending(third).appending(fourth).appending(fifth)
  }

  /// Six steps chained left to right (see ``path(_:_:_:)``).
  /// - Parameters:
  ///   - first: The first step, from `Root`.
  ///   - second: The second step.
  ///   - third: The third step.
  ///   - fourth: The fourth step.
  ///   - fifth: The fifth step.
  ///   - sixth: The last step, into `Value`.
  /// - Returns: A path from `Root` straight to `Value`.
  public static func path<A, B, C, D, E>(
    _ first: ActionPath<Root, A>, _ second: ActionPath<A, B>, _ third: ActionPath<B, C>,
    _ fourth: ActionPath<C, D>, _ fifth: ActionPath<D, E>, _ sixth: ActionPath<E, Value>
  ) -> Self {
    first.appending(second).appending(third).appending(fourth).appending(fifth).appending(sixth)
  }
}

/// A way into and out of one case of an enum, for state: TCA's case paths, written by hand.
/// The same type as ``ActionPath``, so a path declared under either name works where the other
/// is expected:
/// ```swift
/// extension CasePath where Root == Destination.State, Value == Editor.State {
///   static let editor = CasePath(
///     embed: Destination.State.editor,
///     extract: { if case .editor(let state) = $0 { state } else { nil } }
///   )
/// }
/// ```
public typealias CasePath<Root, Value> = ActionPath<Root, Value>
