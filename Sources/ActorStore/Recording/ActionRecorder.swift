// JSON for any Codable action. Only this file uses Foundation, and only while recording.
import Foundation

/// Records every action a reducer receives, in order, as JSON Lines, so that a run can be
/// replayed into a test (`ActionRecording` in `ActorStoreTesting`) to reproduce its states.
///
/// The action type must be `Codable`: ``Reducer/record(to:)`` only exists for such reducers,
/// so a feature whose actions are not gets a compile-time error there, not a broken file.
///
/// ```swift
/// let recorder = ActionRecorder<Counter.Action>(path: "/tmp/counter.actions.jsonl")
/// let store = Store(initialState: Counter.State(), reducer: Counter().record(to: recorder))
/// ```
///
/// The first line names the action type; each further line is one action. Every action the
/// reducer reduces is recorded, including those its own ``Effect/send(_:)`` effects produced;
/// a replay therefore runs the reducer with its effects turned off, and reduces each action
/// exactly once, in the recorded order.
///
/// Lines are written synchronously, on the store's executor, one `write` per action: record
/// during development, not in production. A file that cannot be opened or written, or an
/// action that fails to encode, is reported as an issue; the store keeps running and
/// ``failedCount`` counts what is missing.
public final class ActionRecorder<Action: Codable & Sendable>: Sendable {
  private let output: Locked<Output>

  private struct Output: ~Copyable {
    /// `nil` for a recorder keeping its lines in memory, or one whose file failed to open.
    var descriptor: Int32?
    var closesDescriptor = false
    var name: String
    var memory: [String]?
    var recorded = 0
    var failed = 0
    var reportedWriteFailure = false
  }

  /// The header line: a marker, a version and the action type, checked by replays.
  static var header: String {
    #"{"actorstore-recording":1,"action":\#(jsonString(String(reflecting: Action.self)))}"#
  }

  /// Records into memory; read the lines with ``jsonLines``.
  public init() {
    output = Locked(Output(descriptor: nil, name: "memory", memory: [Self.header]))
  }

  /// Records into the file at `path`, created or truncated.
  /// - Parameters:
  ///   - path: The file's path.
  ///   - fileID: The call site, for the issue raised when the file cannot be opened.
  ///   - filePath: The call site, for the issue raised when the file cannot be opened.
  ///   - line: The call site, for the issue raised when the file cannot be opened.
  ///   - column: The call site, for the issue raised when the file cannot be opened.
  public init(
    path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    var output = Output(descriptor: nil, name: path)
    switch FileOutput.create(path) {
    case .failure(let error):
      reportIssue(
        "ActionRecorder cannot open \(path) for writing (\(error)); nothing will be recorded.",
        fileID: fileID, filePath: filePath, line: line, column: column)
    case .success(let opened):
      output.descriptor = opened
      output.closesDescriptor = true
      if let problem = FileOutput.write(Self.header + "\n", to: opened, name: path) {
        output.failed += 1
        output.reportedWriteFailure = true
        reportIssue(
          "ActionRecorder cannot write \(path): \(problem); nothing will be recorded.",
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    self.output = Locked(output)
  }

  deinit {
    output.withLock { output in
      if output.closesDescriptor, let descriptor = output.descriptor { FileOutput.close(descriptor) }
    }
  }

  /// The recording so far, header first, for a recorder made with ``init()``; empty for one
  /// writing a file.
  public var jsonLines: String {
    output.withLock { output in output.memory.map { $0.joined(separator: "\n") + "\n" } ?? "" }
  }

  /// Actions recorded so far.
  public var recordedCount: Int { output.withLock { $0.recorded } }

  /// Actions that could not be encoded or written.
  public var failedCount: Int { output.withLock { $0.failed } }

  /// Appends `action`; reports (and counts) an encoding or write failure.
  func record(_ action: Action) {
    let line: String
    do {
      let data = try JSONEncoder().encode(action)
      line = String(decoding: data, as: UTF8.self)
    } catch {
      let position = output.withLock { output in
        output.failed += 1
        return output.recorded + 1
      }
      reportIssue(
        """
        ActionRecorder could not encode \(action) (\(error)); it is missing from the recording, \
        whose replay will diverge after action \(position).
        """)
      return
    }
    let problem = output.withLock { output -> String? in
      if output.memory != nil {
        output.memory!.append(line)
        output.recorded += 1
        return nil
      }
      guard let descriptor = output.descriptor else {
        output.failed += 1
        return nil
      }
      if let problem = FileOutput.write(line + "\n", to: descriptor, name: output.name) {
        output.failed += 1
        guard !output.reportedWriteFailure else { return nil }
        output.reportedWriteFailure = true
        return problem.description
      }
      output.recorded += 1
      return nil
    }
    if let problem {
      reportIssue(
        "ActionRecorder cannot write the recording: \(problem). The store keeps running; failedCount counts the lost actions.")
    }
  }

  private static func jsonString(_ text: String) -> String { JSONObject.quoted(text) }
}

extension Reducer where Action: Codable {
  /// Records every action this reducer receives into `recorder`, for replay in a test.
  /// - Parameter recorder: Where the actions go.
  /// - Returns: The recording reducer.
  public func record(to recorder: ActionRecorder<Action>) -> ActionRecordingReducer<Self> {
    ActionRecordingReducer(base: self, recorder: recorder)
  }
}

/// The reducer ``Reducer/record(to:)`` returns.
public struct ActionRecordingReducer<Base: Reducer>: Reducer where Base.Action: Codable {
  let base: Base
  let recorder: ActionRecorder<Base.Action>

  /// Records the action, then runs the base reducer.
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The base reducer's effect.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    recorder.record(action)
    return base.reduce(into: &state, action: action)
  }
}
