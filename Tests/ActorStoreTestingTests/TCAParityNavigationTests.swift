import ActorStore
import ActorStoreTesting
import Foundation
import Synchronization
import Testing

/// Presentation (`ifLet` over `@Presents`) as TCA's own presentation reducer tests pin it down,
/// each restated in ActorStore's terms (hand-written case paths, `TestStore`, `TestClock`).
/// Behaviours already covered elsewhere (`Navigation/PresentationTests.swift`,
/// `Navigation/AlertTests.swift`) are not repeated.
@Suite struct TCAParityPresentationTests {
  // MARK: - A counter child with a timer and a close button

  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
    }
    enum Action: Equatable, Sendable {
      case closeTapped
      case startTapped
      case tick
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeTapped:
        return .run { _ in await dismiss() }
      case .startTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
  }

  struct Host: Reducer {
    struct State: Equatable, Sendable {
      @Presents var child: Counter.State?
    }
    enum Action: Equatable, Sendable {
      case child(PresentationAction<Counter.Action>)
      case presentChild
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .presentChild = action { state.child = Counter.State() }
        return .none
      }
      .ifLet(\.$child, action: .child) { Counter() }
    }
  }

  /// A parent's `.dismiss` ends a presented child's timer: nothing ticks afterwards. (The timer
  /// runs on the store's clock, the `continuousClock` a `TestStore` injects.)
  @Test func parentDismissalCancelsTheChildsTimer() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    let clock = store.clock
    await store.send(.presentChild) { $0.child = Counter.State() }
    await store.send(.child(.presented(.startTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 2 }
    await store.send(.child(.dismiss)) { $0.child = nil }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  /// The child's own `dismiss()` ends its presentation and its timer.
  @Test func childDismissalCancelsItsTimer() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    let clock = store.clock
    await store.send(.presentChild) { $0.child = Counter.State() }
    await store.send(.child(.presented(.startTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.count = 2 }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  /// A child left presented at the end of a test, with no effect running, is not an issue:
  /// presenting starts no effect of its own, whether or not the test calls `finish()`.
  @Test func aChildLeftPresentedIsNotAnIssue() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      do {
        let store = TestStore(initialState: Host.State()) { Host() }
        await store.send(.presentChild) { $0.child = Counter.State() }
      }
      let store = TestStore(initialState: Host.State()) { Host() }
      await store.send(.presentChild) { $0.child = Counter.State() }
      await store.finish()
    }
    #expect(issues.messages.isEmpty)
  }

  /// A child presented in the initial state runs and dismisses itself like one presented later.
  @Test func aChildPresentedInTheInitialStateDismissesItself() async {
    let store = TestStore(initialState: Host.State(child: Counter.State())) { Host() }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  // MARK: - Dismissal through a scoped container, twice

  struct Closer: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable { case cancelTapped }
    @Dependency(\.dismiss) var dismiss
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      .run { _ in await dismiss() }
    }
  }

  struct Container: Reducer {
    struct State: Equatable, Sendable {
      @Presents var closer: Closer.State?
    }
    enum Action: Equatable, Sendable {
      case open
      case closer(PresentationAction<Closer.Action>)
    }
    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(\.$closer, action: .closer) { Closer() }
    }
  }

  struct Outer: Reducer {
    struct State: Equatable, Sendable {
      var container = Container.State()
    }
    enum Action: Equatable, Sendable {
      case container(Container.Action)
    }
    var body: some Reducer<State, Action> {
      Scope(state: \.container, action: .container) { Container() }
      Reduce { state, action in
        if case .container(.open) = action { state.container.closer = Closer.State() }
        return .none
      }
    }
  }

  /// A child presented by a reducer outside the `ifLet` (a grandparent after a `Scope`) can
  /// dismiss itself, and again once presented anew.
  @Test func aChildPresentedFromOutsideTheIfLetDismissesItselfEveryTime() async {
    let store = TestStore(initialState: Outer.State()) { Outer() }
    for _ in 1...2 {
      await store.send(.container(.open)) { $0.container.closer = Closer.State() }
      await store.send(.container(.closer(.presented(.cancelTapped))))
      await store.receive(.container(.closer(.dismiss))) { $0.container.closer = nil }
    }
    await store.finish()
  }

  // MARK: - Alerts presented with an empty child reducer

  struct Deleter: Reducer {
    struct State: Equatable, Sendable {
      @Presents var alert: AlertState<Action.Alert>?
      var isDeleted = false
    }
    enum Action: Equatable, Sendable {
      case alert(PresentationAction<Alert>)
      case presentAlert
      enum Alert: Equatable, Sendable { case deleteTapped }
    }
    static let alert = AlertState<Action.Alert>(
      title: "Uh oh!", buttons: [ButtonState(role: .destructive, action: .deleteTapped) { "Delete" }])

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .alert(.presented(.deleteTapped)): state.isDeleted = true
        case .alert(.dismiss): break
        case .presentAlert: state.alert = Self.alert
        }
        return .none
      }
      .ifLet(\.$alert, action: .alert) {}
    }
  }

  /// TCA's `ifLet(\.$alert, action: \.alert) {}`: an empty builder block compiles, and the alert
  /// it presents is dismissed by the parent's `.dismiss`…
  @Test func anAlertWithAnEmptyChildReducerIsDismissed() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    await store.send(.presentAlert) { $0.alert = Deleter.alert }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.finish()
  }

  /// …and by any of its buttons, automatically, as an alert presented without a child reducer.
  @Test func anAlertWithAnEmptyChildReducerIsDismissedByItsButton() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    await store.send(.presentAlert) { $0.alert = Deleter.alert }
    await store.send(.alert(.presented(.deleteTapped))) {
      $0.alert = nil
      $0.isDeleted = true
    }
    await store.finish()
  }

  // MARK: - A destination enum: a child or an alert

  struct Child: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: UUID
      var count = 0
    }
    enum Action: Equatable, Sendable {
      case closeTapped
      case startTapped
      case tick
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeTapped:
        return .run { _ in await dismiss() }
      case .startTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
  }

  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case alert(AlertState<Action.Alert>)
      case child(Child.State)
    }
    enum Action: Equatable, Sendable {
      case alert(Alert)
      case child(Child.Action)
      enum Alert: Equatable, Sendable { case deleteTapped }
    }
    var body: some Reducer<State, Action> {
      Scope(state: .alert, action: .alert) {}
      Scope(state: .child, action: .child) { Child() }
    }
  }

  struct Screen: Reducer {
    struct State: Equatable, Sendable {
      @Presents var destination: Destination.State?
      var isDeleted = false
    }
    enum Action: Equatable, Sendable {
      case destination(PresentationAction<Destination.Action>)
      case presentAlert
      case presentChild(id: UUID? = nil)
    }
    static let alert = AlertState<Destination.Action.Alert>(
      title: "Uh oh!", buttons: [ButtonState(role: .destructive, action: .deleteTapped) { "Delete" }])
    @Dependency(\.uuid) var uuid

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.alert(.deleteTapped))): state.isDeleted = true
        case .destination: break
        case .presentAlert: state.destination = .alert(Self.alert)
        case .presentChild(let id): state.destination = .child(Child.State(id: id ?? uuid()))
        }
        return .none
      }
      .ifLet(\.$destination, action: .destination) { Destination() }
    }
  }

  /// TCA's destination enum: a child case runs, dismisses itself, is presented again (a new
  /// `id`, a new timer), is replaced by a child with the same `id` (the same presentation, its
  /// timer goes on), then an alert case is presented and its button both reaches the parent
  /// and dismisses it.
  @Test func aDestinationEnumPresentsAChildThenAnAlertThatItsButtonDismisses() async {
    let store = TestStore(initialState: Screen.State()) { Screen() }
    let clock = store.clock
    await store.send(.presentChild()) { $0.destination = .child(Child.State(id: UUID(0))) }
    await store.send(.destination(.presented(.child(.startTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) { $0.destination = .child(Child.State(id: UUID(0), count: 1)) }
    await store.receive(.destination(.presented(.child(.tick)))) { $0.destination = .child(Child.State(id: UUID(0), count: 2)) }
    await store.send(.destination(.presented(.child(.closeTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }

    await store.send(.presentChild()) { $0.destination = .child(Child.State(id: UUID(1))) }
    await clock.advance(by: .seconds(2))
    await store.send(.destination(.presented(.child(.startTapped))))
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) { $0.destination = .child(Child.State(id: UUID(1), count: 1)) }
    await store.receive(.destination(.presented(.child(.tick)))) { $0.destination = .child(Child.State(id: UUID(1), count: 2)) }
    await store.send(.presentChild(id: UUID(1))) { $0.destination = .child(Child.State(id: UUID(1))) }
    await clock.advance(by: .seconds(2))
    await store.receive(.destination(.presented(.child(.tick)))) { $0.destination = .child(Child.State(id: UUID(1), count: 1)) }
    await store.receive(.destination(.presented(.child(.tick)))) { $0.destination = .child(Child.State(id: UUID(1), count: 2)) }

    await store.send(.presentAlert) { $0.destination = .alert(Screen.alert) }
    await store.send(.destination(.presented(.alert(.deleteTapped)))) {
      $0.destination = nil
      $0.isDeleted = true
    }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  /// An action for the child case while the destination is the alert case does not dismiss the
  /// alert: only the alert's own actions do. The destination's `Scope` reports the stray action.
  @Test func anAlertStaysPresentedForAnotherCasesAction() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Screen.State()) { Screen() }
      await store.send(.presentAlert) { $0.destination = .alert(Screen.alert) }
      await store.send(.destination(.presented(.child(.tick))))
      await store.finish()
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("Scope received") == true)
  }

  // MARK: - An alert and a dialog in one destination, each presenting the other

  struct Chooser: Reducer {
    struct State: Equatable, Sendable {
      @Presents var destination: Destination.State?
    }
    enum Action: Equatable, Sendable {
      case destination(PresentationAction<Destination.Action>)
      case showAlert
      case showDialog
    }
    enum Choice: Equatable, Sendable { case showAlert, showDialog }
    struct Destination: Reducer {
      enum State: Equatable, Sendable {
        case alert(AlertState<Choice>)
        case dialog(ConfirmationDialogState<Choice>)
      }
      enum Action: Equatable, Sendable {
        case alert(Choice)
        case dialog(Choice)
      }
      var body: some Reducer<State, Action> { EmptyReducer() }
    }
    static let alert = AlertState<Choice>(
      title: "Choose",
      buttons: [ButtonState(action: .showAlert) { "Show alert" }, ButtonState(action: .showDialog) { "Show dialog" }])
    static let dialog = ConfirmationDialogState<Choice>(
      title: "Choose",
      buttons: [ButtonState(action: .showAlert) { "Show alert" }, ButtonState(action: .showDialog) { "Show dialog" }])

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.alert(.showDialog))): state.destination = .dialog(ConfirmationDialogState(title: "Hello!"))
        case .destination(.presented(.dialog(.showAlert))): state.destination = .alert(AlertState(title: "Hello!"))
        case .destination: break
        case .showAlert: state.destination = .alert(Self.alert)
        case .showDialog: state.destination = .dialog(Self.dialog)
        }
        return .none
      }
      .ifLet(\.$destination, action: .destination) { Destination() }
    }
  }

  /// An alert's button that presents a dialog in response keeps the dialog, and the other way
  /// around; each is then dismissed by `.dismiss`.
  @Test func anAlertThenADialogPresentedInResponseStays() async {
    let store = TestStore(initialState: Chooser.State()) { Chooser() }
    await store.send(.showAlert) { $0.destination = .alert(Chooser.alert) }
    await store.send(.destination(.presented(.alert(.showDialog)))) {
      $0.destination = .dialog(ConfirmationDialogState(title: "Hello!"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.showDialog) { $0.destination = .dialog(Chooser.dialog) }
    await store.send(.destination(.presented(.dialog(.showAlert)))) {
      $0.destination = .alert(AlertState(title: "Hello!"))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }

  // MARK: - Cancellation IDs across presentations

  /// A child that starts an effect under an ID that it, a parent or a sibling may cancel.
  struct Worker: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      @Presents var grandchild: Grandchild.State?
    }
    enum Action: Equatable, Sendable {
      case grandchild(PresentationAction<Grandchild.Action>)
      case presentGrandchild
      case response(Int)
      case startTapped
      case stopTapped
      case stopParentTapped
    }
    enum CancelID: Hashable, Sendable { case effect }
    @Dependency(\.continuousClock) var clock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .grandchild: return .none
        case .presentGrandchild:
          state.grandchild = Grandchild.State()
          return .none
        case .response(let value):
          state.count = value
          return .none
        case .startTapped:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.response(42)) }
          }
          .cancellable(id: CancelID.effect)
        case .stopTapped: return .cancel(id: CancelID.effect)
        case .stopParentTapped: return .cancel(id: Boss.CancelID.effect)
        }
      }
      .ifLet(\.$grandchild, action: .grandchild) { Grandchild() }
    }
  }

  struct Grandchild: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable { case response(Int), startTapped }
    enum CancelID: Hashable, Sendable { case effect }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .response: return .none
      case .startTapped:
        return .run { send in
          try await clock.sleep(for: .zero)
          await send(.response(42))
        }
        .cancellable(id: CancelID.effect)
      }
    }
  }

  struct Boss: Reducer {
    struct State: Equatable, Sendable {
      @Presents var first: Worker.State?
      @Presents var second: Worker.State?
      var count = 0
    }
    enum Action: Equatable, Sendable {
      case first(PresentationAction<Worker.Action>)
      case second(PresentationAction<Worker.Action>)
      case dismissGrandchild
      case presentBoth
      case response(Int)
      case startTapped
      case stopTapped
      case stopWorkersTapped
    }
    enum CancelID: Hashable, Sendable { case effect }
    @Dependency(\.continuousClock) var clock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .first, .second: return .none
        case .dismissGrandchild: return .send(.first(.presented(.grandchild(.dismiss))))
        case .presentBoth:
          state.first = Worker.State()
          state.second = Worker.State()
          return .none
        case .response(let value):
          state.count = value
          return .none
        case .startTapped:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response(42))
          }
          .cancellable(id: CancelID.effect)
        case .stopTapped: return .cancel(id: CancelID.effect)
        case .stopWorkersTapped: return .merge(.cancel(id: Worker.CancelID.effect), .cancel(id: Grandchild.CancelID.effect))
        }
      }
      .ifLet(\.$first, action: .first) { Worker() }
      .ifLet(\.$second, action: .second) { Worker() }
    }
  }

  /// A presented child cancels its own effect by ID.
  @Test func aChildCancelsItsOwnEffectByID() async {
    let store = TestStore(initialState: Boss.State()) { Boss() }
    await store.send(.presentBoth) {
      $0.first = Worker.State()
      $0.second = Worker.State()
    }
    await store.send(.first(.presented(.startTapped)))
    await store.send(.first(.presented(.stopTapped)))
    await store.finish()
  }

  /// A parent's `.cancel(id:)` reaches the effects its presented children and grandchildren
  /// started under that ID, in every child presented at once.
  @Test func aParentCancelsItsChildrensAndGrandchildrensEffectsByID() async {
    let store = TestStore(initialState: Boss.State()) { Boss() }
    let clock = store.clock
    await store.send(.presentBoth) {
      $0.first = Worker.State()
      $0.second = Worker.State()
    }
    await store.send(.first(.presented(.presentGrandchild))) { $0.first?.grandchild = Grandchild.State() }
    await store.send(.first(.presented(.startTapped)))
    await store.send(.second(.presented(.startTapped)))
    await store.send(.first(.presented(.grandchild(.presented(.startTapped)))))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.presented(.grandchild(.presented(.response(42))))))
    await store.receive(.first(.presented(.response(42)))) { $0.first?.count = 42 }
    await store.receive(.second(.presented(.response(42)))) { $0.second?.count = 42 }
    await store.send(.first(.presented(.grandchild(.presented(.startTapped)))))
    await store.send(.stopWorkersTapped)
    clock.run()
    await store.finish()
  }

  /// A child's `.cancel(id:)` does not reach a sibling presented with the same ID.
  @Test func aChildCannotCancelItsSiblingsEffect() async {
    let store = TestStore(initialState: Boss.State()) { Boss() }
    let clock = store.clock
    await store.send(.presentBoth) {
      $0.first = Worker.State()
      $0.second = Worker.State()
    }
    await store.send(.first(.presented(.startTapped)))
    await store.send(.second(.presented(.startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.presented(.response(42)))) { $0.first?.count = 42 }
    await store.receive(.second(.presented(.response(42)))) { $0.second?.count = 42 }
    await store.send(.first(.presented(.stopTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.second(.presented(.response(42))))
    await store.send(.second(.presented(.stopTapped)))
    clock.run()
    await store.send(.first(.dismiss)) { $0.first = nil }
    await store.send(.second(.dismiss)) { $0.second = nil }
    await store.finish()
  }

  /// A child's `.cancel(id:)` with its parent's ID does not reach the parent's effect.
  @Test func aChildCannotCancelItsParentsEffect() async {
    let store = TestStore(initialState: Boss.State()) { Boss() }
    await store.send(.presentBoth) {
      $0.first = Worker.State()
      $0.second = Worker.State()
    }
    await store.send(.startTapped)
    await store.send(.first(.presented(.stopParentTapped)))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.response(42)) { $0.count = 42 }
    await store.send(.startTapped)
    await store.send(.stopTapped)
    await store.finish()
  }

  /// A parent dismissing a grandchild (sending the grandchild's `.dismiss` through the child)
  /// cancels the grandchild's effect held on a zero-length sleep.
  @Test func aParentDismissingAGrandchildCancelsItsEffects() async {
    let store = TestStore(initialState: Boss.State()) { Boss() }
    await store.send(.presentBoth) {
      $0.first = Worker.State()
      $0.second = Worker.State()
    }
    await store.send(.first(.presented(.presentGrandchild))) { $0.first?.grandchild = Grandchild.State() }
    await store.send(.first(.presented(.grandchild(.presented(.startTapped)))))
    await store.clock.advance()
    await store.receive(.first(.presented(.grandchild(.presented(.response(42))))))
    await store.send(.first(.presented(.grandchild(.presented(.startTapped)))))
    await store.send(.dismissGrandchild)
    await store.receive(.first(.presented(.grandchild(.dismiss)))) { $0.first?.grandchild = nil }
    await store.clock.advance()
    await store.finish()
  }

  /// A child's `cancelInFlight` under an ID its parent also uses cancels only the child's own
  /// earlier effect, not the parent's.
  @Test func aChildsCancelInFlightLeavesTheParentsEffectWithTheSameID() async {
    struct Child: Reducer {
      struct State: Equatable, Sendable { var count = 0 }
      enum Action: Equatable, Sendable { case response(Int), tap }
      struct CancelID: Hashable, Sendable {}
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .response(let value):
          state.count = value
          return .none
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response(42))
          }
          .cancellable(id: CancelID(), cancelInFlight: true)
        }
      }
    }
    struct Parent: Reducer {
      struct State: Equatable, Sendable {
        @Presents var child: Child.State?
        var count = 0
      }
      enum Action: Equatable, Sendable {
        case child(PresentationAction<Child.Action>)
        case presentChild
        case response(Int)
      }
      @Dependency(\.continuousClock) var clock
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child: return .none
          case .presentChild:
            state.child = Child.State()
            return .run { send in
              try await clock.sleep(for: .seconds(2))
              await send(.response(42))
            }
            .cancellable(id: Child.CancelID())
          case .response(let value):
            state.count = value
            return .none
          }
        }
        .ifLet(\.$child, action: ActionPath(embed: Action.child, extract: { if case .child(let a) = $0 { a } else { nil } })) {
          Child()
        }
      }
    }
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.tap)))
    await store.clock.advance(by: .milliseconds(500))
    await store.send(.child(.presented(.tap)))
    await store.clock.advance(by: .milliseconds(1_000))
    await store.receive(.child(.presented(.response(42)))) { $0.child?.count = 42 }
    await store.clock.advance(by: .milliseconds(500))
    await store.receive(.response(42)) { $0.count = 42 }
    await store.send(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  // MARK: - Dismissal and re-presentation

  struct Plain: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable {}
    var body: some Reducer<State, Action> { EmptyReducer() }
  }

  struct Tagged: Reducer {
    struct State: Equatable, Identifiable, Sendable { let id: UUID }
    enum Action: Equatable, Sendable {}
    var body: some Reducer<State, Action> { EmptyReducer() }
  }

  /// A parent that presents the same (non-`Identifiable`) child again in response to `.dismiss`
  /// has it dismissed anyway: it is the same presentation.
  @Test func theSameChildPresentedAgainOnDismissIsDismissed() async {
    struct Parent: Reducer {
      struct State: Equatable, Sendable { @Presents var child: Plain.State? }
      enum Action: Equatable, Sendable { case child(PresentationAction<Plain.Action>) }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .child(.dismiss) = action { state.child = Plain.State() }
          return .none
        }
        .ifLet(\.$child, action: ActionPath(embed: Action.child, extract: { if case .child(let a) = $0 { a } else { nil } })) {
          Plain()
        }
      }
    }
    let store = TestStore(initialState: Parent.State(child: Plain.State())) { Parent() }
    await store.send(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  /// A parent that presents a child with another `id` in response to `.dismiss` keeps it; a
  /// later `.dismiss` the parent lets through clears it.
  @Test func anotherChildPresentedOnDismissStays() async {
    struct Parent: Reducer {
      struct State: Equatable, Sendable { @Presents var child: Tagged.State? }
      enum Action: Equatable, Sendable { case child(PresentationAction<Tagged.Action>) }
      static let first = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
      @Dependency(\.uuid) var uuid
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .child(.dismiss) = action, state.child?.id == Self.first { state.child = Tagged.State(id: uuid()) }
          return .none
        }
        .ifLet(\.$child, action: ActionPath(embed: Action.child, extract: { if case .child(let a) = $0 { a } else { nil } })) {
          Tagged()
        }
      }
    }
    let store = TestStore(initialState: Parent.State(child: Tagged.State(id: Parent.first))) { Parent() }
    await store.send(.child(.dismiss)) { $0.child = Tagged.State(id: UUID(0)) }
    await store.send(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  /// A parent clearing the child in response to one of the child's own actions (sent by the
  /// child as an effect) cancels the child's long-living effect.
  @Test func aParentClearingTheChildOnItsActionCancelsItsLongLivingEffect() async {
    struct Child: Reducer {
      struct State: Equatable, Sendable {}
      enum Action: Equatable, Sendable { case closeTapped, closeMe, task }
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .closeTapped: return .send(.closeMe)
        case .closeMe: return .none
        case .task: return .run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
        }
      }
    }
    struct Parent: Reducer {
      struct State: Equatable, Sendable { @Presents var child: Child.State? }
      enum Action: Equatable, Sendable { case child(PresentationAction<Child.Action>), presentChild }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .child(.presented(.closeMe)): state.child = nil
          case .child: break
          case .presentChild: state.child = Child.State()
          }
          return .none
        }
        .ifLet(\.$child, action: ActionPath(embed: Action.child, extract: { if case .child(let a) = $0 { a } else { nil } })) {
          Child()
        }
      }
    }
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild) { $0.child = Child.State() }
    await store.send(.child(.presented(.task)))
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.presented(.closeMe))) { $0.child = nil }
    await store.finish()
  }

  /// A child cleared by a reducer that runs before its `ifLet` has its effects cancelled at
  /// once; one cleared by a reducer that runs after it has them cancelled by the next action
  /// through the `ifLet`, as in TCA, where the presentation remembers it was presented.
  @Test func aChildClearedOutsideItsIfLetHasItsEffectsCancelled() async {
    struct Child: Reducer {
      struct State: Equatable, Sendable {}
      enum Action: Equatable, Sendable { case onAppear }
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
      }
    }
    struct Parent: Reducer {
      struct State: Equatable, Sendable { @Presents var child: Child.State? }
      enum Action: Equatable, Sendable { case child(PresentationAction<Child.Action>), clearAfter, clearBefore, present }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .clearBefore = action { state.child = nil }
          return .none
        }
        Reduce { state, action in
          if case .present = action { state.child = Child.State() }
          return .none
        }
        .ifLet(\.$child, action: ActionPath(embed: Action.child, extract: { if case .child(let a) = $0 { a } else { nil } })) {
          Child()
        }
        Reduce { state, action in
          if case .clearAfter = action { state.child = nil }
          return .none
        }
      }
    }
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present) { $0.child = Child.State() }
    await store.send(.child(.presented(.onAppear)))
    await store.send(.clearBefore) { $0.child = nil }

    await store.send(.present) { $0.child = Child.State() }
    await store.send(.child(.presented(.onAppear)))
    await store.send(.clearAfter) { $0.child = nil }
    await store.send(.clearAfter)
    await store.finish()
  }

  /// Comparing a presentation with itself does not compare the presented states: it is the
  /// same storage.
  @Test func aPresentationEqualsItselfWithoutComparingItsState() {
    struct Counted: Equatable, Sendable {
      static let comparisons = CallCount()
      static func == (lhs: Self, rhs: Self) -> Bool {
        comparisons.count.add(1, ordering: .relaxed)
        return true
      }
    }
    @Presents var state: Counted? = Counted()
    #expect($state == $state)
    #expect(Counted.comparisons.count.load(ordering: .relaxed) == 0)
  }
}

