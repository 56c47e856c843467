import ActorStore
import ActorStoreTesting
import Synchronization
import Testing

/// Tree-based navigation as TCA defines it: a child presented through `@Presents` and
/// `ifLet(\.$editor, action: .editor)` runs while presented; `.dismiss` reaches the parent with
/// the child still there, then clears it; its effects are cancelled whenever its presentation
/// ends (cleared by the parent, dismissed, replaced by another `id`); `@Dependency(\.dismiss)`
/// in its effects sends `.dismiss`.
@Suite struct PresentationTests {
  struct Editor: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      var id: Int
      var text = ""
    }
    enum Action: Equatable, Sendable {
      case edit(String)
      case load
      case loaded(String)
      case saveTapped
      case closeTapped
    }
    let clock: TestClock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .edit(let text), .loaded(let text):
        state.text = text
        return .none
      case .load:
        return .run { [clock, id = state.id] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded("loaded \(id)"))
        }
      case .saveTapped:
        return .run { _ in await dismiss() }
      case .closeTapped:
        return .run { send in
          await dismiss()
          // The dismissal cancelled this effect: this send is dropped.
          await send(.edit("after dismissal"))
        }
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @Presents var editor: Editor.State?
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case present(Int)
      case close
      case editor(PresentationAction<Editor.Action>)
    }
    let clock: TestClock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .present(let id): state.editor = Editor.State(id: id)
        case .close: state.editor = nil
        case .editor(.dismiss): state.log.append("dismissing \(state.editor?.id ?? -1)")
        case .editor(.presented): break
        }
        return .none
      }
      .ifLet(\.$editor, action: .editor) { Editor(clock: clock) }
    }
  }

  func makeStore() -> TestStore<Parent.State, Parent.Action> {
    TestStore(initialState: Parent.State()) { Parent(clock: $0.clock) }
  }

  @Test func aPresentedChildRunsItsActions() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.presented(.edit("draft")))) { $0.editor?.text = "draft" }
    await store.send(.editor(.presented(.load)))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.editor(.presented(.loaded("loaded 1")))) { $0.editor?.text = "loaded 1" }
    await store.finish()
  }

  @Test func clearingTheStateFromTheParentCancelsTheChildsEffects() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.presented(.load)))
    await store.send(.close) { $0.editor = nil }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func dismissRunsTheParentWithTheChildStillThereThenClearsIt() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.presented(.load)))
    await store.send(.editor(.dismiss)) {
      $0.editor = nil
      $0.log = ["dismissing 1"]
    }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aChildDismissesItselfThroughTheDependency() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.presented(.load)))
    await store.send(.editor(.presented(.saveTapped)))
    await store.receive(.editor(.dismiss)) {
      $0.editor = nil
      $0.log = ["dismissing 1"]
    }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anEffectThatDismissedSendsNothingAfterwards() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.presented(.closeTapped)))
    await store.receive(.editor(.dismiss)) {
      $0.editor = nil
      $0.log = ["dismissing 1"]
    }
    await store.finish()
  }

  @Test func aChildReplacedByAnotherIDHasItsEffectsCancelled() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.presented(.load)))
    await store.send(.present(2)) { $0.editor = Editor.State(id: 2) }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theSameChildPresentedAgainKeepsItsEffects() async {
    let store = makeStore()
    await store.send(.present(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.presented(.edit("draft")))) { $0.editor?.text = "draft" }
    await store.send(.editor(.presented(.load)))
    await store.send(.present(1)) { $0.editor?.text = "" }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.editor(.presented(.loaded("loaded 1")))) { $0.editor?.text = "loaded 1" }
    await store.finish()
  }

  @Test func anOverriddenDismissRunsInsteadOfThePresentations() async {
    let calls = CallCount()
    let store = TestStore(initialState: Editor.State(id: 1)) {
      Editor(clock: $0.clock)
    } withDependencies: {
      $0.dismiss = DismissEffect { calls.count.add(1, ordering: .relaxed) }
    }
    await store.send(.saveTapped)
    await store.finish()
    #expect(calls.count.load(ordering: .relaxed) == 1)
  }

  @Test func dismissOutsideAPresentationIsAnIssue() {
    let issues = IssueCollector()
    let executor = TestExecutor()
    IssueReporting.withReporter(issues) {
      let store = Store(
        initialState: Editor.State(id: 1), reducer: Editor(clock: executor.clock), executor: executor.makeStoreExecutor())
      executor.send(.saveTapped, to: store)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("dismiss() was called from an effect that no presentation started") == true)
  }

  /// Under a `TestStore`, the root feature dismissing itself is recorded, as in TCA.
  @Test func aTestStoresRootFeatureDismissingItselfIsRecorded() async {
    let store = TestStore(initialState: Editor.State(id: 1)) { Editor(clock: $0.clock) }
    await store.send(.saveTapped)
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test func childActionsAndDismissWhileNothingIsPresentedAreIssues() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = makeStore()
      await store.send(.editor(.presented(.edit("lost"))))
      await store.send(.editor(.dismiss)) { $0.log = ["dismissing -1"] }
      await store.finish()
    }
    #expect(issues.messages.count == 2)
    #expect(issues.messages.allSatisfy { $0.hasPrefix("ifLet received") })
  }
}

