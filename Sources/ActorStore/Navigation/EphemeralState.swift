/// Presented state with no logic of its own that the first of its actions ends: an alert or a
/// confirmation dialog (TCA's `_EphemeralState`).
protocol EphemeralState {
  /// The type of the actions its buttons send.
  static var actionType: Any.Type { get }
}

extension AlertState: EphemeralState {
  static var actionType: Any.Type { Action.self }
}

extension ConfirmationDialogState: EphemeralState {
  static var actionType: Any.Type { Action.self }
}

/// Whether `action`, sent to the presented `state`, ends the presentation, as in TCA: `state` is
/// an alert or a dialog, or a destination enum whose current case holds one, and `action` is one
/// of its buttons' actions (or the case of a destination action that holds one).
///
/// Reflection tells the cases apart, as TCA's enum metadata does; it runs only for actions sent
/// to a presented child.
func endsEphemeralPresentation<State, Action>(_ state: State, with action: Action) -> Bool {
  guard let actionType = ephemeralActionType(of: state) else { return false }
  if Action.self == actionType { return true }
  return enumPayload(of: action).map { type(of: $0) == actionType } ?? false
}

/// The type of the actions of `state` when it is ephemeral, or an enum whose case holds
/// ephemeral state; `nil` otherwise.
private func ephemeralActionType<State>(of state: State) -> Any.Type? {
  if let ephemeral = State.self as? any EphemeralState.Type { return ephemeral.actionType }
  guard let payload = enumPayload(of: state) else { return nil }
  return (type(of: payload) as? any EphemeralState.Type)?.actionType
}

/// The associated value of an enum case, `nil` for a value that is not an enum or a case
/// without one.
private func enumPayload(of value: Any) -> Any? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return nil }
  return mirror.children.first?.value
}
