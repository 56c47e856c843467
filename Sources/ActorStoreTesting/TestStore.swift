@_spi(Testing) import ActorStore
import Synchronization

/// The dependency values of a ``TestStore``, behind a mutex: the test writes them between
/// steps, the store's reducer reads them on the executor's thread.
private final class DependencyBox: Sendable {
  private let storage: Locked<DependencyValues>
  init(_ values: DependencyValues) { storage = Locked(values) }
  var values: DependencyValues {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// A store for tests: every action and effect runs on a deterministic ``TestExecutor``, and
/// each step asserts exactly how the state changed and which actions effects sent back.
///
/// ```swift
/// @Test func search() async {
///   let store = TestStore(initialState: Search.State()) { Search(clock: $0.clock) }
///   await store.send(.queryChanged("swift")) { $0.query = "swift" }
///   store.executor.advance(by: .milliseconds(300))
///   await store.receive(.results(["Swift"])) { $0.results = ["Swift"] }
///   await store.finish()
/// }
/// ```
///
/// `await send` returns once the executor is idle: every job that can run without moving the
/// clock has run, main-actor deliveries included.
///
/// Every async method is `nonisolated(nonsending)`: it runs in its caller's isolation, so a
/// `TestStore` works the same from a `@MainActor` test, an actor-isolated helper or a
/// nonisolated test. From the main actor, the executor runs main-actor deliveries (to
/// `MainActorStoreConnection`s and `ObservableStore`s) in its deterministic order; from
/// elsewhere, the store finishes them with one hop to the main actor per step. Failures are reported through `reportIssue` (routed to Swift Testing or
/// XCTest by ``TestIssueReporter``) at the line of the failing call.
///
/// ## Dependencies
///
/// The store runs in the `.test` dependency context: a dependency read without an override
/// gets its key's `testValue`, and one with no `testValue` reports an issue naming it. Four
/// are set for you: `continuousClock` and `suspendingClock` are the executor's ``TestClock``
/// (``clock``), so `store.clock.advance(by:)` drives a `@Dependency(\.continuousClock)` sleep,
/// `uuid` is `.incrementing`, and `stackElementID` is a generator of this store's own, so the
/// `StackState` IDs it assigns start at `0` (as TCA's). Override any in `withDependencies:`:
///
/// ```swift
/// let store = TestStore(initialState: Todos.State()) {
///   Todos()
/// } withDependencies: {
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
/// }
/// ```
public final class TestStore<State: Equatable & Sendable, Action: Sendable> {
  /// How strictly a ``TestStore`` checks.
  public enum Exhaustivity: Sendable, Hashable {
    /// Every state change must be asserted, every received action received, and every effect
    /// finished by the end of the test.
    case on
    /// Only what the assertion closures set is checked; unasserted changes, actions and effects
    /// are allowed.
    /// - Parameter showSkippedAssertions: Whether what `.on` would have failed on is reported
    ///   as a warning (state changes not asserted, actions not received, effects in flight at
    ///   the end), so that a partial test shows what it leaves out.
    case off(showSkippedAssertions: Bool)

    /// Non-exhaustive, without showing the skipped assertions:
    /// `.off(showSkippedAssertions: false)`.
    public static var off: Self { .off(showSkippedAssertions: false) }
  }

  /// The executor every job of this store runs on.
  public let executor: TestExecutor
  /// The store under test.
  public let store: Store<State, Action>
  /// How strictly to check; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and `finish()` wait, in real time, for effects that wait on something
  /// outside the executor, as TCA's `timeout`: a real clock (`ContinuousClock()` injected), real
  /// I/O. They wait only while effects are in flight, nothing on the executor can run and no task
  /// sleeps on its `TestClock`, so a test on the test clock never waits. One second by default.
  public var timeout: Duration = .seconds(1)

  /// The dependencies the store's next steps reduce and start effects with, as TCA's
  /// `store.dependencies`: change them between steps, e.g. `store.dependencies.date = .constant(later)`.
  /// Effects already running keep the values they started with.
  public var dependencies: DependencyValues {
    get { changingDependencies.values }
    set { changingDependencies.values = newValue }
  }
  /// Read by the store's reducer at each reduce, on the executor's thread; written by the test
  /// between steps.
  private let changingDependencies: DependencyBox

  private let log: ActionLog<State, Action>
  /// The state as of the last step the test asserted (`send`, `receive`, a skip): what
  /// ``state`` returns. Actions effects sent that the test has not received are not in it.
  private var assertedState: State
  /// The shared values as of the last step the test asserted, beside ``assertedState``.
  private var assertedShared: SharedSnapshot
  /// Where the state's ``Shared`` values live: a fresh in-memory storage per test store, unless
  /// the test overrides `sharedStorage`.
  private let sharedStorage: SharedStorage
  /// Actions effects sent that the test has not received yet, with the state after each, in
  /// the order the store processed them. Entries still in `log` come after these.
  private var received: [ActionLog<State, Action>.Entry] = []
  /// The effects ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` stopped tracking:
  /// still running, but no longer required to finish by the end of the test. Pruned to the
  /// effects still in flight at each skip, so it never outgrows what is running.
  private var untrackedEffects: Set<UInt64> = []
  private var hasFinished = false
  private let rootDismissal: RootDismissal
  private let callSite: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  /// Creates a test store.
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - executor: The executor to run on; a new FIFO one by default.
  ///   - reducer: Builds the reducer, given the executor (for its `clock`).
  ///   - prepareDependencies: Overrides the store's dependencies (see ``TestStore``'s
  ///     "Dependencies"); `initialState` and `reducer` are evaluated with them in force.
  ///   - fileID: Where the test store is created, for end-of-test failures.
  ///   - filePath: Where the test store is created, for end-of-test failures.
  ///   - line: Where the test store is created, for end-of-test failures.
  ///   - column: Where the test store is created, for end-of-test failures.
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    executor: TestExecutor = TestExecutor(),
    reducer: (TestExecutor) -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    TestIssueReporter.install()
    self.executor = executor
    let log = ActionLog<State, Action>()
    self.log = log
    var dependencies = DependencyValues.inForce
    dependencies.context = .test
    dependencies.continuousClock = executor.clock
    dependencies.suspendingClock = executor.clock
    dependencies.uuid = .incrementing
    dependencies.stackElementID = StackElementIDGenerator()
    let rootDismissal = RootDismissal()
    self.rootDismissal = rootDismissal
    dependencies.dismiss = .dismissing(root: { rootDismissal.dismiss() })
    dependencies.sharedStorage = .inMemory()
    prepareDependencies(&dependencies)
    let sharedStorage = dependencies.sharedStorage
    self.sharedStorage = sharedStorage
    let (initialState, reducer) = ActorStore.withDependencies({ $0 = dependencies }) {
      (initialState(), reducer(executor))
    }
    let changingDependencies = DependencyBox(dependencies)
    self.changingDependencies = changingDependencies
    store = Store(
      initialState: initialState,
      reducer: RecordingReducer(
        base: ChangingDependenciesReducer(base: reducer) { changingDependencies.values }, log: log,
        sharedStorage: sharedStorage),
      executor: executor.makeTestStoreExecutor(), withDependencies: { $0 = dependencies })
    assertedState = initialState
    assertedShared = sharedStorage.snapshot()
    callSite = (fileID, filePath, line, column)
    // Weak: the store holds its dependencies, which hold the dismissal.
    rootDismissal.onDismiss = { [weak store] in store?.cancelAllEffects() }
  }

  /// Whether the feature dismissed itself: an effect of the root feature (one no presentation
  /// started) called `@Dependency(\.dismiss)`, as TCA's `TestStore.isDismissed`. Its effects
  /// were cancelled then, as a dismissed screen's are.
  public var isDismissed: Bool { rootDismissal.isDismissed }

  /// Creates a test store for a reducer that needs nothing from the executor.
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer.
  ///   - executor: The executor to run on; a new FIFO one by default.
  ///   - prepareDependencies: Overrides the store's dependencies (see
  ///     ``init(initialState:executor:reducer:withDependencies:fileID:filePath:line:column:)``).
  ///   - fileID: Where the test store is created, for end-of-test failures.
  ///   - filePath: Where the test store is created, for end-of-test failures.
  ///   - line: Where the test store is created, for end-of-test failures.
  ///   - column: Where the test store is created, for end-of-test failures.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    executor: TestExecutor = TestExecutor(),
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), executor: executor, reducer: { _ in reducer },
      withDependencies: prepareDependencies, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Creates a test store from reducers listed in a closure, as TCA's tests write it:
  /// `TestStore(initialState: Feature.State()) { Feature() }`. Several reducers run in the order
  /// written, as in ``CombineReducers``.
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - executor: The executor to run on; a new FIFO one by default.
  ///   - reducer: Builds the reducer; called once.
  ///   - prepareDependencies: Overrides the store's dependencies (see
  ///     ``init(initialState:executor:reducer:withDependencies:fileID:filePath:line:column:)``).
  ///   - fileID: Where the test store is created, for end-of-test failures.
  ///   - filePath: Where the test store is created, for end-of-test failures.
  ///   - line: Where the test store is created, for end-of-test failures.
  ///   - column: Where the test store is created, for end-of-test failures.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    executor: TestExecutor = TestExecutor(),
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), executor: executor, reducer: { _ in reducer() },
      withDependencies: prepareDependencies, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    if !hasFinished {
      checkEnd(fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line, column: callSite.column)
    }
    store.cancelAllEffects()
    executor.runUntilIdle()
  }

  /// The state as of the last step the test asserted, as TCA's `TestStore.state`: after
  /// `send`, the state the sent action produced; after `receive`, the state the received action
  /// produced; after `skipReceivedActions()`, the state after the last skipped action.
  ///
  /// Actions that effects sent and the test has not received yet are not in it, even when the
  /// store has already processed them: `#expect(store.state.count == 1)` between steps checks
  /// what the test asserted so far, never what comes next. Read inside an assertion closure, it
  /// is the state before the step (the value the closure's argument started from). The store's
  /// live state is `store.store.currentState`.
  public var state: State { assertedState }

  /// The executor's virtual clock.
  public var clock: TestClock { executor.clock }

  /// Sends `action` and runs until the executor is idle, then asserts the state change.
  ///
  /// Every action effects sent before must have been received first. When some were not, an
  /// exhaustive store fails and keeps them queued, in order, ahead of what this send's effects
  /// send, so that the test can still receive them; a non-exhaustive one skips them.
  /// - Parameters:
  ///   - action: The action to send.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  /// - Returns: The effects the action started: cancel them, or await their end with
  ///   ``TestStoreTask/finish(timeout:fileID:filePath:line:column:)``.
  @discardableResult
  public nonisolated(nonsending) func send(
    _ action: Action,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = (fileID, filePath, line, column)
    // Actions logged before this send (say, by a clock advance since the last step) are
    // received ones: taking them now keeps the sent action first among what the send logs.
    received += log.drain()
    if !received.isEmpty {
      unmet(
        """
        Must handle \(received.count) received action\(received.count == 1 ? "" : "s") before \
        sending \(action):
        \(received.map { "  \($0.action)" }.joined(separator: "\n"))
        """, at: location)
      // As TCA: an exhaustive store keeps them for `receive`; a non-exhaustive one skips them.
      if exhaustivity != .on, let last = received.last {
        accept(last)
        received = []
      }
    }
    // As TCA: the closure pushes with the IDs the reducer was about to draw.
    let stackElementIDs = dependencies.stackElementID.copy()
    let store = self.store
    let task = Task(executorPreference: executor) { await store.send(action) }
    await settle(at: location)
    let storeTask = TestStoreTask(storeTask: await task.value, executor: executor, timeout: timeout)
    let entries = log.drain()
    guard let sent = entries.first else {
      fail("\(action) was sent but the store did not process it.", at: location)
      return storeTask
    }
    assertState(
      after: "send(\(action))", update, actual: sent.state, actualShared: sent.shared, at: location,
      stackElementIDs: stackElementIDs)
    received += entries.dropFirst()
    return storeTask
  }

  /// Asserts that the next action an effect sent equals `expected`, and how it changed the
  /// state.
  /// - Parameters:
  ///   - expected: The action.
  ///   - timeout: How long to wait in real time for an action from effects that wait outside the
  ///     executor (a real clock); by default ``timeout``.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await settleForReceive(at: (fileID, filePath, line, column), timeout: timeout)
    receive(
      description: "\(expected)", matching: { $0 == expected }, update,
      at: (fileID, filePath, line, column))
  }

  /// Asserts that the next action an effect sent matches `isMatching`, and how it changed the
  /// state. Receiving by `ActionPath` instead names the expected case in failures, where a
  /// predicate cannot.
  /// - Parameters:
  ///   - isMatching: Whether an action is the expected one.
  ///   - timeout: How long to wait in real time for an action from effects that wait outside the
  ///     executor (a real clock); by default ``timeout``.
  ///   - update: Mutates the previous state into the expected one; `nil` expects no change.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settleForReceive(at: (fileID, filePath, line, column), timeout: timeout)
    receive(description: "an action matching the predicate", matching: isMatching, update, at: (fileID, filePath, line, column))
  }

  /// Runs until idle and asserts that nothing is left: no unreceived action and no shared value
  /// changed since the last assertion without being asserted (exhaustive only, as TCA's), and
  /// no effect in flight (an effect waiting on the clock counts; those
  /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` stopped tracking do not).
  /// Effects that wait outside the executor (a real clock) are waited for in real time first.
  /// - Parameters:
  ///   - timeout: How long to wait for effects that wait outside the executor; by default
  ///     ``timeout``.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await settle(
      at: (fileID, filePath, line, column), timeout: timeout, waitingWhile: { !self.trackedInFlightEffects.isEmpty })
    hasFinished = true
    checkEnd(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts ``state``, the state as of the last asserted step, without sending anything, as
  /// TCA's `assert`: `update` mutates it into the expected one, and fails when that changes it
  /// (with `.off`, only what `update` sets is compared). Actions effects sent that the test has
  /// not received are not in it: receive or skip them first. Runs nothing: call it between steps.
  /// - Parameters:
  ///   - update: Mutates the previous state into the expected one.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public func assert(
    _ update: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    withoutActuallyEscaping(update) { update in
      // Shared values as they are now: what effects changed outside any action is asserted here.
      assertState(
        after: "assert", update, actual: assertedState, actualShared: sharedStorage.snapshot(),
        at: (fileID, filePath, line, column), expectsChange: false)
    }
  }

  /// Runs until idle, then drops every action effects sent that the test has not received,
  /// accepting the state they produced: ``state`` becomes the state after the last one.
  /// - Parameters:
  ///   - strict: Whether having no received action to skip fails, as in TCA; `true` by
  ///     default. Pass `false` where there may be none.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = (fileID, filePath, line, column)
    await settle(at: location)
    received += log.drain()
    guard let last = received.last else {
      if strict { fail("There were no received actions to skip.", at: location) }
      return
    }
    accept(last)
    received = []
  }

  /// Runs until idle, then stops tracking every effect still in flight, as TCA's: they are not
  /// cancelled and keep running, but the end of the test no longer requires them to finish.
  /// Actions they send later must still be received (or skipped), and effects those actions
  /// start are tracked as usual. To stop them, cancel them from the feature or cancel the task
  /// `send` returned.
  /// - Parameters:
  ///   - strict: Whether having no tracked effect in flight fails, as in TCA; `true` by default.
  ///     Pass `false` where there may be none.
  ///   - fileID: The call site, for failures.
  ///   - filePath: The call site, for failures.
  ///   - line: The call site, for failures.
  ///   - column: The call site, for failures.
  public nonisolated(nonsending) func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = (fileID, filePath, line, column)
    await settle(at: location)
    let running = Set(store.inFlightEffects.map(\.id))
    guard !running.isSubset(of: untrackedEffects) else {
      if strict { fail("There were no in-flight effects to skip.", at: location) }
      return
    }
    untrackedEffects = running
  }

  /// The effects still in flight that the end of the test requires to finish: all but those
  /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` stopped tracking.
  private var trackedInFlightEffects: [InFlightEffect] {
    store.inFlightEffects.filter { !untrackedEffects.contains($0.id) }
  }

  /// Settles, then, while no action waits to be received, waits for effects that wait on
  /// something outside the executor (see ``timeout``).
  nonisolated(nonsending) func settleForReceive(at location: Location, timeout: Duration? = nil) async {
    await settle(at: location, timeout: timeout, waitingWhile: { self.log.isEmpty && self.received.isEmpty })
  }

  /// Settles; then, while `isWaiting()` and the store's effects wait on something outside the
  /// executor (see ``waitsOutside``), polls in real time, settling each time, for up to
  /// `timeout` (by default ``timeout``).
  nonisolated(nonsending) func settle(
    at location: Location, timeout: Duration? = nil, waitingWhile isWaiting: () -> Bool
  ) async {
    await settle(at: location)
    await executor.poll(for: timeout ?? self.timeout, while: { isWaiting() && waitsOutside }) {
      await settle(at: location)
    }
  }

  /// Whether the store's effects wait on something outside the executor: effects are in flight
  /// and no task sleeps on the executor's `TestClock` (a real clock, real I/O).
  /// Cheapest test first: it is asked at every settle round, and listing the effects in flight
  /// describes each of them.
  private var waitsOutside: Bool {
    guard executor.stats.pendingSleepers == 0, store.inFlightEffectCount > 0 else { return false }
    return untrackedEffects.isEmpty || !trackedInFlightEffects.isEmpty
  }

  /// Runs until idle in the caller's isolation, letting main-actor work the store's effects
  /// wait for run too (see `TestExecutor.settle`). When the store's effects wait on something
  /// outside the executor at any point of it (as it begins, between its rounds, as it ends), the
  /// enqueues from outside the test's schedule during it (a real clock's wake-ups) are what they
  /// waited for, and are not counted as foreign.
  nonisolated(nonsending) func settle(at location: Location) async {
    let store = self.store
    await executor.settleForgivingOutsideWork(
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column,
      waitsOutside: { self.waitsOutside }, whilePending: { store.inFlightEffectCount > 0 })
  }


  // MARK: - Assertions

  typealias Location = (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  func receive(
    description: String, matching isMatching: (Action) -> Bool,
    _ update: ((inout State) throws -> Void)?, at location: Location
  ) {
    received += log.drain()
    guard !received.isEmpty else {
      let inFlight = store.inFlightEffectDescriptions
      fail(
        """
        Expected to receive \(description), but no action was received.\
        \(inFlight.isEmpty ? "" : "\nEffects still in flight (advance the clock if they are waiting on it):\n" + inFlight.map { "  \($0)" }.joined(separator: "\n"))
        """, at: location)
      return
    }
    let entry: ActionLog<State, Action>.Entry
    switch exhaustivity {
    case .on:
      entry = received.removeFirst()
      guard isMatching(entry.action) else {
        fail("Received unexpected action:\n  \(entry.action)\nExpected:\n  \(description)", at: location)
        accept(entry)
        return
      }
    case .off(showSkippedAssertions: _):
      guard let index = received.firstIndex(where: { isMatching($0.action) }) else {
        fail(
          "Expected to receive \(description), but received only:\n"
            + received.map { "  \($0.action)" }.joined(separator: "\n"), at: location)
        return
      }
      entry = received[index]
      if index > 0 {
        unmet(
          "Actions received before \(entry.action), not asserted:\n"
            + received[..<index].map { "  \($0.action)" }.joined(separator: "\n"), at: location)
      }
      received.removeFirst(index + 1)
    }
    assertState(
      after: "receive(\(entry.action))", update, actual: entry.state, actualShared: entry.shared, at: location)
  }

  /// - Parameters:
  ///   - expectsChange: Whether a closure given for a state that did not change fails
  ///     (exhaustive `send` and `receive`, not `assert`).
  ///   - stackElementIDs: Where the closure's `StackState` appends take their IDs, a copy each
  ///     time it runs; by default, a copy of the store's generator as it is now.
  private func assertState(
    after step: String, _ update: ((inout State) throws -> Void)?, actual: State, actualShared: SharedSnapshot,
    at location: Location, expectsChange: Bool = true, stackElementIDs: StackElementIDGenerator? = nil
  ) {
    // As TCA: the closure runs with the store's dependencies, and a generator of stack element
    // IDs of its own, so that the IDs it draws are not taken from the store.
    let dependencies = self.dependencies
    let stackElementIDs = stackElementIDs ?? dependencies.stackElementID
    let update = update.map { update in
      { (state: inout State) throws in
        try ActorStore.withDependencies {
          $0 = dependencies
          $0.stackElementID = stackElementIDs.copy()
        } operation: {
          try update(&state)
        }
      }
    }
    if showsSkippedAssertions {
      // What `.on` would have expected: the last asserted state with this step's changes.
      var exhaustiveExpectation = assertedState
      let sharedMismatches = sharedStorage.expect(from: assertedShared, toMatch: actualShared) {
        try? update?(&exhaustiveExpectation)
      }
      if exhaustiveExpectation != actual {
        let diff = LineDiff.render(
          expected: StateDump.lines(of: exhaustiveExpectation), actual: StateDump.lines(of: actual))
        unmet("State changes not asserted after \(step): (− expected, + actual)\n\(diff)", at: location)
      }
      for mismatch in sharedMismatches {
        unmet("Shared value \(mismatch.key) changes not asserted after \(step): \(describe(mismatch))", at: location)
      }
    }
    var expected = exhaustivity == .on ? assertedState : actual
    // The closure's shared changes go to expected values, compared with the step's by key.
    let sharedStart = exhaustivity == .on ? assertedShared : actualShared
    let sharedMismatches = sharedStorage.expect(from: sharedStart, toMatch: actualShared) {
      do {
        try update?(&expected)
      } catch {
        fail("The assertion closure of \(step) threw \(error).", at: location)
      }
    }
    let sharedChanged = SharedStorage.hasChanges(from: assertedShared, to: actualShared)
    if expected != actual {
      let diff = LineDiff.render(expected: StateDump.lines(of: expected), actual: StateDump.lines(of: actual))
      let summary =
        update == nil
        ? "State was not expected to change after \(step), but it did:"
        : "State after \(step) does not match the expectation:"
      fail("\(summary) (− expected, + actual)\n\(diff)", at: location)
    } else if expectsChange, update != nil, exhaustivity == .on, actual == assertedState, !sharedChanged {
      // As TCA's: a closure that asserts nothing new hides a change that did not happen.
      fail(
        """
        Expected state to change after \(step), but no change occurred: the assertion closure \
        changed nothing. If no change is expected, omit the closure.
        """, at: location)
    }
    for mismatch in sharedMismatches {
      let summary =
        update == nil
        ? "Shared value \(mismatch.key) was not expected to change after \(step), but it did:"
        : "Shared value \(mismatch.key) after \(step) does not match the expectation:"
      fail("\(summary) \(describe(mismatch))", at: location)
    }
    // Only now: inside `update`, ``state`` is still the state before the step, as in TCA.
    assertedState = actual
    assertedShared = actualShared
  }

  /// A shared value's expected and actual dumps as a line diff.
  private func describe(_ mismatch: SharedMismatch) -> String {
    "(− expected, + actual)\n" + LineDiff.render(expected: mismatch.expected, actual: mismatch.actual)
  }

  /// Takes `entry`'s state and shared values as asserted without checking them (a skip).
  private func accept(_ entry: ActionLog<State, Action>.Entry) {
    assertedState = entry.state
    assertedShared = entry.shared
  }

  private func checkEnd(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    let location = (fileID, filePath, line, column)
    executor.runUntilIdle(fileID: fileID, filePath: filePath, line: line, column: column)
    received += log.drain()
    // Shared values an effect changed after the last step asserted (or, with actions left
    // unreceived, after the last of them, whose changes their own failure covers), as TCA's.
    let sharedChanges = SharedStorage.changes(from: received.last?.shared ?? assertedShared, to: sharedStorage.snapshot())
    for change in sharedChanges {
      unmet(
        """
        Shared value \(change.key) changed after the last assertion, and the change was never \
        asserted: \(describe(change))
        Assert it with `store.assert { … }` (or in a later step's closure) before the test ends.
        """, at: location)
    }
    if !received.isEmpty {
      unmet(
        """
        The store received \(received.count) unexpected action\(received.count == 1 ? "" : "s"):
        \(received.map { "  \($0.action)" }.joined(separator: "\n"))
        Receive them with `receive`, or call `skipReceivedActions()`.
        """, at: location)
      received = []
    }
    let inFlight = trackedInFlightEffects.map(\.description)
    if !inFlight.isEmpty {
      unmet(
        """
        \(inFlight.count) effect\(inFlight.count == 1 ? " is" : "s are") still in flight at the end of the test:
        \(inFlight.map { "  \($0)" }.joined(separator: "\n"))
        Advance the clock until they finish, cancel them from the feature, or call \
        `skipInFlightEffects()`.
        """, at: location)
    }
    executor.checkForeignEnqueues(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func fail(_ message: String, at location: Location) {
    reportIssue(message, fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
  }

  /// Whether exhaustivity is off with the skipped assertions shown.
  private var showsSkippedAssertions: Bool {
    if case .off(showSkippedAssertions: true) = exhaustivity { true } else { false }
  }

  /// Reports what an exhaustive store requires and did not get: a failure when exhaustivity is
  /// on, a warning when it is off with the skipped assertions shown, nothing otherwise.
  private func unmet(_ message: String, at location: Location) {
    switch exhaustivity {
    case .on:
      fail(message, at: location)
    case .off(showSkippedAssertions: true):
      reportIssue(
        "Skipped assertion: \(message)", severity: .warning, fileID: location.fileID, filePath: location.filePath,
        line: location.line, column: location.column)
    case .off(showSkippedAssertions: false):
      break
    }
  }
}

/// What a ``TestStore``'s root feature dismissing itself does: records it and cancels the
/// store's effects, as the dismissal of the screen would in the app.
final class RootDismissal: Sendable {
  private let state = Locked<(isDismissed: Bool, onDismiss: (@Sendable () -> Void)?)>((false, nil))

  var isDismissed: Bool { state.withLock { $0.isDismissed } }

  /// Set once the store exists.
  var onDismiss: (@Sendable () -> Void)? {
    get { state.withLock { $0.onDismiss } }
    set { state.withLock { $0.onDismiss = newValue } }
  }

  func dismiss() {
    let onDismiss = state.withLock { state -> (@Sendable () -> Void)? in
      state.isDismissed = true
      return state.onDismiss
    }
    onDismiss?()
  }
}
