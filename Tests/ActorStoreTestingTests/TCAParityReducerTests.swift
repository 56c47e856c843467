import ActorStore
import ActorStoreTesting
import Foundation
import Testing

/// Reducer operators as TCA's own tests pin them down (`ifLet` over an optional, `ifCaseLet`,
/// `forEach`, `onChange`, bindings, `dependency`, `CombineReducers`, `ReducerBuilder`, `Scope`),
/// each restated in ActorStore's terms. Behaviours already covered elsewhere are not repeated.
@Suite struct TCAParityReducerTests {
  // MARK: - ifLet over an optional

  struct Ticker: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var inner: Inner.State?
    }
    enum Action: Equatable, Sendable {
      case inner(Inner.Action)
      case startTapped
      case tick
    }
    struct Inner: Reducer {
      struct State: Equatable, Sendable { var count = 0 }
      enum Action: Equatable, Sendable { case startTapped, tick }
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
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
    @Dependency(\.continuousClock) var clock
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .inner: return .none
        case .startTapped:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
        case .tick:
          state.count += 1
          return .none
        }
      }
      .ifLet(\.inner, action: .inner) { Inner() }
    }
  }

  struct TickerHost: Reducer {
    struct State: Equatable, Sendable { var ticker: Ticker.State? }
    enum Action: Equatable, Sendable { case ticker(Ticker.Action), toggle, exit }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .ticker: break
        case .toggle: state.ticker = state.ticker == nil ? Ticker.State(inner: Ticker.Inner.State()) : nil
        case .exit: state.ticker = nil
        }
        return .none
      }
      .ifLet(\.ticker, action: .ticker) { Ticker() }
    }
  }

  /// Setting an optional child to `nil` cancels its timer.
  @Test func clearingAnOptionalChildCancelsItsTimer() async {
    let store = TestStore(initialState: TickerHost.State()) { TickerHost() }
    await store.send(.toggle) { $0.ticker = Ticker.State(inner: Ticker.Inner.State()) }
    await store.send(.ticker(.startTapped))
    await store.clock.advance(by: .seconds(2))
    await store.receive(.ticker(.tick)) { $0.ticker?.count = 1 }
    await store.receive(.ticker(.tick)) { $0.ticker?.count = 2 }
    await store.send(.toggle) { $0.ticker = nil }
    await store.clock.advance(by: .seconds(2))
    await store.finish()
  }

  /// Setting an optional child to `nil` cancels its own optional child's timer too.
  @Test func clearingAnOptionalChildCancelsItsGrandchildsTimer() async {
    let store = TestStore(initialState: TickerHost.State()) { TickerHost() }
    await store.send(.toggle) { $0.ticker = Ticker.State(inner: Ticker.Inner.State()) }
    await store.send(.ticker(.inner(.startTapped)))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.ticker(.inner(.tick))) { $0.ticker?.inner?.count = 1 }
    await store.send(.exit) { $0.ticker = nil }
    await store.clock.advance(by: .seconds(2))
    await store.finish()
  }

  /// A child action while the optional is `nil` is reported (TCA's "received a child action
  /// when child state was nil").
  @Test func aChildActionWhileTheOptionalIsNilIsAnIssue() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: TickerHost.State()) { TickerHost() }
      await store.send(.ticker(.tick))
      await store.finish()
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("ifLet received") == true)
  }

  struct AlertHost: Reducer {
    struct State: Equatable, Sendable {
      var alert: AlertState<AlertAction>?
      var dialog: ConfirmationDialogState<AlertAction>?
    }
    enum Action: Equatable, Sendable { case alert(AlertAction), dialog(AlertAction), tap, ask }
    enum AlertAction: Equatable, Sendable { case again, ok }
    static let alert = AlertState<AlertAction>(title: "Hello")
    static let dialog = ConfirmationDialogState<AlertAction>(title: "Sure?")
    let withEmptyBlock: Bool

    var body: some Reducer<State, Action> {
      let base = Reduce<State, Action> { state, action in
        switch action {
        case .alert(.ok), .dialog(.ok): break
        case .alert(.again), .tap: state.alert = Self.alert
        case .dialog(.again), .ask: state.dialog = Self.dialog
        }
        return .none
      }
      if withEmptyBlock {
        base
          .ifLet(\.alert, action: .alert) {}
          .ifLet(\.dialog, action: .dialog) {}
      } else {
        base
          .ifLet(\.alert, action: .alert)
          .ifLet(\.dialog, action: .dialog)
      }
    }
  }

  /// An optional alert (not `@Presents`) is set to `nil` by any of its actions, whether the
  /// `ifLet` has an empty block or none; a parent that shows another one in response keeps it.
  @Test(arguments: [true, false])
  func anOptionalAlertIsDismissedByItsActions(withEmptyBlock: Bool) async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost(withEmptyBlock: withEmptyBlock) }
    await store.send(.tap) { $0.alert = AlertHost.alert }
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) { $0.alert = nil }
    await store.send(.ask) { $0.dialog = AlertHost.dialog }
    await store.send(.dialog(.ok)) { $0.dialog = nil }
    await store.finish()
  }

  // MARK: - ifCaseLet

  /// A case's reducer runs for its actions while the state is in that case; the parent's other
  /// actions leave it alone, and its effects are mapped back.
  @Test func aCaseReducerRunsForItsActions() async {
    struct SomeError: Error, Equatable {}
    let success = CasePath<Result<Int, SomeError>, Int>(
      embed: { .success($0) }, extract: { if case .success(let value) = $0 { value } else { nil } })
    let store = TestStore(initialState: Result<Int, SomeError>.success(0)) {
      Reduce<Result<Int, SomeError>, Result<Int, SomeError>> { _, _ in .none }
        .ifCaseLet(success, action: success) {
          Reduce<Int, Int> { state, action in
            state = action
            return state < 0 ? .run { await $0(0) } : .none
          }
        }
    }
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
    await store.finish()
  }

  struct Replaceable: Reducer {
    enum State: Equatable, Sendable { case child(Child.State) }
    enum Action: Equatable, Sendable { case child(Child.Action), newChild }
    struct Child: Reducer {
      struct State: Equatable, Identifiable, Sendable {
        let id: Int
        var value = 0
      }
      enum Action: Equatable, Sendable { case tap, response(Int) }
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .tap:
          return .run { [id = state.id] send in
            try await clock.sleep(for: .zero)
            await send(.response(id))
          }
        case .response(let value):
          state.value = value
          return .none
        }
      }
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if case .newChild = action, case .child(let child) = state { state = .child(Child.State(id: child.id + 1)) }
        return .none
      }
      .ifCaseLet(.child, action: .child) { Child() }
    }
  }

  /// A case holding an `Identifiable` child whose `id` changes is a new child: the old one's
  /// effects are cancelled, so its late response never reaches the new one.
  @Test func aCaseChildReplacedByAnotherIDHasItsEffectsCancelled() async {
    let store = TestStore(initialState: Replaceable.State.child(Replaceable.Child.State(id: 1))) { Replaceable() }
    await store.send(.child(.tap))
    await store.send(.newChild) { $0 = .child(Replaceable.Child.State(id: 2)) }
    await store.send(.child(.tap))
    await store.clock.advance()
    await store.receive(.child(.response(2))) { $0 = .child(Replaceable.Child.State(id: 2, value: 2)) }
    await store.finish()
  }

  // MARK: - forEach

  struct Elements: Reducer {
    struct Row: Equatable, Identifiable, Sendable {
      var id: Int
      var value: String
    }
    struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<Row> = [] }
    enum Action: Equatable, Sendable { case buttonTapped, rows(IdentifiedAction<Int, String>) }
    var body: some Reducer<State, Action> {
      Reduce { _, _ in .none }
        .forEach(\.rows, action: .rows) {
          Reduce<Row, String> { row, value in
            row.value = value
            return value.isEmpty ? .run { await $0("Empty") } : .none
          }
        }
    }
  }

  /// An element action sent through the list's path and received through a path to one
  /// element, as TCA's `send(\.rows[id: 1], …)` and `receive(\.rows[id: 2])`.
  @Test func elementActionsAreSentAndReceivedByElementPath() async {
    let store = TestStore(
      initialState: Elements.State(rows: [
        Elements.Row(id: 1, value: "Blob"), Elements.Row(id: 2, value: "Blob Jr."), Elements.Row(id: 3, value: "Blob Sr."),
      ])
    ) { Elements() }
    await store.send(.rows, .element(id: 1, action: "Blob Esq.")) { $0.rows[id: 1]?.value = "Blob Esq." }
    await store.send(.rows, .element(id: 2, action: "")) { $0.rows[id: 2]?.value = "" }
    await store.receive(.rows, .element(id: 2)) { $0.rows[id: 2]?.value = "Empty" }
    await store.send(.buttonTapped)
    await store.finish()
  }

  /// An action for an element that is not in the collection is reported.
  @Test func anActionForAMissingElementIsAnIssue() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Elements.State()) { Elements() }
      await store.send(.rows, .element(id: 1, action: "Blob Esq."))
      await store.finish()
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("forEach received") == true)
  }

  struct Timers: Reducer {
    struct Timer: Reducer {
      struct State: Equatable, Identifiable, Sendable {
        let id: UUID
        var elapsed = 0
      }
      enum Action: Equatable, Sendable { case startTapped, tick }
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .startTapped:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
        case .tick:
          state.elapsed += 1
          return .none
        }
      }
    }
    struct State: Equatable, Sendable { var timers: IdentifiedArrayOf<Timer.State> = [] }
    enum Action: Equatable, Sendable { case addTapped, removeLastTapped, timers(IdentifiedActionOf<Timer>) }
    @Dependency(\.uuid) var uuid
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .addTapped: state.timers.append(Timer.State(id: uuid()))
        case .removeLastTapped: state.timers.removeLast()
        case .timers: break
        }
        return .none
      }
      .forEach(\.timers, action: .timers) { Timer() }
    }
  }

  /// Each element's timer runs on its own and stops when the element is removed
  /// (`removeLast()`); assertions edit elements by position (`$0.timers[0].elapsed = 1`).
  @Test func removingAnElementCancelsItsTimerOnly() async {
    let store = TestStore(initialState: Timers.State()) { Timers() }
    let clock = store.clock
    await store.send(.addTapped) { $0.timers = [Timers.Timer.State(id: UUID(0))] }
    await store.send(.timers(.element(id: UUID(0), action: .startTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) { $0.timers[0].elapsed = 1 }
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) { $0.timers[0].elapsed = 2 }
    await store.send(.addTapped) {
      $0.timers = [Timers.Timer.State(id: UUID(0), elapsed: 2), Timers.Timer.State(id: UUID(1))]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) { $0.timers[0].elapsed = 3 }
    await store.send(.timers(.element(id: UUID(1), action: .startTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) { $0.timers[0].elapsed = 4 }
    await store.receive(.timers(.element(id: UUID(1), action: .tick))) { $0.timers[1].elapsed = 1 }
    await store.send(.removeLastTapped) { $0.timers = [Timers.Timer.State(id: UUID(0), elapsed: 4)] }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: UUID(0), action: .tick))) { $0.timers[0].elapsed = 5 }
    await store.send(.removeLastTapped) { $0.timers = [] }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  // MARK: - onChange

  /// `onChange(of:)` with a key path: the change reducer runs on each change, and its effects
  /// run too.
  @Test func onChangeOfAKeyPathRunsOnEveryChange() async {
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        var count = 0
        var description = ""
      }
      enum Action: Equatable, Sendable { case increment, decrement }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          state.count += action == .increment ? 1 : -1
          return .none
        }
        .onChange(of: \.count) { _, newValue in
          Reduce { state, _ in
            state.description = String(repeating: "!", count: newValue)
            return newValue > 1 ? .send(.decrement) : .none
          }
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.increment) {
      $0.count = 1
      $0.description = "!"
    }
    await store.send(.increment) {
      $0.count = 2
      $0.description = "!!"
    }
    await store.receive(.decrement) {
      $0.count = 1
      $0.description = "!"
    }
    await store.finish()
  }

  /// `onChange(of:removeDuplicates:)`: a custom comparison decides what a change is, here the
  /// IDs of a collection, not its elements' contents.
  @Test func onChangeWithACustomComparisonFollowsOnlyWhatItCompares() async {
    struct Feature: Reducer {
      struct Child: Equatable, Identifiable, Sendable {
        let id: Int
        var counter = 0
      }
      struct State: Equatable, Sendable {
        var children: IdentifiedArrayOf<Child>
        var updates = 0
      }
      enum Action: Equatable, Sendable { case add(Child), increment(Int) }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .add(let child): state.children.append(child)
          case .increment(let id): state.children[id: id]?.counter += 1
          }
          return .none
        }
        .onChange(of: \.children, removeDuplicates: { $0.ids == $1.ids }) { _, _ in
          Reduce { state, _ in
            state.updates += 1
            return .none
          }
        }
      }
    }
    let store = TestStore(initialState: Feature.State(children: [Feature.Child(id: 0)])) { Feature() }
    await store.send(.increment(0)) { $0.children[id: 0]?.counter = 1 }
    await store.send(.add(Feature.Child(id: 1))) {
      $0.children.append(Feature.Child(id: 1))
      $0.updates = 1
    }
    await store.send(.increment(1)) { $0.children[id: 1]?.counter = 1 }
    await store.finish()
  }

  /// `onChange(of:removeDuplicates: ==)` over a tuple, which is not `Equatable`.
  @Test func onChangeOfATupleComparesItWithTheGivenFunction() async {
    struct Feature: Reducer {
      struct State: Equatable, Sendable {
        var countA = 0
        var countB = 0
        var sum = 0
      }
      enum Action: Equatable, Sendable { case increment, noop, updateSum(Int) }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .increment:
            state.countA += 1
            state.countB += 1
          case .noop: break
          case .updateSum(let sum): state.sum = sum
          }
          return .none
        }
        .onChange(of: { ($0.countA, $0.countB) }, removeDuplicates: ==) { _, _ in
          Reduce { state, _ in .send(.updateSum(state.countA + state.countB)) }
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.increment) {
      $0.countA = 1
      $0.countB = 1
    }
    await store.receive(.updateSum(2)) { $0.sum = 2 }
    await store.send(.noop)
    await store.finish()
  }

  // MARK: - Bindings

  struct Nesting: Reducer {
    struct State: Equatable, Sendable {
      var nested = Nested()
      struct Nested: Equatable, Sendable { var field = "" }
    }
    enum Action: BindableAction, Equatable, Sendable { case binding(BindingAction<State>) }
    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(.set(\.nested, State.Nested(field: "special"))): state.nested.field += "*"
        case .binding(\.nested): state.nested.field += "!"
        case .binding: break
        }
        return .none
      }
    }
  }

  /// A reducer after `BindingReducer` matches a binding by its whole value before matching it
  /// by member: the first matching case wins.
  @Test func aBindingIsMatchedByValueBeforeByMember() async {
    let store = TestStore(initialState: Nesting.State()) { Nesting() }
    await store.send(.binding(.set(\.nested, Nesting.State.Nested(field: "special")))) {
      $0.nested = Nesting.State.Nested(field: "special*")
    }
    await store.send(.binding(.set(\.nested, Nesting.State.Nested(field: "Hello")))) {
      $0.nested = Nesting.State.Nested(field: "Hello!")
    }
    await store.finish()
  }

  // MARK: - dependency(_:_:) and transformDependency

  struct Reader: Reducer {
    struct State: Equatable, Sendable { var value = 0 }
    enum Action: Equatable, Sendable { case tap, response(Int), otherResponse(Int) }
    @Dependency(\.parityValue) var parityValue
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state.value = parityValue
        return .run { [parityValue] send in await send(.response(parityValue)) }
      case .response:
        return .run { send in await send(.otherResponse(parityValue)) }
      case .otherResponse(let value):
        state.value = value + 1
        return .none
      }
    }
  }

  /// The override nearest the reducer wins, chained directly or across `CombineReducers`, for
  /// `dependency` and `transformDependency` alike.
  @Test(arguments: 0..<4)
  func theInnermostDependencyOverrideWins(form: Int) async {
    let store = TestStore(initialState: Reader.State()) {
      switch form {
      case 0: Reduce(Reader().dependency(\.parityValue, 42).dependency(\.parityValue, 1729))
      case 1: Reduce(Reader().transformDependency(\.parityValue) { $0 = 42 }.transformDependency(\.parityValue) { $0 = 1729 })
      case 2: Reduce(CombineReducers { Reader().dependency(\.parityValue, 42) }.dependency(\.parityValue, 1729))
      default:
        Reduce(
          CombineReducers { Reader().transformDependency(\.parityValue) { $0 = 42 } }
            .transformDependency(\.parityValue) { $0 = 1729 })
      }
    }
    await store.send(.tap) { $0.value = 42 }
    await store.receive(.response(42))
    await store.receive(.otherResponse(42)) { $0.value = 43 }
    await store.finish()
  }

  // MARK: - CombineReducers

  /// `CombineReducers` merges its reducers' effects: they run at once, not one after the other.
  @Test func combinedReducersEffectsRunConcurrently() async {
    struct Delayed: Reducer {
      let delay: Duration
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout [Int], action: Int) -> Effect<Int> {
        if action < 0 {
          state.append(-action)
          return .none
        }
        return .run { [delay] send in
          try await clock.sleep(for: delay)
          await send(-Int(delay.components.seconds))
        }
      }
    }
    let store = TestStore(initialState: [Int]()) {
      CombineReducers {
        Delayed(delay: .seconds(1))
        Delayed(delay: .seconds(2))
      }
    }
    await store.send(0)
    await store.clock.advance(by: .seconds(1))
    await store.receive(-1) { $0 = [1, 1] }
    await store.clock.advance(by: .seconds(1))
    await store.receive(-2) { $0 = [1, 1, 2, 2] }
    await store.finish()
  }

  // MARK: - ReducerBuilder (compile-time, then run)

  struct Counted: Reducer {
    func reduce(into state: inout Int, action: Void) -> Effect<Void> {
      state += 1
      return .none
    }
  }

  /// A builder takes an existential reducer, a `for` loop, and `if #available`.
  @Test func aBuilderTakesExistentialsLoopsAndAvailabilityChecks() {
    let reducer = CombineReducers {
      Counted()
      Counted() as any Reducer<Int, Void>
      for _ in 1...3 { Counted() }
      if #available(macOS 15, iOS 18, *) {
        Counted()
      } else {
        EmptyReducer()
      }
    }
    var state = 0
    _ = reducer.reduce(into: &state, action: ())
    #expect(state == 6)
  }

  // MARK: - Scope

  struct Scoped: Reducer {
    struct State: Equatable, Sendable {
      var child = 0
      var choice = Choice.count(0)
    }
    enum Action: Equatable, Sendable { case child(Int), choice(Choice) }
    enum Choice: Equatable, Sendable { case count(Int), name(String) }
    var body: some Reducer<State, Action> {
      Scope(\.child, action: .child) {
        Reduce<Int, Int> { state, action in
          state += action
          return state < 0 ? .run { await $0(1) } : .none
        }
      }
      Scope(\.choice, action: .choice) {
        EmptyReducer()
          .ifCaseLet(.count, action: .count) {
            Reduce<Int, Int> { state, action in
              state = action
              return state < 0 ? .run { await $0(0) } : .none
            }
          }
          .ifCaseLet(.name, action: .name) {
            Reduce<String, String> { state, action in
              state = action
              return state.isEmpty ? .run { await $0("Empty") } : .none
            }
          }
      }
    }
  }

  /// `Scope(\.child, action:)`, TCA's unlabelled form, over a struct child and an enum child
  /// whose cases run through `ifCaseLet`; the children's effects come back through the scope.
  @Test func scopesRunStructAndEnumChildren() async {
    let store = TestStore(initialState: Scoped.State()) { Scoped() }
    await store.send(.child(1)) { $0.child = 1 }
    await store.send(.child(-2)) { $0.child = -1 }
    await store.receive(.child(1)) { $0.child = 0 }
    await store.send(.choice(.count(1))) { $0.choice = .count(1) }
    await store.send(.choice(.count(-1))) { $0.choice = .count(-1) }
    await store.receive(.choice(.count(0))) { $0.choice = .count(0) }
    await store.finish()
  }
}

