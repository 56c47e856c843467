import ActorStoreTesting
import Testing

/// `AlertState { … } actions: { … } message: { … }` and its dialog twin, as TCA writes them:
/// the buttons built with `if`, `if`/`else`, `switch`, `for`, `if #available` and optionals
/// match the array written by hand, and the memberwise initializers still work.
@Suite struct AlertStateBuilderTests {
  enum Action: Equatable, Sendable {
    case confirm, archive, move(Int), undo
  }

  enum Mode { case plain, archive, undo }

  /// An alert built from every kind of line the builder takes.
  static func alert(canCancel: Bool, mode: Mode, folders: [Int], extra: ButtonState<Action>?) -> AlertState<Action> {
    AlertState {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
      for folder in folders {
        ButtonState(action: .move(folder)) { TextState("Move to \(folder)") }
      }
      switch mode {
      case .plain: []
      case .archive: ButtonState(action: .archive) { TextState("Archive") }
      case .undo: ButtonState(action: .undo) { TextState("Undo") }
      }
      extra
      if #available(macOS 15, iOS 18, *) {
        ButtonState(action: .undo) { "Available" }
      }
      if canCancel {
        ButtonState(role: .cancel) { TextState("Cancel") }
      } else {
        ButtonState(role: .cancel) { TextState("Close") }
      }
      if folders.isEmpty {
        ButtonState { TextState("No folders") }
      }
    } message: {
      TextState("This cannot be undone.")
    }
  }

  /// The same alert's buttons, written by hand.
  static func expectedButtons(canCancel: Bool, mode: Mode, folders: [Int], extra: ButtonState<Action>?) -> [ButtonState<
    Action
  >] {
    var buttons = [ButtonState(role: .destructive, action: Action.confirm) { "Delete" }]
    buttons += folders.map { folder in ButtonState(action: .move(folder)) { "Move to \(folder)" } }
    switch mode {
    case .plain: break
    case .archive: buttons.append(ButtonState(action: .archive) { "Archive" })
    case .undo: buttons.append(ButtonState(action: .undo) { "Undo" })
    }
    if let extra { buttons.append(extra) }
    buttons.append(ButtonState(action: .undo) { "Available" })
    buttons.append(ButtonState(role: .cancel) { canCancel ? "Cancel" : "Close" })
    if folders.isEmpty { buttons.append(ButtonState { "No folders" }) }
    return buttons
  }

  @Test func builtButtonsMatchTheArrayWrittenByHand() {
    var generator = SeededGenerator(seed: 0xA1E7)
    let extras: [ButtonState<Action>?] = [nil, ButtonState(action: .archive) { "Extra" }]
    for _ in 0..<300 {
      let canCancel = Bool.random(using: &generator)
      let mode = [Mode.plain, .archive, .undo].randomElement(using: &generator)!
      let folders = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: 0...99, using: &generator)
      }
      let extra = extras.randomElement(using: &generator)!
      let alert = Self.alert(canCancel: canCancel, mode: mode, folders: folders, extra: extra)
      let expected = AlertState(
        title: "Delete?", message: "This cannot be undone.",
        buttons: Self.expectedButtons(canCancel: canCancel, mode: mode, folders: folders, extra: extra))
      #expect(alert == expected, "\(canCancel) \(mode) \(folders) \(String(describing: extra))")
    }
  }

  @Test func actionsAndMessageMayBeLeftOut() {
    let titleOnly = AlertState<Action> { TextState("Saved") }
    #expect(titleOnly == AlertState(title: "Saved"))
    let noMessage = AlertState<Action> {
      TextState("Saved")
    } actions: {
      ButtonState(action: .undo) { TextState("Undo") }
    }
    #expect(noMessage == AlertState(title: "Saved", buttons: [ButtonState(action: .undo) { "Undo" }]))
    let noActions = AlertState<Action>(title: { TextState("Saved") }, message: { TextState("Done.") })
    #expect(noActions == AlertState(title: "Saved", message: "Done."))
  }

  @Test func dialogsBuildTheirButtonsTheSameWay() {
    for canEmail in [false, true] {
      let dialog = ConfirmationDialogState<Action>(titleVisibility: .visible) {
        TextState("Share")
      } actions: {
        ButtonState(action: .archive) { TextState("Copy link") }
        if canEmail {
          ButtonState(action: .confirm) { TextState("Email") }
        }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("Choose")
      }
      var buttons = [ButtonState(action: Action.archive) { "Copy link" }]
      if canEmail { buttons.append(ButtonState(action: .confirm) { "Email" }) }
      buttons.append(ButtonState(role: .cancel) { "Cancel" })
      #expect(
        dialog
          == ConfirmationDialogState(titleVisibility: .visible, title: "Share", message: "Choose", buttons: buttons))
    }
    let untitled = ConfirmationDialogState<Action> { TextState("Share") }
    #expect(untitled == ConfirmationDialogState(title: "Share"))
    #expect(untitled.titleVisibility == .automatic)
  }
}
