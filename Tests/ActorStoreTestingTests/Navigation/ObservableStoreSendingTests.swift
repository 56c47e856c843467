import ActorStore
import ActorStoreTesting
import Testing

/// The plain-Swift seams behind `$store.name.sending(.nameChanged)` (`subscript(sending:)`) and
/// behind the buttons of `.alert(_:)` / `.confirmationDialog(_:)` (`send(tapping:)`): a write
/// sends the feature's own action; a tap sends the button's action, and every tap ends with
/// exactly one dismissal, whether the action dismisses or SwiftUI's own dismissal does.
@MainActor @Suite struct ObservableStoreSendingTests {
  typealias Editor = PresentationTests.Editor
  typealias Screen = TCAParityPresentationTests.Screen

  @Test func aSendingWriteSendsTheFeaturesActionAndReadsTheMember() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let editor = ObservableStore(
      Store(
        initialState: Editor.State(id: 1), reducer: Editor(clock: executor.clock),
        executor: executor.makeMainActorStoreExecutor()))
    let text = \ObservableStore<Editor.State, Editor.Action>.[sending: SendingMember(member: \.text, action: .edit)]
    let reads = ChangeCounter { _ = editor[keyPath: text] }
    editor[keyPath: text] = "draft"
    #expect(editor.text == "draft")
    #expect(editor[keyPath: text] == "draft")
    #expect(reads.count == 1)
  }

  /// A screen that presents an alert, on a main-actor store of `executor`.
  static func screen(on executor: TestExecutor) -> ObservableStore<Screen.State, Screen.Action> {
    ObservableStore(
      Store(initialState: Screen.State(), reducer: Screen(), executor: executor.makeMainActorStoreExecutor()))
  }

  /// The screen's alert, as `$store.scope(state:action:)` scopes it.
  static var alertScope: PresentationScope<Screen.State, Screen.Action, AlertState<TCAParityPresentationTests.Destination.Action.Alert>, TCAParityPresentationTests.Destination.Action.Alert> {
    PresentationScope(state: \.destination?.alert, action: .presented(.destination, .alert))
  }

  @Test func aTappedButtonSendsItsActionAndTheAlertIsDismissedOnce() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let screen = Self.screen(on: executor)
    let scope = Self.alertScope
    screen.send(.presentAlert)
    let binding = \ObservableStore<Screen.State, Screen.Action>.[presentation: scope, shown: screen.presentation(of: scope)]
    // The delete button: its action reaches the screen and dismisses the alert; SwiftUI's
    // dismissal that follows finds nothing to dismiss.
    let alert = screen[keyPath: binding]
    #expect(alert?.send(tapping: Screen.alert.buttons[0]) != nil)
    #expect(screen.state.isDeleted && screen.state.destination == nil)
    screen[keyPath: binding] = nil
    #expect(screen.state.destination == nil)
    // A button without an action sends nothing; SwiftUI's dismissal sends `.dismiss`.
    screen.send(.presentAlert)
    let again = \ObservableStore<Screen.State, Screen.Action>.[presentation: scope, shown: screen.presentation(of: scope)]
    let cancel = ButtonState<TCAParityPresentationTests.Destination.Action.Alert>(role: .cancel) { "Cancel" }
    #expect(screen[keyPath: again]?.send(tapping: cancel) == nil)
    #expect(screen.state.destination != nil)
    screen[keyPath: again] = nil
    #expect(screen.state.destination == nil)
  }

  /// A button made with `.send(_:within:)` (what `.send(_:animation:)` is with SwiftUI): tapping
  /// it reduces its action inside the transaction on a main-actor store, so the alert's
  /// dismissal and the action's state change are one animated update. Buttons compare equal
  /// without their transactions.
  @Test func aTappedButtonsTransactionWrapsItsStateChange() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let screen = Self.screen(on: executor)
    let scope = Self.alertScope
    screen.send(.presentAlert)
    let alert = screen[keyPath: \.[presentation: scope, shown: screen.presentation(of: scope)]]
    let plain = Screen.alert.buttons[0]
    var log: [String] = []
    let animated = ButtonState(role: plain.role, action: .send(plain.action, within: { update in
      log.append("enter, deleted \(screen.state.isDeleted)")
      update()
      log.append("leave, deleted \(screen.state.isDeleted)")
    })) { plain.label }
    #expect(animated == plain)
    #expect(alert?.send(tapping: animated) != nil)
    #expect(log == ["enter, deleted false", "leave, deleted true"])
    #expect(screen.state.isDeleted && screen.state.destination == nil)
  }
}

extension ActionPath where Root == PresentationTests.Editor.Action, Value == String {
  static let edit = ActionPath(embed: Root.edit, extract: { if case .edit(let text) = $0 { text } else { nil } })
}
