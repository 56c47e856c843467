extension ObservableStore {
  /// Sends what tapping `button` of the alert or dialog this store shows means: its action
  /// (within the button's transaction, if it has one: `.send(_:animation:)`),
  /// which the presenting feature receives as `.presented(action)` and which dismisses the alert
  /// (`ifLet`); nothing for a button without one, which SwiftUI's dismissal of the alert
  /// dismisses through the binding (`.dismiss`). So every tap ends with exactly one dismissal.
  /// - Parameter button: The button tapped.
  /// - Returns: A handle on the effects the action started; `nil` when nothing was sent.
  @discardableResult
  package func send(tapping button: ButtonState<Action>) -> StoreTask? {
    guard let action = button.action else { return nil }
    guard let transaction = button.transaction else { return send(action) }
    return send(action, within: transaction)
  }
}