extension ActionPath where Root == TCAParityPresentationTests.Host.Action, Value == PresentationAction<TCAParityPresentationTests.Counter.Action> {
  static let child = ActionPath(embed: Root.child, extract: { if case .child(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Container.Action, Value == PresentationAction<TCAParityPresentationTests.Closer.Action> {
  static let closer = ActionPath(embed: Root.closer, extract: { if case .closer(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Outer.Action, Value == TCAParityPresentationTests.Container.Action {
  static let container = ActionPath(embed: Root.container, extract: { if case .container(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Deleter.Action, Value == PresentationAction<TCAParityPresentationTests.Deleter.Action.Alert> {
  static let alert = ActionPath(embed: Root.alert, extract: { if case .alert(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Destination.State, Value == AlertState<TCAParityPresentationTests.Destination.Action.Alert> {
  static let alert = ActionPath(embed: Root.alert, extract: { if case .alert(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Destination.Action, Value == TCAParityPresentationTests.Destination.Action.Alert {
  static let alert = ActionPath(embed: Root.alert, extract: { if case .alert(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Destination.State, Value == TCAParityPresentationTests.Child.State {
  static let child = ActionPath(embed: Root.child, extract: { if case .child(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Destination.Action, Value == TCAParityPresentationTests.Child.Action {
  static let child = ActionPath(embed: Root.child, extract: { if case .child(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Screen.Action, Value == PresentationAction<TCAParityPresentationTests.Destination.Action> {
  static let destination = ActionPath(embed: Root.destination, extract: { if case .destination(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Chooser.Action, Value == PresentationAction<TCAParityPresentationTests.Chooser.Destination.Action> {
  static let destination = ActionPath(embed: Root.destination, extract: { if case .destination(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Worker.Action, Value == PresentationAction<TCAParityPresentationTests.Grandchild.Action> {
  static let grandchild = ActionPath(embed: Root.grandchild, extract: { if case .grandchild(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityPresentationTests.Boss.Action, Value == PresentationAction<TCAParityPresentationTests.Worker.Action> {
  static let first = ActionPath(embed: Root.first, extract: { if case .first(let a) = $0 { a } else { nil } })
  static let second = ActionPath(embed: Root.second, extract: { if case .second(let a) = $0 { a } else { nil } })
}

/// Stack navigation (`forEach` over a `StackState`) as TCA's own stack reducer tests pin it
/// down, each restated in ActorStore's terms. Behaviours already covered elsewhere
/// (`Navigation/StackNavigationTests.swift`, `Navigation/StackStateModelTests.swift`) are not
/// repeated.
@Suite struct TCAParityStackTests {
  struct Child: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
    }
    enum Action: Equatable, Sendable {
      case closeTapped
      case onAppear
      case dismissLater
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeTapped:
        return .run { _ in await dismiss() }
      case .onAppear:
        return .run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
      case .dismissLater:
        return .run { [count = state.count] _ in
          try await clock.sleep(for: .seconds(count))
          await dismiss()
        }
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var children = StackState<Child.State>()
    }
    enum Action: Equatable, Sendable {
      case children(StackActionOf<Child>)
      case popChild
      case pushChild
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .children: break
        case .popChild: state.children.removeLast()
        case .pushChild: state.children.append(Child.State())
        }
        return .none
      }
      .forEach(\.children, action: .children) { Child() }
    }
  }

  /// An assertion closure may push with `append`, as TCA's tests do: it gets the ID the
  /// reducer's `append` got.
  @Test func anAssertionClosureAppendsWithTheIDTheReducerGot() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    #expect(store.state.children.ids == [0, 1])
    await store.finish()
  }

  /// A parent popping a screen (`removeLast()`, the stack being a range-replaceable collection)
  /// cancels its long-living effect.
  @Test func aParentPoppingAScreenCancelsItsEffects() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.popChild) { $0.children.removeLast() }
    await store.finish()
  }

  /// A screen dismissing itself pops it, with its long-living effect.
  @Test func aScreenDismissingItselfCancelsItsEffects() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.pushChild) { $0.children.append(Child.State()) }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.children(.element(id: 0, action: .closeTapped)))
    await store.receive(.children(.popFrom(id: 0))) { $0.children.removeLast() }
    await store.finish()
  }

  /// A screen in the middle of the stack dismissing itself pops it and every screen above it,
  /// whose pending dismissal is cancelled with it.
  @Test func anIntermediateScreenDismissingItselfPopsTheScreensAboveIt() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.children(.push(id: 0, state: Child.State(count: 2)))) { $0.children[id: 0] = Child.State(count: 2) }
    await store.send(.children(.element(id: 0, action: .dismissLater)))
    await store.send(.children(.push(id: 1, state: Child.State(count: 1)))) { $0.children[id: 1] = Child.State(count: 1) }
    await store.send(.children(.element(id: 1, action: .dismissLater)))
    await store.send(.children(.push(id: 2, state: Child.State(count: 2)))) { $0.children[id: 2] = Child.State(count: 2) }
    await store.send(.children(.element(id: 2, action: .dismissLater)))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.children(.popFrom(id: 1))) { $0.children.removeLast(2) }
    await store.send(.children(.popFrom(id: 0))) { $0.children = StackState() }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  /// `.push(id:state:)` and the parent's `append` interleave: each append takes the ID after the
  /// highest pushed so far, and an ID popped may be pushed again.
  @Test func pushesByIDAndAppendsInterleave() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 0] = Child.State() }
    await store.send(.pushChild) { $0.children[id: 1] = Child.State() }
    await store.send(.children(.push(id: 2, state: Child.State()))) { $0.children[id: 2] = Child.State() }
    await store.send(.pushChild) { $0.children[id: 3] = Child.State() }
    await store.send(.children(.popFrom(id: 0))) { $0.children = StackState() }
    await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 0] = Child.State() }
    await store.finish()
  }

  /// Editing a stack as a range-replaceable collection keeps each element under its own ID and
  /// gives inserted elements new ones.
  @Test func rangeReplacingEditsKeepEachElementsID() {
    var stack = StackState<Int>()
    for value in [10, 11, 12, 13] { stack[id: StackElementID(generation: value - 10)] = value }
    stack.removeAll { $0 % 2 == 1 }
    #expect(Array(stack) == [10, 12])
    #expect(stack.ids == [0, 2])
    stack.removeFirst()
    #expect(stack[id: 2] == 12)
    stack.insert(9, at: 0)
    #expect(Array(stack) == [9, 12])
    #expect(stack.ids.count == 2 && stack.ids[1] == 2 && stack.ids[0] != 0)
  }

  /// Stacks with the same elements under other IDs differ, so an assertion naming the wrong ID
  /// fails.
  @Test func stacksWithOtherIDsDiffer() {
    var zero = StackState<Child.State>()
    zero[id: 0] = Child.State()
    var one = StackState<Child.State>()
    one[id: 1] = Child.State()
    #expect(zero != one)
  }

  /// IDs an assertion closure draws from the stack element ID generator are not taken from the
  /// store's: the store's next pushes get the IDs they would have had.
  @Test func anAssertionClosureDrawingIDsLeavesTheStoresGenerator() async {
    struct Feature: Reducer {
      struct State: Equatable, Sendable { var path = StackState<Int>() }
      enum Action: Equatable, Sendable { case tapped, path(StackAction<Int, Never>), response }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .tapped:
            state.path.append(1)
            return .send(.response)
          case .path: return .none
          case .response:
            state.path.append(2)
            return .none
          }
        }
        .forEach(\.path, action: ActionPath(embed: Action.path, extract: { if case .path(let a) = $0 { a } else { nil } })) {}
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.tapped) {
      $0.path[id: 0] = 1
      @Dependency(\.stackElementID) var stackElementID
      for _ in 1...3 { _ = stackElementID.next() }
    }
    await store.receive(.response) {
      $0.path[id: 1] = 2
      @Dependency(\.stackElementID) var stackElementID
      for _ in 1...3 { _ = stackElementID.next() }
    }
    await store.send(.tapped) { $0.path[id: 2] = 1 }
    await store.receive(.response) { $0.path[id: 3] = 2 }
    await store.finish()
  }

  /// A screen removed by a reducer that runs after the `forEach` has its effects cancelled by
  /// the next action through the `forEach`; one removed before it, at once.
  @Test func aScreenRemovedOutsideTheForEachHasItsEffectsCancelled() async {
    struct Outer: Reducer {
      struct State: Equatable, Sendable { var children = StackState<Child.State>() }
      enum Action: Equatable, Sendable { case children(StackActionOf<Child>), clearAfter, clearBefore }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .clearBefore = action { state.children.removeAll() }
          return .none
        }
        EmptyReducer()
          .forEach(\.children, action: ActionPath(embed: Action.children, extract: { if case .children(let a) = $0 { a } else { nil } })) {
            Child()
          }
        Reduce { state, action in
          if case .clearAfter = action { state.children.removeAll() }
          return .none
        }
      }
    }
    let store = TestStore(initialState: Outer.State()) { Outer() }
    await store.send(.children(.push(id: 0, state: Child.State()))) { $0.children[id: 0] = Child.State() }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.clearBefore) { $0.children.removeAll() }

    await store.send(.children(.push(id: 1, state: Child.State()))) { $0.children[id: 1] = Child.State() }
    await store.send(.children(.element(id: 1, action: .onAppear)))
    await store.send(.clearAfter) { $0.children.removeAll() }
    await store.send(.clearAfter)
    await store.finish()
  }

  // MARK: - Screens of several kinds

  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case cancel, onAppear, response(Int), tap }
    enum CancelID: Hashable, Sendable { case request }
    let delay: Int
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .cancel: return .cancel(id: CancelID.request)
      case .onAppear: return .run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
      case .response(let value):
        state.count += value
        return .none
      case .tap:
        return .run { [delay] send in
          try await clock.sleep(for: .seconds(delay))
          await send(.response(delay))
        }
        .cancellable(id: CancelID.request)
      }
    }
  }

  struct Path: Reducer {
    enum State: Equatable, Sendable {
      case first(Counter.State)
      case second(Counter.State)
    }
    enum Action: Equatable, Sendable {
      case first(Counter.Action)
      case second(Counter.Action)
    }
    var body: some Reducer<State, Action> {
      Scope(state: .first, action: .first) { Counter(delay: 1) }
      Scope(state: .second, action: .second) { Counter(delay: 2) }
    }
  }

  struct Navigator: Reducer {
    struct State: Equatable, Sendable { var path = StackState<Path.State>() }
    enum Action: Equatable, Sendable {
      case path(StackActionOf<Path>)
      case popFirst
      case pushFirst
      case pushSecond
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .path: break
        case .popFirst: state.path[id: state.path.ids[0]] = nil
        case .pushFirst: state.path.append(.first(Counter.State()))
        case .pushSecond: state.path.append(.second(Counter.State()))
        }
        return .none
      }
      .forEach(\.path, action: .path) { Path() }
    }
  }

  /// Screens of an enum of kinds run their case's reducer; popping from the bottom one cancels
  /// every screen's effects.
  @Test func screensOfSeveralKindsArePoppedWithTheirEffects() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushFirst) { $0.path.append(.first(Counter.State())) }
    await store.send(.path(.element(id: 0, action: .first(.onAppear))))
    await store.send(.pushSecond) { $0.path.append(.second(Counter.State())) }
    await store.send(.path(.element(id: 1, action: .second(.onAppear))))
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.finish()
  }

  /// A screen's `.cancel(id:)` does not reach a sibling screen's effect with the same ID.
  @Test func aScreenCannotCancelItsSiblingsEffect() async {
    let store = TestStore(initialState: Navigator.State(path: [.first(Counter.State()), .second(Counter.State())])) {
      Navigator()
    }
    let clock = store.clock
    await store.send(.path(.element(id: 0, action: .first(.tap))))
    await store.send(.path(.element(id: 1, action: .second(.tap))))
    await store.send(.path(.element(id: 0, action: .first(.cancel))))
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .second(.response(2))))) { $0.path[id: 1, case: .second]?.count = 2 }

    await store.send(.path(.element(id: 0, action: .first(.tap))))
    await store.send(.path(.element(id: 1, action: .second(.tap))))
    await store.send(.path(.element(id: 1, action: .second(.cancel))))
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 0, action: .first(.response(1))))) { $0.path[id: 0, case: .first]?.count = 1 }
    await store.finish()
  }

  /// Popping the bottom screen while both have a response on the way: the popped screen's is
  /// cancelled, the other's reaches the right screen by ID.
  @Test func aResponseReachesItsScreenByIDAfterTheScreenBelowIsPopped() async {
    let store = TestStore(initialState: Navigator.State(path: [.first(Counter.State()), .second(Counter.State())])) {
      Navigator()
    }
    let clock = store.clock
    await store.send(.path(.element(id: 0, action: .first(.tap))))
    await store.send(.path(.element(id: 1, action: .second(.tap))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .first(.response(1))))) { $0.path[id: 0, case: .first]?.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .second(.response(2))))) { $0.path[id: 1, case: .second]?.count = 2 }

    await store.send(.path(.element(id: 0, action: .first(.tap))))
    await store.send(.path(.element(id: 1, action: .second(.tap))))
    await store.send(.popFirst) { $0.path[id: 0] = nil }
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .second(.response(2))))) { $0.path[id: 1, case: .second]?.count = 4 }
    await store.send(.popFirst) { $0.path[id: 1] = nil }
    await store.finish()
  }

  // MARK: - Case subscripts

  enum Element: Equatable, Sendable {
    case int(Int)
    case text(String)
  }

  /// `stack[id:case:]` reads and modifies the element with that ID in that case; setting `nil`
  /// pops it.
  @Test func theCaseSubscriptModifiesAnElementInItsCase() {
    var stack = StackState<Element>([.int(42)])
    stack[id: stack.ids[0], case: .int]? += 1
    #expect(Array(stack) == [.int(43)])
    stack[id: stack.ids[0], case: .int] = nil
    #expect(stack.isEmpty)
  }

  /// Modifying an element through another case is an issue, and changes nothing.
  @Test func theCaseSubscriptLeavesAnElementInAnotherCase() {
    let issues = IssueCollector()
    var stack = StackState<Element>([.int(42)])
    IssueReporting.withReporter(issues) {
      stack[id: stack.ids[0], case: .text]?.append("!")
      stack[id: stack.ids[0], case: .text] = nil
    }
    #expect(Array(stack) == [.int(42)])
    #expect(issues.messages.count == 2)
    #expect(issues.messages.allSatisfy { $0.hasPrefix("Can't modify unrelated case") })
  }

  /// `$destination[case:]` on a presentation, likewise.
  @Test func thePresentationCaseSubscriptModifiesTheChildInItsCase() {
    let issues = IssueCollector()
    struct Parent { @Presents var child: Element? }
    var parent = Parent(child: .int(42))
    parent.$child[case: .int]? += 1
    #expect(parent.child == .int(43))
    IssueReporting.withReporter(issues) {
      parent.$child[case: .text]?.append("!")
      parent.$child[case: .text] = nil
    }
    #expect(parent.child == .int(43))
    #expect(issues.messages.count == 2)
    parent.$child[case: .int] = nil
    #expect(parent.child == nil)
  }
}

extension ActionPath where Root == TCAParityStackTests.Parent.Action, Value == StackActionOf<TCAParityStackTests.Child> {
  static let children = ActionPath(embed: Root.children, extract: { if case .children(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityStackTests.Navigator.Action, Value == StackActionOf<TCAParityStackTests.Path> {
  static let path = ActionPath(embed: Root.path, extract: { if case .path(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityStackTests.Path.State, Value == TCAParityStackTests.Counter.State {
  static let first = ActionPath(embed: Root.first, extract: { if case .first(let a) = $0 { a } else { nil } })
  static let second = ActionPath(embed: Root.second, extract: { if case .second(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityStackTests.Path.Action, Value == TCAParityStackTests.Counter.Action {
  static let first = ActionPath(embed: Root.first, extract: { if case .first(let a) = $0 { a } else { nil } })
  static let second = ActionPath(embed: Root.second, extract: { if case .second(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityStackTests.Element, Value == Int {
  static let int = ActionPath(embed: Root.int, extract: { if case .int(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityStackTests.Element, Value == String {
  static let text = ActionPath(embed: Root.text, extract: { if case .text(let a) = $0 { a } else { nil } })
}
