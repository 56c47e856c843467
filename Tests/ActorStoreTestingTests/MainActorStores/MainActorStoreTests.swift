import ActorStoreTesting
import Observation
import Testing

@MainActor @Suite struct MainActorStoreTests {
  @Test func aSendOnTheRealMainActorIsReducedBeforeItReturns() async {
    let store = Store(initialState: Form.State(), reducer: Form(), executor: .mainActor)
    let form = ObservableStore(store)
    form.send(.increment)
    #expect(form.count == 1)
    #expect(store.currentState.count == 1)
    form.text = "a"
    #expect(form.text == "a")
    let changes = ChangeCounter { _ = form.isOn }
    form.send(.toggle)
    #expect(changes.count == 1)
    #expect(form.isOn)
    await form.send(.ask).finish()
    #expect(form.answer == "1")
    #expect(store.sendOnMainActor(.increment).hasFinished)
    #expect(form.count == 2)
  }

  @Test func aSendUnderTheTestExecutorIsReducedBeforeItReturns() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(initialState: Form.State(), reducer: Form(), executor: executor.makeMainActorStoreExecutor())
    let form = ObservableStore(store)
    form.send(.increment)
    #expect(form.count == 1)
    form.text = "ab"
    #expect(form.text == "ab")
    let answers = ChangeCounter { _ = form.answer }
    let task = form.send(.ask)
    #expect(!task.hasFinished)
    executor.runUntilIdle()
    #expect(task.hasFinished)
    #expect(form.answer == "1")
    #expect(answers.count == 1)
    executor.checkForeignEnqueues()
  }
}

/// Records, in order, what the app's code sees: state changes observed, and transactions
/// entered and left.
@MainActor final class UIEventLog {
  var events: [String] = []
}

/// An observer that sends from its change callback, as a view's `onChange` or a `didSet` can.
@MainActor final class SendingObserver {
  private let form: ObservableStore<Form.State, Form.Action>
  private let log: UIEventLog

  init(_ form: ObservableStore<Form.State, Form.Action>, log: UIEventLog) {
    self.form = form
    self.log = log
    arm()
  }

  private func arm() {
    withObservationTracking { _ = form.isOn } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.log.events.append("isOn will change")
        // Sent while the toggle is being published: queued behind it, never reentrant.
        self.form.send(.increment)
        self.log.events.append("sent increment, count \(self.form.count)")
        self.arm()
      }
    }
  }
}

@MainActor @Suite struct MainActorStoreOrderingTests {
  private func formStore(on executor: StoreExecutor) -> Store<Form.State, Form.Action> {
    Store(initialState: Form.State(), reducer: Form(), executor: executor)
  }

