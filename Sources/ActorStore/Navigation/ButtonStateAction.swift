/// What tapping a button of an alert or a dialog sends, and how a main-actor store applies the
/// state change it makes (TCA's `ButtonStateAction`): `.send(_:animation:)` with SwiftUI, or
/// ``send(_:within:)`` for any transaction.
///
/// ```swift
/// ButtonState(role: .destructive, action: .send(.confirmDeletion, animation: .default)) {
///   TextState("Delete")
/// }
/// ```
public struct ButtonStateAction<Action: Sendable>: Sendable {
  /// Runs the update it is given, once, synchronously, on the main actor (see
  /// `ObservableStore.send(_:within:)`).
  public typealias Transaction = @MainActor @Sendable (_ update: () -> Void) -> Void

  /// The action, `nil` for a button that only dismisses.
  public let action: Action?
  /// How the action's state change is applied; `nil` for at once.
  public let transaction: Transaction?

  /// Sends `action`; its state change is applied at once.
  /// - Parameter action: The action, `nil` for a button that only dismisses.
  /// - Returns: The button's action.
  public static func send(_ action: Action?) -> Self { Self(action: action, transaction: nil) }

  /// Sends `action` and has a main-actor store apply its state change within `transaction`.
  /// - Parameters:
  ///   - action: The action.
  ///   - transaction: Runs the update it is given, once, synchronously.
  /// - Returns: The button's action.
  public static func send(_ action: Action?, within transaction: @escaping Transaction) -> Self {
    Self(action: action, transaction: transaction)
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  extension ButtonStateAction {
    /// Sends `action` and has a main-actor store apply its state change with `animation`, as
    /// TCA's `.send(_:animation:)`.
    /// - Parameters:
    ///   - action: The action.
    ///   - animation: The animation; `nil` for none.
    /// - Returns: The button's action.
    public static func send(_ action: Action?, animation: Animation?) -> Self {
      send(action, within: { update in withAnimation(animation) { update() } })
    }
  }
#endif
