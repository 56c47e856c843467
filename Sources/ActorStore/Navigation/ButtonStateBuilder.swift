/// Builds the buttons of an ``AlertState`` or a ``ConfirmationDialogState`` from a block, as
/// TCA's `ButtonStateBuilder`: one `ButtonState` per line, with `if`, `if`/`else`, `switch`,
/// `for` loops, `if #available`, and optional buttons (a `ButtonState?` adds nothing when `nil`).
///
/// ```swift
/// AlertState {
///   TextState("Delete \(item.name)?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   for folder in folders {
///     ButtonState(action: .move(to: folder.id)) { TextState("Move to \(folder.name)") }
///   }
///   if canCancel {
///     ButtonState(role: .cancel) { TextState("Cancel") }
///   }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action: Sendable> {
  /// One button.
  /// - Parameter button: The button.
  /// - Returns: It, alone.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// An optional button: nothing when `nil`.
  /// - Parameter button: The button, if any.
  /// - Returns: It, or nothing.
  public static func buildExpression(_ button: ButtonState<Action>?) -> [ButtonState<Action>] {
    button.map { [$0] } ?? []
  }

  /// Buttons made elsewhere, in order.
  /// - Parameter buttons: The buttons.
  /// - Returns: Them.
  public static func buildExpression(_ buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The lines of a block, in order.
  /// - Parameter components: Each line's buttons.
  /// - Returns: All of them.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// An `if` without `else`: its buttons when taken, else none.
  /// - Parameter component: The buttons, when the branch was taken.
  /// - Returns: Them, or nothing.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The first branch of an `if`/`else` or a `switch`.
  /// - Parameter component: The branch's buttons.
  /// - Returns: Them.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The second branch of an `if`/`else` or a `switch`.
  /// - Parameter component: The branch's buttons.
  /// - Returns: Them.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// A `for` loop: each iteration's buttons, in order.
  /// - Parameter components: Each iteration's buttons.
  /// - Returns: All of them.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// An `if #available` branch.
  /// - Parameter component: The branch's buttons.
  /// - Returns: Them.
  public static func buildLimitedAvailability(_ component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }
}
