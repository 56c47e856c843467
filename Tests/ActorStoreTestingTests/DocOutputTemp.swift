import ActorStoreTesting
import Foundation
import Testing

struct DocCounter: Reducer {
  struct State: Equatable, Sendable { var count = 0; var fact: String? }
  enum Action: Equatable, Sendable, Codable { case increment, factTapped, factLoaded(String), cancelFact }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .factTapped:
      return .run { [count = state.count] send in
        await send(.factLoaded("\(count) is a good number"))
      }
      .cancellable(id: "fact", cancelInFlight: true)
    case .factLoaded(let fact):
      state.fact = fact
      return .none
    case .cancelFact:
      return .cancel(id: "fact")
    }
  }
}

@Suite struct DocOutputTemp {
  @Test func generate() async throws {
    let log = Locked<[String]>([])
    let trace = StoreTraceBuffer(capacity: 256)
    let store = Store(initialState: DocCounter.State(), reducer: DocCounter().logChanges(to: ChangeLogOutput { e in log.withLock { $0.append(e) } }), trace: trace)
    await store.send(.increment)
    await store.send(.factTapped).finish()
    let task = await store.send(.factTapped)
    task.cancel()
    await task.finish()
    await store.send(.cancelFact)
    try log.withLock { $0.joined() }.write(toFile: "/tmp/observe-doc/changes.txt", atomically: true, encoding: .utf8)
    try trace.events.map(\.description).joined(separator: "\n").write(toFile: "/tmp/observe-doc/trace.txt", atomically: true, encoding: .utf8)
    try trace.events.map(\.jsonLine).joined(separator: "\n").write(toFile: "/tmp/observe-doc/trace.jsonl", atomically: true, encoding: .utf8)
    let recorder = ActionRecorder<DocCounter.Action>()
    let recorded = Store(initialState: DocCounter.State(), reducer: DocCounter().record(to: recorder))
    await recorded.send(.increment)
    await recorded.send(.factTapped).finish()
    try recorder.jsonLines.write(toFile: "/tmp/observe-doc/recording.jsonl", atomically: true, encoding: .utf8)
    let replayed = await try ActionRecording<DocCounter.Action>(jsonLines: recorder.jsonLines).replay(from: DocCounter.State(), reducer: DocCounter())
    try "\(replayed)".write(toFile: "/tmp/observe-doc/replayed.txt", atomically: true, encoding: .utf8)
    do { _ = try ActionRecording<DocCounter.Action>(jsonLines: String(recorder.jsonLines.dropLast(4)), source: "counter.actions.jsonl") } catch { try "\(error)".write(toFile: "/tmp/observe-doc/err1.txt", atomically: true, encoding: .utf8) }
    do { _ = try ActionRecording<TimerList.Action>(jsonLines: recorder.jsonLines, source: "counter.actions.jsonl") } catch { try "\(error)".write(toFile: "/tmp/observe-doc/err2.txt", atomically: true, encoding: .utf8) }
  }
}