private enum ParityValueKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var parityValue: Int {
    get { self[ParityValueKey.self] }
    set { self[ParityValueKey.self] = newValue }
  }
}

extension ActionPath where Root == TCAParityReducerTests.Ticker.Action, Value == TCAParityReducerTests.Ticker.Inner.Action {
  static let inner = ActionPath(embed: Root.inner, extract: { if case .inner(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.TickerHost.Action, Value == TCAParityReducerTests.Ticker.Action {
  static let ticker = ActionPath(embed: Root.ticker, extract: { if case .ticker(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.AlertHost.Action, Value == TCAParityReducerTests.AlertHost.AlertAction {
  static let alert = ActionPath(embed: Root.alert, extract: { if case .alert(let a) = $0 { a } else { nil } })
  static let dialog = ActionPath(embed: Root.dialog, extract: { if case .dialog(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Replaceable.State, Value == TCAParityReducerTests.Replaceable.Child.State {
  static let child = ActionPath(embed: Root.child, extract: { if case .child(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Replaceable.Action, Value == TCAParityReducerTests.Replaceable.Child.Action {
  static let child = ActionPath(embed: Root.child, extract: { if case .child(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Elements.Action, Value == IdentifiedAction<Int, String> {
  static let rows = ActionPath(embed: Root.rows, extract: { if case .rows(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Timers.Action, Value == IdentifiedActionOf<TCAParityReducerTests.Timers.Timer> {
  static let timers = ActionPath(embed: Root.timers, extract: { if case .timers(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Scoped.Action, Value == Int {
  static let child = ActionPath(embed: Root.child, extract: { if case .child(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Scoped.Action, Value == TCAParityReducerTests.Scoped.Choice {
  static let choice = ActionPath(embed: Root.choice, extract: { if case .choice(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Scoped.Choice, Value == Int {
  static let count = ActionPath(embed: Root.count, extract: { if case .count(let a) = $0 { a } else { nil } })
}
extension ActionPath where Root == TCAParityReducerTests.Scoped.Choice, Value == String {
  static let name = ActionPath(embed: Root.name, extract: { if case .name(let a) = $0 { a } else { nil } })
}