  @Test(arguments: [false, true])
  func aSendFromAnObserverIsQueuedBehindTheSendBeingReduced(underTest: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let form = ObservableStore(formStore(on: underTest ? executor.makeMainActorStoreExecutor() : .mainActor))
    let log = UIEventLog()
    let observer = SendingObserver(form, log: log)
    form.send(.toggle)
    log.events.append("send returned, count \(form.count)")
    #expect(
      log.events == [
        "isOn will change", "sent increment, count 0", "send returned, count 1",
      ])
    #expect(form.isOn)
    withExtendedLifetime(observer) {}
  }

  @Test(arguments: [false, true])
  func aTransactionWrapsTheStateChangeOfAMainActorStore(underTest: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let form = ObservableStore(formStore(on: underTest ? executor.makeMainActorStoreExecutor() : .mainActor))
    let log = UIEventLog()
    let changes = ChangeCounter { _ = form.isOn }
    form.send(.toggle) { update in
      log.events.append("enter, changes \(changes.count)")
      update()
      log.events.append("leave, changes \(changes.count), isOn \(form.isOn)")
    }
    #expect(log.events == ["enter, changes 0", "leave, changes 1, isOn true"])
  }

  @Test(arguments: [false, true])
  func anEffectsSendWithinATransactionWrapsTheStateChangeOnAMainActorStore(mainActor: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let log = TransactionLog()
    let store = Store(
      initialState: Form.State(), reducer: Form(log: log),
      executor: mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor())
    let form = ObservableStore(store)
    withObservationTracking { _ = form.answer } onChange: { log.append("answer will change") }
    form.send(.askWithinTransaction)
    executor.runUntilIdle()
    #expect(form.answer == "within")
    // A store off the main actor publishes later: the action is delivered without it.
    #expect(log.all == (mainActor ? ["enter", "answer will change", "leave"] : ["answer will change"]))
  }

  @Test func aTransactionWrapsTheUpdateShowingTheActionOfAnOffMainStore() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(initialState: Form.State(), reducer: Form(), executor: executor.makeStoreExecutor())
    let form = ObservableStore(store)
    let log = UIEventLog()
    let changes = ChangeCounter { _ = form.isOn }
    form.send(.increment)
    form.send(.toggle) { update in
      log.events.append("enter, changes \(changes.count), count \(form.count)")
      update()
      log.events.append("leave, changes \(changes.count), isOn \(form.isOn)")
    }
    #expect(log.events.isEmpty)
    executor.runUntilIdle()
    // The increment was shown on an earlier turn; the toggle is shown inside the transaction.
    #expect(log.events == ["enter, changes 0, count 1", "leave, changes 1, isOn true"])
  }

  /// SwiftUI writes a focused field's binding while dismissing its sheet: after the child's
  /// state is gone, the write is dropped without an issue (an issue would fail this test).
  @Test(arguments: [false, true])
  func aBindingWriteToAGoneChildIsIgnoredWithoutAReport(mainActor: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(
      initialState: Sheet.State(), reducer: Sheet(),
      executor: mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor())
    let sheet = ObservableStore(store)
    guard let child = store.scope(state: { $0.form }, action: { Sheet.Action.form($0) }) else {
      Issue.record("the child is presented")
      return
    }
    let form = ObservableStore(child)
    form.text = "a"
    executor.runUntilIdle()
    #expect(sheet.state.form?.text == "a")
    sheet.send(.dismiss)
    executor.runUntilIdle()
    #expect(!form.isAlive)
    form.text = "ab"
    executor.runUntilIdle()
    #expect(sheet.state.form == nil)
  }
}

/// A parent presenting a ``Form`` in an optional child, as a sheet does.
struct Sheet: Reducer {
  struct State: Equatable, Sendable { var form: Form.State? = Form.State() }
  enum Action: Equatable, Sendable {
    case dismiss
    case form(Form.Action)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .dismiss:
        state.form = nil
        return .none
      case .form(let action):
        guard state.form != nil else { return .none }
        return Form().reduce(into: &state.form!, action: action).map(Action.form)
      }
    }
  }
}

/// Element, scoped and registry stores of a main-actor root are main-actor stores too.
@MainActor @Suite struct MainActorChildStoreTests {
  @Test func aCellBoundThroughTheRegistrySendsAndSeesTheStateBeforeTheSendReturns() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock),
      executor: executor.makeMainActorStoreExecutor())
    store.sendOnMainActor(.add(1))
    store.sendOnMainActor(.add(2))
    #expect(store.currentState.rows.ids.elementsEqual([1, 2]))
    let registry = ChildStoreRegistry(parent: store, elements: \.rows, action: .rows)
    let row = TickRow()
    registry.bind(row, to: 1)
    #expect(row.shown == ["1:0"])
    row.connection.send(.tick)
    #expect(row.shown == ["1:0", "1:1"])
    executor.advance(by: .seconds(1))
    #expect(row.shown == ["1:0", "1:1", "1:2"])
    store.sendOnMainActor(.remove(1))
    #expect(row.endings == 1)
    registry.unbind(row)
  }

  @Test func anElementsObservableStoreUpdatesItsParentWithinTheSend() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock),
      executor: executor.makeMainActorStoreExecutor())
    let list = ObservableStore(store)
    list.send(.add(7))
    let rows = list.elements(\.rows, action: .rows)
    #expect(rows.map(\.id) == [7])
    let listChanges = ChangeCounter { _ = list.state.rows[id: 7]?.ticks }
    rows[0].send(.tick)
    #expect(rows[0].ticks == 1)
    #expect(list.state.rows[id: 7]?.ticks == 1)
    #expect(listChanges.count == 1)
    store.sendOnMainActor(.remove(7))
  }
}
