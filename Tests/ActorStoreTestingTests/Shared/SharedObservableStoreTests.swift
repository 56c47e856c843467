@testable import ActorStore
import ActorStoreTesting
import Testing

/// Shared rows, and the first of them presented as a child, as a list with a detail would.
struct SharedRows: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
  }

  struct State: Equatable, Sendable {
    @Shared(.inMemory("rows")) var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    /// The row shown in a detail: the first one, while there is one.
    var selected: Row? { rows.first }
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedAction<Int, Never>)
    case selected(PresentationAction<Never>)
    case remove(Int)
    case add(Int)
  }

  static let rows = ActionPath<Action, IdentifiedAction<Int, Never>>(
    embed: Action.rows, extract: { if case .rows(let action) = $0 { action } else { nil } })
  static let selected = ActionPath<Action, PresentationAction<Never>>(
    embed: Action.selected, extract: { if case .selected(let action) = $0 { action } else { nil } })

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rows, .selected: break
    case .remove(let id): state.$rows.withLock { _ = $0.remove(id: id) }
    case .add(let id): state.$rows.withLock { _ = $0.append(Row(id: id)) }
    }
    return .none
  }
}

/// An `ObservableStore` notices structure changes (a collection's IDs, a child's presence) made
/// to a shared value through another store, whose states read the same newest value.
@MainActor @Suite struct SharedObservableStoreTests {
  @Test(arguments: [false, true])
  func theIDsOfASharedCollectionChangedThroughAnotherStoreNotifyTheirObserversOnce(mainActor: Bool) {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let (first, second) = Self.twoStoresSharingRows(on: executor, mainActor: mainActor)
    let observable = ObservableStore(first)
    let elements = { observable.elements(\.rows, action: SharedRows.rows) }
    // Tracks the IDs alone (not the element stores' states).
    let idChanges = ChangeCounter { _ = elements() }
    let rows = { elements().map(\.store.currentState.id) }
    #expect(rows() == [1, 2])
    for (step, action) in [SharedRows.Action.remove(2), .add(3), .add(4), .remove(1)].enumerated() {
      Task(executorPreference: executor) { await second.send(action) }
      executor.runUntilIdle()
      #expect(idChanges.count == step + 1)
    }
    #expect(rows() == [3, 4])
    // No change of the IDs: no notification.
    Task(executorPreference: executor) { await second.send(.remove(9)) }
    executor.runUntilIdle()
    #expect(idChanges.count == 4)
  }

  @Test func aChildsPresenceChangedThroughAnotherStoreNotifiesItsObserversOnce() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let (first, second) = Self.twoStoresSharingRows(on: executor)
    let observable = ObservableStore(first)
    let child = { observable.scope(state: \.selected, action: SharedRows.selected)?.store.currentState.id }
    let presence = ChangeCounter { _ = child() }
    #expect(child() == 1)
    Task(executorPreference: executor) { await second.send(.remove(1)) }
    executor.runUntilIdle()
    #expect(presence.count == 1)
    #expect(child() == 2)
  }
}

extension SharedObservableStoreTests {
  /// A view reading the `Shared` itself (`ForEach(Array(store.$rows)) { $row in … }`) is told of
  /// each change of its value, wherever it was made, though every state holds the same `Shared`.
  @Test func aSharedMemberReadAsASharedNotifiesOnEachChangeOfItsValue() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let (first, second) = Self.twoStoresSharingRows(on: executor)
    let observable = ObservableStore(first)
    let rows = ChangeCounter { _ = Array(observable.$rows) }
    let reader = ChangeCounter { _ = SharedReader(observable.$rows).wrappedValue }
    for (step, action) in [SharedRows.Action.add(3), .remove(1)].enumerated() {
      Task(executorPreference: executor) { await second.send(action) }
      executor.runUntilIdle()
      #expect((rows.count, reader.count) == (step + 1, step + 1))
    }
    #expect(Array(observable.$rows).map(\.id) == [2, 3])
    Task(executorPreference: executor) { await second.send(.remove(9)) }
    executor.runUntilIdle()
    #expect(rows.count == 2)
  }
}

extension SharedObservableStoreTests {
  /// A shared member of a child's state is told of its changes read through the child's own
  /// store, and so is the parent's member holding that child state.
  @Test func aSharedMemberOfAChildReadThroughTheChildsStoreNotifies() {
    let executor = TestExecutor()
    defer { executor.drainAfterRelease() }
    let (board, list) = withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (
        Store(initialState: NoteBoard.State(), reducer: NoteBoard(), executor: executor.makeStoreExecutor()),
        Store(initialState: SharedNotes.State(), reducer: SharedNotes(), executor: executor.makeStoreExecutor())
      )
    }
    let child = ObservableStore(board.scope(state: \.summary, action: ActionPath<NoteBoard.Action, NoteBoard.Action>(embed: { $0 }, extract: { $0 })))
    let notes = ChangeCounter { _ = child.notes }
    let parent = ObservableStore(board)
    let summary = ChangeCounter { _ = parent.summary }
    Task(executorPreference: executor) { await list.send(.add(3)) }
    executor.runUntilIdle()
    #expect((notes.count, summary.count) == (1, 1))
    #expect(child.notes.ids.elementsEqual([1, 2, 3]))
    #expect(parent.summary.notes.ids.elementsEqual([1, 2, 3]))
  }
}

extension SharedObservableStoreTests {
  /// Two stores of `SharedRows` over one in-memory storage: a change made through one is seen by
  /// the other.
  static func twoStoresSharingRows(
    on executor: TestExecutor, mainActor: Bool = false
  ) -> (Store<SharedRows.State, SharedRows.Action>, Store<SharedRows.State, SharedRows.Action>) {
    let make = { mainActor ? executor.makeMainActorStoreExecutor() : executor.makeStoreExecutor() }
    return withDependencies { $0.sharedStorage = .inMemory() } operation: {
      (
        Store(initialState: SharedRows.State(), reducer: SharedRows(), executor: make()),
        Store(initialState: SharedRows.State(), reducer: SharedRows(), executor: make())
      )
    }
  }
}
