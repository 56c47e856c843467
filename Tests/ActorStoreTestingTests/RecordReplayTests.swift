import ActorStoreTesting
import FavouriteCharacters
import Foundation
import Testing

/// The states a ``StateTap`` saw.
private final class StateLog<State: Sendable>: Sendable {
  private let states = Locked<[State]>([])
  func append(_ state: State) { states.withLock { $0.append(state) } }
  var all: [State] { states.withLock { $0 } }
}

/// Runs a reducer and keeps the state after each action.
private struct StateTap<Base: Reducer>: Reducer {
  let base: Base
  let states: StateLog<Base.State>

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    states.append(state)
    return effect
  }
}

/// Collects issues.
private final class Issues: IssueReporter {
  private let issues = Locked<[RuntimeIssue]>([])
  func report(_ issue: RuntimeIssue) { issues.withLock { $0.append(issue) } }
  var messages: [String] { issues.withLock { $0.map(\.message) } }
}

/// An action that JSONEncoder refuses (non-finite numbers) or accepts.
private enum Measurement: Codable, Sendable, Equatable { case value(Double) }

@Suite struct RecordReplayTests {
  private static func client(clock: TestClock) -> CharactersClient {
    CharactersClient(
      loadCharacters: {
        try await clock.sleep(for: .seconds(1))
        return (1...12).map { Character(id: $0, name: "Character \($0)") }
      },
      loadImage: { id in
        try await clock.sleep(for: .milliseconds(300 * (id % 4 + 1)))
        return "image-\(id)"
      })
  }

  /// A replay must not run effects: its client fails the test if called.
  private static let replayClient = CharactersClient(
    loadCharacters: {
      Issue.record("the replay ran an effect")
      return []
    },
    loadImage: { _ in
      Issue.record("the replay ran an effect")
      return ""
    })

  /// Drives the favourite-characters list with a seeded plan and schedule, recording it.
  private static func recordedRun(seed: UInt64) async -> (recorder: ActionRecorder<CharacterList.Action>, states: [CharacterList.State]) {
    var random = SeededGenerator(seed: seed)
    let executor = TestExecutor(ordering: .seeded(seed))
    let recorder = ActionRecorder<CharacterList.Action>()
    let states = StateLog<CharacterList.State>()
    let store = Store(
      initialState: CharacterList.State(),
      reducer: StateTap(base: CharacterList().record(to: recorder), states: states),
      executor: executor.makeTestStoreExecutor(),
      withDependencies: { $0.charactersClient = client(clock: executor.clock) })
    func send(_ action: CharacterList.Action) async {
      let task = Task(executorPreference: executor) { await store.send(action) }
      executor.runUntilIdle()
      _ = await task.value
    }
    await send(.onAppear)
    executor.advance(by: .seconds(1))
    for _ in 0..<25 {
      let ids = store.currentState.rows.ids
      guard let id = ids.randomElement(using: &random) else { break }
      switch Int.random(in: 0..<5, using: &random) {
      case 0, 1: await send(.rows(.element(id: id, action: .loadImage)))
      case 2: await send(.rows(.element(id: id, action: .toggleFavouriteTapped)))
      case 3: await send(.rows(.element(id: id, action: .swipedToDelete)))
      default: executor.advance(by: .milliseconds(Int.random(in: 50...900, using: &random)))
      }
    }
    executor.runToCompletion()
    return (recorder, states.all)
  }

  @Test func replayReproducesEveryStateOfRecordedRunsOverManySeeds() async throws {
    for seed in UInt64(1)...300 {
      let (recorder, recordedStates) = await Self.recordedRun(seed: seed)
      #expect(recorder.failedCount == 0)
      let recording = try ActionRecording<CharacterList.Action>(jsonLines: recorder.jsonLines)
      #expect(recording.actions.count == recordedStates.count, "seed \(seed)")
      let replayed = await recording.replay(from: CharacterList.State(), reducer: CharacterList().dependency(\.charactersClient, Self.replayClient))
      #expect(replayed == recordedStates, "seed \(seed)")
    }
  }

