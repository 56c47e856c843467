import ActorStore

/// Every action a ``TestStore``'s reducer processed, with the state right after it, in order.
final class ActionLog<State: Sendable, Action: Sendable>: Sendable {
  struct Entry: Sendable {
    let action: Action
    let state: State
  }

  private let entries = Locked<[Entry]>([])

  func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

  /// Whether nothing was logged since the last ``drain()``.
  var isEmpty: Bool { entries.withLock { $0.isEmpty } }

  /// Takes every entry logged so far.
  func drain() -> [Entry] {
    entries.withLock { entries in
      defer { entries = [] }
      return entries
    }
  }
}

/// Runs a reducer and logs each action with the state it produced.
struct RecordingReducer<Base: Reducer>: Reducer {
  let base: Base
  let log: ActionLog<Base.State, Base.Action>

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    log.append(.init(action: action, state: state))
    return effect
  }
}
