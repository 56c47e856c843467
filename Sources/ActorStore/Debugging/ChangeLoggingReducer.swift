extension Reducer {
  /// Logs every action this reducer receives and a line diff of the state it changed.
  ///
  /// An action that leaves the state as it was logs one line saying so. Each entry is written
  /// with one call to `output`, so entries of concurrent stores never interleave. Rendering
  /// reflects the whole state twice per action: meant for development builds (leave it out of
  /// release builds, where it costs nothing because it is not there).
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State(), reducer: Counter().logChanges())
  /// ```
  /// - Parameters:
  ///   - output: Where entries go; standard error by default.
  ///   - context: Unchanged lines kept around each changed one; longer unchanged runs collapse
  ///     into one `… N unchanged lines` line.
  /// - Returns: The logging reducer.
  public func logChanges(to output: ChangeLogOutput = .standardError, context: Int = 3) -> ChangeLoggingReducer<Self> {
    ChangeLoggingReducer(base: self, output: output, context: max(0, context))
  }
}

/// Where ``Reducer/logChanges(to:context:)`` writes its entries.
public struct ChangeLogOutput: Sendable {
  let write: @Sendable (String) -> Void

  /// Writes each entry with a closure.
  /// - Parameter write: Receives one entry (several lines, ending in a line break) at a time,
  ///   on the store's executor: it must not block.
  public init(_ write: @escaping @Sendable (_ entry: String) -> Void) { self.write = write }

  /// Standard error, unbuffered.
  public static var standardError: Self { Self { StandardError.emit($0) } }
}

/// The reducer ``Reducer/logChanges(to:context:)`` returns.
public struct ChangeLoggingReducer<Base: Reducer>: Reducer {
  let base: Base
  let output: ChangeLogOutput
  let context: Int

  /// Runs the base reducer and logs the action and the state change.
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The base reducer's effect.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = StateDump.lines(of: state)
    let effect = base.reduce(into: &state, action: action)
    let after = StateDump.lines(of: state)
    output.write(Self.entry(action: action, before: before, after: after, context: context))
    return effect
  }

  /// One log entry: the action, then the diff or "no state change".
  static func entry(action: Base.Action, before: [String], after: [String], context: Int) -> String {
    let head = "received action: \(action)"
    guard before != after else { return head + "\n  (no state change)\n" }
    let diff = LineDiff.render(expected: before, actual: after, context: context)
    return head + "\n" + diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
      + "\n"
  }
}
