import ActorStore

/// The writing timer, pushed from a note's screen: a stopwatch for a writing session. While it
/// runs, each second counts toward the session and toward the note's total writing time, which
/// it adds to the shared notes in place (the note's screen and the list see it at once, and it is
/// saved with the notes). Pausing keeps the session's time; resetting starts a new session;
/// leaving the screen stops the timer (its effect is cancelled with the presentation).
public struct WritingTimer: Reducer {
  public struct State: Equatable, Sendable {
    /// The note being written.
    public let noteID: Note.ID
    /// The notebook's notes, shared with the list and the note's screen.
    @Shared public var notes: IdentifiedArrayOf<Note>
    /// Seconds of this session.
    public var sessionSeconds = 0
    /// Whether the timer is running.
    public var isRunning = false

    /// The timer of a note, on a fresh session.
    /// - Parameters:
    ///   - noteID: The note.
    ///   - notes: The shared notes holding it.
    public init(noteID: Note.ID, notes: Shared<IdentifiedArrayOf<Note>>) {
      self.noteID = noteID
      _notes = notes
    }

    /// The note's total writing time, in seconds, all sessions included; 0 once it is deleted.
    public var totalSeconds: Int { notes[id: noteID]?.secondsWritten ?? 0 }
  }

  public enum Action: Equatable, Sendable {
    case startTapped
    case pauseTapped
    case resetTapped
    /// A second has passed while running.
    case tick
  }

  /// The running timer's effect.
  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      guard !state.isRunning else { return .none }
      state.isRunning = true
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .pauseTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .resetTapped:
      state.isRunning = false
      state.sessionSeconds = 0
      return .cancel(id: CancelID.timer)
    case .tick:
      state.sessionSeconds += 1
      let id = state.noteID
      state.$notes.withLock { $0[id: id]?.secondsWritten += 1 }
      return .none
    }
  }
}

extension WritingTimer.State {
  /// `seconds` as minutes and seconds, `m:ss`, as the timer shows it.
  /// - Parameter seconds: A duration in whole seconds, not negative.
  /// - Returns: The text.
  public static func clockText(_ seconds: Int) -> String {
    let remainder = seconds % 60
    return "\(seconds / 60):\(remainder < 10 ? "0" : "")\(remainder)"
  }
}
