import ActorStore
import Testing

/// `.none`, `.send`, `.run`, `.merge`, `.concatenate`, `.map` and error handling.
@Suite(.timeLimit(.minutes(10)))
struct EffectTests {
  struct State: Equatable, Sendable {
    var log: [String] = []
  }

  enum Inner: Equatable, Sendable {
    case ping(Int)
  }

  enum Action: Equatable, Sendable {
    case noEffect
    case chainStart, chainB, chainC, chainD
    case runThenSend, fromSend, fromEffect
    case mergeBothWaiting
    case concatenateThree
    case mapped(Inner)
    case mapInner
    case mapCancellable, mapCancel
    case throwWithCatch, throwWithoutCatch, throwCancellationWithCatch
    case failed(String)
    case runSending
    /// A concatenation of an effect waiting on the first latch and a `.send(.fromSend)`.
    case concatenateRunThenSend
    /// An effect that sends `.chainStart` and records `send returned` afterwards.
    case runSendingAChain
  }

  /// - Parameter latches: `.mergeBothWaiting` uses both; the concatenations wait on the first.
  static func reducer(probe: Probe, latches: (Latch, Latch)) -> Reduce<State, Action> {
    Reduce { state, action in
      if case .mapped(let inner) = action {
        state.log.append("mapped \(inner)")
      } else {
        state.log.append("\(action)")
      }
      switch action {
      case .chainD:
        probe.record("chainD reduced")
        return .none
      case .concatenateRunThenSend:
        let gate = latches.0
        return .concatenate(
          .run { _ in
            probe.record("run started")
            await gate.wait()
            probe.record("run finished")
          },
          .send(.fromSend))
      case .runSendingAChain:
        return .run { send in
          await send(.chainStart)
          probe.record("send returned")
        }
      case .noEffect, .chainC, .fromSend, .fromEffect, .mapped, .failed:
        return .none
      case .mapCancel:
        return .cancel(id: "mapped")
      case .chainStart:
        return .merge(.send(.chainB), .send(.chainC))
      case .chainB:
        return .send(.chainD)
      case .runThenSend:
        // The run effect comes first, yet the `.send` must be processed before its output.
        return .merge(.run { send in await send(.fromEffect) }, .send(.fromSend))
      case .mergeBothWaiting:
        let (first, second) = latches
        return .merge(
          .run { _ in
            first.open()
            await second.wait()
            probe.record("first finished")
          },
          .run { _ in
            second.open()
            await first.wait()
            probe.record("second finished")
          })
      case .concatenateThree:
        let gate = latches.0
        return .concatenate(
          .run { _ in
            probe.record("start 1")
            await gate.wait()
            probe.record("end 1")
          },
          .run { _ in
            probe.record("start 2")
            probe.record("end 2")
          },
          .run { _ in probe.record("start 3") })
      case .mapInner:
        let inner = Effect<Inner>.merge(.send(.ping(1)), .run { send in await send(.ping(2)) })
        return inner.map { .mapped($0) }
      case .mapCancellable:
        let inner = Effect<Inner>.run { send in
          probe.record("mapped started")
          await suspendUntilCancelled()
          probe.record("mapped cancelled")
          await send(.ping(99))
        }
        return inner.cancellable(id: "mapped").map { .mapped($0) }
      case .throwWithCatch:
        return .run { _ in throw TestFailure(code: 7) } catch: { error, send in await send(.failed("\(error)")) }
      case .throwWithoutCatch:
        return .run { _ in throw TestFailure(code: 42) }
      case .throwCancellationWithCatch:
        return .run { _ in throw CancellationError() } catch: { error, send in await send(.failed("\(error)")) }
      case .runSending:
        return .run { send in await send(.fromEffect) }
      }
    }
  }

  static func makeStore(probe: Probe = Probe(), latches: (Latch, Latch) = (Latch(), Latch())) -> Store<State, Action> {
    Store(initialState: State(), reducer: reducer(probe: probe, latches: latches))
  }

