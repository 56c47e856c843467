// JSON for any Codable action, and reading the recording's file.
import Foundation

/// A recording made by `ActionRecorder`, read back for replay: a bug seen in a run becomes a
/// test.
///
/// ```swift
/// @Test func theBugFromMondaysRun() async throws {
///   let recording = try ActionRecording<Counter.Action>(contentsOfFile: "Fixtures/monday.actions.jsonl")
///   let states = await recording.replay(from: Counter.State(), reducer: Counter())
///   #expect(states.last?.count == 3)
/// }
/// ```
///
/// The action type must be `Decodable`. Reading checks the header (a recording of another
/// feature is refused at line 1) and every line; a truncated file or a line that does not
/// decode throws an ``ActionRecordingError`` naming the line.
public struct ActionRecording<Action: Decodable & Sendable>: Sendable {
  /// The recorded actions, in order.
  public let actions: [Action]

  /// Reads a recording file.
  /// - Parameter path: The file's path.
  /// - Throws: ``ActionRecordingError`` naming the file and line.
  public init(contentsOfFile path: String) throws(ActionRecordingError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ActionRecordingError(source: path, line: 0, message: "the recording cannot be read (\(error.localizedDescription))")
    }
    try self.init(jsonLines: String(decoding: data, as: UTF8.self), source: path)
  }

  /// Reads a recording from its text, e.g. `ActionRecorder.jsonLines`.
  /// - Parameters:
  ///   - text: The JSON Lines text, header first.
  ///   - source: What to call the recording in errors.
  /// - Throws: ``ActionRecordingError`` naming the line.
  public init(jsonLines text: String, source: String = "recording") throws(ActionRecordingError) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let endsWithBreak = lines.last == ""
    if endsWithBreak { lines.removeLast() }
    guard let header = lines.first, !header.isEmpty else {
      throw ActionRecordingError(source: source, line: 1, message: "the recording is empty: expected its header")
    }
    let expected = String(reflecting: Action.self)
    guard let fields = try? JSONDecoder().decode(Header.self, from: Data(header.utf8)) else {
      throw ActionRecordingError(
        source: source, line: 1, message: "not an ActorStore recording header (got \(header.prefix(80)))")
    }
    guard fields.version == 1 else {
      throw ActionRecordingError(
        source: source, line: 1, message: "recording format version \(fields.version); this ActorStore reads version 1")
    }
    guard fields.action == expected else {
      throw ActionRecordingError(
        source: source, line: 1, message: "the recording comes from another feature: it holds \(fields.action), not \(expected)")
    }
    var actions: [Action] = []
    actions.reserveCapacity(lines.count - 1)
    let decoder = JSONDecoder()
    for (offset, line) in lines.enumerated().dropFirst() {
      do {
        actions.append(try decoder.decode(Action.self, from: Data(line.utf8)))
      } catch {
        let isLast = offset == lines.count - 1
        let message =
          isLast && !endsWithBreak
          ? "the recording is truncated: its last line ends mid-action (\(line.prefix(80)))"
          : "the line does not decode as \(expected): \(Self.reason(error)) (got \(line.prefix(80)))"
        throw ActionRecordingError(source: source, line: offset + 1, message: message)
      }
    }
    self.actions = actions
  }

  /// Sends every recorded action, in order, to a store running `reducer` with its effects
  /// turned off, on `executor`; returns the state after each action.
  ///
  /// Effects are off because the recording already holds every action they produced, where it
  /// was reduced: the replay reduces each action exactly once, so the states match the
  /// recorded run's, action for action.
  /// - Parameters:
  ///   - initialState: The state the recorded store started from.
  ///   - reducer: The feature's reducer (without `record(to:)`).
  ///   - executor: The executor to run on; a new FIFO one by default.
  /// - Returns: The state after each recorded action.
  public func replay<R: Reducer>(
    from initialState: R.State, reducer: R, executor: TestExecutor = TestExecutor()
  ) async -> [R.State] where R.Action == Action {
    let store = Store(initialState: initialState, reducer: EffectsOff(base: reducer), executor: executor.makeStoreExecutor())
    var states: [R.State] = []
    states.reserveCapacity(actions.count)
    for action in actions {
      let task = Task(executorPreference: executor) { await store.send(action) }
      executor.runUntilIdle()
      _ = await task.value
      states.append(store.currentState)
    }
    return states
  }

  private struct Header: Decodable {
    let version: Int
    let action: String

    enum CodingKeys: String, CodingKey {
      case version = "actorstore-recording"
      case action
    }
  }

  /// The decoding error's own words, without Foundation's wrapping.
  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
    @unknown default:
      return "\(error)"
    }
  }
}

/// A recording that cannot be replayed: where and why.
public struct ActionRecordingError: Error, Equatable, CustomStringConvertible {
  /// The file's path, or the name given for an in-memory recording.
  public let source: String
  /// The offending line, from 1 (0 when the file cannot be read at all).
  public let line: Int
  /// What is wrong with it.
  public let message: String

  /// `source:line: message`.
  public var description: String { "\(source):\(line): \(message)" }
}

/// Runs a reducer and discards its effects, for replays.
private struct EffectsOff<Base: Reducer>: Reducer {
  let base: Base

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    _ = base.reduce(into: &state, action: action)
    return .none
  }
}
