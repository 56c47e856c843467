import ActorStoreTesting
import Testing

/// A settings screen as TCA's case studies write it: an effect calls a main-actor dependency
/// (opening the system settings, pinging through a socket) and reports back.
struct SettingsLink: Reducer {
  struct State: Equatable, Sendable { var pings = 0 }
  enum Action: Equatable, Sendable { case openTapped, pingTapped, pinged, ticked }

  let openSettings: @MainActor @Sendable () async -> Void
  let sendPing: @MainActor @Sendable () async -> Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .openTapped:
      return .run { _ in await openSettings() }
    case .pingTapped:
      return .run { send in
        _ = await sendPing()
        await send(.pinged)
        let ticks = await MainActor.run { 2 }
        for _ in 0..<ticks { await send(.ticked) }
      }
    case .pinged:
      state.pings += 1
      return .none
    case .ticked:
      return .none
    }
  }
}

@MainActor final class MainActorRecorder {
  var events: [String] = []
}

@MainActor @Suite struct MainActorEffectWorkTests {
  func makeStore(_ recorder: MainActorRecorder, executor: TestExecutor) -> TestStore<SettingsLink.State, SettingsLink.Action> {
    TestStore(
      initialState: SettingsLink.State(),
      reducer: SettingsLink(
        openSettings: { @MainActor in recorder.events.append("open settings") },
        sendPing: { @MainActor in
          recorder.events.append("ping")
          return 1
        }),
      executor: executor)
  }

  @Test(arguments: [false, true])
  func aMainActorDependencyInAnEffectRunsBeforeFinishReturns(mainActorStores: Bool) async {
    let recorder = MainActorRecorder()
    let store = makeStore(recorder, executor: TestExecutor(mainActorStores: mainActorStores))
    let task = await store.send(.openTapped)
    await task.finish()
    #expect(recorder.events == ["open settings"])
    await store.finish()
  }

  @Test(arguments: [false, true])
  func actionsSentAfterMainActorWorkAreReceived(mainActorStores: Bool) async {
    let recorder = MainActorRecorder()
    let store = makeStore(recorder, executor: TestExecutor(mainActorStores: mainActorStores))
    await store.send(.pingTapped)
    await store.receive(.pinged) { $0.pings = 1 }
    await store.receive(.ticked)
    await store.receive(.ticked)
    #expect(recorder.events == ["ping"])
    await store.finish()
  }

  /// One order over 1 000 runs, with seeded executors and several effects hopping to the main
  /// actor at once.
  @Test func mainActorWorkInEffectsRunsInOneOrderOver1000Runs() async {
    func run() async -> [String] {
      let recorder = MainActorRecorder()
      let store = makeStore(recorder, executor: TestExecutor(ordering: .seeded(3)))
      store.exhaustivity = .off
      await store.send(.pingTapped)
      await store.send(.openTapped)
      await store.send(.pingTapped)
      await store.skipReceivedActions()
      await store.finish()
      return recorder.events
    }
    let first = await run()
    #expect(first.count == 3)
    for _ in 0..<1_000 { #expect(await run() == first) }
  }
}

/// The same from a test that is not on the main actor.
@Suite struct NonisolatedMainActorEffectWorkTests {
  @Test func aMainActorDependencyRunsBeforeFinishReturnsOffTheMainActor() async {
    let recorder = MainActorRecorder()
    let store = TestStore(
      initialState: SettingsLink.State(),
      reducer: SettingsLink(
        openSettings: { @MainActor in recorder.events.append("open settings") },
        sendPing: { @MainActor in 1 }))
    await store.send(.pingTapped)
    await store.receive(.pinged) { $0.pings = 1 }
    await store.receive(.ticked)
    await store.receive(.ticked)
    await store.send(.openTapped).finish()
    #expect(await recorder.events == ["open settings"])
  }
}
