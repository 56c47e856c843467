#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Shows an alert while `store` presents one, as TCA's `.alert($store.scope(state: \.alert,
    /// action: .alert))`: its title, message and buttons come from the ``AlertState``; a tapped
    /// button sends its action (`ObservableStore.send(tapping:)`), which dismisses the alert
    /// (`ifLet`), and a button with no action, or SwiftUI's own dismissal, sends `.dismiss`
    /// through the binding.
    /// - Parameter store: `$store.scope(state: \.alert, action: .alert)`.
    /// - Returns: The view, with the alert.
    public func alert<Action: Sendable>(_ store: Binding<ObservableStore<AlertState<Action>, Action>?>) -> some View {
      let alert = store.wrappedValue
      return self.alert(
        Text(verbatim: alert?.title.string ?? ""), isPresented: store[dynamicMember: \.isPresented],
        presenting: alert,
        actions: { alert in buttons(alert.state.buttons, sendingTo: alert) },
        message: { alert in alert.message.map { Text(verbatim: $0.string) } })
    }

    /// Shows a confirmation dialog while `store` presents one, as TCA's
    /// `.confirmationDialog($store.scope(state: \.dialog, action: .dialog))`: as ``alert(_:)``,
    /// from a ``ConfirmationDialogState``.
    /// - Parameter store: `$store.scope(state: \.dialog, action: .dialog)`.
    /// - Returns: The view, with the dialog.
    public func confirmationDialog<Action: Sendable>(
      _ store: Binding<ObservableStore<ConfirmationDialogState<Action>, Action>?>
    ) -> some View {
      let dialog = store.wrappedValue
      return confirmationDialog(
        Text(verbatim: dialog?.title.string ?? ""), isPresented: store[dynamicMember: \.isPresented],
        titleVisibility: Visibility(dialog?.titleVisibility ?? .automatic),
        presenting: dialog,
        actions: { dialog in buttons(dialog.state.buttons, sendingTo: dialog) },
        message: { dialog in dialog.message.map { Text(verbatim: $0.string) } })
    }

    /// One SwiftUI button per ``ButtonState``, each sending through `store`.
    private func buttons<State, Action>(
      _ buttons: [ButtonState<Action>], sendingTo store: ObservableStore<State, Action>
    ) -> some View {
      ForEach(Array(buttons.enumerated()), id: \.offset) { _, button in
        Button(role: button.role.map(ButtonRole.init), action: { store.send(tapping: button) }) {
          Text(verbatim: button.label.string)
        }
      }
    }
  }

  extension Optional {
    /// Whether something is presented, for the `isPresented` binding of an alert or a dialog
    /// driven by an optional store: setting `false` writes `nil`.
    fileprivate var isPresented: Bool {
      get { self != nil }
      set { if !newValue { self = nil } }
    }
  }

  extension ButtonRole {
    /// SwiftUI's role for a button's ``ButtonStateRole``.
    fileprivate init(_ role: ButtonStateRole) {
      switch role {
      case .cancel: self = .cancel
      case .destructive: self = .destructive
      }
    }
  }

  extension Visibility {
    /// SwiftUI's visibility for a dialog title's ``ConfirmationDialogState/TitleVisibility``.
    fileprivate init<Action>(_ visibility: ConfirmationDialogState<Action>.TitleVisibility) {
      switch visibility {
      case .automatic: self = .automatic
      case .visible: self = .visible
      case .hidden: self = .hidden
      }
    }
  }
#endif