/// How many times a test double was called.
final class CallCount: Sendable {
  let count = Atomic(0)
}

extension ActionPath where Root == PresentationTests.Parent.Action, Value == PresentationAction<PresentationTests.Editor.Action> {
  static let editor = ActionPath(
    embed: Root.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
}

/// A feature that presents itself (a recursive `@Presents`): each level's `dismiss` dismisses
/// that level alone, the innermost presentation's.
@Suite struct RecursivePresentationTests {
  struct Node: Reducer {
    struct State: Equatable, Sendable {
      var depth = 0
      @Presents var child: State?
    }
    indirect enum Action: Equatable, Sendable {
      case presentChild
      case closeTapped
      case child(PresentationAction<Action>)
    }
    @Dependency(\.dismiss) var dismiss

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .presentChild:
          state.child = State(depth: state.depth + 1)
          return .none
        case .closeTapped:
          return .run { _ in await dismiss() }
        case .child:
          return .none
        }
      }
      .ifLet(\.$child, action: .child) { Node() }
    }
  }

  @Test func aGrandchildDismissesItselfOnly() async {
    let store = TestStore(initialState: Node.State()) { Node() }
    await store.send(.presentChild) { $0.child = Node.State(depth: 1) }
    await store.send(.child(.presented(.presentChild))) { $0.child?.child = Node.State(depth: 2) }
    await store.send(.child(.presented(.child(.presented(.closeTapped)))))
    await store.receive(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }
}

/// A presented child reduces in place: `\.$child` is a get/set projection, through which a
/// naive write would copy the child's buffers on every action.
@Suite struct PresentationStorageTests {
  struct Parent: Reducer {
    struct State: Sendable {
      @Presents var numbers: [Int]?
    }
    enum Action: Sendable { case numbers(PresentationAction<Int>) }

    var body: some Reducer<State, Action> {
      EmptyReducer()
        .ifLet(\.$numbers, action: ActionPath(embed: Action.numbers, extract: { if case .numbers(let a) = $0 { a } else { nil } })) {
          Reduce<[Int], Int> { numbers, number in
            numbers.append(number)
            return .none
          }
        }
    }
  }

  @Test func aPresentedChildIsNotCopiedToReduce() {
    var numbers = Array(0..<1_000)
    numbers.reserveCapacity(2_000)
    var state = Parent.State(numbers: numbers)
    numbers = []
    let before = state.numbers?.withUnsafeBufferPointer { $0.baseAddress }
    _ = Parent().reduce(into: &state, action: .numbers(.presented(1_000)))
    #expect(state.numbers?.count == 1_001)
    #expect(state.numbers?.withUnsafeBufferPointer { $0.baseAddress } == before)
  }
}

extension ActionPath where Root == RecursivePresentationTests.Node.Action, Value == PresentationAction<RecursivePresentationTests.Node.Action> {
  static let child = ActionPath(
    embed: Root.child, extract: { if case .child(let action) = $0 { action } else { nil } })
}
