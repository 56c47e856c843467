/// Text for an alert or a dialog, as plain data that tests compare (a small TCA `TextState`:
/// the string alone, no styling).
public struct TextState: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// The text.
  public var string: String

  /// Text with this content.
  /// - Parameter string: The text.
  public init(_ string: String) { self.string = string }

  /// Text with this content: `"Delete?"` where a `TextState` is expected.
  /// - Parameter value: The text.
  public init(stringLiteral value: String) { self.init(value) }

  /// The text.
  public var description: String { string }
}

/// What a button of an alert or a dialog means to the system (TCA's `ButtonStateRole`).
public enum ButtonStateRole: Hashable, Sendable {
  /// Dismisses without acting; the system places and styles it.
  case cancel
  /// Destroys something; styled as a warning.
  case destructive
}

/// A button of an alert or a dialog, as data: its label, its role and the action tapping it
/// sends (TCA's `ButtonState`).
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ButtonState(action: .send(.confirmDeletion, animation: .default)) { TextState("Delete") }  // SwiftUI
/// ```
public struct ButtonState<Action: Sendable>: Sendable {
  /// The role, `nil` for an ordinary button.
  public var role: ButtonStateRole?
  /// The action tapping it sends, wrapped in ``PresentationAction/presented(_:)``; `nil` for a
  /// button that only dismisses.
  public var action: Action?
  /// How a main-actor store applies the state change of ``action`` when the button is tapped in
  /// SwiftUI (see ``ButtonStateAction``); `nil` for at once. Not part of `==` or the hash: it
  /// is a closure.
  public var transaction: ButtonStateAction<Action>.Transaction?
  /// The label.
  public var label: TextState

  /// A button.
  /// - Parameters:
  ///   - role: Its role, `nil` for an ordinary button.
  ///   - action: The action tapping it sends, `nil` for one that only dismisses.
  ///   - label: Its label.
  public init(role: ButtonStateRole? = nil, action: Action? = nil, label: () -> TextState) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// A button whose action is applied within a transaction, as TCA's
  /// `ButtonState(action: .send(_:animation:))`.
  /// - Parameters:
  ///   - role: Its role, `nil` for an ordinary button.
  ///   - action: The action tapping it sends, and how its state change is applied.
  ///   - label: Its label.
  public init(role: ButtonStateRole? = nil, action: ButtonStateAction<Action>, label: () -> TextState) {
    self.init(role: role, action: action.action, label: label)
    transaction = action.transaction
  }
}

extension ButtonState {
  /// What tapping the button sends to the presenting feature: its action, presented (which
  /// dismisses an alert or a dialog, see `ifLet`), or `.dismiss` for a button with none.
  public var tapAction: PresentationAction<Action> { action.map { .presented($0) } ?? .dismiss }
}

extension ButtonState: Equatable where Action: Equatable {
  /// Buttons are equal when their roles, actions and labels are: the transaction is a closure.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.action == rhs.action && lhs.label == rhs.label
  }
}

extension ButtonState: Hashable where Action: Hashable {
  /// Hashes the role, the action and the label.
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(role)
    hasher.combine(action)
    hasher.combine(label)
  }
}

/// An alert as data (TCA's `AlertState`): present it with a `@Presents var alert:
/// AlertState<Action.Alert>?` and
/// ``Reducer/ifLet(_:action:fileID:filePath:line:column:)->IfLetReducer<Self,EmptyReducer<WrappedState,WrappedAction>>``
/// (or as an optional, or in a destination enum's case), compare it in tests, show it with the view layer (`UIAlertController(state:send:)` on UIKit,
/// which sends each button's ``ButtonState/tapAction``).
///
/// ```swift
/// state.alert = AlertState(
///   title: "Delete this item?",
///   message: "This cannot be undone.",
///   buttons: [
///     ButtonState(role: .destructive, action: .confirmDeletion) { "Delete" },
///     ButtonState(role: .cancel) { "Cancel" },
///   ])
/// ```
public struct AlertState<Action: Sendable>: Sendable {
  /// The title.
  public var title: TextState
  /// The message under the title, if any.
  public var message: TextState?
  /// The buttons, in order; the view layer shows a single "OK" when there are none.
  public var buttons: [ButtonState<Action>]

  /// An alert.
  /// - Parameters:
  ///   - title: The title.
  ///   - message: The message, if any.
  ///   - buttons: The buttons.
  public init(title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}

/// A confirmation dialog (an action sheet) as data (TCA's `ConfirmationDialogState`), presented
/// and tested like an ``AlertState``.
public struct ConfirmationDialogState<Action: Sendable>: Sendable {
  /// Whether the title shows.
  public enum TitleVisibility: Hashable, Sendable {
    /// The system decides.
    case automatic
    /// Always shown.
    case visible
    /// Never shown.
    case hidden
  }

  /// Whether ``title`` shows.
  public var titleVisibility: TitleVisibility
  /// The title.
  public var title: TextState
  /// The message, if any.
  public var message: TextState?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// A confirmation dialog.
  /// - Parameters:
  ///   - titleVisibility: Whether the title shows; the system decides by default.
  ///   - title: The title.
  ///   - message: The message, if any.
  ///   - buttons: The buttons.
  public init(
    titleVisibility: TitleVisibility = .automatic, title: TextState, message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.titleVisibility = titleVisibility
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
