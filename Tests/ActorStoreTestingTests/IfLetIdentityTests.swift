import ActorStore
import ActorStoreTesting
import Testing

/// `ifLet` over `Identifiable` child state: a child whose `id` changes is a new presentation, so
/// the old child's effects are cancelled and their late responses never reach the new child
/// (TCA's rule); the same child edited in place keeps its effects.
@Suite struct IfLetIdentityTests {
  struct Child: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      var id: Int
      var responses: [Int] = []
      var note = ""
    }
    enum Action: Equatable, Sendable {
      case load
      case loaded(Int)
    }
    let clock: TestClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .run { [id = state.id, clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(id))
        }
      case .loaded(let id):
        state.responses.append(id)
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var child: Child.State?
    }
    enum Action: Equatable, Sendable {
      case present(Int)
      case edit(String)
      case dismiss
      case child(Child.Action)
    }
    let clock: TestClock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .present(let id): state.child = Child.State(id: id)
        case .edit(let note): state.child?.note = note
        case .dismiss: state.child = nil
        case .child: break
        }
        return .none
      }
      .ifLet(\.child, action: ActionPath(embed: Action.child, extract: { if case .child(let a) = $0 { a } else { nil } })) {
        Child(clock: clock)
      }
    }
  }

  func run(_ steps: [Parent.Action], advancingAfter: Bool = true) -> Store<Parent.State, Parent.Action> {
    let executor = TestExecutor()
    let store = Store(
      initialState: Parent.State(), reducer: Parent(clock: executor.clock), executor: executor.makeTestStoreExecutor())
    for step in steps { _ = executor.value { await store.send(step) } }
    if advancingAfter { executor.advance(by: .seconds(2)) }
    return store
  }

  @Test func aNewIDCancelsTheOldChildsEffects() {
    let store = run([.present(1), .child(.load), .present(2)])
    #expect(store.currentState.child == Child.State(id: 2))
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func theSameChildEditedKeepsItsEffects() {
    let store = run([.present(1), .child(.load), .edit("x"), .present(1)])
    #expect(store.currentState.child?.responses == [1])
  }

  @Test func theNewChildsOwnEffectsRun() {
    let store = run([.present(1), .child(.load), .present(2), .child(.load)])
    #expect(store.currentState.child?.responses == [2])
  }

  @Test func dismissingCancelsAsBefore() {
    let store = run([.present(1), .child(.load), .dismiss, .present(1)])
    #expect(store.currentState.child?.responses == [])
    #expect(store.inFlightEffectCount == 0)
  }
}
