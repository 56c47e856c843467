import ActorStore
import Testing

/// `Reduce`, `CombineReducers` + `ReducerBuilder`, `Scope`, `forEach`, `ifLet`, `ActionPath`.
@Suite(.timeLimit(.minutes(10)))
struct ReducerCompositionTests {
  struct State: Equatable, Sendable {
    var log: [String] = []
    var child = ChildState()
  }

  struct ChildState: Equatable, Sendable {
    var count = 0
  }

  enum ChildAction: Equatable, Sendable {
    case increment
    /// An effect that sends `.increment`.
    case incrementLater
  }

  enum Action: Equatable, Sendable {
    case tap
    case fromFirst, fromSecond
    case child(ChildAction)
  }

  static func describe(_ action: Action) -> String {
    if case .child(let childAction) = action { "child.\(childAction)" } else { "\(action)" }
  }

  static func logging(_ name: String, effect: Effect<Action> = .none) -> Reduce<State, Action> {
    Reduce { state, action in
      state.log.append("\(name) \(describe(action))")
      return action == .tap ? effect : .none
    }
  }

  static let child = Reduce<ChildState, ChildAction> { state, action in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .run { send in await send(.increment) }
    }
  }

  @Test func combinedReducersRunInOrderAndTheirEffectsAllRun() async {
    let reducer = CombineReducers {
      Self.logging("first", effect: .run { send in await send(.fromFirst) })
      Self.logging("second", effect: .run { send in await send(.fromSecond) })
    }
    let store = Store(initialState: State(), reducer: reducer)
    let task = await store.send(.tap)
    #expect(await store.state.log == ["first tap", "second tap"])
    await task.finish()
    let log = await store.state.log
    #expect(log.count == 6)
    #expect(Set(log.dropFirst(2)) == ["first fromFirst", "second fromFirst", "first fromSecond", "second fromSecond"])
  }

  @Test func reducerBuilderHonoursIfAndElse() async {
    func build(_ flag: Bool) -> some Reducer<State, Action> {
      CombineReducers {
        Self.logging("always")
        if flag {
          Self.logging("if")
        } else {
          Self.logging("else")
        }
        if !flag {
          Self.logging("optional")
        }
      }
    }
    let on = Store(initialState: State(), reducer: build(true))
    let off = Store(initialState: State(), reducer: build(false))
    await on.send(.tap)
    await off.send(.tap)
    #expect(await on.state.log == ["always tap", "if tap"])
    #expect(await off.state.log == ["always tap", "else tap", "optional tap"])
  }

  @Test func scopeRunsTheChildOnlyForChildActionsAndMapsItsEffects() async {
    let reducer = CombineReducers {
      Scope(state: \State.child, action: .child) { Self.child }
      Self.logging("parent")
    }
    let store = Store(initialState: State(), reducer: reducer)
    await store.send(.tap)
    #expect(await store.state.child.count == 0)
    await store.send(.child(.incrementLater)).finish()
    #expect(await store.state.child.count == 1)
    #expect(await store.state.log == ["parent tap", "parent child.incrementLater", "parent child.increment"])
  }

  @Test func forEachRoutesElementActionsByIDNotPosition() async {
    let store = ListFeature.store(rowIDs: [1, 2, 3], probe: Probe())
    await store.send(.moveToFront(id: 3))
    await store.send(.rows(.element(id: 3, action: .rename("three"))))
    await store.send(.rows(.element(id: 1, action: .rename("one"))))
    let rows = await store.state.rows
    #expect(Array(rows.ids) == [3, 1, 2])
    #expect(rows.map(\.title) == ["three", "one", ""])
    // The parent reducer ran after the element reducer for each element action.
    #expect(await store.state.log == ["row 3: rename(\"three\")", "row 1: rename(\"one\")"])
  }

  @Test func ifLetRunsTheChildWhileItsStateExists() async {
    let store = Store(initialState: OptionalChildFeature.State(), reducer: OptionalChildFeature.reducer(probe: Probe()))
    await store.send(.present)
    await store.send(.child(.increment))
    await store.send(.child(.increment))
    #expect(await store.state.child?.count == 2)
    await store.send(.dismiss)
    #expect(await store.state.child == nil)
  }

  @Test func actionPathAppendingEmbedsAndExtractsThroughBothLevels() {
    let rowAction = ActionPath<IdentifiedAction<Int, RowFeature.Action>, RowFeature.Action>(
      embed: { .element(id: 7, action: $0) },
      extract: { if case .element(7, let action) = $0 { action } else { nil } })
    let path = ActionPath<ListFeature.Action, IdentifiedAction<Int, RowFeature.Action>>.rows.appending(rowAction)
    #expect(path.embed(.rename("x")) == .rows(.element(id: 7, action: .rename("x"))))
    #expect(path.extract(.rows(.element(id: 7, action: .stop))) == .stop)
    #expect(path.extract(.rows(.element(id: 8, action: .stop))) == nil)
    #expect(path.extract(.stopAll) == nil)
  }

  /// `ActionPath.path(_:_:)` is `appending` in a form leading dots can reach, nested for a
  /// third level: `.path(.path(.rows, element7), .rename)`.
  @Test func actionPathPathChainsLikeAppendingAtEveryDepth() {
    let element7 = ActionPath<IdentifiedAction<Int, RowFeature.Action>, RowFeature.Action>(
      embed: { .element(id: 7, action: $0) },
      extract: { if case .element(7, let action) = $0 { action } else { nil } })
    let rename = ActionPath<RowFeature.Action, String>(
      embed: { .rename($0) }, extract: { if case .rename(let name) = $0 { name } else { nil } })
    let path: ActionPath<ListFeature.Action, String> = .path(.path(.rows, element7), rename)
    #expect(path.embed("x") == .rows(.element(id: 7, action: .rename("x"))))
    // Listed left to right, with leading dots at every step.
    let listed: ActionPath<ListFeature.Action, String> = .path(.rows, .element(id: 7), rename)
    #expect(listed.embed("x") == .rows(.element(id: 7, action: .rename("x"))))
    #expect(listed.extract(.rows(.element(id: 7, action: .rename("y")))) == "y")
    #expect(listed.extract(.rows(.element(id: 8, action: .rename("y")))) == nil)
    // Four to six steps (identity steps, so that each form leads to the same path).
    let same = ActionPath<String, String>(embed: { $0 }, extract: { $0 })
    let four: ActionPath<ListFeature.Action, String> = .path(.rows, .element(id: 7), rename, same)
    let five: ActionPath<ListFeature.Action, String> = .path(.rows, .element(id: 7), rename, same, same)
    let six: ActionPath<ListFeature.Action, String> = .path(.rows, .element(id: 7), rename, same, same, same)
    for chained in [four, five, six] {
      #expect(chained.embed("x") == .rows(.element(id: 7, action: .rename("x"))))
      #expect(chained.extract(.rows(.element(id: 7, action: .rename("y")))) == "y")
      #expect(chained.extract(.rows(.element(id: 7, action: .stop))) == nil)
    }
    #expect(path.extract(.rows(.element(id: 7, action: .rename("y")))) == "y")
    #expect(path.extract(.rows(.element(id: 7, action: .stop))) == nil)
    #expect(path.extract(.rows(.element(id: 8, action: .rename("y")))) == nil)
  }
}

extension ActionPath where Root == ReducerCompositionTests.Action, Value == ReducerCompositionTests.ChildAction {
  static var child: Self {
    ActionPath(embed: { .child($0) }, extract: { if case .child(let action) = $0 { action } else { nil } })
  }
}
