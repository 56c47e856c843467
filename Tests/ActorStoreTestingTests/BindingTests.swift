import ActorStoreTesting
import Testing

/// TCA's Examples/Todos, reduced to its bindings: a row whose whole logic is `BindingReducer`.
struct Todo: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    let id: Int
    var description = ""
    var isComplete = false
  }
  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
  }
}

/// The list: one second after the last completion toggle, completed todos sort to the bottom.
struct Todos: Reducer {
  struct State: Equatable, Sendable {
    var todos: IdentifiedArrayOf<Todo.State> = []
  }
  enum Action: Equatable, Sendable {
    case sortCompletedTodos
    case todos(IdentifiedAction<Int, Todo.Action>)
  }
  private enum CancelID { case todoCompletion }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    let clock = self.clock
    return Reduce<State, Action> { state, action in
      switch action {
      case .sortCompletedTodos:
        state.todos.sort { !$0.isComplete && $1.isComplete }
        return .none
      case .todos(.element(id: _, action: .binding(\.isComplete))):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)
      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: .todos) {
      Todo()
    }
  }
}

extension ActionPath where Root == Todos.Action, Value == IdentifiedAction<Int, Todo.Action> {
  static let todos = ActionPath(
    embed: Todos.Action.todos,
    extract: { if case .todos(let action) = $0 { action } else { nil } })
}

/// A form: `BindingReducer` first, then a reducer that logs each name it sees set (so the log
/// shows whether it ran after the binding was applied) and loads a name through an effect that
/// answers with a binding action.
struct Profile: Reducer {
  struct Address: Equatable, Sendable {
    var city = ""
  }
  struct State: Equatable, Sendable {
    var name = ""
    var nickname = ""
    var age = 0
    var isAdmin = false
    var address = Address()
    var namesSet: [String] = []
  }
  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case load
    case rename(String)

    /// Written by hand, as a feature whose actions all pass through `BindingReducer` may: the
    /// default finds the case by reflection.
    var binding: BindingAction<State>? {
      if case .binding(let action) = self { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.namesSet.append(state.name)
        return .none
      case .binding:
        return .none
      case .load:
        return .send(.set(\.name, "Blob"))
      case .rename(let name):
        state.name = name
        return .none
      }
    }
  }
}

@MainActor @Suite struct BindingTests {
  @Test func aTodoTogglesThroughItsBindingAndTheListSortsOnceASecondAfterTheLastToggle() async {
    let store = TestStore(
      initialState: Todos.State(todos: [Todo.State(id: 0), Todo.State(id: 1), Todo.State(id: 2)])
    ) { Todos(clock: $0.clock) }

    await store.send(.todos(.element(id: 0, action: .binding(.set(\.isComplete, true))))) {
      $0.todos[id: 0]?.isComplete = true
    }
    store.executor.advance(by: .milliseconds(500))
    // Another member's binding does not match `.binding(\.isComplete)`: the wait goes on.
    await store.send(.todos(.element(id: 2, action: .set(\.description, "Milk")))) {
      $0.todos[id: 2]?.description = "Milk"
    }
    store.executor.advance(by: .milliseconds(500))
    await store.receive(.sortCompletedTodos) {
      $0.todos = [Todo.State(id: 1), Todo.State(id: 2, description: "Milk"), Todo.State(id: 0, isComplete: true)]
    }

    // Each toggle restarts the wait (cancelInFlight): one sort, a second after the last.
    await store.send(.todos(.element(id: 1, action: .set(\.isComplete, true)))) {
      $0.todos[id: 1]?.isComplete = true
    }
    store.executor.advance(by: .milliseconds(500))
    await store.send(.todos(.element(id: 1, action: .set(\.isComplete, false)))) {
      $0.todos[id: 1]?.isComplete = false
    }
    store.executor.advance(by: .seconds(1))
    await store.receive(.sortCompletedTodos)
    await store.finish()
  }

  @Test func anEffectsBindingActionIsReceivedLikeAnyOther() async {
    let store = TestStore(initialState: Profile.State()) { Profile() }
    await store.send(.load)
    await store.receive(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.namesSet = ["Blob"]
    }
    await store.send(.set(\.address.city, "Paris")) { $0.address.city = "Paris" }
    await store.finish()
  }

