/// Keeps a view-side value (a `@FocusState`, or any other view state) and a member of the store's
/// state in step both ways, as TCA's `.bind($store.focus, to: $focus)`: a state machine with one
/// method per event, each returning what the forwarding layer is to do.
///
/// - Appearing: the view takes the store's value (``appear(model:view:)``), when they differ.
/// - The store's member changed (``modelChanged(to:)``): set the view's value, when it differs
///   from what the view holds.
/// - The view's value changed (``viewChanged(to:)``): write the store's member (a binding
///   action), when it differs from what the store holds.
/// - Disappearing (``disappear()``): the binding stops. SwiftUI clears focus while it dismisses a
///   sheet, after the sheet's view went away; that write must not reach the store (its child
///   state may already be gone, or a new presentation may have taken the member).
///
/// No loops: each side's last known value is updated when the machine asks for it to be set, so
/// the change notification that follows (`onChange` for the value just set) finds both sides
/// equal and asks for nothing. Setting a side to the value it has is never asked for.
struct FocusBinding<Value: Equatable> {
  /// What the forwarding layer does for an event.
  enum Command: Equatable {
    /// Nothing.
    case none
    /// Set the view's value (the `@FocusState`) to this.
    case setView(Value)
    /// Write the store's member (send its binding action) with this.
    case setModel(Value)
  }

  /// The store member's value, as last seen or set.
  private(set) var model: Value
  /// The view's value, as last seen or set.
  private(set) var view: Value
  /// Whether the view is on screen; events are ignored before it appears and after it goes.
  private(set) var isActive = false

  /// A binding for a view that has not appeared yet.
  /// - Parameters:
  ///   - model: The store member's value.
  ///   - view: The view's value.
  init(model: Value, view: Value) {
    self.model = model
    self.view = view
  }

  /// The view appeared (`onAppear`): the view takes the store's value.
  /// - Parameters:
  ///   - model: The store member's value now.
  ///   - view: The view's value now.
  /// - Returns: ``Command/setView(_:)`` when they differ.
  mutating func appear(model: Value, view: Value) -> Command {
    isActive = true
    self.model = model
    self.view = view
    return model == view ? .none : set(view: model)
  }

  /// The store's member changed (`onChange` of it).
  /// - Parameter value: Its new value.
  /// - Returns: ``Command/setView(_:)`` when the view holds another value.
  mutating func modelChanged(to value: Value) -> Command {
    guard isActive else { return .none }
    model = value
    return view == value ? .none : set(view: value)
  }

  /// The view's value changed (`onChange` of the `@FocusState`).
  /// - Parameter value: Its new value.
  /// - Returns: ``Command/setModel(_:)`` when the store holds another value.
  mutating func viewChanged(to value: Value) -> Command {
    guard isActive else { return .none }
    view = value
    guard model != value else { return .none }
    model = value
    return .setModel(value)
  }

  /// The view went away (`onDisappear`): later events are ignored until it appears again.
  mutating func disappear() { isActive = false }

  private mutating func set(view value: Value) -> Command {
    view = value
    return .setView(value)
  }
}

extension FocusBinding: Sendable where Value: Sendable {}
extension FocusBinding.Command: Sendable where Value: Sendable {}
