import ActorStore
import ActorStoreTesting
import Foundation
import Synchronization
import Testing

/// Behaviours TCA's store, store-lifetime and non-exhaustive test-store suites check, restated
/// for ActorStore: each test names the TCA behaviour it checks.
@MainActor @Suite struct TCAParityStoreTests {
  /// A source that hands every value to each of its listeners, as a Combine subject does.
  private final class Subject: Sendable {
    private let listeners = Mutex<[AsyncStream<Void>.Continuation]>([])

    func values() -> AsyncStream<Void> {
      let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
      listeners.withLock { $0.append(continuation) }
      return stream
    }

    func yield() {
      for listener in listeners.withLock({ $0 }) { listener.yield() }
    }

    func finish() {
      for listener in listeners.withLock({ $0 }) { listener.finish() }
    }
  }

  // MARK: - Store

  private struct Ordered: Reducer {
    enum Action: Sendable { case tap, next1, next2, end }
    let started: SharedValue<[Int]>

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .tap: return .merge(.send(.next1), .send(.next2), record(1))
      case .next1: return .merge(.send(.end), record(2))
      case .next2: return record(3)
      case .end: return record(4)
      }
    }

    private func record(_ value: Int) -> Effect<Action> {
      .run { [started] _ in started.mutate { $0 = ($0 ?? []) + [value] } }
    }
  }

  /// TCA: the effects of a send and of the actions it sends synchronously start in the order
  /// the actions were reduced.
  @Test func effectsOfSynchronouslySentActionsStartInReduceOrder() async {
    let started = SharedValue<[Int]>()
    let executor = TestExecutor()
    defer { executor.runUntilIdle() }
    let store = Store(initialState: 0, reducer: Ordered(started: started), executor: executor.makeTestStoreExecutor())
    _ = executor.value { await store.send(.tap) }
    #expect(started.value == [1, 2, 3, 4])
  }

  /// TCA: a long chain of actions, each sending the next synchronously, is processed without
  /// exhausting the stack.
  @Test func aHundredThousandSynchronousActionsAreProcessed() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { count, isIncrement in
        guard isIncrement else { return .none }
        count += 1
        return .send(count < 100_000)
      }
    }
    await store.send(true)
    #expect(store.currentState == 100_000)
  }

  private struct Queuing: Reducer {
    enum Action: Equatable, Sendable { case listen, incrementTapped, doIncrement }
    let subject: Subject
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .listen:
        return .run { [subject] send in
          for await _ in subject.values() { await send(.doIncrement) }
        }
      case .incrementTapped:
        subject.yield()
        return .none
      case .doIncrement:
        state += 1
        return .none
      }
    }
  }

  /// TCA: an action a reducer causes an effect to send (through a source the effect listens to)
  /// is received after the current action, each time.
  @Test func actionsAReducerCausesAnEffectToSendAreQueued() async {
    let subject = Subject()
    let store = TestStore(initialState: 0) { Queuing(subject: subject) }
    await store.send(.listen)
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 1 }
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 2 }
    subject.finish()
    await store.finish()
  }

  private struct ReEntrant: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isOn = false
      var subjectCount = 0
    }
    enum Action: Equatable, Sendable { case onAppear, subjectEmitted, tap }
    let subject: Subject
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .run { [subject] send in
          for await _ in subject.values() { await send(.subjectEmitted) }
        }
      case .subjectEmitted:
        if state.isOn { state.count += 1 }
        state.subjectCount += 1
        return .none
      case .tap:
        state.isOn = true
        subject.yield()
        state.isOn = false
        return .none
      }
    }
  }

  /// TCA: an action caused from inside a reduce is not reduced in the middle of it: it sees the
  /// state the reduce left.
  @Test func anActionCausedDuringAReduceIsReducedAfterIt() async {
    let subject = Subject()
    let store = TestStore(initialState: ReEntrant.State()) { ReEntrant(subject: subject) }
    await store.send(.onAppear)
    await store.send(.tap)
    await store.receive(.subjectEmitted) { $0.subjectCount = 1 }
    subject.finish()
    await store.finish()
  }

  /// TCA: an observer sees the state a send leaves, not each action its synchronous chain
  /// reduced on the way.
  @Test func observersSeeTheStateAfterASynchronousChain() async {
    var store: Store<Int, Int>? = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        if action == 0 { return .merge(.send(1), .send(2), .send(3)) }
        state = action
        return .none
      }
    }
    let values = store!.observe(\.self)
    await store?.send(0)
    store = nil
    var observed: [Int] = []
    for await value in values { observed.append(value) }
    #expect(observed == [0, 3])
  }

  private enum Cascade: Sendable { case task, response, response1, response2 }

  private static func cascade(_ clock: TestClock) -> Reduce<Int, Cascade> {
    Reduce { _, action in
      let forever = Effect<Cascade>.run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
      switch action {
      case .task: return .run { send in await send(.response) }
      case .response: return .merge(forever, .run { send in await send(.response1) })
      case .response1: return .merge(forever, .run { send in await send(.response2) })
      case .response2: return forever
      }
    }
  }

  /// TCA: cancelling a send's task cancels the effects of the actions its effects sent, however
  /// deep, so that nothing is left in flight.
  @Test func cancellingASendsTaskCancelsTheEffectsItCascadedInto() async {
    let store = TestStore(initialState: 0) { Self.cascade($0.clock) }
    let task = await store.send(.task)
    await store.receive { $0 == .response }
    await store.receive { $0 == .response1 }
    await store.receive { $0 == .response2 }
    await task.cancel()
    await store.finish()
  }

  /// TCA: cancelling the task of a send whose only effect never ends leaves nothing in flight.
  @Test func cancellingASendsTaskEndsItsNeverEndingEffect() async {
    let store = TestStore(initialState: 0) { Self.cascade($0.clock) }
    await store.send(.response2).cancel()
    await store.finish()
  }

  private struct Localized: Reducer {
    @Dependency(\.calendar) var calendar
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone
    func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
      _ = (calendar, locale, timeZone)
      state += action ? 1 : -1
      return .none
    }
  }

  /// TCA: dependencies overridden directly on a reducer with `dependency(_:_:)` are what it
  /// reads; overriding ones that have no test value reports nothing.
  @Test func dependenciesOverriddenOnAReducerAreWhatItReads() async {
    let store = TestStore(initialState: 0) {
      Localized()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
    }
    await store.send(true) { $0 = 1 }
    await store.finish()
  }

  private struct Count: DependencyKey {
    var value: Int
    static let liveValue = Count(value: 0)
    static let testValue = Count(value: 0)
  }

  private struct Escalating: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case tap, response1(Int), response2(Int), response3(Int) }
    @Dependency(Count.self) var count

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        return next(Action.response1)
      case .response1(let value):
        state.count = value
        return next(Action.response2)
      case .response2(let value):
        state.count = value
        return next(Action.response3)
      case .response3(let value):
        state.count = value
        return .none
      }
    }

    private func next(_ response: @escaping @Sendable (Int) -> Action) -> Effect<Action> {
      withDependencies { $0[Count.self].value += 1 } operation: {
        .run { send in await send(response(count.value)) }
      }
    }
  }

  /// TCA: a store and a test store run the same feature to the same state, effects built inside
  /// `withDependencies` included.
  @Test func aStoreAndATestStoreAgree() async {
    let testStore = TestStore(initialState: Escalating.State()) { Escalating() }
    await testStore.send(.tap)
    await testStore.receive(.response1(1)) { $0.count = 1 }
    await testStore.receive(.response2(1))
    await testStore.receive(.response3(1))
    await testStore.finish()

    let executor = TestExecutor()
    defer { executor.runUntilIdle() }
    let store = Store(initialState: Escalating.State(), reducer: Escalating(), executor: executor.makeTestStoreExecutor())
    _ = executor.value { await store.send(.tap) }
    #expect(store.currentState == testStore.state)
  }

  /// TCA: the reducer closure of `Store(initialState:reducer:withDependencies:)` is built with the
  /// store's dependencies in force.
  @Test func theReducerClosureIsBuiltWithTheStoresDependencies() async {
    @Dependency(\.date) var date
    let store = Store(initialState: Date?.none) {
      let now = date.now
      Reduce<Date?, Void> { state, _ in
        state = now
        return .none
      }
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890))
    }
    await store.send(())
    #expect(store.currentState == Date(timeIntervalSinceReferenceDate: 1_234_567_890))
  }

  /// TCA: a store created inside `withDependencies` keeps those values.
  @Test func aStoreCreatedInsideWithDependenciesKeepsThem() async {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store(initialState: UUID(0)) {
        Reduce<UUID, Void> { state, _ in
          @Dependency(\.uuid) var uuid
          state = uuid()
          return .none
        }
      }
    }
    await store.send(())
    #expect(store.currentState == UUID(0))
    await store.send(())
    #expect(store.currentState == UUID(1))
  }

  private struct Isolated: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case cancelButtonTapped, response(Int), tap }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .cancelButtonTapped:
        return .cancel(id: "effect")
      case .response(let value):
        state.count = value
        return .none
      case .tap:
        return .run { [clock] send in
          try await clock.sleep(for: .zero)
          await send(.response(42))
        }
        .cancellable(id: "effect")
      }
    }
  }

  /// TCA: two test stores sharing a clock and an ID never cancel each other's effects.
  @Test func twoTestStoresSharingAClockDoNotCancelEachOther() async {
    let clock = TestClock()
    let store1 = TestStore(initialState: Isolated.State()) { Isolated() } withDependencies: {
      $0.continuousClock = clock
    }
    let store2 = TestStore(initialState: Isolated.State()) { Isolated() } withDependencies: {
      $0.continuousClock = clock
    }
    await store1.send(.tap)
    await store2.send(.tap)
    await store2.send(.cancelButtonTapped)
    await clock.advance()
    await store1.receive(.response(42)) { $0.count = 42 }
    await store1.finish()
    await store2.finish()
  }

  // MARK: - Store lifetime

  private struct Child: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case tap, start, response }
    let clock: TestClock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state.count += 1
        return .none
      case .start:
        state.count += 1
        return .run { [clock] send in
          try await clock.sleep(for: .zero)
          await send(.response)
        }
      case .response:
        state.count += 1
        return .none
      }
    }
  }

  private struct Parent: Reducer {
    struct State: Equatable, Sendable { var child = Child.State() }
    enum Action: Equatable, Sendable { case child(Child.Action) }
    let clock: TestClock
    var body: some Reducer<State, Action> {
      Scope(state: \.child, action: ActionPath(embed: Action.child, extract: { if case .child(let a) = $0 { a } else { nil } })) {
        Child(clock: clock)
      }
    }
  }

  private struct Grandparent: Reducer {
    struct State: Equatable, Sendable { var child = Parent.State() }
    enum Action: Equatable, Sendable { case child(Parent.Action), incrementGrandchild }
    let clock: TestClock
    var body: some Reducer<State, Action> {
      Scope(state: \.child, action: Self.child) { Parent(clock: clock) }
      Reduce { state, action in
        if case .incrementGrandchild = action { state.child.child.count += 1 }
        return .none
      }
    }
    static let child = ActionPath<Action, Parent.Action>(
      embed: Action.child, extract: { if case .child(let action) = $0 { action } else { nil } })
  }

  private static let childOfParent = ActionPath<Parent.Action, Child.Action>(
    embed: Parent.Action.child, extract: { if case .child(let action) = $0 { action } else { nil } })

  /// TCA: a store scoped from a scoped store keeps working once the intermediate store is
  /// released, in both directions.
  @Test func aScopedStoreOutlivesTheStoreItWasScopedThrough() async {
    let executor = TestExecutor()
    defer { executor.runUntilIdle() }
    let grandparent = Store(
      initialState: Grandparent.State(), reducer: Grandparent(clock: executor.clock),
      executor: executor.makeTestStoreExecutor())
    var parent: Store<Parent.State, Parent.Action>? = grandparent.scope(state: \.child, action: Grandparent.child)
    let child = parent!.scope(state: \.child, action: Self.childOfParent)

    _ = executor.value { await child.send(.tap) }
    #expect(grandparent.currentState.child.child.count == 1)
    #expect(child.currentState.count == 1)
    _ = executor.value { await grandparent.send(.incrementGrandchild) }
    #expect(child.currentState.count == 2)

    parent = nil
    _ = executor.value { await child.send(.tap) }
    #expect(grandparent.currentState.child.child.count == 3)
    #expect(child.currentState.count == 3)
    _ = executor.value { await grandparent.send(.incrementGrandchild) }
    #expect(child.currentState.count == 4)
  }

  /// TCA: an effect started through a scoped store that is then released still runs and
  /// delivers to the root.
  @Test func anEffectStartedThroughAReleasedScopedStoreStillDelivers() async {
    let executor = TestExecutor()
    defer { executor.runUntilIdle() }
    let store = Store(
      initialState: Parent.State(), reducer: Parent(clock: executor.clock), executor: executor.makeTestStoreExecutor())
    do {
      let child = store.scope(state: \.child, action: Self.childOfParent)
      _ = executor.value { await child.send(.start) }
      #expect(store.currentState.child.count == 1)
    }
    executor.advance(by: .zero)
    #expect(store.currentState.child.count == 2)
  }

  // MARK: - Non-exhaustive test stores

  private static func incrementTwice() -> Reduce<Int, Bool> {
    Reduce { state, action in
      state += 1
      return action ? .send(false) : .none
    }
  }

  /// TCA: skipping received actions moves `state` to the state after the last, in every
  /// exhaustivity; a strict skip with nothing to skip fails.
  @Test(arguments: [TestStore<Int, Bool>.Exhaustivity.on, .off, .off(showSkippedAssertions: true)])
  func skipReceivedActionsMovesTheStateInEveryMode(exhaustivity: TestStore<Int, Bool>.Exhaustivity) async {
    let store = TestStore(initialState: 0) { Self.incrementTwice() }
    store.exhaustivity = exhaustivity
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
    await store.finish()
  }

  /// TCA: a strict skip with no received action fails, naming why.
  @Test func aStrictSkipWithNothingReceivedFails() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: 0) { Self.incrementTwice() }
      await store.send(true) { $0 = 1 }
      await store.receive(false) { $0 = 2 }
      await store.skipReceivedActions(strict: true)
      await store.finish()
    }
    #expect(issues.messages == ["There were no received actions to skip."])
  }

  /// TCA: skipping in-flight effects is silent when not strict, in every exhaustivity, and a
  /// strict skip with nothing in flight fails.
  @Test func skippingInFlightEffects() async {
    for exhaustivity in [TestStore<Int, Bool>.Exhaustivity.on, .off, .off(showSkippedAssertions: true)] {
      let store = TestStore(initialState: 0) { executor in
        Reduce<Int, Bool> { _, _ in .run { _ in try await executor.clock.sleep(for: .seconds(1)) } }
      }
      store.exhaustivity = exhaustivity
      await store.send(true)
      await store.skipInFlightEffects(strict: false)
      await store.finish()
    }
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: 0) { Reduce<Int, Bool> { _, _ in .run { _ in } } }
      await store.send(true).finish()
      await store.skipInFlightEffects(strict: true)
      await store.finish()
    }
    #expect(issues.messages == ["There were no in-flight effects to skip."])
  }

  /// TCA: a non-exhaustive test ends without receiving every action or finishing every effect.
  @Test(arguments: [TestStore<Int, Bool>.Exhaustivity.off, .off(showSkippedAssertions: true)])
  func aNonExhaustiveTestNeedNotReceiveOrFinishEverything(exhaustivity: TestStore<Int, Bool>.Exhaustivity) async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: 0) { executor in
        Reduce<Int, Bool> { _, action in
          action
            ? .merge(.send(false), .run { _ in try await executor.clock.sleep(for: .seconds(1)) })
            : .none
        }
      }
      store.exhaustivity = exhaustivity
      await store.send(true)
      await store.finish()
    }
    #expect(issues.severities.allSatisfy { $0 == .warning })
  }

  private struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isEven = true
    }
    enum Action: Sendable { case increment, decrement }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += action == .increment ? 1 : -1
      state.isEven.toggle()
      return .none
    }
  }

  /// TCA: a non-exhaustive send asserts only what its closure sets; what it leaves out is at
  /// most a warning.
  @Test(arguments: [TestStore<Counter.State, Counter.Action>.Exhaustivity.off, .off(showSkippedAssertions: true)])
  private func aNonExhaustiveSendAssertsOnlyWhatItSets(
    exhaustivity: TestStore<Counter.State, Counter.Action>.Exhaustivity
  ) async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.exhaustivity = exhaustivity
      await store.send(.increment) { $0.count = 1 }
      await store.send(.increment) { $0.isEven = true }
      await store.send(.increment) {
        $0.count = 3
        $0.isEven = false
      }
      await store.finish()
    }
    #expect(issues.severities.allSatisfy { $0 == .warning })
  }

  /// TCA: a wrong assertion in a non-exhaustive send still fails.
  @Test func aWrongNonExhaustiveAssertionFails() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.increment) { $0.count = 0 }
      await store.finish()
    }
    #expect(issues.severities.filter { $0 != .warning }.count == 1)
  }

  /// TCA: without assertions, a non-exhaustive store's `state` follows every send.
  @Test func aNonExhaustiveStatesFollowsEverySend() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment)
    #expect(store.state == Counter.State(count: 1, isEven: false))
    await store.send(.increment)
    #expect(store.state == Counter.State(count: 2, isEven: true))
    await store.send(.increment) { $0.count = 3 }
    #expect(store.state == Counter.State(count: 3, isEven: false))
    await store.finish()
  }

  private struct Login: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isLoggedIn = false
    }
    enum Action: Equatable, Sendable { case decrement, increment, loggedInResponse(Bool) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .decrement:
        state.count -= 1
        return .none
      case .increment:
        state.count += 1
        return .send(.loggedInResponse(true))
      case .loggedInResponse(let response):
        state.isLoggedIn = response
        return .none
      }
    }
  }

  /// TCA: a non-exhaustive store sends with actions left unreceived (skipping them), and a wrong
  /// assertion on a received action still fails.
  @Test func aNonExhaustiveSendSkipsUnreceivedActionsAndWrongReceivesFail() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.decrement) { $0.count = 0 }
    #expect(store.state == Login.State(count: 0, isLoggedIn: true))
    await store.finish()

    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: Login.State()) { Login() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.increment) { $0.count = 1 }
      await store.receive(.loggedInResponse(true)) {
        $0.count = 2
        $0.isLoggedIn = true
      }
      await store.finish()
    }
    #expect(issues.severities.filter { $0 != .warning }.count == 1)
  }

  private struct NonExhaustiveReceive: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var int = 0
      var string = ""
    }
    enum Action: Equatable, Sendable { case onAppear, response1(Int), response2(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        state = State()
        return .merge(.send(.response1(42)), .send(.response2("Hello")))
      case .response1(let int):
        state.count += 1
        state.int = int
        return .none
      case .response2(let string):
        state.count += 1
        state.string = string
        return .none
      }
    }
  }

  private static let onAppear = ActionPath<NonExhaustiveReceive.Action, Void>(
    embed: { NonExhaustiveReceive.Action.onAppear }, extract: { $0 == .onAppear ? () : nil })
  private static let response1 = ActionPath<NonExhaustiveReceive.Action, Int>(
    embed: NonExhaustiveReceive.Action.response1, extract: { if case .response1(let v) = $0 { v } else { nil } })
  private static let response2 = ActionPath<NonExhaustiveReceive.Action, String>(
    embed: NonExhaustiveReceive.Action.response2, extract: { if case .response2(let v) = $0 { v } else { nil } })

  /// TCA: a non-exhaustive receive asserts only what its closure sets, and `state` is then the
  /// state that action produced.
  @Test func aNonExhaustiveReceiveAssertsOnlyWhatItSets() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    #expect(store.state == NonExhaustiveReceive.State(count: 0, int: 0, string: ""))
    await store.receive(.response1(42)) { $0.int = 42 }
    #expect(store.state == NonExhaustiveReceive.State(count: 1, int: 42, string: ""))
    await store.receive(.response2("Hello")) { $0.string = "Hello" }
    #expect(store.state == NonExhaustiveReceive.State(count: 2, int: 42, string: "Hello"))
    await store.finish()
  }

  /// TCA: a non-exhaustive receive skips the actions before the one it names.
  @Test func aNonExhaustiveReceiveSkipsEarlierActions() async {
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.onAppear)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == NonExhaustiveReceive.State(count: 2, int: 42, string: "Hello"))
    await store.send(.onAppear)
    await store.send(.onAppear)
    await store.finish()
  }

  /// TCA: receiving by case works in every exhaustivity; non-exhaustive, it skips to the case.
  @Test func receivingByCase() async {
    for exhaustivity in [
      TestStore<NonExhaustiveReceive.State, NonExhaustiveReceive.Action>.Exhaustivity.off,
      .off(showSkippedAssertions: true),
    ] {
      let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
      store.exhaustivity = exhaustivity
      await store.send(.onAppear)
      await store.receive(Self.response1) { $0.int = 42 }
      await store.receive(Self.response2) { $0.string = "Hello" }
      await store.finish()
    }
    let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    await store.send(.onAppear)
    await store.receive(Self.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(Self.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
    await store.finish()

    let skipping = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
    skipping.exhaustivity = .off(showSkippedAssertions: true)
    await skipping.send(.onAppear)
    await skipping.receive(Self.response2) { $0.string = "Hello" }
    await skipping.finish()
  }

  /// TCA: a non-exhaustive receive of a case nothing sent fails and consumes nothing, so the
  /// actions that did arrive can still be received.
  @Test func aNonExhaustiveReceiveOfACaseNotSentFailsAndKeepsTheQueue() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.onAppear)
      await store.receive(Self.onAppear)
      await store.receive(Self.response1)
      await store.receive(Self.response2)
      await store.finish()
    }
    #expect(issues.severities.filter { $0 != .warning }.count == 1)
  }

  /// TCA: receiving a case again once its only action was received fails.
  @Test func receivingACaseAgainFails() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: NonExhaustiveReceive.State()) { NonExhaustiveReceive() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.onAppear)
      await store.receive(Self.response2)
      await store.receive(Self.response2)
      await store.finish()
    }
    #expect(issues.severities.filter { $0 != .warning }.count == 1)
  }

  private struct Opaque: Sendable {}

  /// TCA: an action whose payload is not `Equatable` is received by case or by predicate.
  @Test func aNonEquatableActionIsReceivedByCaseOrPredicate() async {
    enum Action: Sendable { case tap, response(Opaque) }
    let response = ActionPath<Action, Opaque>(
      embed: Action.response, extract: { if case .response(let value) = $0 { value } else { nil } })
    let reducer = Reduce<Int, Action> { _, action in
      if case .tap = action { return .send(.response(Opaque())) }
      return .none
    }
    let store = TestStore(initialState: 0, reducer: reducer)
    await store.send(.tap)
    await store.receive(response)
    await store.send(.tap)
    await store.receive { if case .response = $0 { true } else { false } }
    await store.finish()
  }

  /// TCA: a non-exhaustive send skips the actions left unreceived, and `state` follows.
  @Test func aNonExhaustiveSendSkipsUnreceivedActionsAndStateFollows() async {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state == 1)
    await store.send(.tap)
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
    await store.finish()
  }

  /// TCA: a partial test asserts a prefix of what happened, then skips the rest.
  @Test func aPartialTestAssertsAPrefixThenSkipsTheRest() async {
    enum Action: Equatable, Sendable { case buttonTapped, response(Int) }
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: 0) { executor in
        Reduce<Int, Action> { state, action in
          switch action {
          case .buttonTapped:
            state += 1
            return .run { send in
              await send(.response(42))
              try await executor.clock.sleep(for: .seconds(1))
              await send(.response(1729))
            }
          case .response(let number):
            state = number
            return .none
          }
        }
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.buttonTapped)
      await store.clock.advance(by: .milliseconds(500))
      await store.send(.buttonTapped) { $0 = 43 }
      await store.clock.advance(by: .milliseconds(500))
      await store.skipInFlightEffects()
      await store.skipReceivedActions()
      #expect(store.state == 1729)
      await store.finish()
    }
    #expect(issues.severities.allSatisfy { $0 == .warning })
  }

  /// TCA: with the skipped assertions shown, a closure for a step that changed nothing does not
  /// fail, nor does `assert`.
  @Test func aNonExhaustiveClosureForAnUnchangedStateDoesNotFail() async {
    let issues = IssueCollector()
    await IssueReporting.withReporter(issues) {
      let store = TestStore(initialState: 0) { Reduce<Int, Void> { _, _ in .none } }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(()) { $0 = 0 }
      store.assert { $0 = 0 }
      await store.finish()
    }
    #expect(issues.messages.isEmpty)
  }

  private struct Identity: Reducer {
    struct State: Equatable, Sendable {
      var name = "Krzysztof"
      var surname = "Zabłocki"
      var age = 33
      var mood = 0
    }
    enum Action: Equatable, Sendable {
      case changeIdentity(name: String, surname: String)
      case changeAge(Int)
      case changeMood(Int)
      case advanceAgeAndMoodAfterDelay
    }
    let clock: TestClock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .changeIdentity(let name, let surname):
        state.name = name
        state.surname = surname
        return .none
      case .advanceAgeAndMoodAfterDelay:
        return .run { [state, clock] send in
          try await clock.sleep(for: .seconds(1))
          async let changeAge: Void = send(.changeAge(state.age + 1))
          async let changeMood: Void = send(.changeMood(state.mood + 1))
          _ = await (changeAge, changeMood)
        }
      case .changeAge(let age):
        state.age = age
        return .none
      case .changeMood(let mood):
        state.mood = mood
        return .none
      }
    }
  }

  /// TCA (Krzysztof Zabłocki's examples): a non-exhaustive test asserts only the fields it cares
  /// about, over several sends and over actions effects send concurrently.
  @Test func aNonExhaustiveTestAssertsOnlyTheFieldsItCaresAbout() async {
    let store = TestStore(initialState: Identity.State()) { Identity(clock: $0.clock) }
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Marek", surname: "Ignored")) { $0.name = "Marek" }
    await store.send(.changeIdentity(name: "Adam", surname: "Stern"))
    await store.send(.changeIdentity(name: "Merowing", surname: "Info")) {
      $0.name = "Merowing"
      $0.surname = "Info"
    }
    await store.send(.advanceAgeAndMoodAfterDelay)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.changeAge(34)) { $0.age = 34 }
    #expect(store.state.age == 34)
    await store.finish()
  }
}