  @Test func aFailedReceiveNamesTheBindingsAsWritten() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Profile.State()) { Profile() }
      await store.send(.load)
      await store.receive(.binding(.set(\.name, "Blobby"))) {
        $0.name = "Blobby"
        $0.namesSet = ["Blobby"]
      }
    }
    let messages = issues.messages.joined(separator: "\n")
    #expect(messages.contains(#"binding(.set(\State.name, "Blobby"))"#), "\(messages)")
    #expect(messages.contains(#"binding(.set(\State.name, "Blob"))"#), "\(messages)")
  }

  @Test func equalityIsTheSameKeyPathAndAnEqualValue() {
    typealias Binding = BindingAction<Profile.State>
    #expect(Binding.set(\.name, "Blob") == .set(\.name, "Blob"))
    #expect(Binding.set(\.name, "Blob") != .set(\.name, "Blobby"))
    #expect(Binding.set(\.name, "Blob") != .set(\.nickname, "Blob"))
    #expect(Binding.set(\.address.city, "Paris") == .set(\.address.city, "Paris"))
    #expect(Binding.set(\.address.city, "Paris") != .set(\.name, "Paris"))
    #expect(Binding.set(\.age, 1) != .set(\.isAdmin, true))
  }

  @Test func descriptionsReadLikeTheCodeThatMadeThem() {
    #expect(BindingAction<Profile.State>.set(\.name, "Blob").description == #".set(\State.name, "Blob")"#)
    #expect(BindingAction<Profile.State>.set(\.address.city, "Paris").description == #".set(\State.address.city, "Paris")"#)
    #expect(BindingAction<Profile.State>.set(\.age, 42).debugDescription == #".set(\State.age, 42)"#)
    #expect("\(Profile.Action.set(\.isAdmin, true))" == #"binding(.set(\State.isAdmin, true))"#)
  }

  @Test func keyPathPatternsMatchTheMemberWhateverTheValue() {
    func member(_ action: Todos.Action) -> String {
      switch action {
      case .todos(.element(id: _, action: .binding(\.isComplete))): "isComplete"
      case .todos(.element(id: 3, action: .binding(\.description))): "description of 3"
      case .todos, .sortCompletedTodos: "other"
      }
    }
    #expect(member(.todos(.element(id: 7, action: .set(\.isComplete, false)))) == "isComplete")
    #expect(member(.todos(.element(id: 3, action: .set(\.description, "")))) == "description of 3")
    #expect(member(.todos(.element(id: 4, action: .set(\.description, "")))) == "other")
    #expect(member(.sortCompletedTodos) == "other")
  }

  @Test func theDefaultBindingExtractionFindsOnlyTheBindingCase() {
    enum Action: BindableAction {
      case binding(BindingAction<Profile.State>)
      case load
      case rename(String)
      case rebind(BindingAction<Profile.State>)
    }
    let binding = BindingAction<Profile.State>.set(\.name, "Blob")
    #expect(Action.binding(binding).binding == binding)
    #expect(Action.set(\.name, "Blob").binding == binding)
    #expect(Action.load.binding == nil)
    #expect(Action.rename("Blob").binding == nil)
    #expect(Action.rebind(binding).binding == nil)
  }

  /// Random bindings of every member, applied one by one through `BindingReducer`, leave the
  /// state exactly as assigning the same values directly does.
  @Test(arguments: UInt64(0)..<16)
  func randomBindingsThroughTheReducerEqualDirectAssignment(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let reducer = BindingReducer<Profile.State, Profile.Action>()
    var reduced = Profile.State()
    var assigned = Profile.State()
    for _ in 0..<200 {
      let word = ["", "Blob", "Blobby", "Paris", "é"].randomElement(using: &random)!
      let action: BindingAction<Profile.State>
      switch Int.random(in: 0..<5, using: &random) {
      case 0: action = .set(\.name, word); assigned.name = word
      case 1: action = .set(\.nickname, word); assigned.nickname = word
      case 2:
        let age = Int.random(in: -3...3, using: &random)
        action = .set(\.age, age); assigned.age = age
      case 3:
        let isAdmin = Bool.random(using: &random)
        action = .set(\.isAdmin, isAdmin); assigned.isAdmin = isAdmin
      default: action = .set(\.address.city, word); assigned.address.city = word
      }
      _ = reducer.reduce(into: &reduced, action: .binding(action))
      #expect(reduced == assigned)
    }
  }

  @Test func anObservableStoreMemberSetSendsABindingAndReadsBackAtOnce() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(initialState: Profile.State(), reducer: Profile(), executor: executor.makeStoreExecutor())
    let profile = ObservableStore(store)
    let readsName = ChangeCounter { _ = profile.name }
    let readsAge = ChangeCounter { _ = profile.age }

    profile.name = "Blob"
    profile.send(.rename("Blobby"))
    profile.address.city = "Paris"
    // Sent, not yet applied (the store runs on the executor, and states reach the main actor
    // through it), but read back as written: a field bound to the member shows no stale echo.
    #expect(profile.name == "Blob")
    #expect(profile.address.city == "Paris")
    #expect(store.currentState.name == "")
    executor.runUntilIdle()

    // The binding reached the store before the `send` that followed it.
    #expect(profile.name == "Blobby")
    #expect(profile.address.city == "Paris")
    #expect(profile.namesSet == ["Blob"])
    // Observed as any other change of the member, and only by its readers.
    #expect(readsName.count > 0)
    #expect(readsAge.count == 0)
  }

  /// SwiftUI's `Bindable` reaches a member through a `ReferenceWritableKeyPath` to it; writing
  /// through such a key path is the same send.
  @Test func aReferenceWritableKeyPathToAMemberSetsItThroughTheStore() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let store = Store(initialState: Profile.State(), reducer: Profile(), executor: executor.makeStoreExecutor())
    let profile = ObservableStore(store)
    let name: ReferenceWritableKeyPath<ObservableStore<Profile.State, Profile.Action>, String> = \.name
    profile[keyPath: name] = "Blob"
    executor.runUntilIdle()
    #expect(profile[keyPath: name] == "Blob")
    #expect(profile.namesSet == ["Blob"])
  }
}
