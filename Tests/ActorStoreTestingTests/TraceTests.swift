import ActorStoreTesting
import Testing

/// A loader whose effects are cancelled by ID, ignore cancellation, or chain through `.send`.
private struct Loader: Reducer {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case start, started, loaded, stop, stubborn, stopStubborn, late }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let clock = self.clock
    state.log.append("\(action)")
    switch action {
    case .start:
      return .merge(
        .send(.started),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded)
        }
        .cancellable(id: "load"))
    case .stop:
      return .cancel(id: "load")
    case .stubborn:
      // Ignores its cancellation and still sends: the store drops that action.
      return .run { send in
        try? await clock.sleep(for: .seconds(1))
        await send(.late)
      }
      .cancellable(id: "stubborn")
    case .stopStubborn:
      return .cancel(id: "stubborn")
    case .started, .loaded, .late:
      return .none
    }
  }
}

/// Sends `action` from a task on `executor` and runs until idle.
@discardableResult
private func send<State, Action>(
  _ action: Action, to store: Store<State, Action>, on executor: TestExecutor
) async -> StoreTask {
  let task = Task(executorPreference: executor) { await store.send(action) }
  executor.runUntilIdle()
  return await task.value
}

@Suite struct TraceTests {
  @Test func aRunReadsAsStartsCancelsFinishesAndDrops() async {
    let executor = TestExecutor()
    let trace = StoreTraceBuffer(capacity: 100)
    var store: Store<Loader.State, Loader.Action>? = Store(
      initialState: Loader.State(), reducer: Loader(clock: executor.clock), executor: executor.makeTestStoreExecutor(),
      trace: trace)
    await send(.start, to: store!, on: executor)
    executor.advance(by: .seconds(1))
    await send(.start, to: store!, on: executor)
    await send(.stop, to: store!, on: executor)
    await send(.stubborn, to: store!, on: executor)
    await send(.stopStubborn, to: store!, on: executor)
    let running = await send(.start, to: store!, on: executor)
    await running.cancel()
    executor.runUntilIdle()
    await send(.start, to: store!, on: executor)
    store = nil
    executor.runUntilIdle()

    let lines = trace.events.map(\.description)
    #expect(
      lines == [
        "#1 action start from send",
        "#2 action started from .send effect",
        "#3 effect 2 started (run at ActorStoreTestingTests/TraceTests.swift:18) by start ids [load]",
        "#4 action loaded from effect 2",
        "#5 effect 2 finished",
        "#6 action start from send",
        "#7 action started from .send effect",
        "#8 effect 5 started (run at ActorStoreTestingTests/TraceTests.swift:18) by start ids [load]",
        "#9 action stop from send",
        "#10 effect 5 cancelled: cancel(id: load)",
        "#11 effect 5 finished",
        "#12 action stubborn from send",
        "#13 effect 8 started (run at ActorStoreTestingTests/TraceTests.swift:27) by stubborn ids [stubborn]",
        "#14 action stopStubborn from send",
        "#15 effect 8 cancelled: cancel(id: stubborn)",
        "#16 action late dropped: effect 8 was cancelled",
        "#17 effect 8 finished",
        "#18 action start from send",
        "#19 action started from .send effect",
        "#20 effect 11 started (run at ActorStoreTestingTests/TraceTests.swift:18) by start ids [load]",
        "#21 effect 11 cancelled: StoreTask.cancel",
        "#22 effect 11 finished",
        "#23 action start from send",
        "#24 action started from .send effect",
        "#25 effect 14 started (run at ActorStoreTestingTests/TraceTests.swift:18) by start ids [load]",
        "#26 effect 14 cancelled: store released",
        "#27 effect 14 finished",
      ])
  }

  /// A concatenation's items read as the effects they are, numbered alike whether an item runs in
  /// a task of its own (the cancellable one) or in the concatenation's task (the plain ones).
  @Test func aConcatenationReadsAsItsItemsInTurn() async {
    let executor = TestExecutor()
    let trace = StoreTraceBuffer(capacity: 100)
    let clock = executor.clock
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], String> { state, action in
        state.append(action)
        guard action == "start" else { return .none }
        return .concatenate(
          .run { send in await send("a") },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send("b")
          }
          .cancellable(id: "b"),
          .run { send in await send("c") })
      },
      executor: executor.makeTestStoreExecutor(), trace: trace)
    await send("start", to: store, on: executor)
    executor.advance(by: .seconds(1))
    #expect(store.currentState == ["start", "a", "b", "c"])
    #expect(
      trace.events.map(\.description) == [
        "#1 action start from send",
        "#2 effect 1 started (concatenate) by start",
        "#3 effect 4 started (run at ActorStoreTestingTests/TraceTests.swift:115) by start via effect 1",
        "#4 action a from effect 4",
        "#5 effect 4 finished",
        "#6 effect 6 started (run at ActorStoreTestingTests/TraceTests.swift:116) by start via effect 1 ids [b]",
        "#7 action b from effect 6",
        "#8 effect 6 finished",
        "#9 effect 8 started (run at ActorStoreTestingTests/TraceTests.swift:121) by start via effect 1",
        "#10 action c from effect 8",
        "#11 effect 8 finished",
        "#12 effect 1 finished",
      ])
  }

  @Test func removingAnElementNamesItAsTheCause() async {
    let executor = TestExecutor()
    let trace = StoreTraceBuffer()
    let store = Store(
      initialState: TimerList.State(), reducer: TimerList(clock: executor.clock),
      executor: executor.makeTestStoreExecutor(), trace: trace)
    await send(.add(7), to: store, on: executor)
    executor.advance(by: .seconds(1))
    await send(.remove(7), to: store, on: executor)
    let events = trace.events
    let start = events.compactMap { event -> StoreTraceEvent.EffectStart? in
      if case .effectStarted(let start) = event.kind { start } else { nil }
    }
    #expect(start.count == 1)
    #expect(start.first?.cancellationIDs == ["timer"])
    #expect(start.first?.scopePath.count == 1)
    #expect(start.first?.scopePath.first?.hasSuffix("[id: 7]") == true)
    let causes = events.compactMap { event -> StoreTraceEvent.CancellationCause? in
      if case .effectCancelled(_, let cause) = event.kind { cause } else { nil }
    }
    #expect(causes.count == 1)
    guard case .elementRemoved(let element)? = causes.first else {
      Issue.record("expected an element removal, got \(causes)")
      return
    }
    #expect(element.hasSuffix("[id: 7]"))
    #expect(events.last?.description == "#7 effect 3 finished")
    #expect(events[5].description == #"#6 effect 3 cancelled: removal of \State.rows[id: 7]"#)
    #expect(events[3].description.hasSuffix("RowAction.tick)) from effect 3"))
  }

  /// Random sends, clock moves, cancels and releases under seeded schedules: the trace is
  /// always consistent with itself and with what the reducer saw.
  @Test func traceIsConsistentOverThousandsOfSeededRuns() async {
    // Random plans cancel IDs before any effect used them: expected warnings, not failures.
    await IssueReporting.withReporter(ErrorsOnly()) {
      for seed in UInt64(1)...2_000 { await traceOneSeededRun(seed) }
    }
  }

  private func traceOneSeededRun(_ seed: UInt64) async {
    do {
      var random = SeededGenerator(seed: seed)
      let executor = TestExecutor(ordering: .seeded(seed))
      let trace = StoreTraceBuffer(capacity: 10_000)
      var store: Store<Loader.State, Loader.Action>? = Store(
        initialState: Loader.State(), reducer: Loader(clock: executor.clock), executor: executor.makeTestStoreExecutor(),
        trace: trace)
      var tasks: [StoreTask] = []
      for _ in 0..<12 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: tasks.append(await send(.start, to: store!, on: executor))
        case 1: await send(.stop, to: store!, on: executor)
        case 2: tasks.append(await send(.stubborn, to: store!, on: executor))
        case 3: await send(.stopStubborn, to: store!, on: executor)
        case 4: executor.advance(by: .milliseconds(Int.random(in: 100...1_500, using: &random)))
        default: await tasks.randomElement(using: &random)?.cancel()
        }
      }
      if Bool.random(using: &random) { executor.runToCompletion() }
      let reduced = store!.currentState.log.count
      store = nil
      executor.runToCompletion()
      checkConsistency(trace.events, reduced: reduced, seed: seed)
    }
  }

  private func checkConsistency(_ events: [StoreTraceEvent], reduced: Int, seed: UInt64) {
    #expect(events.map(\.sequence) == Array(1...UInt64(events.count)), "seed \(seed)")
    var started: Set<UInt64> = []
    var cancelled: Set<UInt64> = []
    var finished: Set<UInt64> = []
    var received = 0
    for event in events {
      switch event.kind {
      case .actionReceived(_, .effect(let effect)):
        received += 1
        #expect(started.contains(effect) && !cancelled.contains(effect), "seed \(seed): \(event)")
      case .actionReceived:
        received += 1
      case .effectStarted(let start):
        #expect(started.insert(start.effect).inserted, "seed \(seed): \(event)")
      case .effectCancelled(let effect, _):
        #expect(started.contains(effect) && !finished.contains(effect), "seed \(seed): \(event)")
        #expect(cancelled.insert(effect).inserted, "seed \(seed): \(event)")
      case .effectFinished(let effect):
        #expect(started.contains(effect), "seed \(seed): \(event)")
        #expect(finished.insert(effect).inserted, "seed \(seed): \(event)")
      case .actionDropped(_, .effectCancelled(let effect)):
        #expect(cancelled.contains(effect), "seed \(seed): \(event)")
      case .actionDropped, .unusedIDCancelled:
        break
      }
    }
    #expect(finished == started, "seed \(seed): every started effect finishes")
    #expect(received == reduced, "seed \(seed): one received event per reduced action")
  }
}

/// Fails the test on errors; ignores warnings.
private struct ErrorsOnly: IssueReporter {
  func report(_ issue: RuntimeIssue) {
    if issue.severity == .error { Issue.record("\(issue)") }
  }
}
