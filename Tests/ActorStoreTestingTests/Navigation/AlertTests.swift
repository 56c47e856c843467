import ActorStore
import ActorStoreTesting
import Testing

/// Alerts and confirmation dialogs as plain, comparable data, presented through `@Presents` and
/// `ifLet(\.$alert, action: .alert)` with no child reducer: a button's action reaches the parent
/// with the alert already dismissed (so a parent may present another one in response), and
/// `.dismiss` clears it after the parent ran.
@Suite struct AlertTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      @Presents var alert: AlertState<Action.Alert>?
      @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
      var items = ["a", "b"]
    }
    enum Action: Equatable, Sendable {
      case deleteTapped
      case shareTapped
      case alert(PresentationAction<Alert>)
      case dialog(PresentationAction<Dialog>)

      enum Alert: Equatable, Sendable {
        case confirmDeletion
        case deleteEverything
      }
      enum Dialog: Equatable, Sendable {
        case copyLink
      }
    }

    static let confirmation = AlertState<Action.Alert>(
      title: "Delete this item?",
      message: "This cannot be undone.",
      buttons: [
        ButtonState(role: .destructive, action: .confirmDeletion) { "Delete" },
        ButtonState(action: .deleteEverything) { "Delete everything…" },
        ButtonState(role: .cancel) { "Cancel" },
      ])
    static let lastChance = AlertState<Action.Alert>(title: "Really delete everything?")

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .deleteTapped: state.alert = Self.confirmation
        case .shareTapped:
          state.dialog = ConfirmationDialogState(
            titleVisibility: .visible, title: "Share",
            buttons: [ButtonState(action: .copyLink) { "Copy link" }])
        case .alert(.presented(.confirmDeletion)): state.items.removeLast()
        case .alert(.presented(.deleteEverything)):
          // The alert was dismissed before this ran: presenting another one keeps it.
          #expect(state.alert == nil)
          state.alert = Self.lastChance
        case .alert(.dismiss), .dialog: break
        }
        return .none
      }
      .ifLet(\.$alert, action: .alert)
      .ifLet(\.$dialog, action: .dialog)
    }
  }

  @Test func aButtonSendsItsActionAndDismissesTheAlert() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.deleteTapped) { $0.alert = Feature.confirmation }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.items = ["a"]
    }
    await store.finish()
  }

  @Test func theParentMayPresentAnotherAlertInResponse() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.deleteTapped) { $0.alert = Feature.confirmation }
    await store.send(.alert(.presented(.deleteEverything))) { $0.alert = Feature.lastChance }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.finish()
  }

  @Test func aDialogIsDismissedByItsButtons() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.shareTapped) {
      $0.dialog = ConfirmationDialogState(
        titleVisibility: .visible, title: "Share", buttons: [ButtonState(action: .copyLink) { "Copy link" }])
    }
    await store.send(.dialog(.presented(.copyLink))) { $0.dialog = nil }
    await store.finish()
  }

  @Test func alertsCompareByContent() {
    var other = Feature.confirmation
    #expect(other == Feature.confirmation)
    other.buttons[0].role = nil
    #expect(other != Feature.confirmation)
    #expect(TextState("Delete") == "Delete")
    #expect(Feature.confirmation.buttons.map(\.tapAction) == [.presented(.confirmDeletion), .presented(.deleteEverything), .dismiss])
    #expect("\(TextState("n = \(1)"))" == "n = 1")
  }
}

extension ActionPath where Root == AlertTests.Feature.Action, Value == PresentationAction<AlertTests.Feature.Action.Alert> {
  static let alert = ActionPath(embed: Root.alert, extract: { if case .alert(let action) = $0 { action } else { nil } })
}

extension ActionPath where Root == AlertTests.Feature.Action, Value == PresentationAction<AlertTests.Feature.Action.Dialog> {
  static let dialog = ActionPath(embed: Root.dialog, extract: { if case .dialog(let action) = $0 { action } else { nil } })
}
