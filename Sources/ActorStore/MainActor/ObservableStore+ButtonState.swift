extension ObservableStore {
  /// Sends what tapping `button` of the alert or dialog this store shows means: its action,
  /// which the presenting feature receives as `.presented(action)` and which dismisses the alert
  /// (`ifLet`); nothing for a button without one, which SwiftUI's dismissal of the alert
  /// dismisses through the binding (`.dismiss`). So every tap ends with exactly one dismissal.
  /// - Parameter button: The button tapped.
  /// - Returns: A handle on the effects the action started; `nil` when nothing was sent.
  @discardableResult
  package func send(tapping button: ButtonState<Action>) -> StoreTask? {
    button.action.map { send($0) }
  }
}
