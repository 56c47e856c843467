/// Keeps a view-side value (a `@FocusState`, or any other view state) and a member of the store's
/// state in step both ways, as TCA's `.bind($store.focus, to: $focus)`: a state machine (off
/// screen, on screen) with one method per event, each returning what the forwarding layer is to
/// do. Each event carries the value its `onChange` reported and both sides' values *now* (the
/// forwarding layer reads the `@FocusState` and the store's member when the event arrives).
///
/// - Appearing (``appear(model:view:)``): the view takes the store's value, when they differ.
/// - The store's member changed (``modelChanged(to:now:)``): set the view's value to it, when
///   the view holds another value.
/// - The view's value changed (``viewChanged(to:now:)``): write the store's member with it (a
///   binding action), when the store holds another value.
/// - An event whose value is no longer its side's value is stale, and does nothing: SwiftUI
///   reports both sides' changes of one update with the values of that update, so when both
///   changed, the first handler sets the other side, and the second reports a value that side
///   no longer has; acting on it would set the first side back, and the next update would swap
///   them again, forever. The side that changed again reports once more in the next update.
///   When both change in one update, the side whose `onChange` runs first wins.
/// - Disappearing (``disappear()``): events are ignored until the view appears again. SwiftUI
///   clears focus as it dismisses a sheet; a clear reported before `onDisappear` writes the
///   member (`nil`), as TCA's does, and `ObservableStore` drops it when the child's state is
///   already gone; one reported after it does nothing.
///
/// No loops: a side is never set to the value it has, so the `onChange` that follows a command
/// finds both sides equal and asks for nothing.
package struct FocusBinding<Value: Equatable> {
  /// What the forwarding layer does for an event.
  package enum Command: Equatable {
    /// Nothing.
    case none
    /// Set the view's value (the `@FocusState`) to this.
    case setView(Value)
    /// Write the store's member (send its binding action) with this.
    case setModel(Value)
  }

  /// Both sides' values when an event arrives.
  package struct Sides {
    /// The store member's value.
    package var model: Value
    /// The view's value.
    package var view: Value

    /// Both sides' values.
    /// - Parameters:
    ///   - model: The store member's value.
    ///   - view: The view's value.
    package init(model: Value, view: Value) {
      self.model = model
      self.view = view
    }
  }

  /// Whether the view is on screen; events are ignored before it appears and after it goes.
  package private(set) var isOnScreen = false

  /// A binding for a view that has not appeared yet.
  package init() {}

  /// The view appeared (`onAppear`): the view takes the store's value.
  /// - Parameters:
  ///   - model: The store member's value now.
  ///   - view: The view's value now.
  /// - Returns: ``Command/setView(_:)`` when they differ.
  package mutating func appear(model: Value, view: Value) -> Command {
    isOnScreen = true
    return model == view ? .none : .setView(model)
  }

  /// The store's member changed (`onChange` of it).
  /// - Parameters:
  ///   - value: The value `onChange` reported.
  ///   - now: Both sides' values now.
  /// - Returns: ``Command/setView(_:)`` when the event is current and the view holds another value.
  package func modelChanged(to value: Value, now: Sides) -> Command {
    guard isOnScreen, value == now.model, now.view != value else { return .none }
    return .setView(value)
  }

  /// The view's value changed (`onChange` of the `@FocusState`).
  /// - Parameters:
  ///   - value: The value `onChange` reported.
  ///   - now: Both sides' values now.
  /// - Returns: ``Command/setModel(_:)`` when the event is current and the store holds another
  ///   value.
  package func viewChanged(to value: Value, now: Sides) -> Command {
    guard isOnScreen, value == now.view, now.model != value else { return .none }
    return .setModel(value)
  }

  /// The view went away (`onDisappear`): later events are ignored until it appears again.
  package mutating func disappear() { isOnScreen = false }
}

extension FocusBinding: Sendable where Value: Sendable {}
extension FocusBinding.Command: Sendable where Value: Sendable {}
extension FocusBinding.Sides: Sendable where Value: Sendable {}
extension FocusBinding.Sides: Equatable {}