  @Test func aRecordingFileRoundTrips() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = ActionRecorder<Measurement>(path: path)
    let store = Store(initialState: 0.0, reducer: Reduce<Double, Measurement> { total, action in
      if case .value(let value) = action { total += value }
      return .none
    }.record(to: recorder))
    for value in [1.5, 2, 3.25] { await store.send(.value(value)) }
    #expect(recorder.recordedCount == 3)
    let recording = try ActionRecording<Measurement>(contentsOfFile: path)
    #expect(recording.actions == [.value(1.5), .value(2), .value(3.25)])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix(#"{"actorstore-recording":1,"action":"#))
  }

  @Test func aTruncatedRecordingNamesItsLastLine() throws {
    let text = #"{"actorstore-recording":1,"action":"\#(String(reflecting: Measurement.self))"}"# + "\n"
      + #"{"value":{"_0":1}}"# + "\n" + #"{"value":{"_0":2}}"# + "\n" + #"{"value":{"_"#
    #expect(throws: ActionRecordingError.self) { try ActionRecording<Measurement>(jsonLines: text) }
    do {
      _ = try ActionRecording<Measurement>(jsonLines: text, source: "run.jsonl")
    } catch {
      #expect(error.line == 4)
      #expect(error.description.hasPrefix("run.jsonl:4: the recording is truncated"))
    }
  }

  @Test func aRecordingOfAnotherFeatureIsRefusedAtLineOne() async throws {
    let (recorder, _) = await Self.recordedRun(seed: 7)
    do {
      _ = try ActionRecording<Measurement>(jsonLines: recorder.jsonLines)
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 1)
      #expect(error.message.contains("CharacterList.Action"))
      #expect(error.message.contains("another feature"))
    }
  }

  @Test func aBadLineInTheMiddleIsNamed() throws {
    let header = #"{"actorstore-recording":1,"action":"\#(String(reflecting: Measurement.self))"}"#
    let text = [header, #"{"value":{"_0":1}}"#, #"{"weight":{"_0":2}}"#, #"{"value":{"_0":3}}"#].joined(separator: "\n") + "\n"
    do {
      _ = try ActionRecording<Measurement>(jsonLines: text)
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 3)
      #expect(error.message.contains("does not decode"))
    }
    for bad in ["", "\n", "not json\n", #"{"actorstore-recording":2,"action":"x"}"# + "\n"] {
      #expect(throws: ActionRecordingError.self) { try ActionRecording<Measurement>(jsonLines: bad) }
    }
  }

  @Test func anUnencodableActionIsReportedCountedAndTheStoreKeepsRunning() async {
    let recorder = ActionRecorder<Measurement>()
    let issues = Issues()
    let store = Store(initialState: 0, reducer: Reduce<Int, Measurement> { count, _ in
      count += 1
      return .none
    }.record(to: recorder))
    await IssueReporting.withReporter(issues) {
      await store.send(.value(1))
      await store.send(.value(.nan))
      await store.send(.value(2))
    }
    #expect(await store.state == 3)
    #expect(recorder.recordedCount == 2)
    #expect(recorder.failedCount == 1)
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("could not encode") == true)
    #expect(issues.messages.first?.contains("after action 2") == true)
  }

  @Test func anUnwritableRecordingFileIsReported() async {
    let issues = Issues()
    let recorder = IssueReporting.withReporter(issues) {
      ActionRecorder<Measurement>(path: "/nonexistent-\(UUID().uuidString)/actions.jsonl")
    }
    let store = Store(initialState: 0, reducer: Reduce<Int, Measurement> { count, _ in
      count += 1
      return .none
    }.record(to: recorder))
    await store.send(.value(1))
    #expect(await store.state == 1)
    #expect(issues.messages.first?.contains("cannot open") == true)
    #expect(recorder.failedCount == 1)
  }
}