  @Test func noneStartsNothing() async {
    let store = Self.makeStore()
    let task = await store.send(.noEffect)
    #expect(store.inFlightEffectCount == 0)
    #expect(store.cancellationIndexCount == 0)
    #expect(task.hasFinished)
    #expect(!task.isCancelled)
    await task.finish()
    #expect(await store.state.log == ["noEffect"])
  }

  @Test func sendIsProcessedBeforeSendReturnsInFIFOOrderAcrossChains() async {
    let store = Self.makeStore()
    let task = await store.send(.chainStart)
    // a → [b, c], b → d: the queue is FIFO, so d comes after c.
    #expect(store.currentState.log == ["chainStart", "chainB", "chainC", "chainD"])
    #expect(await store.state.log == ["chainStart", "chainB", "chainC", "chainD"])
    #expect(task.hasFinished)
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func sendComesBeforeAnyEffectOutput() async {
    let store = Self.makeStore()
    await store.send(.runThenSend).finish()
    #expect(await store.state.log == ["runThenSend", "fromSend", "fromEffect"])
  }

  @Test func sendInsideAConcatenateWaitsForThePrecedingItems() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, latches: (gate, Latch()))
    let task = await store.send(.concatenateRunThenSend)
    await probe.wait(for: "run started")
    #expect(store.currentState.log == ["concatenateRunThenSend"])
    gate.open()
    await task.finish()
    #expect(await store.state.log == ["concatenateRunThenSend", "fromSend"])
    #expect(probe.events == ["run started", "run finished"])
  }

  @Test func anEffectsSendReturnsAfterTheActionAndItsChainWereProcessed() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    await store.send(.runSendingAChain).finish()
    #expect(probe.events == ["chainD reduced", "send returned"])
    #expect(await store.state.log == ["runSendingAChain", "chainStart", "chainB", "chainC", "chainD"])
  }

  @Test func aSendIsOneWord() {
    // Operations hold their `Send` across suspensions: a wider one makes every effect's frame
    // larger (see Architecture, "Memory").
    #expect(MemoryLayout<Send<Action>>.size == MemoryLayout<Int>.size)
  }

  @Test func aSendMadeFromAClosureDeliversUntilItsTaskIsCancelled() async {
    let received = Locked<[Int]>([])
    let send = Send<Int> { value in received.withLock { $0.append(value) } }
    await send(1)
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await send(2)
    }
    await cancelled.value
    await send(3)
    #expect(received.withLock { $0 } == [1, 3])
  }

  @Test func runDeliversItsActionsAndFinishWaitsForThem() async {
    let store = Self.makeStore()
    let task = await store.send(.runSending)
    await task.finish()
    #expect(task.hasFinished)
    #expect(await store.state.log == ["runSending", "fromEffect"])
    // The snapshot follows actions sent by effects too.
    #expect(store.currentState.log == ["runSending", "fromEffect"])
    #expect(store.inFlightEffectCount == 0)
  }

  /// Main-actor state an effect's operation touches between its sends.
  @MainActor final class MainActorSteps {
    var steps: [String] = []
  }

  @Test func anEffectIsolatedToTheMainActorDeliversAndResumesThere() async {
    let steps = MainActorSteps()
    let store = Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        state.log.append("\(action)")
        guard action == .runSending else { return .none }
        // The delivery hops from the main actor onto the store and back after each send.
        return .run { @MainActor send in
          steps.steps.append("before")
          await send(.fromEffect)
          steps.steps.append("between")
          await send(.fromSend)
          steps.steps.append("after")
        }
      })
    await store.send(.runSending).finish()
    #expect(await store.state.log == ["runSending", "fromEffect", "fromSend"])
    #expect(await steps.steps == ["before", "between", "after"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func mergeRunsEffectsConcurrently() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    // Each effect waits for the other to have started: run one after the other, they would
    // never finish.
    await store.send(.mergeBothWaiting).finish()
    #expect(Set(probe.events) == ["first finished", "second finished"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let probe = Probe()
    let gate = Latch()
    let store = Self.makeStore(probe: probe, latches: (gate, Latch()))
    let task = await store.send(.concatenateThree)
    await probe.wait(for: "start 1")
    #expect(!task.hasFinished)
    gate.open()
    await task.finish()
    #expect(probe.events == ["start 1", "end 1", "start 2", "end 2", "start 3"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func mapTransformsEveryActionOfTheEffect() async {
    let store = Self.makeStore()
    await store.send(.mapInner).finish()
    #expect(await store.state.log == ["mapInner", "mapped ping(1)", "mapped ping(2)"])
  }

  @Test func mapKeepsTheEffectCancellable() async {
    let probe = Probe()
    let store = Self.makeStore(probe: probe)
    let task = await store.send(.mapCancellable)
    await probe.wait(for: "mapped started")
    await store.send(.mapCancel)
    await task.finish()
    #expect(probe.events == ["mapped started", "mapped cancelled"])
    #expect(await store.state.log == ["mapCancellable", "mapCancel"])
  }

  @Test func errorGoesToCatchWhichCanSend() async throws {
    let store = Self.makeStore()
    let issues = await capturingIssues {
      await store.send(.throwWithCatch).finish()
    }
    #expect(issues.all.isEmpty)
    #expect(await store.state.log == ["throwWithCatch", "failed(\"TestFailure-7\")"])
  }

  @Test func errorWithoutCatchIsReportedAndTheStoreKeepsWorking() async {
    let store = Self.makeStore()
    let issues = await capturingIssues {
      await store.send(.throwWithoutCatch).finish()
    }
    #expect(issues.all.count == 1)
    #expect(issues.messages.first?.contains("TestFailure-42") == true)
    #expect(issues.all.first?.severity == .error)
    // The store still reduces actions and runs effects.
    await store.send(.runSending).finish()
    #expect(await store.state.log == ["throwWithoutCatch", "runSending", "fromEffect"])
    #expect(store.inFlightEffectCount == 0)
  }

  @Test func cancellationErrorIsSilentAndSkipsCatch() async {
    let store = Self.makeStore()
    let issues = await capturingIssues {
      await store.send(.throwCancellationWithCatch).finish()
    }
    #expect(issues.all.isEmpty)
    #expect(await store.state.log == ["throwCancellationWithCatch"])
    await store.send(.runSending).finish()
    #expect(await store.state.log == ["throwCancellationWithCatch", "runSending", "fromEffect"])
  }

  enum PriorityAction: Equatable, Sendable {
    /// Starts an effect that reports its task's priority, created at `priority` if given.
    case start(priority: UInt8?)
    case observed(UInt8)
  }

  /// `.run(priority:)` creates the effect's task at that priority; `.run { }` (the overload
  /// without one) inherits the priority of the task that sent the action.
  @Test func anEffectRunsAtItsPriorityOrInheritsTheSenders() async {
    let store = Store(
      initialState: [UInt8](),
      reducer: Reduce<[UInt8], PriorityAction> { state, action in
        switch action {
        case .start(let priority?):
          return .run(priority: TaskPriority(rawValue: priority)) { send in
            await send(.observed(Task.currentPriority.rawValue))
          }
        case .start(nil):
          return .run { send in await send(.observed(Task.currentPriority.rawValue)) }
        case .observed(let priority):
          state.append(priority)
          return .none
        }
      })
    await store.send(.start(priority: TaskPriority.low.rawValue)).finish()
    await Task(priority: .high) { await store.send(.start(priority: nil)).finish() }.value
    #expect(await store.state == [TaskPriority.low.rawValue, TaskPriority.high.rawValue])
  }
}
